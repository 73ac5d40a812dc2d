/// How much of a secondary token's balance a take may use (the issuer's `takePolicy`).
enum TakePolicy: String, Sendable, Hashable, CaseIterable {
    /// Any amount above zero, up to `min(balance, what is left to pay)`: gift cards.
    case none
    /// All or nothing: the take is exactly `min(balance, what is left to pay)`, as the Purse web SDK
    /// checks it. A voucher worth more than what is left pays what is left; the rest of its value is the
    /// share's ``SecondaryShare/unusedBalance`` (the issuer may void it: warn the shopper).
    case max
}

/// An issuer's per-session rules for one partner/method, in minor units of the order currency.
struct SecondaryLimits: Sendable, Hashable {
    /// The most tokens of this partner/method in one split (`usage_per_session_limit`).
    /// `nil`, 0 or negative means no limit (the Purse sample sends 0 for "unlimited" issuers).
    var usageLimit: Int?
    /// The most this partner/method may contribute to one payment, summed over its tokens
    /// (`payment_max_amount`). `nil` means no cap; 0 (or negative) means nothing can be taken.
    var maxAmount: Int64?

    /// Creates limits; both default to "none".
    init(usageLimit: Int? = nil, maxAmount: Int64? = nil) {
        self.usageLimit = usageLimit
        self.maxAmount = maxAmount
    }

    /// No usage limit and no maximum amount.
    static let unlimited = SecondaryLimits()

    /// The usage limit that applies, or `nil` when there is none (absent, 0 or negative).
    var effectiveUsageLimit: Int? {
        guard let usageLimit, usageLimit > 0 else { return nil }
        return usageLimit
    }

    /// The cap that applies, never negative, or `nil` when there is none.
    var effectiveMaxAmount: Int64? {
        maxAmount.map { Swift.max($0, 0) }
    }
}

/// A secondary token as the checkout hands it to ``SplitEngine/applySecondary(_:amount:)``.
///
/// Amounts are minor units of the order currency. The checkout builds it from the token and its
/// method's configuration; the engine keeps no reference to either.
struct SecondaryInput: Sendable, Hashable {
    /// The token id; re-applying the same id replaces that token's share.
    var id: String
    /// The issuer, e.g. `"illicado"`.
    var partner: String
    /// The method, e.g. `"giftcard"`.
    var method: String
    /// What the token can pay now, in minor units. Zero or less is ``SplitError/emptyBalance``.
    var balance: Int64
    /// Whether a partial take is allowed.
    var takePolicy: TakePolicy
    /// The partner/method's usage limit and maximum amount.
    var limits: SecondaryLimits

    /// Creates an input; `takePolicy` defaults to ``TakePolicy/none`` and `limits` to none.
    init(
        id: String, partner: String, method: String, balance: Int64, takePolicy: TakePolicy = .none,
        limits: SecondaryLimits = .unlimited
    ) {
        self.id = id
        self.partner = partner
        self.method = method
        self.balance = balance
        self.takePolicy = takePolicy
        self.limits = limits
    }
}

/// One secondary token's slice of the order, as stored in the split.
struct SecondaryShare: Sendable, Hashable {
    /// The token id.
    let id: String
    /// The issuer.
    let partner: String
    /// The method.
    let method: String
    /// The slice taken, in minor units; always above zero and at most ``balance``.
    let amount: Int64
    /// The token's balance when the slice was taken.
    let balance: Int64
    /// The take policy the slice was checked against.
    let takePolicy: TakePolicy
    /// The partner/method rules the slice was checked against.
    let limits: SecondaryLimits

    /// Creates the share `amount` of `input`; the engine has checked it.
    init(_ input: SecondaryInput, amount: Int64) {
        self.id = input.id
        self.partner = input.partner
        self.method = input.method
        self.amount = amount
        self.balance = input.balance
        self.takePolicy = input.takePolicy
        self.limits = input.limits
    }

    /// The token as it was applied, to re-apply it (with a refreshed balance, say) or to replay a saved split.
    var input: SecondaryInput {
        SecondaryInput(
            id: id, partner: partner, method: method, balance: balance, takePolicy: takePolicy, limits: limits)
    }

    /// The part of the balance this share does not use (`balance − amount`, never negative).
    ///
    /// For a ``TakePolicy/max`` voucher worth more than what was left to pay, this is the value the
    /// shopper may lose (the drop-in's `amount_loss`).
    var unusedBalance: Int64 {
        // Ordered so the subtraction cannot overflow, even for a share built by hand from bad data.
        guard amount >= 0, balance > amount else { return 0 }
        return balance - amount
    }
}

/// The primary method's place in the split: it pays what the secondary tokens leave, up to its maximum.
struct PrimaryShare: Sendable, Hashable {
    /// The primary item's id (method `"partner-method"` or token id).
    var id: String
    /// The partner, e.g. `"payline"`.
    var partner: String
    /// The method, e.g. `"creditcard"`.
    var method: String
    /// The most this method may pay (`payment_max_amount`), minor units; `nil` = no cap, negative = 0.
    var maxAmount: Int64?
    /// The least this method may pay (`payment_min_amount`), minor units; `nil`, 0 or negative = none.
    /// Below it the share is still what is left: ``SplitEngine/primaryBelowMinimum`` tells the UI.
    var minAmount: Int64?
    /// Whether the primary element has everything it needs to submit (`PaymentElement.isReady`).
    var isReady: Bool

    /// Creates a primary share description; limits default to none and readiness to `false`.
    init(
        id: String, partner: String, method: String, maxAmount: Int64? = nil, minAmount: Int64? = nil,
        isReady: Bool = false
    ) {
        self.id = id
        self.partner = partner
        self.method = method
        self.maxAmount = maxAmount
        self.minAmount = minAmount
        self.isReady = isReady
    }
}

/// One line of the split as the checkout reports it (`amountSplit`): who pays how much.
struct SplitEntry: Sendable, Hashable {
    /// Whether the line is a secondary token or the primary method.
    enum Role: Sendable, Hashable {
        /// A gift card, voucher or loyalty token.
        case secondary
        /// The primary method, paying the rest.
        case primary
    }

    /// The line's role.
    let role: Role
    /// The token id (secondary) or primary item id.
    let id: String
    /// The partner.
    let partner: String
    /// The method.
    let method: String
    /// The amount in minor units; always above zero.
    let amount: Int64
}
