public import Foundation

/// Why an item cannot pay now: a typed cause with its figures, a stable ``code``, named ``arguments`` and an
/// English ``message`` a person can act on.
///
/// Codes follow the Purse web SDK's `DisabledState` names where it has one (`MIN_AMOUNT_NOT_MET`,
/// `MAX_AMOUNT_EXCEEDED`, `AMOUNT_CONDITION_UNREACHABLE`, `METHOD_UNSTABLE`, `PAYMENT_FULFILLED`,
/// `TOKEN_INIT_FAILED`, `PLUGIN_INCOMPATIBLE`, `DOES_NOT_BELONG_TO_CURRENT_SESSION`, `SUBMITTING`), and its error
/// names for the split's limits (`USAGE_LIMIT_ERROR`, `MAX_AMOUNT_REACHED`). An app that words reasons itself
/// switches on ``cause`` or looks up ``code`` with ``arguments`` in its own catalogue.
///
/// What to do with the row:
///
/// | cause | ``shouldBeHidden`` | ``isTechnical`` | ``requiresUIClear`` |
/// |---|---|---|---|
/// | ``Cause/methodUnstable``, ``Cause/pluginUnavailable(explanation:)`` | yes | yes | yes |
/// | ``Cause/tokenInitFailed(explanation:)`` | no | yes | yes |
/// | ``Cause/amountConditionUnreachable(minAmount:maxAmount:orderAmount:)`` | yes | no | no |
/// | ``Cause/notInSession``, ``Cause/sessionExpired`` | no | no | yes |
/// | every other cause (amounts, limits, fulfilled, balances, submitting) | no | no | no |
///
/// A row that is neither hidden nor available is shown greyed out with ``message``; the amount and limit causes
/// flip back to available when the split changes.
public struct UnavailableReason: Sendable, Hashable, CustomStringConvertible {
    /// The cause, with its figures in major units of ``currency``.
    public enum Cause: Sendable, Hashable {
        /// `METHOD_UNSTABLE`: the session marks the method `stable: false` (the partner is degraded).
        case methodUnstable
        /// `PLUGIN_INCOMPATIBLE`: no plugin pays the item on this platform; `explanation` is the plugin's own
        /// account (a `pci_proxy` vault, PayPal without `PurseCheckoutPayPal`, Apple Pay without a merchant
        /// identifier, an issuer with no ``SecondaryConfig``, a template nothing routes).
        case pluginUnavailable(explanation: String)
        /// `DOES_NOT_BELONG_TO_CURRENT_SESSION`: the item is not (or no longer) offered by this checkout's session
        /// or wallet: a token deleted, a card read for another session, a method another session offered.
        case notInSession
        /// `MIN_AMOUNT_NOT_MET`: what is left for the primary (`restToPay`) is below the method's minimum; taking
        /// gift cards out raises it.
        case minAmountNotMet(minAmount: Decimal, restToPay: Decimal)
        /// `MAX_AMOUNT_EXCEEDED`: what is left for the primary (`restToPay`) is above the method's maximum;
        /// gift cards can bring it down.
        case maxAmountExceeded(maxAmount: Decimal, restToPay: Decimal)
        /// `AMOUNT_CONDITION_UNREACHABLE`: no split can bring the order within the method's range (the order is
        /// below the minimum, or the range is empty).
        case amountConditionUnreachable(minAmount: Decimal?, maxAmount: Decimal?, orderAmount: Decimal)
        /// `PAYMENT_FULFILLED`: the gift cards already cover the order; nothing is left for this item to pay.
        case paymentFulfilled
        /// `USAGE_LIMIT_ERROR`: the issuer allows `limit` cards per payment and `count` of them are in the split.
        case usageLimitReached(limit: Int, count: Int)
        /// `MAX_AMOUNT_REACHED`: the issuer's maximum per payment (`maxAmount`) is spent by its cards in the
        /// split (`contribution`).
        case maxAmountReached(maxAmount: Decimal, contribution: Decimal)
        /// `TOKEN_INIT_FAILED`: the saved gift card's balance could not be read this session; `explanation`
        /// says what the issuer or the network answered.
        case tokenInitFailed(explanation: String)
        /// `BALANCE_PENDING`: the saved gift card's balance look-up has not answered yet.
        case balancePending
        /// `SECONDARY_TOKEN_EMPTY_BALANCE`: the card has nothing left to pay with.
        case emptyBalance
        /// `SECONDARY_TOKEN_ALREADY_APPLIED`: the same physical card is in the split the other way (saved, or
        /// typed by number).
        case alreadyApplied
        /// `SUBMITTING`: the payment is being submitted.
        case submitting
        /// `SESSION_ALREADY_SUBMITTED`: the payment was submitted; the split no longer changes.
        case submitted
        /// `EXPIRED_SESSION`: the session expired; open a new one.
        case sessionExpired
    }

