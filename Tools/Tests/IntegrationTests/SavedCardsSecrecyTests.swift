import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// No PAN or CVV reaches a log line, an error message or a description, through whole flows against the
/// sandbox (DESIGN §7): every log line is collected and scanned.
@MainActor
@Suite("Card data never leaks, against the sandbox")
struct SavedCardsSecrecyTests {
    static let secrets = ["4000000000000002", "5555555555554444", "4000000000003220", "378282246310005"]
    static let codes = ["7391", "846", "5270"]

    static func check(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            for pan in secrets {
                #expect(!text.contains(pan), sourceLocation: sourceLocation)
                #expect(!text.contains(String(pan.prefix(8))), sourceLocation: sourceLocation)
            }
            for code in codes { #expect(!SecretWords.holds(text, code: code), sourceLocation: sourceLocation) }
        }
    }

    @Test("fresh cards refused, retried, challenged; saved cards with wrong and right codes", arguments: Wire.allCases)
    func wholeFlows(wire: Wire) async throws {
        let lines = LogLines()
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout { $0.logHandler = lines.handler }
        var texts: [String] = []
        func note(_ outcome: PaymentOutcome) {
            texts.append(String(describing: outcome))
            if case .failed(let error) = outcome {
                texts += [error.message, error.description, String(reflecting: error)]
            }
        }

        let method = try #require(checkout.sandboxCardMethod)
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: ShopperPresenter(harness.sandbox))
        await element.prepare()
        let form = try #require(element.cardForm)
        harness.sandbox.faults.inject(.status(503, count: 1), on: .vault)  // the look-up fails: local table
        await enterCard(form, pan: "4000000000000002", cvv: "846")
        harness.sandbox.faults.inject(.status(502, count: 1), on: .vault)  // tokenization retried
        note(await element.submitAndWait())  // refused: REJECTED_BANK
        await enterCard(form, pan: "378282246310005", cvv: "7391")
        form.testingFields.cvv = "12"
        texts += CardField.allCases.compactMap { form.feedback(for: $0, isEditing: false) }
        form.testingFields.cvv = "7391"
        await enterCard(form, pan: "4000000000003220", cvv: "846")
        texts += [form.description, String(reflecting: form), String(describing: element)]
        var dumped = ""
        dump(form, to: &dumped)
        texts.append(dumped)
        note(await element.submitAndWait())  // 3-D Secure, approved

        let other = try await harness.openCheckout { $0.logHandler = lines.handler }
        let saved = other.paymentElement(for: .paymentToken(try harness.demoToken("visa-requires-cvv", in: other)))
        await saved.prepare()
        saved.cvvField?.testingField.cvv = "5270"
        texts += [String(reflecting: try #require(saved.cvvField))]
        note(await saved.submitAndWait())  // WRONG_CARD_DATA

        #expect(lines.lines.count > 10)
        Self.check(lines.lines.map(\.message) + texts)
    }
}
