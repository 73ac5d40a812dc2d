import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `applySecondary` / `removeSecondary` with read tokens: the split rules through the checkout's API.
@MainActor
@Suite("Applying gift cards")
struct ApplySecondaryTests {
    /// A checkout of `amount` with no saved gift cards and no network after opening.
    static func open(_ amount: String = "100.00") async throws -> PurseHeadlessCheckout {
        try await GiftCardSessions.open(amount: amount, savedGiftCards: false).0
    }

    @Test("as much as the order needs, then a capped slice, then removed: the split follows every change")
    func seedFlow() async throws {
        let checkout = try await Self.open("30.00")
        let token = SecondaryToken.stub("g1", partner: .illicado, balance: 5000)
        try checkout.applySecondary(token)
        #expect(checkout.remainingAmountToPay == 0)
        #expect(checkout.isPaymentFulfilled)
        #expect(checkout.amountSplit.map(\.amount) == [30])
        try checkout.applySecondary(token, amount: Decimal(2))
        #expect(checkout.amountSplit.map(\.amount) == [2])
        #expect(checkout.remainingAmountToPay == 28)
        #expect(!checkout.isPaymentFulfilled)
        checkout.removeSecondary(token)
        #expect(checkout.amountSplit.isEmpty)
        #expect(checkout.remainingAmountToPay == 30)
        checkout.removeSecondary(token)  // not in the split: nothing happens
        #expect(checkout.remainingAmountToPay == 30)
    }

    @Test("several cards stack in the order applied, and the primary pays the rest")
    func stacking() async throws {
        let checkout = try await Self.open()
        let first = SecondaryToken.stub("a", partner: .illicado, balance: 2000)
        let second = SecondaryToken.stub("b", partner: .ogloba, balance: 3000)
        let third = SecondaryToken.stub("c", partner: .mybeezbox, balance: 9000)
        try checkout.applySecondary(first)
        try checkout.applySecondary(second)
        try checkout.applySecondary(third)
        #expect(checkout.amountSplit.map(\.id) == ["a", "b", "c"])
        #expect(checkout.amountSplit.map(\.amount) == [20, 30, 50])
        #expect(checkout.isPaymentFulfilled)
        checkout.removeSecondary(second)
        #expect(checkout.amountSplit.map(\.amount) == [20, 50])
        #expect(checkout.remainingAmountToPay == 30)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        #expect(checkout.remainingAmountToPay == 0)
        #expect(checkout.amountSplit.last?.isPrimary == true)
        #expect(checkout.amountSplit.last?.amount == 30)
    }

