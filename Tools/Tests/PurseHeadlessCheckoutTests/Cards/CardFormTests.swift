import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The fresh card's form in a checkout: readiness, BIN look-ups, brands, and what the vault is sent.
@MainActor
@Suite("Card form")
struct CardFormTests {
    /// Elements hold their checkout weakly: the suite keeps the checkouts it opens alive.
    let opened = Retained()

    func cardElement(
        _ stub: GatewayStub = GatewayStub(), params: JSONValue = CardSessions.params(),
        presenter: (any RedirectPresenter)? = nil
    ) async throws -> (PurseHeadlessCheckout, PaymentElement, CardForm) {
        let checkout = try await CardSessions.open(params, stub: stub)
        opened.keep(checkout)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
        return (checkout, element, try #require(element.cardForm))
    }

    @Test("a fresh card's element has a card form and is ready only once prepared and valid")
    func readiness() async throws {
        let (checkout, element, form) = try await cardElement()
        #expect(element.hasUI)
        #expect(element.cvvField == nil)
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" }))
        await fill(form)
        #expect(form.isValid)
        #expect(!element.isReady)  // prepare() was never called
        #expect(!checkout.isPaymentFulfilled)
        await element.prepare()
        #expect(element.isReady)
        #expect(checkout.isPaymentFulfilled)
        form.cvv = "12"
        #expect(!element.isReady)
        #expect(!checkout.isPaymentFulfilled)
        #expect(form.error(for: .cvv) == .lengthOutOfRange)
    }

    @Test("no look-up before prepare; once prepared, one for the number typed so far")
    func lookupsWaitForPrepare() async throws {
        let stub = GatewayStub()
        let (_, element, form) = try await cardElement(stub)
        form.pan = "4111111111111111"
        await form.settleBrandLookup()
        #expect(stub.lookups.isEmpty)
        #expect(form.brand == nil)
        await element.prepare()
        await form.settleBrandLookup()
        #expect(stub.lookups == ["41111111"])
        #expect(form.brand == .visa)
        #expect(form.brandSource == .vault)
    }

    @Test("typing looks up at 6, 7 and 8 digits, on the first 8 digits, never twice for the same prefix")
    func lookupPrefixes() async throws {
        let stub = GatewayStub()
        let (_, element, form) = try await cardElement(stub)
        await element.prepare()
        let pan = "5555555555554444"
        for length in 1...pan.count {  // a shopper typing slower than the vault answers
            form.pan = String(pan.prefix(length))
            await form.settleBrandLookup()
            if length == 5 { #expect(stub.lookups.isEmpty) }
        }
        #expect(stub.lookups == ["555555", "5555555", "55555555"])
        form.pan = "5555555"  // back to 7 digits, then the same 8 again: answers are kept
        form.pan = pan
        await form.settleBrandLookup()
        #expect(stub.lookups.count == 3)
        #expect(form.brand == .mastercard)
        #expect(!form.isLookingUpBrand)
        form.pan = "55555"  // under 6 digits: no brand
        #expect(form.brand == nil)
        #expect(form.brandSource == nil)
    }

    @Test("a pasted number makes one look-up; a superseded look-up never decides the brand")
    func supersededLookup() async throws {
        let stub = GatewayStub()
        let (_, element, form) = try await cardElement(stub)
        await element.prepare()
        form.pan = "4111111111111111"
        await form.settleBrandLookup()
        #expect(stub.lookups == ["41111111"])
        form.pan = "555555"
        form.pan = "378282246310005"  // replaces the look-up of 555555 before it answers
        await form.settleBrandLookup()
        #expect(form.brand == .americanExpress)
        #expect(stub.lookups.contains("37828224"))
        #expect(stub.lookups.count <= 3)
    }

    @Test("when the look-up fails, the brand comes from the local IIN table", arguments: [503, -1, 404])
    func lookupFallback(failure: Int) async throws {
        let log = LogSink()
        let stub = GatewayStub(GatewayStub.Script(lookupFailures: [failure]))
        let checkout = try await CardSessions.open(stub: stub, log: log)
        let element = checkout.paymentElement(
            for: .primaryMethod(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })))
        await element.prepare()
        let form = try #require(element.cardForm)
        await fill(form, pan: "378282246310005", cvv: "1234")
        #expect(form.brandSource == .localFallback)
        #expect(form.brand == .americanExpress)
        #expect(form.acceptedPANLengths == [15])
        #expect(form.isValid)
        #expect(element.isReady)
        #expect(log.lines.contains { $0.level == .warning && $0.message.contains("local IIN table") })
    }

    @Test("a brand the method does not accept is reported on the number")
    func unsupportedBrand() async throws {
        let (_, element, form) = try await cardElement()
        await element.prepare()
        await fill(form, pan: "6200000000000000005")
        #expect(form.detectedBrands.isEmpty)
        #expect(form.error(for: .pan) == .unsupportedBrand)
        #expect(form.feedback(for: .pan, isEditing: true) == "This card brand is not accepted")
        #expect(!element.isReady)
    }

