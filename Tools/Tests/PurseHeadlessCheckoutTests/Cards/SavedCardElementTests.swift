import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The saved-cards page's table: what each kind of saved instrument's element shows and when it is payable.
@MainActor
@Suite("Saved card elements")
struct SavedCardElementTests {
    func token(_ id: String, in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        try #require(checkout.paymentTokens.first { $0.id == id })
    }

    @Test("requiresCVV: a CVV-only field; fulfilment waits for a valid CVV, like a fresh card")
    func requiresCVV() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let card = try token("tok-cvv", in: checkout)
        #expect(card.requiresCVV && !card.paysWithoutCVV)
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(element.hasUI)
        #expect(element.cardForm == nil)
        let field = try #require(element.cvvField)
        try checkout.setPrimaryToken(card)
        await element.prepare()
        #expect(!element.isReady)
        #expect(!checkout.isPaymentFulfilled)
        field.cvv = "12"
        #expect(!checkout.isPaymentFulfilled)
        field.cvv = "123"
        #expect(element.isReady)
        #expect(checkout.isPaymentFulfilled)
        field.cvv = ""
        #expect(!checkout.isPaymentFulfilled)
        field.cvv = "123"
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        let item = try #require(stub.validations.first?.arrayValue?.first)
        #expect(item["payment_data"] == ["token": "tok-cvv", "csc": "123"])
        #expect(stub.transport.requests(endingWith: "/init").isEmpty)  // the protocol minimum: /validate only
    }

    @Test("the Pay button never enables while the CVV is not valid, or when prepare() was never called")
    func payButtonGate() async throws {
        let checkout = try await CardSessions.open()
        let element = checkout.paymentElement(for: .paymentToken(try token("tok-cvv", in: checkout)))
        element.cvvField?.cvv = "123"
        #expect(!element.isReady)  // not prepared
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .elementNotFulfilled)
        await element.prepare()
        #expect(element.isReady)
    }

    @Test("a missing CVV: submitPayment() refuses a primary whose CVV is not there, and sends nothing")
    func missingCVV() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        try checkout.setPrimaryToken(try token("tok-cvv", in: checkout))
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .paymentNotFulfilledOnSubmit)
        #expect(stub.validations.isEmpty)
    }

    @Test(
        "CVV lengths follow the saved card's brand; an unknown brand takes 3 or 4 digits",
        arguments: [
            ("VISA", [3]), ("MASTERCARD", [3]), ("AMERICAN_EXPRESS", [4]), ("AMEX", [4]), ("CARTE_BANCAIRE", [3]),
            ("SOMETHING_NEW", [3, 4]),
        ])
    func cvvLengths(brand: String, lengths: [Int]) {
        let field = CVVField(brand: brand)
        #expect(field.acceptedLengths == lengths)
        field.cvv = "12 3"
        #expect(field.cvv == "123")
        #expect(field.isValid == lengths.contains(3))
        field.cvv = "1234"
        #expect(field.isValid == lengths.contains(4))
    }

    @Test("a saved card without a brand accepts 3 or 4 digits and shows a generic hint")
    func cvvUnknownBrand() {
        let field = CVVField(brand: nil)
        #expect(field.acceptedLengths == [3, 4])
        #expect(field.placeholder == "CVV")
        #expect(CVVField(brand: "AMERICAN_EXPRESS").placeholder == "1234")
        #expect(field.feedback(isEditing: false) == nil)  // empty
        field.cvv = "1"
        #expect(field.feedback(isEditing: true) == nil)
        #expect(field.feedback(isEditing: false) == "The security code has the wrong number of digits")
    }

    @Test("paysWithoutCVV (network token, or the PSP does not ask): nothing to render, payable at selection")
    func paysWithoutCVV() async throws {
        let checkout = try await CardSessions.open()
        for id in ["tok-nt", "tok-bare"] {
            let card = try token(id, in: checkout)
            #expect(card.paysWithoutCVV)
            try checkout.setPrimaryToken(card)
            #expect(checkout.isPaymentFulfilled)
            let element = checkout.paymentElement(for: .paymentToken(card))
            #expect(!element.hasUI)
            #expect(element.cvvField == nil && element.cardForm == nil)
            await element.prepare()
            #expect(element.isReady)
        }
    }

    @Test("a wrong CVV is the bank's refusal: VALIDATE_FAILED with WRONG_CARD_DATA, and the CVV in no message")
    func wrongCVV() async throws {
        let stub = GatewayStub(
            GatewayStub.Script(validate: { SubmissionTests.validateAnswer(state: "FAILED", code: "WRONG_CARD_DATA") }))
        let checkout = try await CardSessions.open(stub: stub)
        let element = checkout.paymentElement(for: .paymentToken(try token("tok-cvv", in: checkout)))
        await element.prepare()
        element.cvvField?.cvv = "987"
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .validateFailed)
        #expect(error.serverCode == "WRONG_CARD_DATA")
        #expect(!error.description.contains("987"))
        #expect(checkout.sessionState == .error)
    }

    @Test("3-D Secure after a saved card: presented with a presenter, completed with the page without one")
    func savedCardThreeDS() async throws {
        let challenge = URL(string: "http://127.0.0.1:9/pages/3ds/p9")!
        let script = GatewayStub.Script(validate: {
            SubmissionTests.validateAnswer(
                state: "WAITING", code: "WAITING_PARTNER_RESPONSE",
                redirection: ["url": .string(challenge.absoluteString)])
        })
        let presenter = RecordingPresenter(answer: .canceled)
        let checkout = try await CardSessions.open(stub: GatewayStub(script))
        let element = checkout.paymentElement(
            for: .paymentToken(try token("tok-bare", in: checkout)), redirect: presenter)
        await element.prepare()
        #expect(await element.submitAndWait() == .canceled)
        #expect(presenter.presented == [.get(challenge)])

        let other = try await CardSessions.open(stub: GatewayStub(script))
        let bare = other.paymentElement(for: .paymentToken(try token("tok-bare", in: other)))
        await bare.prepare()
        guard case .completed(let result) = await bare.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(result.redirection == .get(challenge))
    }

    @Test("a pci_proxy card has no card plugin: METHOD_NOT_IMPLEMENTED rather than a CVV form")
    func pciProxy() async throws {
        let checkout = try await CardSessions.open()
        let card = try token("tok-pci", in: checkout)
        #expect(card.requiresCVV)
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        #expect(!element.hasUI)
        #expect(element.cvvField == nil)
        #expect(throws: PurseCheckoutError.self) { try checkout.setPrimaryToken(card) }
    }

    @Test("a saved PayPal account is not a card: no CVV field, whatever the registry")
    func paypalAccountHasNoCVV() async throws {
        let checkout = try await CardSessions.open()
        let account = try token("tok-paypal", in: checkout)
        #expect(!account.isVaultedCard)
        #expect(!account.requiresCVV && !account.paysWithoutCVV)
        let element = checkout.paymentElement(for: .paymentToken(account))
        #expect(!element.hasUI)
        #expect(element.cvvField == nil)
        // Without PurseCheckoutPayPal registered on this checkout's registry, nothing pays it.
        #expect(element.unavailableReason?.code == .methodNotImplemented)
    }
}