    struct TakeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let partner: Partner
        let method: PaymentMethodType
        let balance: Int64
        let amount: String
        let code: PurseCheckoutError.Code
        var testDescription: String { "\(name) → \(code)" }
    }

    nonisolated static let takeCases: [TakeCase] = [
        TakeCase(
            name: "negative", partner: .illicado, method: .giftcard, balance: 5000, amount: "-1",
            code: .invalidTakeAmount),
        TakeCase(
            name: "zero", partner: .illicado, method: .giftcard, balance: 5000, amount: "0", code: .invalidTakeAmount),
        TakeCase(
            name: "above the balance", partner: .illicado, method: .giftcard, balance: 5000, amount: "50.01",
            code: .invalidTakeAmount),
        TakeCase(
            name: "above what is left", partner: .ogloba, method: .giftcard, balance: 50000, amount: "100.01",
            code: .invalidTakeAmount),
        TakeCase(
            name: "sub-cent", partner: .illicado, method: .giftcard, balance: 5000, amount: "1.005",
            code: .invalidTakeAmount),
        TakeCase(
            name: "above the issuer maximum", partner: .buybox, method: .giftcard, balance: 8000, amount: "50.01",
            code: .maxAmountReached),
        TakeCase(
            name: "a slice of a whole-balance voucher", partner: .easy2play, method: .voucher, balance: 1000,
            amount: "5", code: .secondaryMethodTakePolicyViolated),
        TakeCase(
            name: "a slice of loyalty points", partner: .maxxing, method: .loyaltycard, balance: 800, amount: "1",
            code: .secondaryMethodTakePolicyViolated),
    ]

    @Test("applySecondary(_:amount:) refusals are invalidTake and leave the split as it was", arguments: takeCases)
    func takeRefusals(rule: TakeCase) async throws {
        let checkout = try await Self.open()
        let other = SecondaryToken.stub("other", partner: .mybeezbox, balance: 1000)
        try checkout.applySecondary(other)
        let before = checkout.amountSplit
        let token = SecondaryToken.stub("t", partner: rule.partner, method: rule.method, balance: rule.balance)
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(token, amount: Decimal(string: rule.amount)!)
        }
        #expect(error?.code == rule.code)
        #expect(error?.kind == .invalidTake)
        #expect(checkout.amountSplit == before)
        #expect(checkout.remainingAmountToPay == 90)
        // `catch PurseCheckoutError.invalidTake` matches, as the page's catch clauses do.
        var matched = false
        do { try checkout.applySecondary(token, amount: Decimal(string: rule.amount)!) } catch PurseCheckoutError
            .invalidTake
        {
            matched = true
        } catch {}
        #expect(matched)
    }

    @Test("a whole-balance voucher takes min(balance, what is left), also with that exact amount")
    func wholeBalance() async throws {
        let checkout = try await Self.open("8.00")
        let voucher = SecondaryToken.stub("v", partner: .easy2play, method: .voucher, balance: 1000)
        try checkout.applySecondary(voucher)
        #expect(checkout.amountSplit.map(\.amount) == [8])
        try checkout.applySecondary(voucher, amount: 8)
        #expect(checkout.amountSplit.map(\.amount) == [8])
    }

    @Test("USAGE_LIMIT_ERROR: too many cards of this issuer in the split")
    func usageLimit() async throws {
        let checkout = try await Self.open()
        try checkout.applySecondary(SecondaryToken.stub("e1", partner: .easy2play, balance: 1000))
        try checkout.applySecondary(SecondaryToken.stub("e2", partner: .easy2play, balance: 1000))
        let third = SecondaryToken.stub("e3", partner: .easy2play, balance: 1000)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(third) }
        #expect(error?.code == .usageLimitError)
        #expect(error?.kind == .invalidTake)
        #expect(error?.message.contains("2 cards") == true)
        // Re-applying one of the two does not count twice; another issuer is not limited.
        try checkout.applySecondary(SecondaryToken.stub("e2", partner: .easy2play, balance: 1000), amount: 5)
        try checkout.applySecondary(SecondaryToken.stub("v", partner: .easy2play, method: .voucher, balance: 500))
        #expect(checkout.amountSplit.count == 3)
    }

    @Test("MAX_AMOUNT_REACHED counts the issuer's other cards; as-much-as-needed stops at the cap")
    func maxAmount() async throws {
        let checkout = try await Self.open()
        try checkout.applySecondary(SecondaryToken.stub("b1", partner: .buybox, balance: 8000))
        #expect(checkout.amountSplit.map(\.amount) == [50])
        let second = SecondaryToken.stub("b2", partner: .buybox, balance: 3000)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(second) }
        #expect(error?.code == .maxAmountReached)
        #expect(error?.message.contains("50.00 EUR") == true)
        try checkout.applySecondary(SecondaryToken.stub("b1", partner: .buybox, balance: 8000), amount: 30)
        try checkout.applySecondary(second)
        #expect(checkout.amountSplit.map(\.amount) == [30, 20])
    }

    @Test("an empty token is SECONDARY_TOKEN_EMPTY_BALANCE; nothing left to pay is INVALID_TAKE_AMOUNT")
    func emptyAndNothingLeft() async throws {
        let checkout = try await Self.open("10.00")
        let empty = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(SecondaryToken.stub("z", partner: .illicado, balance: 0))
        }
        #expect(empty?.code == .secondaryTokenEmptyBalance)
        #expect(empty?.kind == .secondaryTokenizationFailed)
        try checkout.applySecondary(SecondaryToken.stub("a", partner: .illicado, balance: 5000))
        let full = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(SecondaryToken.stub("b", partner: .ogloba, balance: 5000))
        }
        #expect(full?.code == .invalidTakeAmount)
    }

    @Test("a second reading of the same card replaces the first, so one card never pays twice")
    func sameCardTwice() async throws {
        let checkout = try await Self.open()
        let first = SecondaryToken.stub("r1", partner: .illicado, pan: "6003580000000000011", balance: 5000)
        let second = SecondaryToken.stub("r2", partner: .illicado, pan: "6003580000000000011", balance: 5000)
        try checkout.applySecondary(first)
        try checkout.applySecondary(second, amount: 10)
        #expect(checkout.amountSplit.map(\.id) == ["r2"])
        #expect(checkout.remainingAmountToPay == 90)
    }

    @Test("a token read for another session, or a method the session lacks, is refused")
    func foreignTokens() async throws {
        let checkout = try await Self.open()
        let foreign = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(SecondaryToken.stub("f", partner: .illicado, balance: 100, sessionID: "other"))
        }
        #expect(foreign?.code == .paymentTokenNotFoundInSession)
        let unknown = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(SecondaryToken.stub("u", partner: "nobody", balance: 100))
        }
        #expect(unknown?.code == .paymentMethodNotFound)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test("after submit, applying is refused and removing does nothing")
    func afterSubmit() async throws {
        let checkout = try await Self.open("20.00")
        let token = SecondaryToken.stub("s", partner: .illicado, balance: 5000)
        try checkout.applySecondary(token)
        _ = try await checkout.submitPayment()
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(token, amount: 5) }
        #expect(error?.code == .sessionAlreadySubmitted)
        checkout.removeSecondary(token)
        #expect(checkout.amountSplit.map(\.amount) == [20])
    }

    @Test("JPY has no minor unit: a fractional take is INVALID_TAKE_AMOUNT")
    func jpy() async throws {
        let params = TestSessions.params(
            amount: 1000, currency: "JPY", protocols: GiftCardSessions.protocols(savedGiftCards: false))
        let (checkout, _) = try await TestSessions.open(params)
        let token = SecondaryToken(
            id: "y", partner: .illicado, method: .giftcard, pan: "p", cvv: nil, balanceMinorUnits: 500,
            totalBalance: nil,
            currency: .jpy, canBeRegistered: false, expirationDate: nil, partnerReference: nil, stepID: nil,
            pluginResult: [:], sessionID: "ps-1")
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(token, amount: Decimal(string: "1.5")!)
        }
        #expect(error?.code == .invalidTakeAmount)
        try checkout.applySecondary(token, amount: 300)
        #expect(checkout.remainingAmountToPay == 700)
    }
}
