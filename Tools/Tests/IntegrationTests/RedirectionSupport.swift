import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The sandbox's redirection methods, by how their page is reached.
enum RedirectionMethod: String, CaseIterable, CustomStringConvertible, Sendable {
    /// `fintecture-instantpayment`: a GET redirect.
    case get = "fintecture-instantpayment"
    /// `alma-cb2x`: a POST form (routed by `integration_mode`).
    case postForm = "alma-cb2x"
    /// `oney-cb3x`: an HTML form answer.
    case postHTML = "oney-cb3x"

    var description: String { rawValue }

    /// Whether `action` has this method's shape.
    func matches(_ action: RedirectAction?) -> Bool {
        switch (self, action) {
        case (.get, .get?), (.postForm, .postForm?), (.postHTML, .postHTML?): return true
        default: return false
        }
    }
}

/// The demo shopper's saved Visa that pays without CVV and needs a 3-D Secure challenge.
let threeDSVisaID = "0b5e55ed-0000-4000-8000-000000000003"

extension Harness {
    /// A scripted presenter on this wire: `SandboxTransport` in-process, `URLSessionTransport` over loopback.
    @MainActor
    func scriptedPresenter(
        _ steps: [ScriptedRedirectPresenter.Step], policy: RedirectPolicy = .sandboxShop
    ) -> ScriptedRedirectPresenter {
        ScriptedRedirectPresenter(
            policy: policy, transport: wire == .loopback ? URLSessionTransport() : SandboxTransport(sandbox),
            steps: steps)
    }

    /// What the merchant backend confirms: `GET /payment/v2/client-sessions/{id}`'s payment status.
    func authorizationStatus(of checkout: PurseHeadlessCheckout) async -> String? {
        await status(of: checkout)?.payment?.authorizationStatus
    }
}

/// The payload of a sandbox return URL's `purse-redirection-data` (a compact JWS read unverified: only a hint).
func redirectionData(_ url: URL) throws -> [String: String] {
    let hint = try #require(RedirectionData(returnURL: url))
    return [
        "client_session_id": hint.clientSessionID, "payment_id": hint.paymentID,
        "authorization_status": hint.authorizationStatus, "client_session_status": hint.clientSessionStatus,
    ].compactMapValues { $0 }
}

/// A transport that removes `step_id` from every `/init` answer: a gateway that answers 200 without one.
struct StepDroppingTransport: HTTPTransport {
    let base: any HTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await base.send(request)
        guard request.url.path.hasSuffix("/init"), var object = (try? JSONValue.parse(response.body))?.objectValue
        else { return response }
        object["step_id"] = nil
        response.body = JSONValue.object(object).serialized()
        return response
    }
}

/// A presenter that snapshots the checkout while its page is open (the app is about to be killed), then lets
/// `inner` carry on.
@MainActor
final class SnapshottingPresenter: RedirectPresenter {
    let inner: any RedirectPresenter
    weak var checkout: PurseHeadlessCheckout?
    private(set) var snapshots: [CheckoutSnapshot] = []

    init(inner: any RedirectPresenter) { self.inner = inner }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        if let checkout { snapshots.append(checkout.saveState()) }
        return await inner.present(action)
    }
}
