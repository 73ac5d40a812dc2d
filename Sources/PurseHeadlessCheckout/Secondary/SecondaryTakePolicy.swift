/// How much of a secondary token's balance one take may use: the issuer's rule, read from its
/// ``SecondaryConfig/takePolicy``.
///
/// ```swift
/// if checkout.secondaryConfig(for: voucher)?.takePolicy == .max {
///     try checkout.applySecondary(token)              // the whole balance, or what is left to pay
/// }
/// ```
/// With ``max``, `applySecondary(_:amount:)` with any amount other than the whole take throws
/// `SECONDARY_METHOD_TAKE_POLICY_VIOLATED` (group `invalidTake`).
public enum SecondaryTakePolicy: String, Sendable, Hashable, CaseIterable {
    /// Splittable: any amount above zero, up to the balance and what is left to pay (gift cards).
    case none
    /// All or nothing: the take is `min(balance, what is left to pay)`. A voucher worth more than what is left
    /// pays what is left, and the issuer may void the rest (warn the shopper).
    case max

    /// The split engine's policy.
    var engineValue: TakePolicy {
        switch self {
        case .none: return .none
        case .max: return .max
        }
    }
}