    /// The cause and its figures.
    public let cause: Cause
    /// The order currency the figures are in.
    public let currency: Currency

    /// Creates a reason for `cause`, its figures in `currency`.
    public init(_ cause: Cause, currency: Currency) {
        self.cause = cause
        self.currency = currency
    }

    /// The stable code, e.g. `MIN_AMOUNT_NOT_MET`.
    public var code: String {
        switch cause {
        case .methodUnstable: "METHOD_UNSTABLE"
        case .pluginUnavailable: "PLUGIN_INCOMPATIBLE"
        case .notInSession: "DOES_NOT_BELONG_TO_CURRENT_SESSION"
        case .minAmountNotMet: "MIN_AMOUNT_NOT_MET"
        case .maxAmountExceeded: "MAX_AMOUNT_EXCEEDED"
        case .amountConditionUnreachable: "AMOUNT_CONDITION_UNREACHABLE"
        case .paymentFulfilled: "PAYMENT_FULFILLED"
        case .usageLimitReached: "USAGE_LIMIT_ERROR"
        case .maxAmountReached: "MAX_AMOUNT_REACHED"
        case .tokenInitFailed: "TOKEN_INIT_FAILED"
        case .balancePending: "BALANCE_PENDING"
        case .emptyBalance: "SECONDARY_TOKEN_EMPTY_BALANCE"
        case .alreadyApplied: "SECONDARY_TOKEN_ALREADY_APPLIED"
        case .submitting: "SUBMITTING"
        case .submitted: "SESSION_ALREADY_SUBMITTED"
        case .sessionExpired: "EXPIRED_SESSION"
        }
    }

    /// The figures by name, as text: amounts in the currency's full precision with a `.` (`"50.00"`), counts in
    /// digits, plus `currency` whenever there is an amount. With ``code``, what a message catalogue needs.
    public var arguments: [String: String] {
        func amount(_ value: Decimal) -> String { Self.number(value, currency: currency) }
        var arguments: [String: String]
        switch cause {
        case .minAmountNotMet(let minimum, let rest):
            arguments = ["minAmount": amount(minimum), "restToPay": amount(rest)]
        case .maxAmountExceeded(let maximum, let rest):
            arguments = ["maxAmount": amount(maximum), "restToPay": amount(rest)]
        case .amountConditionUnreachable(let minimum, let maximum, let order):
            arguments = ["orderAmount": amount(order)]
            if let minimum { arguments["minAmount"] = amount(minimum) }
            if let maximum { arguments["maxAmount"] = amount(maximum) }
        case .maxAmountReached(let maximum, let contribution):
            arguments = ["maxAmount": amount(maximum), "contribution": amount(contribution)]
        case .usageLimitReached(let limit, let count):
            return ["limit": String(limit), "count": String(count)]
        case .pluginUnavailable(let explanation), .tokenInitFailed(let explanation):
            return ["explanation": explanation]
        case .methodUnstable, .notInSession, .paymentFulfilled, .balancePending, .emptyBalance, .alreadyApplied,
            .submitting, .submitted, .sessionExpired:
            return [:]
        }
        arguments["currency"] = currency.code
        return arguments
    }

