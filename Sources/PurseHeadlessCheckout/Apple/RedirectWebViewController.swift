#if canImport(AuthenticationServices) && canImport(UIKit) && canImport(WebKit)
    import Foundation
    import UIKit
    import WebKit

    /// The modal web view of `WebAuthRedirectPresenter`: it loads the plan's content and asks the plan about
    /// every navigation (`RedirectPlan.navigationDecision(for:isMainFrame:)`), so the policy decides what loads
    /// and what ends the presentation.
    ///
    /// It uses a non-persistent website data store (nothing survives the page), shows the current host as its
    /// title so the shopper sees where they are, and ends with `canceled` on its Cancel button or a swipe down.
    @MainActor
    final class RedirectWebViewController: UIViewController, WKNavigationDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        private let plan: RedirectPlan
        private let content: RedirectPlan.WebContent
        private var continuation: CheckedContinuation<RedirectPresentationResult, Never>?
        private var webView: WKWebView?

        /// Presents the web view from `host` and returns when it ends.
        static func present(
            _ content: RedirectPlan.WebContent, plan: RedirectPlan, from host: UIViewController
        ) async -> RedirectPresentationResult {
            await withCheckedContinuation { (continuation: CheckedContinuation<RedirectPresentationResult, Never>) in
                let controller = RedirectWebViewController(content: content, plan: plan, continuation: continuation)
                let navigation = UINavigationController(rootViewController: controller)
                navigation.presentationController?.delegate = controller
                host.present(navigation, animated: true)
            }
        }

        private init(
            content: RedirectPlan.WebContent, plan: RedirectPlan,
            continuation: CheckedContinuation<RedirectPresentationResult, Never>
        ) {
            self.content = content
            self.plan = plan
            self.continuation = continuation
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        deinit {
            // Never leave the presenter waiting, whatever dismissed the controller.
            continuation?.resume(returning: .canceled)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let configuration = WKWebViewConfiguration()
            configuration.websiteDataStore = .nonPersistent()
            let webView = WKWebView(frame: view.bounds, configuration: configuration)
            webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            webView.navigationDelegate = self
            view.addSubview(webView)
            self.webView = webView
            navigationItem.leftBarButtonItem = UIBarButtonItem(
                systemItem: .cancel, primaryAction: UIAction { [weak self] _ in self?.finish(.canceled) })
            switch content {
            case .url(let url): webView.load(URLRequest(url: url))
            case .html(let html): webView.loadHTMLString(html, baseURL: nil)
            }
        }

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
        ) {
            guard let url = navigationAction.request.url else {
                decisionHandler(.cancel)
                return
            }
            // No target frame: the page asked for a new window; it loads here, as a main-frame navigation.
            let opensWindow = navigationAction.targetFrame == nil
            switch plan.navigationDecision(for: url, isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true) {
            case .allow where opensWindow:
                decisionHandler(.cancel)
                webView.load(navigationAction.request)
            case .allow:
                decisionHandler(.allow)
            case .block:
                decisionHandler(.cancel)
            case .finish(let result):
                decisionHandler(.cancel)
                finish(result)
            }
        }

        func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
            title = webView.url?.host
        }

        func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
        ) {
            let nsError = error as NSError
            // A navigation this controller cancelled (the return, a blocked frame) reports an interruption.
            let interrupted =
                (nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled)
                || (nsError.domain == "WebKitErrorDomain" && nsError.code == 102)
            guard !interrupted else { return }
            finish(.failed(RedirectError.cannotPresent("the payment page could not be loaded")))
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            finish(.canceled)
        }

        private func finish(_ result: RedirectPresentationResult) {
            guard let continuation else { return }
            self.continuation = nil
            webView?.stopLoading()
            webView?.navigationDelegate = nil
            (navigationController ?? self).presentingViewController?.dismiss(animated: true)
            continuation.resume(returning: result)
        }
    }
#endif