    @Test("a co-badged card lists both brands; the shopper's pick is the network sent to the vault")
    func coBadged() async throws {
        let stub = GatewayStub()
        let (checkout, element, form) = try await cardElement(stub)
        await element.prepare()
        await fill(form, pan: "4970101122334455")
        #expect(form.detectedBrands == [.visa, .carteBancaire])
        #expect(form.brand == .visa)
        #expect(form.offersBrandChoice)
        try form.selectBrand(.carteBancaire)
        #expect(form.brand == .carteBancaire)
        let refused = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.americanExpress) }
        #expect(refused?.code == .brandNotBelongsToDetected)
        // The refused pick changed nothing.
        #expect(form.brand == .carteBancaire && form.selectedBrand == .carteBancaire)
        try form.selectBrand(nil)
        #expect(form.brand == .visa)
        try form.selectBrand(.carteBancaire)
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" }))
        _ = await element.submitAndWait()
        #expect(stub.tokenizations.first?["card"]?["selected_network"]?.stringValue == "CARTE_BANCAIRE")
    }

    @Test("American Express: 15 digits and a 4-digit code, once the vault has answered")
    func amex() async throws {
        let (_, element, form) = try await cardElement()
        await element.prepare()
        await fill(form, pan: "378282246310005", cvv: "123")
        #expect(form.brand == .americanExpress)
        #expect(form.acceptedCVVLengths == [4])
        #expect(form.error(for: .pan) == nil)
        #expect(form.error(for: .cvv) == .lengthOutOfRange)
        form.cvv = "1234"
        #expect(form.isValid)
        #expect(form.formattedPAN == "3782 822463 10005")
    }

    @Test("the vault gets the card once; /validate gets only its form token")
    func tokenization() async throws {
        let stub = GatewayStub()
        let (checkout, element, form) = try await cardElement(stub)
        await element.prepare()
        await fill(form, month: "7", year: "2029")
        let outcome = await element.submitAndWait()
        guard case .completed(let result) = outcome else {
            Issue.record("expected completed, got \(outcome)")
            return
        }
        #expect(result.globalStatus == .success)
        #expect(checkout.sessionState == .submitted)
        #expect(
            stub.tokenizations == [
                [
                    "cvv": "123",
                    "card": [
                        "pan": "4111111111111111", "expiry_month": "07", "expiry_year": "29",
                        "card_holder_name": "Ada Lovelace", "selected_network": "VISA",
                    ],
                ]
            ])
        let tokenize = try #require(stub.transport.requests(endingWith: "/forms/secure-fields").first)
        #expect(tokenize.url.path == "/vault/v1/tenants/tenant-1/forms/secure-fields")
        #expect(tokenize.headers["X-Purse-SDK-Version"] != nil)
        #expect(tokenize.headers["X-Request-ID"] != nil)
        let item = try #require(stub.validations.first?.arrayValue?.first)
        #expect(item["payment_data"] == ["vault_form_token": "vft_1"])
        #expect(item["payment_preferences"] == [:])
        #expect(item["amount"] == 4299)
        #expect(
            String(decoding: try #require(stub.transport.requests(endingWith: "/validate").first?.body), as: UTF8.self)
                .contains("4111111111111111") == false)
    }

    @Test(
        "tokenization retries on 5xx only, at most 3 times; never after a transport error",
        arguments: [
            ([503, 502], 3, nil), ([500, 503, 504], 4, nil), ([503, 503, 503, 503], 4, "API_ERROR"),
            ([-1], 1, "NETWORK_ERROR"), ([400], 1, "API_ERROR"), ([429], 1, "API_ERROR"),
        ] as [([Int], Int, String?)])
    func tokenizationRetries(failures: [Int], requests: Int, code: String?) async throws {
        let stub = GatewayStub(GatewayStub.Script(tokenizeFailures: failures))
        let (_, element, form) = try await cardElement(stub)
        await element.prepare()
        await fill(form)
        let outcome = await element.submitAndWait()
        #expect(stub.transport.requests(endingWith: "/forms/secure-fields").count == requests)
        switch (outcome, code) {
        case (.completed, nil): break
        case (.failed(let error), let code?): #expect(error.code.rawValue == code)
        default: Issue.record("unexpected outcome \(outcome)")
        }
        if code != nil { #expect(stub.validations.isEmpty) }
    }

    @Test("a retry after a lost /validate answer reuses the form token and the idempotency key; an edit does not")
    func retryReusesToken() async throws {
        let stub = GatewayStub()
        let answers = MutableFlag()
        stub.update { script in
            script.validate = {
                answers.value ? SubmissionTests.validateAnswer() : StubTransport.json(599, ["code": "NO_ANSWER"])
            }
        }
        let (_, element, form) = try await cardElement(stub)
        await element.prepare()
        await fill(form)
        guard case .failed = await element.submitAndWait() else {
            Issue.record("expected the first submit to fail")
            return
        }
        answers.set()
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected the retry to complete")
            return
        }
        #expect(stub.tokenizations.count == 1)
        let keys = stub.transport.requests(endingWith: "/validate").map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 2 && keys[0] == keys[1])
    }

    @Test("editing the form after a refusal tokenizes again")
    func editTokenizesAgain() async throws {
        let stub = GatewayStub(
            GatewayStub.Script(validate: { SubmissionTests.validateAnswer(state: "FAILED", code: "REJECTED_BANK") }))
        let (_, element, form) = try await cardElement(stub)
        await element.prepare()
        await fill(form, pan: "4000000000000002")
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .validateFailed)
        #expect(error.serverCode == "REJECTED_BANK")
        form.cvv = "321"
        _ = await element.submitAndWait()
        #expect(stub.tokenizations.count == 2)
    }

    @Test("a page after a fresh card's /validate (3-D Secure) goes to the presenter, or comes back as completed")
    func threeDS() async throws {
        let challenge = URL(string: "http://127.0.0.1:9/pages/3ds/p1")!
        let script = GatewayStub.Script(validate: {
            SubmissionTests.validateAnswer(
                state: "WAITING", code: "WAITING_PARTNER_RESPONSE",
                redirection: ["url": .string(challenge.absoluteString)])
        })
        let returned = URL(string: "https://shop.example/return?r=1")!
        let presenter = RecordingPresenter(answer: .returned(returned))
        let (_, element, form) = try await cardElement(GatewayStub(script), presenter: presenter)
        await element.prepare()
        await fill(form, pan: "4000000000003220")
        #expect(await element.submitAndWait() == .returnedFromRedirect(url: returned))
        #expect(presenter.presented == [.get(challenge)])

        let (_, bare, bareForm) = try await cardElement(GatewayStub(script))
        await bare.prepare()
        await fill(bareForm, pan: "4000000000003220")
        guard case .completed(let result) = await bare.submitAndWait() else {
            Issue.record("expected completed without a presenter")
            return
        }
        #expect(result.redirection == .get(challenge))
    }

    @Test(
        "fresh entry needs the Purse vault: another vault or no tenant is METHOD_NOT_IMPLEMENTED",
        arguments: [CardSessions.params(vendor: "none"), CardSessions.params(tenant: false)])
    func freshEntryNeedsPurseVault(params: JSONValue) async throws {
        let checkout = try await CardSessions.open(params)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        #expect(element.cardForm == nil)
        #expect(!element.hasUI)
    }

    @Test("the expiry as one MM/YY text, and the number as grouped text")
    func combinedTexts() async throws {
        let (_, _, form) = try await cardElement()
        form.expiry = "12/29"
        #expect(form.expiryMonth == "12" && form.expiryYear == "29")
        #expect(form.expiry == "12/29")
        form.expiry = "1"
        #expect(form.expiry == "1" && form.expiryYear.isEmpty)
        form.expiry = "122031"
        #expect(form.expiryMonth == "12" && form.expiryYear == "2031")
        form.formattedPAN = "4111 1111 1111 1111"
        #expect(form.pan == "4111111111111111")
        #expect(form.formattedPAN == "4111 1111 1111 1111")
        form.cvv = "12a34567"
        #expect(form.cvv == "1234")
    }

    @Test(
        "what the form shows: nothing for an empty field or while editing, the error once the shopper leaves it",
        arguments: [
            (CardField.pan, "", false, nil), (.pan, "4111", true, nil),
            (.pan, "4111", false, "This card number has too few or too many digits"),
            (.pan, "4111111111111112", false, "This card number is not valid"),
            (.cvv, "12", false, "The security code has the wrong number of digits"),
            (.expiry, "1226", false, "This card has expired or its expiry date is not valid"),
            (.expiry, "1329", false, "13 is not a month: enter a month from 01 to 12"),
            (.expiry, "1", false, "Enter the expiry as month and year"),
            (.holderName, "R2D2", false, "Enter the name as printed on the card"),
            (.birthDate, "31021990", false, nil),  // a Visa asks no date of birth: nothing to say
        ] as [(CardField, String, Bool, String?)])
    func feedback(field: CardField, text: String, editing: Bool, expected: String?) async throws {
        let (_, _, form) = try await cardElement()
        switch field {
        case .pan: form.pan = text
        case .cvv: form.cvv = text
        case .expiry: form.expiry = text
        case .holderName: form.holderName = text
        case .birthDate: form.birthDate = text
        }
        #expect(form.feedback(for: field, isEditing: editing) == expected)
    }
}
