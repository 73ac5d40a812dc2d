/// What your backend read about a client session: the fields of Purse's "Get a client session"
/// (`GET /payment/v2/client-sessions/{id}`) that confirm a payment.
public struct PaymentStatusReport: Sendable, Hashable {
    /// The client session's `status` (`CREATED`, `SUBMITTED`, `COMPLETED`, `EXPIRED`…).
    public var clientSessionStatus: String?
    /// The latest payment's id, when the session has one.
    public var paymentID: String?
    /// The latest payment's `authorization_status`: `AUTHORIZED`, `PENDING`, `REFUSED`, `ABORTED` or `ERROR`;
    /// `nil` while the session has no payment.
    public var authorizationStatus: String?
    /// The refusal's own code, when your backend has one (a partner's `REJECTED_BANK`); otherwise a refusal is
    /// reported with its authorization status.
    public var refusalCode: String?

    /// A report of what your backend read.
    public init(
        clientSessionStatus: String? = nil, paymentID: String? = nil, authorizationStatus: String? = nil,
        refusalCode: String? = nil
    ) {
        self.clientSessionStatus = clientSessionStatus
        self.paymentID = paymentID
        self.authorizationStatus = authorizationStatus
        self.refusalCode = refusalCode
    }
}

/// Asks your backend for a client session's payment status: the judge of a payment's outcome.
///
/// The app implements it; its backend reads Purse's "Get a client session" with the merchant API's
/// credentials, which an app must never hold. Set it as ``PurseCheckoutConfiguration/paymentStatusProvider``,
/// and the checkout confirms a payment after its page (``PurseHeadlessCheckout/confirmPayment(policy:)``).
/// ```swift
/// struct ShopBackendStatus: PaymentStatusProvider {
///     func paymentStatus(forSession sessionID: String) async throws -> PaymentStatusReport {
///         let answer = try await ShopAPI.paymentStatus(clientSession: sessionID)   // your endpoint
///         return PaymentStatusReport(
///             clientSessionStatus: answer.status, paymentID: answer.paymentID,
///             authorizationStatus: answer.authorizationStatus)
///     }
/// }
/// ```
/// Throw when the answer cannot be had or read: the checkout tries again within its budget, and reports
/// ``PaymentStatus/unknown(reason:)`` rather than guess. Never answer from `purse-redirection-data`: it is an
/// unverified hint.
public protocol PaymentStatusProvider: Sendable {
    /// The status of `sessionID`'s latest payment, as your backend reads it now.
    func paymentStatus(forSession sessionID: String) async throws -> PaymentStatusReport
}
