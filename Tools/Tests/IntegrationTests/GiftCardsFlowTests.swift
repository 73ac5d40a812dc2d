import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The gift cards page against the sandbox, in-process and over loopback HTTP with `URLSessionTransport`.
@MainActor
@Suite("Gift cards against the sandbox")
struct GiftCardsFlowTests {
    @Test("check the balance and apply: as much as needed, a capped slice, removed", arguments: Wire.allCases)
    func seedFlow(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 30, shopper: nil)
        let giftCard = try checkout.secondary(.illicado)
        let rules = try #require(checkout.secondaryConfig(for: giftCard))
        #expect(rules.requiresCVV(pan: Catalogue.illicado50.pan))
        let token = try await checkout.getSecondaryToken(
            method: giftCard, pan: "6003 5800 0000 0000 011", cvv: Catalogue.illicado50.pin)
        #expect(harness.initCalls == 1)
        #expect(token.balance == 30)  // 50.00 on the card, read against the 30.00 order
        #expect(token.totalBalance == 50)
        #expect(token.partnerReference == "ILLICADO-REF-0011")
        #expect(token.canBeRegistered)
        try checkout.applySecondary(token)
        #expect(checkout.remainingAmountToPay == 0 && checkout.isPaymentFulfilled)
        try checkout.applySecondary(token, amount: Decimal(2))
        #expect(checkout.remainingAmountToPay == 28 && !checkout.isPaymentFulfilled)
        checkout.removeSecondary(token)
        #expect(checkout.remainingAmountToPay == 30 && checkout.amountSplit.isEmpty)
        #expect(harness.initCalls == 1)
    }

    @Test("gift cards alone cover the order: submitPayment, the server debits each card", arguments: Wire.allCases)
    func giftCardsAlone(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 60, shopper: nil)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        try checkout.applySecondary(try await checkout.read(.easy2play, .voucher, pan: Catalogue.voucher10))
        #expect(checkout.amountSplit.map(\.amount) == [50, 10])
        #expect(checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0)
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(result.results.map(\.partner) == [.illicado, .easy2play])
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(status?.payment?.split.map(\.amount) == [5000, 1000])
        #expect(harness.sandbox.balance(ofGiftCard: "illicado-50") == 0)
        #expect(harness.sandbox.balance(ofGiftCard: "voucher-10") == 0)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        #expect(harness.sandbox.stats().charges == 2)
    }

    @Test(
        "with a primary element, element.submit() sends the gift card in the same /validate", arguments: Wire.allCases)
    func withPrimaryElement(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin),
            amount: 20)
        let card = try #require(checkout.paymentTokens.first { $0.id == Catalogue.networkTokenCard })
        let element = checkout.paymentElement(for: .paymentToken(card))
        await element.prepare()
        try checkout.setPrimaryToken(card)
        #expect(checkout.amountSplit.map(\.amount) == [20, Decimal(string: "22.99")])
        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(result.globalStatus == .success)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.split.map(\.partner) == ["illicado", "payzen"])
        #expect(status?.payment?.split.map(\.amount) == [2000, 2299])
        #expect(harness.sandbox.balance(ofGiftCard: "illicado-50") == 3000)
    }

    @Test(
        "a whole-balance voucher pays what is left; a slice is refused; the issuer voids the rest",
        arguments: Wire.allCases)
    func wholeBalanceVoucher(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 30, shopper: nil)
        let voucher = try await checkout.read(.easy2play, .voucher, pan: Catalogue.voucher50)
        #expect(checkout.secondaryConfig(for: try checkout.secondary(.easy2play, .voucher))?.takePolicy == .max)
        let slice = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(voucher, amount: 10) }
        #expect(slice?.code == .secondaryMethodTakePolicyViolated)
        #expect(slice?.kind == .invalidTake)
        try checkout.applySecondary(voucher)
        #expect(checkout.amountSplit.map(\.amount) == [30])
        let result = try await checkout.submitPayment()
        #expect(result.results.first?.pluginResult["amount_loss"] == 2000)
        #expect(harness.sandbox.balance(ofGiftCard: "voucher-50") == 0)
    }

    @Test("stacking three issuers and a loyalty card, then the primary pays the rest", arguments: Wire.allCases)
    func stacking(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 100)
        try checkout.applySecondary(
            try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin), amount: 40)
        try checkout.applySecondary(try await checkout.read(.mybeezbox, pan: Catalogue.mybeezbox75), amount: 25)
        try checkout.applySecondary(try await checkout.read(.maxxing, .loyaltycard, pan: Catalogue.maxxing8))
        #expect(checkout.amountSplit.map(\.amount) == [40, 25, 8])
        #expect(checkout.remainingAmountToPay == 27)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == Catalogue.networkTokenCard }))
        #expect(checkout.remainingAmountToPay == 0 && checkout.isPaymentFulfilled)
        _ = try await checkout.submitPayment()
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.split.map(\.amount) == [4000, 2500, 800, 2700])
        #expect(harness.sandbox.balance(ofGiftCard: "ogloba-100") == 6000)
        #expect(harness.sandbox.balance(ofGiftCard: "maxxing-8") == 0)
    }

    @Test("Buybox's 50.00 maximum per payment: MAX_AMOUNT_REACHED", arguments: Wire.allCases)
    func maxAmount(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 100)
        let big = try await checkout.read(.buybox, pan: Catalogue.buybox80.pan, cvv: Catalogue.buybox80.pin)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(big, amount: 51) }
        #expect(error?.code == .maxAmountReached)
        try checkout.applySecondary(big)
        #expect(checkout.amountSplit.map(\.amount) == [50])
        let small = try await checkout.read(.buybox, pan: Catalogue.buybox30)
        let second = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(small) }
        #expect(second?.code == .maxAmountReached)
        #expect(checkout.remainingAmountToPay == 50)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let pan: String
        let pin: String?
        let code: PurseCheckoutError.Code
        let serverCode: String?
        var testDescription: String { serverCode ?? code.rawValue }
    }

    @Test(
        "/init refusals of catalogue cards",
        arguments: Wire.allCases,
        [
            Refusal(pan: Catalogue.illicadoEmpty.pan, pin: "1234", code: .secondaryTokenEmptyBalance, serverCode: nil),
            Refusal(
                pan: Catalogue.illicadoBlocked.pan, pin: "1234", code: .failedToInitSecondaryToken,
                serverCode: "BLOCKED_CARD"),
            Refusal(
                pan: Catalogue.illicadoExpired.pan, pin: "1234", code: .failedToInitSecondaryToken,
                serverCode: "CARD_EXPIRED"),
            Refusal(
                pan: Catalogue.illicado50.pan, pin: "4321", code: .failedToInitSecondaryToken,
                serverCode: "WRONG_CARD_DATA"),
            Refusal(
                pan: "6003580000000000094", pin: "1234", code: .failedToInitSecondaryToken, serverCode: "UNKNOWN_CARD"),
        ])
    func refusals(wire: Wire, refusal: Refusal) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(shopper: nil)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.read(.illicado, pan: refusal.pan, cvv: refusal.pin)
        }
        #expect(error?.code == refusal.code)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(error?.serverCode == refusal.serverCode)
        #expect(harness.initCalls == 1)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test(
        "local validation makes no network call",
        arguments: Wire.allCases,
        [
            (
                Partner.illicado, PaymentMethodType.giftcard, "600358000000000001", String?("1234"),
                PurseCheckoutError.Code.secondaryMethodWrongPANFormat
            ),
            (.illicado, .giftcard, Catalogue.illicado50.pan, nil, .secondaryMethodRequiredCVV),
            (.buybox, .giftcard, Catalogue.buybox80.pan, "1", .secondaryMethodWrongCVVFormat),
            (.easy2play, .voucher, "VOUCH", nil, .secondaryMethodWrongPANFormat),
        ])
    func localValidation(
        wire: Wire, rule: (Partner, PaymentMethodType, String, String?, PurseCheckoutError.Code)
    ) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(shopper: nil)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.read(rule.0, rule.1, pan: rule.2, cvv: rule.3)
        }
        #expect(error?.code == rule.4)
        #expect(harness.initCalls == 0)
    }

    @Test(
        "no log line, error or description of a whole flow carries a gift-card number or PIN", arguments: Wire.allCases)
    func noCardDataInLogs(wire: Wire) async throws {
        let harness = try Harness(wire)
        let lines = LogCollector()
        let checkout = try await harness.openCheckout(amount: 70) { $0.logHandler = lines.handler }
        let secrets = [Catalogue.illicado50.pan, Catalogue.ogloba100.pan, "580000000000", "000000000000"]
        var texts: [String] = []
        for (pan, pin) in [(Catalogue.illicado50.pan, "9999"), (Catalogue.illicadoBlocked.pan, "1234")] {
            do { _ = try await checkout.read(.illicado, pan: pan, cvv: pin) } catch { texts.append("\(error)") }
        }
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(token)
        let ogloba = try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin)
        do { try checkout.applySecondary(ogloba, amount: 30) } catch { texts.append("\(error)") }
        try checkout.applySecondary(ogloba)
        let result = try await checkout.submitPayment()
        texts += ["\(token)", "\(ogloba)", String(reflecting: token), "\(result)", "\(checkout.amountSplit)"]
        texts += lines.messages
        #expect(texts.count > 10)
        for text in texts {
            for secret in secrets { #expect(!text.contains(secret), "leaked: \(text)") }
            #expect(!text.contains(Catalogue.illicado50.pin + "\""), "leaked a PIN: \(text)")
        }
    }
}
