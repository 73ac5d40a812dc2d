import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Gift cards at `/validate`: alone, and together with a primary in the same call.
@MainActor
@Suite("Submitting gift cards")
struct GiftCardSubmissionTests {
    @Test("fulfilled by gift cards alone: submitPayment sends one item per card, in the order applied")
    func giftCardsAlone() async throws {
        let issuer = StubIssuer()
        let (checkout, transport) = try await GiftCardSessions.open(
            amount: "60.00", savedGiftCards: false, issuer: issuer)
        let illicado = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        let voucher = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .easy2play, .voucher), pan: "VOUCHER10", cvv: nil)
        try checkout.applySecondary(illicado)
        try checkout.applySecondary(voucher)
        #expect(checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0)
        if checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0 {
            let result = try await checkout.submitPayment()
            #expect(result.globalStatus == .success)
        }
        #expect(checkout.sessionState == .submitted)
        #expect(transport.requests(endingWith: "/validate").count == 1)
        let items = try #require(issuer.validations.first)
        #expect(
            items == [
                [
                    "partner": "illicado", "method": "giftcard", "amount": 5000,
                    "payment_data": [
                        "card": ["number": "6003580000000000011", "csc": "1234"], "partner_reference": "REF-1",
                    ],
                    "partner_data": [:], "payment_preferences": [:], "step_id": 1,
                ],
                [
                    "partner": "easy2play", "method": "voucher", "amount": 1000,
                    "payment_data": ["voucher_number": "VOUCHER10", "partner_reference": "REF-2"],
                    "partner_data": [:], "payment_preferences": [:], "step_id": 2,
                ],
            ])
    }

    @Test("with a primary element, element.submit() sends the gift cards in the same /validate")
    func withPrimaryElement() async throws {
        let issuer = StubIssuer()
        let (checkout, transport) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.applySecondary(token, amount: 30)
        let saved = try #require(checkout.paymentTokens.first)
        let element = checkout.paymentElement(for: .paymentToken(saved))
        await element.prepare()
        try checkout.setPrimaryToken(saved)
        #expect(checkout.remainingAmountToPay == 0)
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(transport.requests(endingWith: "/validate").count == 1)
        let items = try #require(issuer.validations.first)
        #expect(items.map { $0["partner"] } == ["illicado", "payzen"])
        #expect(items.map { $0["amount"] } == [3000, 7000])
        #expect(items[1]["payment_data"] == ["token": "tok-nocvv"])
    }

    @Test("gift cards that do not cover the amount and no primary: PAYMENT_NOT_FULFILLED_ON_SUBMIT, no call")
    func notFulfilled() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
        try checkout.applySecondary(SecondaryToken.stub("a", partner: .illicado, balance: 1000))
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .paymentNotFulfilledOnSubmit)
        #expect(error?.message.contains("10.00 EUR of 100.00 EUR") == true)
        #expect(issuer.validations.isEmpty)
    }

    @Test("onBeforeValidate sees the gift card lines then the primary")
    func hookSeesLines() async throws {
        let seen = Locked<[AmountSplitEntry]>([])
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false) {
            $0.hooks = PurseCheckoutHooks(onBeforeValidate: { lines in seen.withLock { $0 = lines } })
        }
        try checkout.applySecondary(
            SecondaryToken.stub("a", partner: .illicado, pan: "6003580000000000011", balance: 2500))
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        _ = try await checkout.submitPayment()
        let lines = seen.withLock { $0 }
        #expect(lines.map(\.id) == ["a", "tok-nocvv"])
        #expect(lines.map(\.isPrimary) == [false, true])
        #expect(lines.map(\.amount) == [25, 75])
    }

    @Test("a refused /validate leaves the gift cards applied for another attempt")
    func refusedKeepsSplit() async throws {
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params(amount: "20.00", savedGiftCards: false))
        {
            request in
            StubTransport.json(
                200,
                [
                    "results": [
                        [
                            "partner": "illicado", "method": "giftcard",
                            "status": ["action": "APPLY", "state": "FAILED", "code": "INSUFFICIENT_FUNDS"],
                        ]
                    ],
                    "global_status": "FAILED",
                ])
        }
        try checkout.applySecondary(SecondaryToken.stub("a", partner: .illicado, balance: 5000))
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .validateFailed)
        #expect(error?.serverCode == "INSUFFICIENT_FUNDS")
        #expect(checkout.sessionState == .error)
        #expect(checkout.amountSplit.map(\.amount) == [20])
        #expect(checkout.isPaymentFulfilled)
    }
}
