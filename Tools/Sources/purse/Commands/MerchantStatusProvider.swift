import Foundation
import PurseHeadlessCheckout

/// The checkout's ``PaymentStatusProvider`` in `purse checkout` on its embedded sandbox: the merchant backend
/// reads "Get a client session" with its access token, as a shop's backend would for its app.
struct MerchantStatusProvider: PaymentStatusProvider {
    let backend: MerchantBackend
    let token: String

    func paymentStatus(forSession sessionID: String) async throws -> PaymentStatusReport {
        let status = try await backend.status(token: token, sessionID: sessionID)
        return PaymentStatusReport(
            clientSessionStatus: status.session, paymentID: status.paymentID, authorizationStatus: status.authorization)
    }
}
