/// The co-payment split: which secondary tokens pay how much of the order, and what the primary pays.
///
/// A pure value type. Every operation returns a new engine or throws a ``SplitError``, so a refused
/// operation leaves the split exactly as it was. Amounts are minor units of ``currency``. Only the inputs
/// are stored (order total, secondary shares in the order applied, the primary); everything the UI reads
/// (``primaryShare``, ``remainingAmountToPay``, ``isPaymentFulfilled``, ``entries``) is derived.
///
/// ```swift
/// var split = try SplitEngine(amount: Money(minorUnits: 5000, currency: .eur))
/// split = try split.applySecondary(giftCard, amount: nil)   // as much as the order needs
/// split = split.setPrimary(PrimaryShare(id: "payline-creditcard", partner: "payline", method: "creditcard"))
/// split.remainingAmountToPay                                 // 0: the primary pays the rest
/// split.isPaymentFulfilled                                   // false until the primary is ready
/// ```
///
/// Invariants (property-tested): the shares never exceed the order amount; no share is negative and every
/// secondary share is above zero and at most its balance; `remainingAmountToPay == amount − Σ secondary −
/// primaryShare ≥ 0`; each partner/method stays within its usage limit and maximum amount;
/// `isPaymentFulfilled` exactly when the covered amount equals the order amount and the primary, if any,
/// is ready. Sums cannot overflow: they are bounded by the order amount, itself an `Int64`.
struct SplitEngine: Sendable, Equatable {
    /// The order total.
    private(set) var amount: Money
    /// The secondary tokens' shares, in the order they were first applied.
    private(set) var secondaryShares: [SecondaryShare] = []
    /// The primary method, when one is selected.
    private(set) var primary: PrimaryShare?

    /// Creates an empty split for an order total; throws ``MoneyError/negative`` when it is below zero.
    init(amount: Money) throws(MoneyError) {
        self.amount = try amount.nonNegative()
    }

    /// The order currency; every share is in its minor units.
    var currency: Currency { amount.currency }

    // MARK: - Derived values

    /// The sum of the secondary shares; at most ``amount``.
    var secondaryTotal: Int64 {
        secondaryShares.reduce(0) { $0 + $1.amount }
    }

    /// What the primary pays: what the secondaries leave, capped by its maximum; 0 with no primary.
    ///
    /// A negative `maxAmount` reads as 0. Below the primary's `minAmount` the share is still what is left
    /// (the split stays consistent); ``primaryBelowMinimum`` says so, for the UI to disable the method.
    var primaryShare: Int64 {
        guard let primary else { return 0 }
        let rest = amount.minorUnits - secondaryTotal
        guard let cap = primary.maxAmount else { return rest }
        return Swift.min(rest, Swift.max(cap, 0))
    }

    /// Whether the primary has a share above zero but below its minimum amount (`MIN_AMOUNT_NOT_MET`).
    ///
    /// False with no primary, no minimum (nil or ≤ 0), or nothing left for the primary to pay.
    var primaryBelowMinimum: Bool {
        guard let minimum = primary?.minAmount, minimum > 0 else { return false }
        let share = primaryShare
        return share > 0 && share < minimum
    }

    /// What nobody pays yet: `amount − secondaryTotal − primaryShare`, never negative.
    ///
    /// Above zero when there is no primary, or when the primary's maximum is below what is left.
    var remainingAmountToPay: Int64 {
        amount.minorUnits - secondaryTotal - primaryShare
    }

    /// What the split pays in total: `secondaryTotal + primaryShare`, at most ``amount``.
    var covered: Int64 {
        secondaryTotal + primaryShare
    }

    /// Whether the order can be submitted: everything is covered and the primary, if any, is ready.
    ///
    /// A selected primary counts even when the secondaries cover everything and its share is 0: clear it
    /// (``clearPrimary()``) or make it ready. An order of zero with no primary is fulfilled.
    var isPaymentFulfilled: Bool {
        covered == amount.minorUnits && (primary?.isReady ?? true)
    }

