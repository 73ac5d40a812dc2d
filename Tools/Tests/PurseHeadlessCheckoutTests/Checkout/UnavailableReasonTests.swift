import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Each reason's stable code, named arguments, English message and the three predicates.
struct UnavailableReasonTests {
    typealias Cause = UnavailableReason.Cause

    static let causes: [(Cause, code: String, hidden: Bool, technical: Bool, clear: Bool)] = [
        (.methodUnstable, "METHOD_UNSTABLE", true, true, true),
        (.pluginUnavailable(explanation: "no vault"), "PLUGIN_INCOMPATIBLE", true, true, true),
        (.notInSession, "DOES_NOT_BELONG_TO_CURRENT_SESSION", false, false, true),
        (.minAmountNotMet(minAmount: 100, restToPay: 70), "MIN_AMOUNT_NOT_MET", false, false, false),
        (.maxAmountExceeded(maxAmount: 1000, restToPay: 1040), "MAX_AMOUNT_EXCEEDED", false, false, false),
        (
            .amountConditionUnreachable(minAmount: 100, maxAmount: nil, orderAmount: Decimal(string: "42.5")!),
            "AMOUNT_CONDITION_UNREACHABLE", true, false, false
        ),
        (.paymentFulfilled, "PAYMENT_FULFILLED", false, false, false),
        (.usageLimitReached(limit: 1, count: 1), "USAGE_LIMIT_ERROR", false, false, false),
        (.maxAmountReached(maxAmount: 50, contribution: 50), "MAX_AMOUNT_REACHED", false, false, false),
        (.tokenInitFailed(explanation: "BLOCKED_CARD"), "TOKEN_INIT_FAILED", false, true, true),
        (.balancePending, "BALANCE_PENDING", false, false, false),
        (.emptyBalance, "SECONDARY_TOKEN_EMPTY_BALANCE", false, false, false),
        (.alreadyApplied, "SECONDARY_TOKEN_ALREADY_APPLIED", false, false, false),
        (.submitting, "SUBMITTING", false, false, false),
        (.submitted, "SESSION_ALREADY_SUBMITTED", false, false, false),
        (.sessionExpired, "EXPIRED_SESSION", false, false, true),
    ]

    @Test("codes and predicates, one row per cause")
    func codesAndPredicates() {
        #expect(Set(Self.causes.map(\.code)).count == Self.causes.count)
        for row in Self.causes {
            let reason = UnavailableReason(row.0, currency: .eur)
            #expect(reason.code == row.code)
            #expect(reason.shouldBeHidden == row.hidden, "\(row.code)")
            #expect(reason.isTechnical == row.technical, "\(row.code)")
            #expect(reason.requiresUIClear == row.clear, "\(row.code)")
            #expect(!reason.message.isEmpty && reason.description == "\(row.code): \(reason.message)")
        }
    }

    @Test("figures as arguments and in the message, in the currency's precision")
    func figures() {
        let minimum = UnavailableReason(.minAmountNotMet(minAmount: 100, restToPay: 70), currency: .eur)
        #expect(minimum.arguments == ["minAmount": "100.00", "restToPay": "70.00", "currency": "EUR"])
        #expect(
            minimum.message
                == "available from 100.00 EUR: 70.00 EUR is left to pay; remove a gift card to use it")
        let unreachable = UnavailableReason(
            .amountConditionUnreachable(minAmount: 100, maxAmount: nil, orderAmount: Decimal(string: "42.5")!),
            currency: .eur)
        #expect(unreachable.arguments == ["minAmount": "100.00", "orderAmount": "42.50", "currency": "EUR"])
        #expect(unreachable.message == "pays orders from 100.00 EUR; this order is 42.50 EUR")
        let limit = UnavailableReason(.usageLimitReached(limit: 2, count: 2), currency: .eur)
        #expect(limit.arguments == ["limit": "2", "count": "2"])
        #expect(limit.message.hasPrefix("only 2 cards of this kind per payment, and 2 are in the split"))
        let yen = UnavailableReason(.maxAmountReached(maxAmount: 5000, contribution: 1200), currency: .jpy)
        #expect(yen.arguments == ["maxAmount": "5000", "contribution": "1200", "currency": "JPY"])
        #expect(Availability.unavailable(yen).reason == yen && !Availability.unavailable(yen).isAvailable)
        #expect(Availability.available.isAvailable && Availability.available.description == "available")
    }
}
