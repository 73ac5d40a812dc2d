import Foundation

extension UnavailableReason {
    /// What to tell the shopper, as a key and arguments: `unavailable.<code>` (`unavailable.MIN_AMOUNT_NOT_MET`,
    /// amounts as ``PurseMessage/Value/amount(_:_:)``), with `unavailable.AMOUNT_CONDITION_UNREACHABLE.between`,
    /// `.from`, `.upTo` or `.none` for the range, and the `#one`/`#other` forms of `unavailable.USAGE_LIMIT_ERROR`
    /// by `limit`.
    ///
    /// ``message`` stays the developer's account in English; show this one (in the checkout's language with
    /// ``PurseHeadlessCheckout/localizedString(_:)``). The explanations of ``Cause/pluginUnavailable(explanation:)``
    /// and ``Cause/tokenInitFailed(explanation:)`` are developer text: they are not in the shopper's message.
    public var localizedMessage: PurseMessage {
        func amount(_ name: String, _ value: Decimal) -> PurseMessage.Argument { .init(name, .amount(value, currency)) }
        let key = "unavailable.\(code)"
        switch cause {
        case .minAmountNotMet(let minimum, let rest):
            return PurseMessage(key, [amount("minAmount", minimum), amount("restToPay", rest)])
        case .maxAmountExceeded(let maximum, let rest):
            return PurseMessage(key, [amount("maxAmount", maximum), amount("restToPay", rest)])
        case .amountConditionUnreachable(let minimum, let maximum, let order):
            let orderAmount = amount("orderAmount", order)
            switch (minimum, maximum) {
            case (let minimum?, let maximum?):
                return PurseMessage(
                    key + ".between", [amount("minAmount", minimum), amount("maxAmount", maximum), orderAmount])
            case (let minimum?, nil): return PurseMessage(key + ".from", [amount("minAmount", minimum), orderAmount])
            case (nil, let maximum?): return PurseMessage(key + ".upTo", [amount("maxAmount", maximum), orderAmount])
            case (nil, nil): return PurseMessage(key + ".none", [orderAmount])
            }
        case .usageLimitReached(let limit, let count):
            return PurseMessage(
                key, [.init("limit", .count(limit)), .init("count", .count(count))], pluralArgument: "limit")
        case .maxAmountReached(let maximum, let contribution):
            return PurseMessage(key, [amount("maxAmount", maximum), amount("contribution", contribution)])
        case .pluginUnavailable(let explanation), .tokenInitFailed(let explanation):
            return PurseMessage(key, [.init("explanation", .text(explanation))])
        case .methodUnstable, .notInSession, .paymentFulfilled, .balancePending, .emptyBalance, .alreadyApplied,
            .submitting, .submitted, .sessionExpired:
            return PurseMessage(key)
        }
    }
}
