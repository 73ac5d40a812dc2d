extension PurseCheckoutError {
    /// A stable error code string. Codes match the Purse docs and web SDK so that logs, dashboards and
    /// support answers line up across platforms.
    public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The code as the Purse docs spell it, e.g. `API_ERROR`.
        public let rawValue: String
        /// Wraps a code string, such as one a server sent that this SDK has no constant for.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A code written as a literal: `let code: PurseCheckoutError.Code = "API_ERROR"`.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// The code itself, e.g. `EXPIRED_SESSION`.
        public var description: String { rawValue }

        // Session and widget data
        /// The widget data is not base64 of a JSON object.
        public static let widgetDataMalformed: Code = "WIDGET_DATA_MALFORMED"
        /// The decoded session is missing something or has a wrong type; the message names the path.
        public static let sessionMalformed: Code = "SESSION_MALFORMED"
        /// The session's expiration date has passed (checked against server time).
        public static let expiredSession: Code = "EXPIRED_SESSION"
        /// The checkout was already submitted; a second submit is refused.
        public static let sessionAlreadySubmitted: Code = "SESSION_ALREADY_SUBMITTED_ERROR"
        /// The client session carries no wallet session.
        public static let missingWalletSession: Code = "MISSING_WALLET_SESSION"
        /// The checkout was torn down (`teardown()`): it refuses every call.
        public static let checkoutTerminated: Code = "CHECKOUT_TERMINATED"
        /// An asynchronous call finished after the checkout had moved on: a newer `updateSession` superseded it, or
        /// the checkout moved onto another session while it ran. Its result was discarded and nothing changed; call
        /// it again on the checkout as it is now.
        public static let sessionChanged: Code = "SESSION_CHANGED"

        // API
        /// The server answered with an HTTP error, e.g. `Payment API POST /init failed: HTTP 404`.
        public static let apiError: Code = "API_ERROR"
        /// The request was sent, or may have been, and got no answer: a timeout, a connection reset or closed
        /// after the request was written, an HTTP 408. For a call that changes something (a payment, a wallet
        /// edit) the outcome is unknown and the message says so; for a read it is not (nothing was charged).
        public static let networkError: Code = "NETWORK_ERROR"
        /// The request was never sent: no connection to the API could be made (refused, host not found, no route,
        /// offline). Nothing reached the server, so nothing was processed or charged, and retrying is safe. Opening
        /// a checkout against an API that cannot be reached throws it.
        public static let apiUnreachable: Code = "API_UNREACHABLE"
        /// The server answered 2xx with a body that could not be read.
        public static let invalidResponse: Code = "INVALID_RESPONSE"
        /// The call was cancelled (task cancellation).
        public static let requestCancelled: Code = "REQUEST_CANCELLED"

        // Methods and tokens
        /// No plugin or config exists for this (partner, method).
        public static let methodNotImplemented: Code = "METHOD_NOT_IMPLEMENTED"
        /// The method is not in this session.
        public static let paymentMethodNotFound: Code = "PAYMENT_METHOD_NOT_FOUND"
        /// The token is not in this session.
        public static let paymentTokenNotFoundInSession: Code = "PAYMENT_TOKEN_NOT_FOUND_IN_SESSION"
        /// The method is disabled (unstable, or outside its amount range).
        public static let methodDisabled: Code = "METHOD_DISABLED"
        /// The method offers no loan simulation (it is not labelled `simulable`, or the lender says so).
        public static let methodIsNotSimulable: Code = "METHOD_IS_NOT_SIMULABLE"
        /// The loan simulation failed or is invalid: nothing to finance, an amount outside the plan's range, or an
        /// answer whose instalments do not add up.
        public static let invalidLoanSimulation: Code = "INVALID_LOAN_SIMULATION"

        // Secondary methods
        /// The PAN does not match the issuer's rule.
        public static let secondaryMethodWrongPANFormat: Code = "SECONDARY_METHOD_WRONG_PAN_FORMAT"
        /// This PAN needs a CVV.
        public static let secondaryMethodRequiredCVV: Code = "SECONDARY_METHOD_REQUIRED_CVV"
        /// The CVV does not match the issuer's rule.
        public static let secondaryMethodWrongCVVFormat: Code = "SECONDARY_METHOD_WRONG_CVV_FORMAT"
        /// The issuer only allows taking the whole balance.
        public static let secondaryMethodTakePolicyViolated: Code = "SECONDARY_METHOD_TAKE_POLICY_VIOLATED"
        /// `getSecondaryToken` was cancelled.
        public static let secondaryMethodRequestAborted: Code = "SECONDARY_METHOD_REQUEST_ABORTED"
        /// `/init` refused the gift card.
        public static let failedToInitSecondaryToken: Code = "FAILED_TO_INIT_SECONDARY_TOKEN"
        /// The card has no balance (or its balance has not been read yet).
        public static let secondaryTokenEmptyBalance: Code = "SECONDARY_TOKEN_EMPTY_BALANCE"
        /// Negative, above the balance, or above what is left to pay.
        public static let invalidTakeAmount: Code = "INVALID_TAKE_AMOUNT"
        /// Above the issuer's maximum per payment.
        public static let maxAmountReached: Code = "MAX_AMOUNT_REACHED"
        /// The issuer's per-session usage limit is spent.
        public static let usageLimitError: Code = "USAGE_LIMIT_ERROR"
        /// The gift card is already in the split, read the other way: saved in the wallet and typed by number
        /// are one physical card, which pays once.
        public static let secondaryTokenAlreadyApplied: Code = "SECONDARY_TOKEN_ALREADY_APPLIED"
        /// The shopper did not confirm in time (app-approval issuers).
        public static let userActionRequestHasExpired: Code = "USER_ACTION_REQUEST_HAS_EXPIRED"
        /// The shopper refused in the issuer's app.
        public static let userActionRequestAbortedByCustomer: Code = "USER_ACTION_REQUEST_ABORTED_BY_CUSTOMER"
        /// Another transaction is pending on the shopper's account.
        public static let otherTransactionPendingForAccount: Code = "OTHER_TRANSACTION_PENDING_FOR_ACCOUNT"

        // Wallet and registration
        /// The token is not in the wallet anymore.
        public static let missingToken: Code = "MISSING_TOKEN"
        /// The label is not 1–25 letters, digits or spaces.
        public static let invalidTokenName: Code = "INVALID_TOKEN_NAME"
        /// Another saved instrument already uses that label.
        public static let tokenNameExists: Code = "TOKEN_NAME_EXISTS"
        /// Saving is not allowed for this token.
        public static let tokenNotRegisterable: Code = "TOKEN_NOT_REGISTERABLE"
        /// Saving is not allowed for this method.
        public static let methodNotRegisterable: Code = "METHOD_NOT_REGISTERABLE"
        /// Deleting every token failed.
        public static let failedToDeleteAllTokens: Code = "FAILED_TO_DELETE_ALL_TOKENS"

        // Card fields
        /// The network chosen for a card is one the method does not accept (``CardForm/selectBrand(_:)``).
        public static let notSupportedBrand: Code = "NOT_SUPPORTED_BRAND"
        /// The network chosen for a card is not one the card carries: only a co-badged card's detected networks
        /// may be chosen (``CardForm/selectBrand(_:)``).
        public static let brandNotBelongsToDetected: Code = "BRAND_NOT_BELONGS_TO_DETECTED"

        // Payment
        /// Submit was called while the split does not cover the amount or the primary is not ready.
        public static let paymentNotFulfilledOnSubmit: Code = "PAYMENT_NOT_FULFILLED_ON_SUBMIT"
        /// The element is not ready for this action.
        public static let elementNotFulfilled: Code = "ELEMENT_NOT_FULFILLED"
        /// `/validate` failed.
        public static let validateFailed: Code = "VALIDATE_FAILED"
        /// The hook that runs before `/validate` threw.
        public static let onBeforeValidateHookFailed: Code = "ON_BEFORE_VALIDATE_HOOK_FAILED"
        /// A payment was sent and its answer was lost (``SessionState/outcomeUnknown``): the cart, the primary and
        /// the split cannot change until a definitive answer. Submit again (the same attempt is replayed under the
        /// same idempotency key, so it is charged at most once) or confirm the payment (`confirmPayment`).
        public static let paymentOutcomeUnknown: Code = "PAYMENT_OUTCOME_UNKNOWN"
        /// Anything else.
        public static let unknownError: Code = "UNKNOWN_ERROR"

        // Apple Pay
        /// The Apple Pay sheet cannot be shown: no sheet was given (off device), or PassKit refused to present it
        /// (no card for the networks, restrictions). Nothing was charged.
        public static let applePayUnavailable: Code = "APPLE_PAY_UNAVAILABLE"
        /// The split changed while the Apple Pay sheet was open (a gift card applied or removed), so the amount the
        /// shopper authorized is not what is left to pay. Nothing was charged; submit again to show the new amount.
        public static let applePayAmountChanged: Code = "APPLE_PAY_AMOUNT_CHANGED"
        /// The gateway refused the Apple Pay payment data at `init-xpay` (`INVALID_APPLE_PAY_TOKEN`). Nothing was
        /// charged.
        public static let applePayInvalidToken: Code = "APPLE_PAY_INVALID_TOKEN"

        /// The group a code belongs to unless the thrower says otherwise.
        public var defaultKind: Kind {
            switch self {
            case .invalidTakeAmount, .maxAmountReached, .usageLimitError, .secondaryMethodTakePolicyViolated,
                .secondaryTokenAlreadyApplied:
                return .invalidTake
            case .missingWalletSession, .missingToken, .invalidTokenName, .tokenNameExists, .tokenNotRegisterable,
                .methodNotRegisterable, .failedToDeleteAllTokens:
                return .walletOperationFailed
            case .secondaryMethodWrongPANFormat, .secondaryMethodRequiredCVV, .secondaryMethodWrongCVVFormat,
                .secondaryMethodRequestAborted, .failedToInitSecondaryToken, .secondaryTokenEmptyBalance,
                .userActionRequestHasExpired, .userActionRequestAbortedByCustomer,
                .otherTransactionPendingForAccount:
                return .secondaryTokenizationFailed
            case .widgetDataMalformed, .sessionMalformed, .expiredSession, .sessionAlreadySubmitted,
                .checkoutTerminated, .sessionChanged:
                return .session
            case .apiError, .networkError, .apiUnreachable, .invalidResponse, .requestCancelled:
                return .api
            case .paymentNotFulfilledOnSubmit, .elementNotFulfilled, .validateFailed, .onBeforeValidateHookFailed,
                .paymentOutcomeUnknown, .applePayUnavailable, .applePayAmountChanged, .applePayInvalidToken:
                return .payment
            case .methodNotImplemented, .paymentMethodNotFound, .paymentTokenNotFoundInSession, .methodDisabled,
                .methodIsNotSimulable, .invalidLoanSimulation, .notSupportedBrand, .brandNotBelongsToDetected:
                return .method
            default:
                return .other
            }
        }

        /// A generic message used when the thrower gives none.
        var defaultMessage: String {
            switch self {
            case .secondaryMethodWrongPANFormat: return "The card number does not match the issuer's format"
            case .secondaryMethodRequiredCVV: return "This card needs its CVV (PIN)"
            case .secondaryMethodWrongCVVFormat: return "The CVV (PIN) does not match the issuer's format"
            case .secondaryTokenEmptyBalance: return "The card has no balance"
            case .missingWalletSession: return "The client session carries no wallet session"
            case .methodNotImplemented: return "No plugin is available for this method"
            default: return rawValue.lowercased().replacingOccurrences(of: "_", with: " ")
            }
        }
    }
}