    /// The split as reported to the UI and to `/validate`: secondaries in the order applied, then the
    /// primary; only lines above zero.
    var entries: [SplitEntry] {
        var lines = secondaryShares.filter { $0.amount > 0 }.map {
            SplitEntry(role: .secondary, id: $0.id, partner: $0.partner, method: $0.method, amount: $0.amount)
        }
        let share = primaryShare
        if let primary, share > 0 {
            lines.append(
                SplitEntry(
                    role: .primary, id: primary.id, partner: primary.partner, method: primary.method, amount: share)
            )
        }
        return lines
    }

    /// The share of the token `id`, if it is in the split.
    func share(id: String) -> SecondaryShare? {
        secondaryShares.first { $0.id == id }
    }

    /// What secondary tokens may still take: `amount − secondaryTotal`, ignoring the primary (which takes
    /// the rest) and the share of `excludedID` (a token being re-applied).
    func remainingForSecondaries(excluding excludedID: String? = nil) -> Int64 {
        let others = secondaryShares.reduce(Int64(0)) { $0 + ($1.id == excludedID ? 0 : $1.amount) }
        return amount.minorUnits - others
    }

    /// The total taken by the tokens of `partner`/`method`, not counting `excludedID`.
    func contribution(partner: String, method: String, excluding excludedID: String? = nil) -> Int64 {
        secondaryShares.reduce(Int64(0)) {
            $0 + ($1.partner == partner && $1.method == method && $1.id != excludedID ? $1.amount : 0)
        }
    }

    /// The number of tokens of `partner`/`method` in the split, not counting `excludedID`.
    func usageCount(partner: String, method: String, excluding excludedID: String? = nil) -> Int {
        secondaryShares.count(where: { $0.partner == partner && $0.method == method && $0.id != excludedID })
    }

    // MARK: - Operations

    /// Returns the split with `input` taking `amount` minor units, or as much as the order needs when `nil`.
    ///
    /// With `amount == nil` the take is `min(balance, what is left for secondaries, maximum-amount headroom)`;
    /// with take policy ``TakePolicy/max`` it is `min(balance, what is left)` and must fit the headroom whole.
    /// An explicit amount must be above zero, at most the balance and at most what is left for secondaries
    /// (the primary takes the rest); with ``TakePolicy/max`` it must be exactly `min(balance, what is left)`.
    /// Re-applying a token already in the split replaces its share in place (it does not count twice).
    ///
    /// Checked in this order, the first failure wins:
    /// 1. ``SplitError/emptyBalance``: the balance is zero or negative.
    /// 2. ``SplitError/usageLimitReached(limit:)``: `limit` other tokens of the partner/method are in.
    /// 3. ``SplitError/invalidTakeAmount(amount:balance:remaining:)``: the amount is ≤ 0, above the balance
    ///    or above what is left; with `nil`, nothing is left to pay.
    /// 4. ``SplitError/takePolicyViolated``: policy `max` and an explicit amount other than the whole take.
    /// 5. ``SplitError/maxAmountReached(amount:limit:)``: above the partner/method's maximum headroom.
    func applySecondary(_ input: SecondaryInput, amount requested: Int64?) throws(SplitError) -> SplitEngine {
        let take = try takeAmount(for: input, requested: requested)
        return replacingShare(SecondaryShare(input, amount: take))
    }

    /// The split with `share` in place of the share with its id, or appended when there is none.
    private func replacingShare(_ share: SecondaryShare) -> SplitEngine {
        var next = self
        if let index = secondaryShares.firstIndex(where: { $0.id == share.id }) {
            next.secondaryShares[index] = share
        } else {
            next.secondaryShares.append(share)
        }
        return next
    }

    /// What ``applySecondary(_:amount:)`` with `amount: nil` would take for `input`, or 0 when it would throw.
    ///
    /// For the UI's "you can add up to…" and to gate an "Apply" button.
    func maxTakeAmount(for input: SecondaryInput) -> Int64 {
        (try? takeAmount(for: input, requested: nil)) ?? 0
    }

