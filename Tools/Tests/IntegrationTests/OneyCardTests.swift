import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// The Oney card (`oneycard/comptant`) against the sandbox: the vault's BIN look-up says ONEY (19 digits, no
/// security code), the form asks for the holder's date of birth instead of a code, the vault receives neither a
/// code nor the date, and the payment is authorized.
@MainActor
@Suite("Oney card: a date of birth instead of a security code, against the sandbox's vault")
struct OneyCardTests {
    /// The sandbox's Oney card that pays, and the one the issuer declines.
    static let approved = "6015000000000000010"
    static let declined = "6015000000000000028"

    func oneyElement(
        _ checkout: PurseHeadlessCheckout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (PaymentElement, CardForm) {
        let method = try #require(
            checkout.paymentMethods.first { $0.partner == .oneycard && $0.method == .comptant },
            sourceLocation: sourceLocation)
        #expect(method.supportedBrands == ["ONEY"], sourceLocation: sourceLocation)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        return (element, try #require(element.cardForm, sourceLocation: sourceLocation))
    }

    func enterOneyCard(_ form: CardForm, pan: String, birthDate: String) async {
        form.testingFields.pan = pan
        form.expiry = "12/34"
        form.holderName = "Camille Martin"
        await form.settleBrandLookup()
        form.birthDate = birthDate
    }

    @Test(
        "an Oney card pays with a date of birth: no code, nothing of the date sent, AUTHORIZED",
        arguments: Wire.allCases)
    func pays(wire: Wire) async throws {
        let harness = try Harness(wire)
        var calls: CallLog?
        let lines = LogLines()
        let checkout = try await harness.openCheckout(amount: 129) { configuration in
            let log = CallLog(configuration.transport)
            calls = log
            configuration.transport = log
            configuration.logHandler = lines.handler
        }
        let (element, form) = try await oneyElement(checkout)
        await enterOneyCard(form, pan: Self.approved, birthDate: "")
        #expect(form.brand == .oney && form.brandSource == .vault)
        #expect(form.requiresBirthDate)
        #expect(form.acceptedPANLengths == [19] && form.acceptedCVVLengths.isEmpty)
        #expect(form.shownFields == [.pan, .expiry, .birthDate, .holderName])
        #expect(form.error(for: .cvv) == nil)  // no code asked
        #expect(form.error(for: .birthDate) == .cannotBeEmpty && !element.isReady)
        form.birthDate = "12041985"
        #expect(form.birthDate == "12/04/1985")
        #expect(form.isoBirthDate == "1985-04-12")
        #expect(element.isReady)
        let outcome = await element.submitAndWait()
        _ = completion(of: outcome)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        // The date of birth and the number never reach a log line, a description or a dump (the element's dump may
        // show the vault's BIN, the 8 digits PCI DSS lets a screen show; never more).
        var dumped = ""
        dump(form, to: &dumped)
        dump(element, to: &dumped)
        let texts = lines.lines.map { "\($0)" } + ["\(form)", String(reflecting: form), "\(outcome)"]
        for secret in ["1985", "12/04", Self.approved, String(Self.approved.prefix(8))] {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret) in \(texts.filter { $0.contains(secret) })")
        }
        for secret in ["1985", "12/04", Self.approved] { #expect(!dumped.contains(secret), "\(secret)") }
        // The vault got the card without a code or the date of birth, and chose ONEY; /validate carried neither.
        let forms = calls?.bodies(toPathEndingIn: "/forms/secure-fields") ?? []
        #expect(forms.count == 1)
        #expect(forms.first?["cvv"] == nil && forms.first?["birth_date"] == nil)
        #expect(forms.first?["card"]?["birth_date"] == nil)
        #expect(forms.first?["card"]?["selected_network"]?.stringValue == "ONEY")
        let sent = (calls?.bodies(toPathEndingIn: "/validate") ?? []).map { "\($0)" }.joined()
        #expect(!sent.isEmpty && !sent.contains("1985") && !sent.contains(Self.approved))
        #expect(harness.sandbox.read { state in state.vaultForms.values.map(\.brand) } == ["ONEY"])
    }

