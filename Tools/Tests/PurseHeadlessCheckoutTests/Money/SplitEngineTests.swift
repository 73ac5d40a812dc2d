import Testing

@testable import PurseHeadlessCheckout

/// Worked scenarios for the split engine, and one test per ``SplitError``.
struct SplitEngineTests {
    private static func order(_ minorUnits: Int64, _ currency: Currency = .eur) throws -> SplitEngine {
        try SplitEngine(amount: Money(minorUnits: minorUnits, currency: currency))
    }

    private static func giftCard(
        _ id: String, balance: Int64, partner: String = "illicado", method: String = "giftcard",
        policy: TakePolicy = .none, limits: SecondaryLimits = .unlimited
    ) -> SecondaryInput {
        SecondaryInput(id: id, partner: partner, method: method, balance: balance, takePolicy: policy, limits: limits)
    }

    private static let card = PrimaryShare(id: "payline-creditcard", partner: "payline", method: "creditcard")

    // MARK: - Scenarios

    @Test("a gift card takes as much as the order needs, the primary pays the rest")
    func asMuchAsNeeded() throws {
        var split = try Self.order(5000).applySecondary(Self.giftCard("g1", balance: 2000), amount: nil)
        #expect(split.secondaryTotal == 2000)
        #expect(split.remainingAmountToPay == 3000)
        #expect(!split.isPaymentFulfilled)
        split = split.setPrimary(Self.card)
        #expect(split.primaryShare == 3000)
        #expect(split.remainingAmountToPay == 0)
        #expect(!split.isPaymentFulfilled)  // the card form is not ready yet
        split = split.setPrimaryReady(true)
        #expect(split.isPaymentFulfilled)
        #expect(
            split.entries == [
                SplitEntry(role: .secondary, id: "g1", partner: "illicado", method: "giftcard", amount: 2000),
                SplitEntry(
                    role: .primary, id: "payline-creditcard", partner: "payline", method: "creditcard", amount: 3000),
            ])
    }

    @Test("stacked gift cards covering everything fulfil the payment with no primary")
    func giftCardsCoverEverything() throws {
        let split = try Self.order(5000)
            .applySecondary(Self.giftCard("g1", balance: 3000), amount: nil)
            .applySecondary(Self.giftCard("g2", balance: 9000), amount: nil)
        #expect(split.share(id: "g2")?.amount == 2000)
        #expect(split.remainingAmountToPay == 0)
        #expect(split.isPaymentFulfilled)
        #expect(split.entries.map(\.id) == ["g1", "g2"])
    }

    @Test("a capped slice, then re-applying the same card replaces its share in place")
    func cappedSliceAndReapply() throws {
        var split = try Self.order(5000)
            .applySecondary(Self.giftCard("g1", balance: 3000), amount: 200)
            .applySecondary(Self.giftCard("g2", balance: 1000), amount: nil)
        split = try split.applySecondary(Self.giftCard("g1", balance: 3000), amount: 2500)
        #expect(split.secondaryShares.map(\.id) == ["g1", "g2"])
        #expect(split.secondaryShares.map(\.amount) == [2500, 1000])
        #expect(split.remainingAmountToPay == 1500)
    }

    @Test("take policy max: a voucher bigger than the rest pays exactly the rest")
    func voucherBiggerThanRest() throws {
        let voucher = Self.giftCard("v1", balance: 8000, partner: "easy2play", method: "voucher", policy: .max)
        let split = try Self.order(5000).applySecondary(voucher, amount: nil)
        #expect(split.share(id: "v1")?.amount == 5000)
        #expect(split.share(id: "v1")?.unusedBalance == 3000)
        #expect(try Self.order(5000).applySecondary(voucher, amount: 5000) == split)
    }

    @Test("the primary's maximum leaves a remainder; below its minimum it still takes the rest")
    func primaryLimits() throws {
        let capped = try Self.order(5000).setPrimary(
            PrimaryShare(id: "floa-cb3x", partner: "floa", method: "cb3x", maxAmount: 4000, isReady: true))
        #expect(capped.primaryShare == 4000)
        #expect(capped.remainingAmountToPay == 1000)
        #expect(!capped.isPaymentFulfilled)

        let minimum = try Self.order(5000)
            .applySecondary(Self.giftCard("g1", balance: 4950), amount: nil)
            .setPrimary(PrimaryShare(id: "floa-cb3x", partner: "floa", method: "cb3x", minAmount: 100, isReady: true))
        #expect(minimum.primaryShare == 50)
        #expect(minimum.primaryBelowMinimum)
        #expect(minimum.isPaymentFulfilled)
        #expect(!minimum.removeSecondary(id: "g1").primaryBelowMinimum)
    }

    @Test("a selected primary must be ready even when gift cards cover everything, until cleared")
    func idlePrimary() throws {
        let split = try Self.order(1000).applySecondary(Self.giftCard("g1", balance: 1000), amount: nil)
            .setPrimary(Self.card)
        #expect(split.primaryShare == 0)
        #expect(split.entries.map(\.role) == [.secondary])
        #expect(!split.isPaymentFulfilled)
        #expect(split.clearPrimary().isPaymentFulfilled)
    }

    @Test("remove, reset and a zero order")
    func removeAndReset() throws {
        let split = try Self.order(5000).applySecondary(Self.giftCard("g1", balance: 1000), amount: nil)
            .setPrimary(Self.card)
        #expect(split.removeSecondary(id: "unknown") == split)
        #expect(split.removeSecondary(id: "g1").secondaryShares.isEmpty)
        let fresh = try split.reset(amount: Money(minorUnits: 300, currency: .jpy))
        #expect(fresh == (try Self.order(300, .jpy)))
        #expect(throws: MoneyError.negative) { try split.reset(amount: Money(minorUnits: -1, currency: .eur)) }
        #expect(try Self.order(0).isPaymentFulfilled)
        #expect(split.setPrimaryReady(true).clearPrimary().setPrimaryReady(true).primary == nil)
    }

    @Test("maxTakeAmount previews an apply without an amount")
    func maxTakePreview() throws {
        let limits = SecondaryLimits(maxAmount: 1500)
        let split = try Self.order(5000)
        #expect(split.maxTakeAmount(for: Self.giftCard("g1", balance: 9000, limits: limits)) == 1500)
        #expect(split.maxTakeAmount(for: Self.giftCard("g1", balance: 0)) == 0)
    }

    @Test("a snapshot restores the same split; a tampered one is refused")
    func restore() throws {
        let voucher = Self.giftCard("v1", balance: 8000, partner: "easy2play", method: "voucher", policy: .max)
        let split = try Self.order(9000)
            .applySecondary(Self.giftCard("g1", balance: 3000), amount: 1000)
            .applySecondary(voucher, amount: nil)
            .setPrimary(Self.card)
        let restored = try SplitEngine.restored(
            amount: split.amount, secondaryShares: split.secondaryShares, primary: split.primary)
        #expect(restored == split)

        let greedy = SecondaryShare(Self.giftCard("g2", balance: 100), amount: 500)
        #expect(throws: SplitError.invalidTakeAmount(amount: 500, balance: 100, remaining: 9000)) {
            try SplitEngine.restored(amount: split.amount, secondaryShares: [greedy], primary: nil)
        }
        #expect(throws: MoneyError.negative) {
            try SplitEngine.restored(amount: Money(minorUnits: -1, currency: .eur), secondaryShares: [], primary: nil)
        }
    }

    // MARK: - One test per error

    @Test(
        "INVALID_TAKE_AMOUNT: zero, negative, above the balance, above what is left",
        arguments: [(0 as Int64, 1000 as Int64), (-1, 1000), (1001, 1000), (4001, 9000)])
    func invalidTakeAmount(amount: Int64, balance: Int64) throws {
        let split = try Self.order(5000).applySecondary(Self.giftCard("g0", balance: 1000), amount: nil)
        let error = SplitError.invalidTakeAmount(amount: amount, balance: balance, remaining: 4000)
        #expect(throws: error) { try split.applySecondary(Self.giftCard("g1", balance: balance), amount: amount) }
        #expect(error.code == "INVALID_TAKE_AMOUNT")
    }

    @Test("INVALID_TAKE_AMOUNT: nothing left to pay")
    func nothingLeft() throws {
        let split = try Self.order(1000).applySecondary(Self.giftCard("g0", balance: 1000), amount: nil)
        #expect(throws: SplitError.invalidTakeAmount(amount: 0, balance: 500, remaining: 0)) {
            try split.applySecondary(Self.giftCard("g1", balance: 500), amount: nil)
        }
    }

    @Test("MAX_AMOUNT_REACHED: the issuer's maximum per payment is spent by another card")
    func maxAmountReached() throws {
        let limits = SecondaryLimits(maxAmount: 3000)
        let split = try Self.order(9000).applySecondary(Self.giftCard("g1", balance: 2000, limits: limits), amount: nil)
        let error = SplitError.maxAmountReached(amount: 1500, limit: 3000)
        #expect(throws: error) {
            try split.applySecondary(Self.giftCard("g2", balance: 5000, limits: limits), amount: 1500)
        }
        #expect(error.code == "MAX_AMOUNT_REACHED")
        // Without an amount the take shrinks to the headroom; once it is spent, nothing more fits.
        let full = try split.applySecondary(Self.giftCard("g2", balance: 5000, limits: limits), amount: nil)
        #expect(full.share(id: "g2")?.amount == 1000)
        #expect(throws: SplitError.maxAmountReached(amount: 5000, limit: 3000)) {
            try full.applySecondary(Self.giftCard("g3", balance: 5000, limits: limits), amount: nil)
        }
    }

    @Test("USAGE_LIMIT_ERROR: the per-session limit is spent by other cards of the issuer")
    func usageLimitReached() throws {
        let limits = SecondaryLimits(usageLimit: 2)
        let split = try Self.order(9000)
            .applySecondary(Self.giftCard("g1", balance: 100, partner: "easy2play", limits: limits), amount: nil)
            .applySecondary(Self.giftCard("g2", balance: 100, partner: "easy2play", limits: limits), amount: nil)
        let error = SplitError.usageLimitReached(limit: 2)
        #expect(throws: error) {
            try split.applySecondary(
                Self.giftCard("g3", balance: 100, partner: "easy2play", limits: limits), amount: nil)
        }
        #expect(error.code == "USAGE_LIMIT_ERROR")
        // Re-applying a card already in the split does not count twice; other issuers are not limited.
        let reapplied = try split.applySecondary(
            Self.giftCard("g1", balance: 100, partner: "easy2play", limits: limits), amount: 50)
        #expect(reapplied.share(id: "g1")?.amount == 50)
        #expect(throws: Never.self) { try split.applySecondary(Self.giftCard("g3", balance: 100), amount: nil) }
        // A limit of 0 means none (as in the Purse sample session).
        let unlimited = SecondaryLimits(usageLimit: 0)
        var many = try Self.order(9000)
        for index in 0..<5 {
            many = try many.applySecondary(Self.giftCard("u\(index)", balance: 10, limits: unlimited), amount: nil)
        }
        #expect(many.secondaryShares.count == 5)
    }

    @Test("SECONDARY_METHOD_TAKE_POLICY_VIOLATED: a partial slice of an all-or-nothing voucher")
    func takePolicyViolated() throws {
        let voucher = Self.giftCard("v1", balance: 1000, partner: "easy2play", method: "voucher", policy: .max)
        #expect(throws: SplitError.takePolicyViolated) { try Self.order(5000).applySecondary(voucher, amount: 500) }
        #expect(try Self.order(5000).applySecondary(voucher, amount: 1000).secondaryTotal == 1000)
        #expect(SplitError.takePolicyViolated.code == "SECONDARY_METHOD_TAKE_POLICY_VIOLATED")
    }

    @Test("SECONDARY_TOKEN_EMPTY_BALANCE: a card with nothing on it", arguments: [0 as Int64, -100])
    func emptyBalance(balance: Int64) throws {
        #expect(throws: SplitError.emptyBalance) {
            try Self.order(5000).applySecondary(Self.giftCard("g1", balance: balance), amount: nil)
        }
        #expect(throws: SplitError.emptyBalance) {
            try Self.order(5000).applySecondary(Self.giftCard("g1", balance: balance), amount: 100)
        }
        #expect(SplitError.emptyBalance.code == "SECONDARY_TOKEN_EMPTY_BALANCE")
    }

    @Test("a negative order total is refused")
    func negativeOrder() {
        #expect(throws: MoneyError.negative) { try Self.order(-1) }
    }
}
