/// ANCV Chèques-Vacances Connect (`ancv/connect`): the shopper gives their ANCV Connect account identifier, then
/// approves the payment in the ANCV app while the checkout keeps calling `/init` with the same `step_id`.
///
/// - The identifier: letters, digits and `@ . _ + -` (an account number or the e-mail of the account), 3 to 80
///   characters; no security code.
/// - `/init` sends it as `card.number`; while the answer's state is `WAITING` (the shopper has not answered yet),
///   the checkout asks again every 2 seconds of its clock, for at most 3 minutes (90 polls).
/// - The shopper's refusal (`ABORTED_BY_CUSTOMER`, or Purse's `USER_ACTION_REQUEST_ABORTED_BY_CUSTOMER`) is
///   `USER_ACTION_REQUEST_ABORTED_BY_CUSTOMER`; no answer in time (`EXPIRED_AUTHORIZATION`,
///   `USER_ACTION_REQUEST_HAS_EXPIRED`) is `USER_ACTION_REQUEST_HAS_EXPIRED`; another payment waiting on the account
///   (`OTHER_TRANSACTION_PENDING_FOR_ACCOUNT`) is that code. Any other refusal is `FAILED_TO_INIT_SECONDARY_TOKEN`.
/// - Partial takes are allowed: the approved amount is the balance the split may take from.
///
/// Purse does not publish ANCV Connect's identifier format or its polling budget: these are this SDK's choices, and
/// an app that needs others registers its own config for `ancv/connect`, which replaces this one.
struct AncvConnectConfig: SecondaryConfig {
    let takePolicy = SecondaryTakePolicy.none

    func requiresCVV(pan: String) -> Bool { false }

    func validatePAN(_ pan: String) -> Bool {
        let identifier = normalizedInput(pan)
        return (3...80).contains(identifier.count)
            && identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "@._+-".contains($0)) }
    }

    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] {
        ["card": ["number": .string(normalizedInput(pan))]]
    }

    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { [:] }

    func shouldPoll(_ initData: InitData) -> Bool { initData.status.state == .waiting }

    var maximumPollCount: Int { 90 }

    func classifyInitError(_ initData: InitData) -> PurseCheckoutError? {
        switch initData.status.code {
        case "ABORTED_BY_CUSTOMER", "USER_ACTION_REQUEST_ABORTED_BY_CUSTOMER":
            return PurseCheckoutError(.userActionRequestAbortedByCustomer)
        case "EXPIRED_AUTHORIZATION", "USER_ACTION_REQUEST_HAS_EXPIRED":
            return PurseCheckoutError(.userActionRequestHasExpired)
        case "OTHER_TRANSACTION_PENDING_FOR_ACCOUNT":
            return PurseCheckoutError(.otherTransactionPendingForAccount)
        default:
            return nil
        }
    }
}
