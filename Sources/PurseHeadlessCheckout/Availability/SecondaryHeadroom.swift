public import Foundation

/// How much room a secondary method (or one of its cards) has in the split now: what it could take, what its
/// cards already take, and the issuer's limits. From ``PurseHeadlessCheckout/headroom(of:)-(SecondaryMethod)``.
///
/// Amounts are major units of the order currency. Like availability it is derived from the checkout's state on
/// every read: apply, cap or remove a card and it follows.
public struct SecondaryHeadroom: Sendable, Hashable {
    /// The most it could take now (the web SDK's `getMeanOfPaymentReach`): for a method, what the gift cards
    /// leave unpaid within the issuer's maximum; for a card, also within its balance. Zero when it is unavailable.
    public let reach: Decimal
    /// What the method's cards in the split take (the web SDK's `getMethodContribution`); for a card, not
    /// counting its own share.
    public let contribution: Decimal
    /// The issuer's maximum per payment (`payment_max_amount`), `nil` when there is none.
    public let maxAmount: Decimal?
    /// How many of the method's cards may be in one split (`usage_per_session_limit`), `nil` when there is no limit.
    public let usageLimit: Int?
    /// How many of the method's cards are in the split (for a card, not counting itself).
    public let usageCount: Int

    /// Creates a headroom; the checkout computes it.
    public init(reach: Decimal, contribution: Decimal, maxAmount: Decimal?, usageLimit: Int?, usageCount: Int) {
        self.reach = reach
        self.contribution = contribution
        self.maxAmount = maxAmount
        self.usageLimit = usageLimit
        self.usageCount = usageCount
    }

    /// Whether one of the issuer's limits is spent (the web SDK's `isMethodLimitReached`): as many cards as it
    /// allows are in the split, or its cards take its whole maximum.
    public var isLimitReached: Bool {
        if let usageLimit, usageCount >= usageLimit { return true }
        if let maxAmount, contribution >= maxAmount { return true }
        return false
    }
}
