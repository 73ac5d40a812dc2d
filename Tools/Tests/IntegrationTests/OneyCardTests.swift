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
    /// The shapes of the date of birth 12/04/1985 that must never show. Not the year alone: a random id or a hash
    /// in a dump reads "1985" now and then (an AddressSanitizer run's attempt fingerprint once did).
    static let birthDateForms = ["12/04/1985", "12/04/19", "1985-04-12", "12041985", "04/1985"]

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
        let lines = LogLines()
        let (checkout, calls) = try await harness.openRecordedCheckout(amount: 129) { $0.logHandler = lines.handler }
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
        for secret in Self.birthDateForms + [Self.approved, String(Self.approved.prefix(8))] {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret) in \(texts.filter { $0.contains(secret) })")
        }
        for secret in Self.birthDateForms + [Self.approved] { #expect(!dumped.contains(secret), "\(secret)") }
        // The vault got the card without a code or the date of birth, and chose ONEY; /validate carried neither.
        let forms = calls.bodies(toPathEndingIn: "/forms/secure-fields")
        #expect(forms.count == 1)
        #expect(forms.first?["cvv"] == nil && forms.first?["birth_date"] == nil)
        #expect(forms.first?["card"]?["birth_date"] == nil)
        #expect(forms.first?["card"]?["selected_network"]?.stringValue == "ONEY")
        let sent = calls.bodies(toPathEndingIn: "/validate").map { "\($0)" }.joined()
        #expect(!sent.isEmpty && !Self.birthDateForms.contains { sent.contains($0) } && !sent.contains(Self.approved))
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

/// A saved Oney card (the sandbox's `oney-shopper`): its field asks for the holder's date of birth where a saved
/// card asks for its code, nothing of the date is sent, and `/validate` carries the token alone.
@MainActor
@Suite("Saved Oney card: a date of birth instead of the code, the token alone sent")
struct SavedOneyCardTests {
    static let shopper = "oney-shopper"

    func savedOney(
        _ checkout: PurseHeadlessCheckout, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (PaymentElement, CVVField) {
        let token = try #require(checkout.paymentTokens.first { $0.brand == "ONEY" }, sourceLocation: sourceLocation)
        #expect(
            token.partner == .oneycard && token.requiresCVV && token.requiresBirthDate, sourceLocation: sourceLocation)
        let element = checkout.paymentElement(for: .paymentToken(token))
        await element.prepare()
        return (element, try #require(element.cvvField, sourceLocation: sourceLocation))
    }

    @Test(
        "a saved Oney card pays once the date of birth is valid: no code, nothing of the date sent, AUTHORIZED",
        arguments: Wire.allCases)
    func pays(wire: Wire) async throws {
        let harness = try Harness(wire)
        let lines = LogLines()
        let (checkout, calls) = try await harness.openRecordedCheckout(amount: 129, shopper: Self.shopper) {
            $0.logHandler = lines.handler
        }
        let (element, field) = try await savedOney(checkout)
        #expect(field.brand == .oney && field.requiresBirthDate && field.shownField == .birthDate)
        #expect(field.acceptedLengths.isEmpty && field.placeholder == "DD/MM/YYYY")
        #expect(field.error == .cannotBeEmpty && !element.isReady)
        field.testingField.cvv = "123"  // an Oney card has no code: typing one changes nothing
        #expect(field.testingField.cvv.isEmpty && field.digitCount == 0 && !element.isReady)
        field.birthDate = "1204"
        #expect(field.birthDate == "12/04" && !field.isComplete && field.error == .lengthOutOfRange)
        #expect(field.feedback(isEditing: false) == "Enter the date of birth in full: day, month and year")
        #expect(field.feedback(isEditing: true) == nil && field.isoBirthDate == nil && !element.isReady)
        field.birthDate = "12/04/1985"
        #expect(field.isComplete && field.isValid && field.isoBirthDate == "1985-04-12" && element.isReady)
        #expect(field.state == .valid)

        let outcome = await element.submitAndWait()
        #expect(completion(of: outcome) != nil)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        // /validate carried the token alone: no csc, nothing of the date.
        let items = calls.bodies(toPathEndingIn: "/validate").compactMap(\.arrayValue).flatMap { $0 }
        let oneyItem = try #require(items.first { $0["partner"]?.stringValue == "oneycard" })
        #expect(oneyItem["payment_data"]?["token"]?.stringValue == "0b5e55ed-0000-4000-8000-000000000201")
        #expect(oneyItem["payment_data"]?["csc"] == nil)
        let sent = calls.requests(toPathEndingIn: "").compactMap(\.body).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(!sent.isEmpty && !sent.contains { body in OneyCardTests.birthDateForms.contains { body.contains($0) } })
        // Nor does the date reach a log line, a description, a dump or a snapshot.
        var dumped = ""
        dump(field, to: &dumped)
        dump(element, to: &dumped)
        let texts =
            lines.lines.map { "\($0)" } + ["\(field)", String(reflecting: field), "\(outcome)", "\(element)", dumped]
        #expect(lines.lines.count > 2)
        for secret in OneyCardTests.birthDateForms {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret) in \(texts.filter { $0.contains(secret) })")
        }
    }

    @Test("the SDK's field edits the date as the fresh form's date field: not hidden, copyable, day first")
    func fieldInput() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 129, shopper: Self.shopper)
        let (element, field) = try await savedOney(checkout)
        let input = CardFieldInput.savedCardCode(field)
        #expect(input.field == .birthDate && !input.isSecure && input.allowsCopying)
        #expect(input.title == "Date of birth" && input.placeholder == "DD/MM/YYYY")
        #expect(input.identity == CardFieldInput.Identity(model: ObjectIdentifier(field), field: .birthDate))
        _ = input.replace("", with: "7")  // a lone day digit from 4 to 9 is that day
        #expect(field.birthDate == "07" && input.value == "07")
        input.setValue("07/11/2001")
        #expect(field.isoBirthDate == "2001-11-07" && element.isReady)
        input.setFocused(true)
        #expect(field.isFocused && input.isFocused)
        let today = CardRules.currentMonth(checkout.cardEnvironment.now())
        for (typed, error) in [
            ("31/02/1990", CardFieldError.format), ("01/01/\(today.year + 1)", .dateOutOfRange),
            ("01/01/\(today.year - 121)", .dateOutOfRange),
        ] {
            input.setValue(typed)
            #expect(field.error == error && field.isoBirthDate == nil && !element.isReady, "\(typed)")
            #expect(input.message == nil, "\(typed)")  // not while the shopper is typing
        }
        input.setFocused(false)
        #expect(input.message == "This date of birth is not possible" && input.state == .invalid)
        #expect(Array(CardFormAnnouncer.Shown(field, editing: false).messages.keys) == [.birthDate])
    }

    @Test("a saved Visa still asks its code and ignores a date of birth")
    func visaIgnoresBirthDate() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 129)
        let token = try #require(checkout.paymentTokens.first { $0.brand == "VISA" && $0.requiresCVV })
        #expect(!token.requiresBirthDate)
        let element = checkout.paymentElement(for: .paymentToken(token))
        await element.prepare()
        let field = try #require(element.cvvField)
        field.birthDate = "12/04/1985"
        #expect(!field.requiresBirthDate && field.shownField == .cvv && field.birthDate.isEmpty)
        #expect(field.isoBirthDate == nil && field.error == .cannotBeEmpty && !element.isReady)
        field.testingField.cvv = "123"
        #expect(field.isValid && element.isReady)
    }

    @Test("the sandbox refuses a security code sent with a saved Oney card (400) and charges nothing")
    func sandboxRefusesCode() async throws {
        let harness = try Harness(.inProcess)
        let (first, calls) = try await harness.openRecordedCheckout(amount: 129, shopper: Self.shopper)
        let (element, field) = try await savedOney(first)
        field.birthDate = "12/04/1985"
        #expect(completion(of: await element.submitAndWait()) != nil)
        let sentRequest = try #require(calls.requests(toPathEndingIn: "/validate").first)
        let charges = harness.sandbox.stats().charges

        // The same request with a code, on a new session of the same shopper.
        let second = try await harness.openCheckout(amount: 129, shopper: Self.shopper)
        let firstID = first.session.id
        let secondID = second.session.id
        let sentBody = try #require(sentRequest.body)
        var items = try #require(try JSONValue.parse(sentBody).arrayValue)
        var paymentData = try #require(items[0]["payment_data"]?.objectValue)
        paymentData["csc"] = .string("123")
        var item = try #require(items[0].objectValue)
        item["payment_data"] = .object(paymentData)
        items[0] = .object(item)
        var headers = Dictionary(uniqueKeysWithValues: sentRequest.headers.map { ($0.key.lowercased(), $0.value) })
        headers["idempotency-key"] = "saved-oney-with-a-code"
        let answer = await harness.sandbox.handle(
            SandboxRequest(
                method: "POST", path: sentRequest.url.path.replacingOccurrences(of: firstID, with: secondID),
                headers: headers, body: JSONValue.array(items).serialized()))
        #expect(answer.status == 400)
        #expect(answer.bodyText.contains("INVALID_CSC"))
        #expect(harness.sandbox.stats().charges == charges)
    }
}
