@testable import PurseHeadlessCheckout

/// Every cause and error code, for the catalogue checks.
enum UnavailableReasonCatalogue {
    static let everyCause: [UnavailableReason.Cause] = [
        .methodUnstable, .pluginUnavailable(explanation: "no plugin"), .notInSession,
        .minAmountNotMet(minAmount: 50, restToPay: 30), .maxAmountExceeded(maxAmount: 100, restToPay: 150),
        .amountConditionUnreachable(minAmount: 50, maxAmount: 100, orderAmount: 20),
        .amountConditionUnreachable(minAmount: 50, maxAmount: nil, orderAmount: 20),
        .amountConditionUnreachable(minAmount: nil, maxAmount: 10, orderAmount: 20),
        .amountConditionUnreachable(minAmount: nil, maxAmount: nil, orderAmount: 20), .paymentFulfilled,
        .usageLimitReached(limit: 1, count: 1), .usageLimitReached(limit: 2, count: 2),
        .maxAmountReached(maxAmount: 150, contribution: 150), .tokenInitFailed(explanation: "timeout"),
        .balancePending, .emptyBalance, .alreadyApplied, .submitting, .submitted, .sessionExpired,
    ]

    static let everyCode: [PurseCheckoutError.Code] = [
        .widgetDataMalformed, .sessionMalformed, .expiredSession, .sessionAlreadySubmitted, .missingWalletSession,
        .apiError, .networkError, .apiUnreachable, .invalidResponse, .requestCancelled, .methodNotImplemented,
        .paymentMethodNotFound,
        .paymentTokenNotFoundInSession, .methodDisabled, .methodIsNotSimulable, .invalidLoanSimulation,
        .secondaryMethodWrongPANFormat, .secondaryMethodRequiredCVV, .secondaryMethodWrongCVVFormat,
        .secondaryMethodTakePolicyViolated, .secondaryMethodRequestAborted, .failedToInitSecondaryToken,
        .secondaryTokenEmptyBalance, .invalidTakeAmount, .maxAmountReached, .usageLimitError,
        .secondaryTokenAlreadyApplied, .userActionRequestHasExpired, .userActionRequestAbortedByCustomer,
        .otherTransactionPendingForAccount, .missingToken, .invalidTokenName, .tokenNameExists, .tokenNotRegisterable,
        .methodNotRegisterable, .failedToDeleteAllTokens, .paymentNotFulfilledOnSubmit, .elementNotFulfilled,
        .validateFailed, .onBeforeValidateHookFailed, .unknownError, .applePayUnavailable, .applePayAmountChanged,
        .applePayInvalidToken,
    ]
}
