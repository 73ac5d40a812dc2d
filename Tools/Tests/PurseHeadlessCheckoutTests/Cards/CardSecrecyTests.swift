import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// No PAN or CVV in a log line, an error message or a description (DESIGN §7).
@MainActor
@Suite("Card data stays secret")
struct CardSecrecyTests {
    static let pan = "4000000000000002"
    static let cvv = "9462"

    /// Whether `text` holds `secret` as a standalone run of digits (timings in log lines are long digit runs),
    /// once UUIDs and decimal numbers are masked (`SecretWords`): a UUID group or the digits after a decimal point
    /// can read like a CVV by chance.
    static func leaks(_ text: String, _ secret: String) -> Bool {
        let text = SecretWords.maskingIdentifiers(text)
        var search = text[...]
        while let range = search.range(of: secret) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !before.isNumber && !after.isNumber { return true }
            search = text[range.upperBound...]
        }
        return false
    }

    @Test("descriptions, debug descriptions and dumps of the input models show no card data")
    func descriptions() async throws {
        let checkout = try await CardSessions.open()
        let element = checkout.paymentElement(
            for: .primaryMethod(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })))
        let form = try #require(element.cardForm)
        form.pan = Self.pan
        form.cvv = "946"
        form.holderName = "Ada Lovelace"
        let field = CVVField(brand: "AMERICAN_EXPRESS")
        field.cvv = Self.cvv
        var dumped = ""
        dump(form, to: &dumped)
        dump(field, to: &dumped)
        var dumpedElement = ""  // the element with its checkout: saved tokens' holder names are fine there
        dump(element, to: &dumpedElement)
        let card = VaultCard(
            pan: Self.pan, expiryMonth: 1, expiryYear: 2030, cvv: Self.cvv, holderName: "Ada Lovelace", saveToken: nil,
            selectedNetwork: .visa)
        let texts = [
            form.description, form.debugDescription, String(describing: form), String(reflecting: form),
            field.description, String(reflecting: field), String(describing: card), String(reflecting: card), dumped,
            String(describing: element),
        ]
        for text in texts {
            #expect(!text.contains(Self.pan))
            #expect(!Self.leaks(text, Self.cvv))
            #expect(!Self.leaks(text, "946"))
            #expect(!text.contains("Ada Lovelace"))
        }
        #expect(!dumpedElement.contains(Self.pan))
        #expect(!Self.leaks(dumpedElement, "946"))
    }

    @Test("a refused fresh card and a refused saved card: no PAN or CVV in any log line, error or outcome")
    func logsAndErrors() async throws {
        let log = LogSink()
        let stub = GatewayStub(
            GatewayStub.Script(
                lookupFailures: [503],
                tokenizeFailures: [503],
                validate: { SubmissionTests.validateAnswer(state: "FAILED", code: "REJECTED_BANK") }))
        let checkout = try await CardSessions.open(stub: stub, log: log)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        let form = try #require(element.cardForm)
        await fill(form, pan: Self.pan, cvv: "946")
        let outcome = await element.submitAndWait()
        let saved = checkout.paymentElement(
            for: .paymentToken(try #require(checkout.paymentTokens.first { $0.id == "tok-amex" })))
        await saved.prepare()
        saved.cvvField?.cvv = Self.cvv
        let savedOutcome = await saved.submitAndWait()
        guard case .failed(let error) = outcome, case .failed(let savedError) = savedOutcome else {
            Issue.record("expected refusals, got \(outcome), \(savedOutcome)")
            return
        }
        #expect(!log.lines.isEmpty)
        let texts =
            log.lines.map(\.message) + [
                error.description, error.message, savedError.description, String(describing: outcome),
                String(describing: savedOutcome),
            ]
        for text in texts {
            #expect(!text.contains(Self.pan))
            #expect(!text.contains(String(Self.pan.prefix(8))))
            #expect(!Self.leaks(text, Self.cvv))
            #expect(!Self.leaks(text, "946"))
        }
        // The card data did go where it must: to the vault only.
        #expect(stub.tokenizations.last?["card"]?["pan"]?.stringValue == Self.pan)
        #expect(
            stub.transport.requests(endingWith: "/validate").allSatisfy { request in
                !String(decoding: request.body ?? Data(), as: UTF8.self).contains(Self.pan)
            })
    }
}
