/// Why the split engine refused an operation. Each case maps to one stable SDK error code (``code``).
///
/// Internal to the money layer: the checkout wraps these in `PurseCheckoutError.invalidTake` (or the
/// tokenization grouping for ``emptyBalance``) with a message and the token's partner and method.
/// A refused operation never changes the split: the engine is a value and the operation returns a new one.
enum SplitError: Error, Equatable, Sendable {
    /// `INVALID_TAKE_AMOUNT`: the take is zero or negative, above the token's balance, or above what is
    /// left to pay by secondary methods (`remaining`, in minor units, not counting this token's own share).
    case invalidTakeAmount(amount: Int64, balance: Int64, remaining: Int64)
    /// `MAX_AMOUNT_REACHED`: the take would push this partner/method's total in the split above its
    /// maximum per payment. `amount` is the take asked for, `limit` the maximum, both in minor units.
    case maxAmountReached(amount: Int64, limit: Int64)
    /// `USAGE_LIMIT_ERROR`: `limit` other tokens of this partner/method are already in the split.
    case usageLimitReached(limit: Int)
    /// `SECONDARY_METHOD_TAKE_POLICY_VIOLATED`: the method's take policy is ``TakePolicy/max`` and the
    /// explicit amount is not exactly `min(balance, remaining)`.
    case takePolicyViolated
    /// `SECONDARY_TOKEN_EMPTY_BALANCE`: the token's balance is zero (or negative): nothing to take.
    case emptyBalance

    /// The stable SDK error code string, as the web SDK and the iOS docs spell it.
    var code: String {
        switch self {
        case .invalidTakeAmount: "INVALID_TAKE_AMOUNT"
        case .maxAmountReached: "MAX_AMOUNT_REACHED"
        case .usageLimitReached: "USAGE_LIMIT_ERROR"
        case .takePolicyViolated: "SECONDARY_METHOD_TAKE_POLICY_VIOLATED"
        case .emptyBalance: "SECONDARY_TOKEN_EMPTY_BALANCE"
        }
    }
}