    /// What is wrong and what to do, in English, amounts with their currency (`"available from 50.00 EUR: 30.00
    /// EUR is left to pay; remove a gift card to use it"`). Never contains card data.
    public var message: String {
        func amount(_ value: Decimal) -> String { "\(Self.number(value, currency: currency)) \(currency.code)" }
        switch cause {
        case .methodUnstable:
            return "this method is temporarily unavailable: offer another one"
        case .pluginUnavailable(let explanation):
            return "not payable on this platform: \(explanation)"
        case .notInSession:
            return "not offered by this checkout's session or wallet (any more): list the items again"
        case .minAmountNotMet(let minimum, let rest):
            return "available from \(amount(minimum)): \(amount(rest)) is left to pay; remove a gift card to use it"
        case .maxAmountExceeded(let maximum, let rest):
            return "pays at most \(amount(maximum)): \(amount(rest)) is left to pay; apply a gift card to use it"
        case .amountConditionUnreachable(let minimum, let maximum, let order):
            let range =
                switch (minimum, maximum) {
                case (let minimum?, let maximum?): "between \(amount(minimum)) and \(amount(maximum))"
                case (let minimum?, nil): "from \(amount(minimum))"
                case (nil, let maximum?): "up to \(amount(maximum))"
                case (nil, nil): "in no range"
                }
            return "pays orders \(range); this order is \(amount(order))"
        case .paymentFulfilled:
            return "the gift cards already cover the order: nothing is left to pay"
        case .usageLimitReached(let limit, let count):
            return "only \(limit) card\(limit == 1 ? "" : "s") of this kind per payment, and \(count) "
                + "\(count == 1 ? "is" : "are") in the split: remove one to use another"
        case .maxAmountReached(let maximum, let contribution):
            return "this issuer pays at most \(amount(maximum)) per payment and its cards already pay "
                + "\(amount(contribution)): pay the rest another way"
        case .tokenInitFailed(let explanation):
            return "its balance could not be read this session (\(explanation)): enter the card again"
        case .balancePending:
            return "its balance is being read: wait a moment"
        case .emptyBalance:
            return "the card has no balance left"
        case .alreadyApplied:
            return "this card is already in the split: one card pays once"
        case .submitting:
            return "the payment is being submitted"
        case .submitted:
            return "the payment was submitted: the split no longer changes"
        case .sessionExpired:
            return "the session expired: open a new checkout"
        }
    }

    /// Whether to leave the item out of the list (the web SDK's `disabledStateShouldBeFiltered`): nothing the
    /// shopper does in this session makes it payable.
    public var shouldBeHidden: Bool {
        switch cause {
        case .methodUnstable, .pluginUnavailable, .amountConditionUnreachable: true
        default: false
        }
    }

    /// Whether the cause is a technical failure rather than a rule of the order (the web SDK's
    /// `isTechnicallyDisabled`): show it as an error, not as "not for this amount".
    public var isTechnical: Bool {
        switch cause {
        case .methodUnstable, .pluginUnavailable, .tokenInitFailed: true
        default: false
        }
    }

    /// Whether to tear down what the app rendered for the item (a card form, a CVV field, a gift-card form) and
    /// forget what the shopper typed in it (the web SDK's `disabledStateRequiresUIClear`): it cannot be used in
    /// this session. Amount and limit causes keep the form, since they flip back when the split changes.
    public var requiresUIClear: Bool {
        switch cause {
        case .methodUnstable, .pluginUnavailable, .tokenInitFailed, .notInSession, .sessionExpired: true
        default: false
        }
    }

    /// `CODE: message`.
    public var description: String { "\(code): \(message)" }

    /// `value` written with the currency's full precision (`"50.00"`), or as it is when it has more digits.
    static func number(_ value: Decimal, currency: Currency) -> String {
        (try? Money(decimal: value, currency: currency).formattedNumber) ?? "\(value)"
    }
}