    @Test("the issuer declines: the payment fails with the bank's refusal and nothing is charged")
    func declined() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 129)
        let (element, form) = try await oneyElement(checkout)
        await enterOneyCard(form, pan: Self.declined, birthDate: "01/02/1970")
        #expect(element.isReady)
        let error = failure(of: await element.submitAndWait())
        #expect(error?.code == .validateFailed)
        #expect(error?.serverCode == "REJECTED_BANK")
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("dates of birth the form refuses: a day that does not exist, the future, over 120 years, half typed")
    func birthDateRules() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 129)
        let (element, form) = try await oneyElement(checkout)
        await enterOneyCard(form, pan: Self.approved, birthDate: "")
        let today = CardRules.currentMonth(checkout.cardEnvironment.now())
        for (typed, error) in [
            ("31/02/1990", CardFieldError.format), ("29/02/2023", .format), ("00/01/1990", .format),
            ("15/13/1990", .format), ("12/04/19", .lengthOutOfRange), ("01/01/\(today.year + 1)", .dateOutOfRange),
            ("01/01/\(today.year - 121)", .dateOutOfRange),
        ] {
            form.birthDate = typed
            #expect(form.error(for: .birthDate) == error, "\(typed)")
            #expect(form.isoBirthDate == nil && !element.isReady, "\(typed)")
            #expect(form.errorMessage(for: .birthDate) != nil)
        }
        form.birthDate = "29/02/2000"  // a leap day
        #expect(form.error(for: .birthDate) == nil && form.isoBirthDate == "2000-02-29" && element.isReady)
        #expect(
            form.errorMessage(for: .cvv) == nil
                && CardFieldError.dateOutOfRange.message(for: .birthDate) == "This date of birth is not possible")
    }

    @Test("a card of another brand in the Oney method is not accepted; a Visa ignores a date of birth")
    func otherBrands() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 129)
        let (element, form) = try await oneyElement(checkout)
        await enterCard(form, pan: "4111111111111111")
        #expect(form.error(for: .pan) == .unsupportedBrand && !element.isReady)
        #expect(!form.requiresBirthDate)

        let card = checkout.paymentElement(for: .primaryMethod(try #require(checkout.sandboxCardMethod)))
        await card.prepare()
        let visa = try #require(card.cardForm)
        await enterCard(visa, pan: "4111111111111111")
        visa.birthDate = "31/02/1990"  // not asked: ignored, never an error
        #expect(!visa.requiresBirthDate && visa.error(for: .birthDate) == nil && visa.isoBirthDate == nil)
        #expect(visa.shownFields == [.pan, .expiry, .cvv, .holderName])
        #expect(card.isReady)
    }

    @Test("the vault refuses a code for an Oney card and any member it does not know, such as birth_date")
    func vaultRefusals() async throws {
        let sandbox = try PurseSandbox()
        let tenant = sandbox.catalogue.entity.vaultTenantId
        func tokenize(_ body: String) -> SandboxResponse {
            sandbox.secureFields(
                tenant: tenant,
                SandboxRequest(method: "POST", path: "/", headers: [:], body: Data(body.utf8)))
        }
        let card = #"{"pan":"6015000000000000010","expiry_month":"12","expiry_year":"34","selected_network":"ONEY"}"#
        #expect(tokenize(#"{"card":\#(card)}"#).status == 200)
        #expect(tokenize(#"{"cvv":"123","card":\#(card)}"#).status == 400)
        #expect(tokenize(#"{"birth_date":"1985-04-12","card":\#(card)}"#).status == 400)
        let nested = card.replacingOccurrences(of: "}", with: #","birth_date":"1985-04-12"}"#)
        let refused = tokenize(#"{"card":\#(nested)}"#)
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("card.birth_date"))
    }
}
