// flavours: ios maccatalyst visionos
// The control of Rejected/NonSendableCapturedByDecisionHandler.swift: the same code, with the log isolated to the
// main actor (so Sendable). It must compile, which shows the rejected twin fails for the non-Sendable capture only.
import UIKit
import WebKit

/// Sendable: isolated to the main actor, where the decision handler runs.
@MainActor
final class PolicyLog {
    var decisions: [WKNavigationActionPolicy] = []
}

@MainActor
final class PaymentPageNavigator: NSObject, WKNavigationDelegate {
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        decisionHandler(navigationAction.targetFrame == nil ? .cancel : .allow)
    }
}

nonisolated func replay(
    _ action: WKNavigationAction, in webView: WKWebView, through navigator: PaymentPageNavigator, log: PolicyLog
) async {
    await navigator.webView(webView, decidePolicyFor: action) { policy in log.decisions.append(policy) }
}
