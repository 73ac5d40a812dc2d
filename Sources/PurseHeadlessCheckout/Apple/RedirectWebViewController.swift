#if canImport(AuthenticationServices) && canImport(UIKit) && canImport(WebKit)
    import Foundation
    import UIKit
    import WebKit

    /// The modal web view of `WebAuthRedirectPresenter`: it loads the plan's content and asks the plan about
    /// every navigation (`RedirectPlan.navigationDecision(for:isMainFrame:)`), every new-window request
    /// (`newWindowDecision(for:)`: loaded in this one web view when allowed, since WebKit drops pop-ups a UI
    /// delegate does not handle) and every failed load (`loadFailureResult(domain:code:)`: a message, not a blank
    /// sheet), so the policy decides what loads and what ends the presentation.
    ///
    /// It uses a non-persistent website data store (nothing survives the page), shows the current host as its
    /// title so the shopper sees where they are, and ends with `canceled` on its Cancel button, a swipe down, the
    /// page closing itself, or the presenting task's cancellation. Every end goes through one
    /// `PresentationCompletion`, so the first wins and the rest are ignored.
    @MainActor
    final class RedirectWebViewController: UIViewController, WKNavigationDelegate, WKUIDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        private let plan: RedirectPlan
        private let content: RedirectPlan.WebContent
        private let completion: PresentationCompletion
        private var webView: WKWebView?
        private var isClosed = false

        /// Presents the web view from `host` in `slot` and returns when it ends.
        static func present(
            _ content: RedirectPlan.WebContent, plan: RedirectPlan, from host: UIViewController,
            in slot: PresentationSlot
        ) async -> RedirectPresentationResult {
            var controller: RedirectWebViewController?
            let result = await slot.run(
                { completion in
                    if let refusal = ModalPresentationCheck.refusalBefore(
                        hostIsInWindow: host.viewIfLoaded?.window != nil, hostIsBeingDismissed: host.isBeingDismissed)
                    {
                        completion.finish(.failed(refusal))
                        return
                    }
                    let made = RedirectWebViewController(content: content, plan: plan, completion: completion)
                    let navigation = UINavigationController(rootViewController: made)
                    navigation.presentationController?.delegate = made
                    controller = made
                    host.present(navigation, animated: true)
                    // UIKit refuses some presentations with a console message only: never wait for a page that is
                    // not there.
                    if let refusal = ModalPresentationCheck.refusalAfter(
                        isPresented: navigation.presentingViewController != nil)
                    {
                        completion.finish(.failed(refusal))
                    }
                },
                onCancel: { controller?.close() })
            controller?.close()
            return result
        }

        private init(content: RedirectPlan.WebContent, plan: RedirectPlan, completion: PresentationCompletion) {
            self.content = content
            self.plan = plan
            self.completion = completion
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        deinit {
            // Never leave the presenter waiting, whatever released the controller.
            completion.finish(.canceled)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let configuration = WKWebViewConfiguration()
            configuration.websiteDataStore = .nonPersistent()
            let webView = WKWebView(frame: view.bounds, configuration: configuration)
            webView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            webView.navigationDelegate = self
            webView.uiDelegate = self
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
            loadFailed(error)
        }

        func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
            loadFailed(error)
        }

        // MARK: WKUIDelegate

        func webView(
            _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
            for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
        ) -> WKWebView? {
            switch plan.newWindowDecision(for: navigationAction.request.url) {
            case .allow: webView.load(navigationAction.request)
            case .block: break
            case .finish(let result): finish(result)
            }
            return nil
        }

        func webViewDidClose(_ webView: WKWebView) {
            finish(.canceled)
        }

        // MARK: UIAdaptivePresentationControllerDelegate

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            finish(.canceled)
        }

        // MARK: Ending

        private func loadFailed(_ error: any Error) {
            let nsError = error as NSError
            if let result = plan.loadFailureResult(domain: nsError.domain, code: nsError.code) { finish(result) }
        }

        private func finish(_ result: RedirectPresentationResult) {
            guard completion.finish(result) else { return }
            close()
        }

        /// Stops the page and dismisses the sheet, once.
        func close() {
            guard !isClosed else { return }
            isClosed = true
            webView?.stopLoading()
            webView?.navigationDelegate = nil
            webView?.uiDelegate = nil
            webView = nil
            let presented = navigationController ?? self
            if presented.presentingViewController != nil, !presented.isBeingDismissed {
                presented.presentingViewController?.dismiss(animated: true)
            }
        }
    }
#endif