    /// Returns the split without the token `id`; unchanged when it is not in the split.
    func removeSecondary(id: String) -> SplitEngine {
        var next = self
        next.secondaryShares.removeAll { $0.id == id }
        return next
    }

    /// Returns the split with `primary` as the primary method (replacing any previous one).
    func setPrimary(_ primary: PrimaryShare) -> SplitEngine {
        var next = self
        next.primary = primary
        return next
    }

    /// Returns the split with no primary method (the web SDK's `clearPrimarySplit()`).
    func clearPrimary() -> SplitEngine {
        var next = self
        next.primary = nil
        return next
    }

    /// Returns the split with the primary's readiness set; unchanged when there is no primary.
    func setPrimaryReady(_ isReady: Bool) -> SplitEngine {
        var next = self
        next.primary?.isReady = isReady
        return next
    }

    /// Rebuilds a split from a saved snapshot (`restore(_:)`), checking every rule again.
    ///
    /// The shares are replayed in order with their amounts through the rules of ``applySecondary(_:amount:)``,
    /// so a tampered or stale snapshot cannot break an invariant: it throws the ``SplitError`` of the first
    /// share that no longer fits, or ``MoneyError/negative`` for a negative order total. The one rule not
    /// replayed is take policy ``TakePolicy/max``: it was checked against what was left when the share was
    /// taken, which a replay cannot know, so a restored `max` share only has to fit like any other.
    static func restored(
        amount: Money, secondaryShares: [SecondaryShare], primary: PrimaryShare?
    ) throws -> SplitEngine {
        var engine = try SplitEngine(amount: amount)
        for share in secondaryShares {
            let take = try engine.takeAmount(for: share.input, requested: share.amount, enforcingTakePolicy: false)
            engine = engine.replacingShare(SecondaryShare(share.input, amount: take))
        }
        engine.primary = primary
        return engine
    }

    /// Returns an empty split for a new order total (new session): no secondary shares, no primary.
    ///
    /// Throws ``MoneyError/negative`` when `amount` is below zero. The currency may change.
    func reset(amount: Money) throws(MoneyError) -> SplitEngine {
        try SplitEngine(amount: amount)
    }

    // MARK: - Rules

    /// The checked take for `input`: the rules of ``applySecondary(_:amount:)``, without changing anything.
    private func takeAmount(
        for input: SecondaryInput, requested: Int64?, enforcingTakePolicy: Bool = true
    ) throws(SplitError) -> Int64 {
        let balance = input.balance
        guard balance > 0 else { throw .emptyBalance }

        if let limit = input.limits.effectiveUsageLimit,
            usageCount(partner: input.partner, method: input.method, excluding: input.id) >= limit
        {
            throw .usageLimitReached(limit: limit)
        }

        let remaining = remainingForSecondaries(excluding: input.id)
        let wholeTake = Swift.min(balance, remaining)  // the only take policy `max` allows
        let headroom: Int64? = input.limits.effectiveMaxAmount.map { cap in
            Swift.max(cap - contribution(partner: input.partner, method: input.method, excluding: input.id), 0)
        }

        let take: Int64
        if let requested {
            guard requested > 0, requested <= balance, requested <= remaining else {
                throw .invalidTakeAmount(amount: requested, balance: balance, remaining: remaining)
            }
            if enforcingTakePolicy, input.takePolicy == .max, requested != wholeTake { throw .takePolicyViolated }
            take = requested
        } else {
            guard remaining > 0 else { throw .invalidTakeAmount(amount: 0, balance: balance, remaining: remaining) }
            switch input.takePolicy {
            case .none: take = Swift.min(wholeTake, headroom ?? wholeTake)
            case .max: take = wholeTake
            }
            if take == 0, let cap = input.limits.effectiveMaxAmount {
                throw .maxAmountReached(amount: wholeTake, limit: cap)
            }
        }

        if let headroom, take > headroom, let cap = input.limits.effectiveMaxAmount {
            throw .maxAmountReached(amount: take, limit: cap)
        }
        return take
    }
}
