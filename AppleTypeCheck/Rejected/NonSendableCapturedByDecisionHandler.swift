// expect-error: sending 'log' risks causing data races
// flavours: ios maccatalyst visionos
//
// WebKit's decision handler is `@escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void`
// (https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62).
// Here nonisolated code hands a main-actor navigation delegate a handler that captures `log`, a value of a
// non-Sendable class owned by the calling task: Swift 6 rejects it (the closure runs on the main actor while the task
// can still use `log`). The same code with a main-actor `PolicyLog` compiles
// (Accepted/MainActorLogInDecisionHandler.swift), so the rejection is about Sendable, nothing else.
import UIKit
import WebKit

/// Not Sendable: a plain class with mutable state.
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
