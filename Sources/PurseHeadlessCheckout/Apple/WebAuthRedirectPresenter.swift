#if canImport(AuthenticationServices) && canImport(UIKit) && canImport(WebKit)
    import AuthenticationServices
    import Foundation
    public import UIKit

    /// The iOS redirect presenter: `ASWebAuthenticationSession` for a GET redirect, a modal web view for the POST
    /// cases, catching the return on the policy's destination.
    ///
    /// ```swift
    /// let presenter = WebAuthRedirectPresenter(
    ///     policy: RedirectPolicy(
    ///         returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
    ///         additionalAllowedHosts: []          // empty: any https host in the chain is allowed
    ///     ),
    ///     presentingViewController: viewController,   // needed for the POST cases
    ///     prefersInAppWebView: false
    /// )
    /// let element = checkout.paymentElement(for: .primaryMethod(method), listener: listener, redirect: presenter)
    /// ```
    ///
    /// Every decision is taken by `RedirectPlan` (tested on Linux); this class only carries it out:
    /// - `.get` opens in `ASWebAuthenticationSession`, a real browser that ACS pages refusing embedded web views
    ///   still render, observing the custom scheme, or the universal link from iOS 17.4 (the session cannot observe
    ///   an https callback before, and observes one only on a host the app declares as `webcredentials:` besides
    ///   `applinks:`: see ``RedirectPolicy/requiredAssociatedDomains``). A universal link below iOS 17.4, a loopback destination, and
    ///   `prefersInAppWebView: true` use the in-app web view instead.
    /// - `.postForm` and `.postHTML` have no system-browser equivalent and always use the modal web view, presented
    ///   from `presentingViewController`, else the key window's root (else `failed`, message
    ///   `no view controller to present the redirect from`); a presentation UIKit refuses fails at once.
    /// - In the web view every navigation goes through the policy: the return destination ends the presentation
    ///   with `returned`, a refused URL ends it with `failed` (`refused redirect url`), Cancel or a swipe down with
    ///   `canceled`. The web view keeps no cookies or storage after it closes.
    ///
    /// To test code that uses it, pass `ScriptedRedirectPresenter` (module `PurseCheckoutTesting`) instead: it
    /// follows the same policy against the sandbox's pages without any UI.
    @MainActor
    public final class WebAuthRedirectPresenter: RedirectPresenter {
        /// What may be opened and what counts as the return.
        public let policy: RedirectPolicy
        /// Where the modal web view is presented from; the key window's root when `nil`. Held weakly.
        public weak var presentingViewController: UIViewController?
        /// Forces the in-app web view even for a GET (useful when the app claims no domain).
        public let prefersInAppWebView: Bool
        /// Whether `ASWebAuthenticationSession` keeps no browser cookies (no "wants to sign in" prompt either).
        /// `true` by default: a payment page needs no shared browser state.
        public var prefersEphemeralWebBrowserSession = true

        /// One page at a time, each ended exactly once (decided and tested in the core).
        private let slot = PresentationSlot()

        /// Creates a presenter.
        /// - Parameters:
        ///   - policy: What may be opened and what counts as the return.
        ///   - presentingViewController: Where the modal web view is presented from (required for `.postForm` and
        ///     `.postHTML`; the key window's root is the fallback).
        ///   - prefersInAppWebView: Use the in-app web view even for a GET.
        public init(
            policy: RedirectPolicy, presentingViewController: UIViewController? = nil, prefersInAppWebView: Bool = false
        ) {
            self.policy = policy
            self.presentingViewController = presentingViewController
            self.prefersInAppWebView = prefersInAppWebView
        }

        /// Shows the page the action describes and returns when the shopper came back, closed it, or it failed.
        ///
        /// One page at a time: a second call while a page is open fails with `REDIRECT_PRESENTATION_FAILED`
        /// (`a redirect page is already open`) and leaves the first alone. Cancelling the calling task closes the
        /// page and reports `canceled` (the checkout does so when the app hands the return over with
        /// ``PurseHeadlessCheckout/handleReturnURL(_:policy:)``).
        public func present(_ action: RedirectAction) async -> RedirectPresentationResult {
            guard !slot.isPresenting else { return .failed(RedirectError.alreadyPresenting) }
            let host = presentingViewController ?? Self.keyWindow()?.rootViewController
            let options = WebAuthenticationOptions(
                osVersion: RedirectOSVersion(ProcessInfo.processInfo.operatingSystemVersion),
                prefersInAppWebView: prefersInAppWebView, hasPresentingViewController: host != nil)
            let plan: RedirectPlan
            switch RedirectPlan.webAuthentication(for: action, policy: policy, options: options) {
            case .failure(let error): return .failed(error)
            case .success(let made): plan = made
            }
            switch plan.surface {
            case .authenticationSession(let url, let callback):
                guard let anchor = host?.viewIfLoaded?.window ?? Self.keyWindow() else {
                    return .failed(RedirectError.noViewController)
                }
                return await authenticate(url: url, callback: callback, plan: plan, anchor: anchor)
            case .webView(let content):
                guard let host else { return .failed(RedirectError.noViewController) }
                return await RedirectWebViewController.present(content, plan: plan, from: Self.topmost(host), in: slot)
            case .systemBrowser:
                return .failed(RedirectError.cannotPresent("the system browser is not used on iOS"))
            }
        }

        private func authenticate(
            url: URL, callback: RedirectPlan.AuthenticationCallback, plan: RedirectPlan, anchor: ASPresentationAnchor
        ) async -> RedirectPresentationResult {
            // The session holds its context provider weakly: this one lives until the presentation ends.
            let provider = RedirectPresentationAnchor(anchor: anchor)
            var session: ASWebAuthenticationSession?
            let result = await slot.run(
                { completion in
                    // `@Sendable`, so not main-actor isolated: the session may call it off the main thread, where
                    // an isolated closure would trap. It only touches Sendable values.
                    let handler: @Sendable (URL?, (any Error)?) -> Void = { callbackURL, error in
                        completion.finish(Self.result(callbackURL: callbackURL, error: error, plan: plan))
                    }
                    guard let made = Self.makeSession(url: url, callback: callback, completionHandler: handler) else {
                        // The plan never asks for an https callback below iOS 17.4; kept total rather than trapping.
                        completion.finish(.failed(RedirectError.cannotPresent("an https callback needs iOS 17.4")))
                        return
                    }
                    made.presentationContextProvider = provider
                    made.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
                    session = made
                    if !made.start() {
                        completion.finish(
                            .failed(RedirectError.cannotPresent("the web authentication session did not start")))
                    }
                },
                onCancel: { session?.cancel() })
            withExtendedLifetime(provider) {}
            return result
        }

        /// The session for the plan's callback: `Callback` from iOS 17.4, the callback scheme before; `nil` for an
        /// https callback below iOS 17.4.
        private static func makeSession(
            url: URL, callback: RedirectPlan.AuthenticationCallback,
            completionHandler: @escaping ASWebAuthenticationSession.CompletionHandler
        ) -> ASWebAuthenticationSession? {
            switch callback {
            case .customScheme(let scheme):
                if #available(iOS 17.4, macOS 14.4, *) {
                    return ASWebAuthenticationSession(
                        url: url, callback: .customScheme(scheme), completionHandler: completionHandler)
                }
                return ASWebAuthenticationSession(
                    url: url, callbackURLScheme: scheme, completionHandler: completionHandler)
            case .https(let host, let path):
                guard #available(iOS 17.4, macOS 14.4, *) else { return nil }
                return ASWebAuthenticationSession(
                    url: url, callback: .https(host: host, path: path), completionHandler: completionHandler)
            }
        }

        /// The session's completion as an outcome: the callback URL through the policy; the shopper's dismissal
        /// as `canceled`; anything else as `failed`.
        private nonisolated static func result(
            callbackURL: URL?, error: (any Error)?, plan: RedirectPlan
        ) -> RedirectPresentationResult {
            if let callbackURL { return plan.authenticationCallbackResult(callbackURL) }
            if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin { return .canceled }
            return .failed(RedirectError.cannotPresent("the web authentication session ended without a return"))
        }

        private static func keyWindow() -> UIWindow? { KeyWindow.current() }

        private static func topmost(_ controller: UIViewController) -> UIViewController {
            var top = controller
            while let presented = top.presentedViewController, !presented.isBeingDismissed { top = presented }
            return top
        }
    }

    /// The window `ASWebAuthenticationSession` presents over.
    @MainActor
    final class RedirectPresentationAnchor: NSObject, ASWebAuthenticationPresentationContextProviding {
        private let anchor: ASPresentationAnchor

        init(anchor: ASPresentationAnchor) {
            self.anchor = anchor
        }

        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
    }
#endif
