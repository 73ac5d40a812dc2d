public import Foundation

/// What a presenter does with one redirect: which surface opens, what it loads, and how it treats every URL
/// it meets on the way.
///
/// Presenters only carry plans out: ``webAuthentication(for:policy:options:)`` decides for
/// `WebAuthRedirectPresenter` (iOS) and ``loopback(for:policy:)`` for `LoopbackRedirectPresenter` (macOS, Linux).
/// Both are pure functions of the action, the policy, the OS version and the presenter's options, so every
/// decision is tested on Linux, including the iOS ones that cannot be compiled here.
@_spi(PurseTools) public struct RedirectPlan: Sendable, Hashable {
    /// Where the page opens.
    @_spi(PurseTools) public enum Surface: Sendable, Hashable {
        /// `ASWebAuthenticationSession` on `url` (a real browser: ACS pages that refuse embedded web views
        /// still render), observing `callback`.
        case authenticationSession(url: URL, callback: AuthenticationCallback)
        /// The SDK's modal `WKWebView`, presented from the app's view controller.
        case webView(WebContent)
        /// The system browser (desktop and command-line apps), the return caught by the loopback listener.
        case systemBrowser(BrowserContent)
    }

    /// What `ASWebAuthenticationSession` waits for.
    @_spi(PurseTools) public enum AuthenticationCallback: Sendable, Hashable {
        /// `ASWebAuthenticationSession.Callback.customScheme` (or `callbackURLScheme` before iOS 17.4).
        case customScheme(String)
        /// `ASWebAuthenticationSession.Callback.https(host:path:)`, iOS 17.4 and later.
        case https(host: String, path: String)
    }

    /// What the web view loads first.
    @_spi(PurseTools) public enum WebContent: Sendable, Hashable {
        /// A GET of the URL.
        case url(URL)
        /// An HTML document, loaded with no base URL (`about:blank`): the auto-submitted form of a `.postForm`,
        /// or the partner's document of a `.postHTML`.
        case html(String)
    }

    /// What the system browser opens.
    @_spi(PurseTools) public enum BrowserContent: Sendable, Hashable {
        /// The URL itself.
        case url(URL)
        /// A page the loopback listener serves on 127.0.0.1 (the form to post, the partner's document).
        case servedPage(String)
    }

    /// Where the page opens and what it loads.
    @_spi(PurseTools) public let surface: Surface
    /// The policy every later URL is checked against.
    @_spi(PurseTools) public let policy: RedirectPolicy

    /// Whether the surface needs a view controller to present from.
    var needsPresentingViewController: Bool {
        if case .webView = surface { return true }
        return false
    }
}

/// The operating system version a plan is made for (`ProcessInfo.operatingSystemVersion` on a device).
struct RedirectOSVersion: Sendable, Hashable, Comparable {
    let major: Int
    let minor: Int

    init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    init(_ version: OperatingSystemVersion) {
        self.init(major: version.majorVersion, minor: version.minorVersion)
    }

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    /// iOS 17.4: `ASWebAuthenticationSession` can observe an https callback from there on.
    static let httpsCallbacks = RedirectOSVersion(major: 17, minor: 4)
}

/// What the iOS presenter knows about itself when it plans.
struct WebAuthenticationOptions: Sendable, Hashable {
    /// The iOS version.
    var osVersion: RedirectOSVersion
    /// `prefersInAppWebView`: the in-app web view even for a GET.
    var prefersInAppWebView: Bool
    /// Whether a view controller to present from exists: the one passed, or the key window's root.
    var hasPresentingViewController: Bool
}

/// What the in-app web view does with a navigation.
enum RedirectNavigationDecision: Sendable, Hashable {
    /// Let it load.
    case allow
    /// Block this navigation only (a sub-frame the policy refuses); the page stays.
    case block
    /// Stop, close the web view and report.
    case finish(RedirectPresentationResult)
}

extension RedirectPlan {
    /// The plan of `WebAuthRedirectPresenter`.
    ///
    /// - `.get`: `ASWebAuthenticationSession`, unless ``WebAuthenticationOptions/prefersInAppWebView``, or the
    ///   destination is a universal link below iOS 17.4 (the session cannot observe an https callback there), or
    ///   a loopback URL (it never observes http): then the in-app web view, which intercepts the return itself.
    /// - `.postForm`, `.postHTML`: always the in-app web view; there is no system-browser equivalent.
    /// - The web view needs a view controller: without one, `no view controller to present the redirect from`.
    /// - Every URL the action names is checked first: `refused redirect url` before anything opens.
    static func webAuthentication(
        for action: RedirectAction, policy: RedirectPolicy, options: WebAuthenticationOptions
    ) -> Result<RedirectPlan, PurseCheckoutError> {
        if let problem = policy.configurationProblem { return .failure(RedirectError.cannotPresent(problem)) }
        if let refused = checkTargets(of: action, policy: policy) { return .failure(refused) }
        let surface: Surface
        switch action {
        case .get(let url):
            switch policy.returnDestination {
            case _ where options.prefersInAppWebView: surface = .webView(.url(url))
            case .customScheme(let scheme, _, _):
                surface = .authenticationSession(url: url, callback: .customScheme(scheme))
            case .universalLink(let host, let path) where options.osVersion >= .httpsCallbacks:
                surface = .authenticationSession(url: url, callback: .https(host: host, path: path))
            case .universalLink, .loopback: surface = .webView(.url(url))
            }
        case .postForm(let url, let fields):
            surface = .webView(.html(RedirectHTML.autoSubmittedForm(action: url, fields: fields)))
        case .postHTML(let html, _):
            surface = .webView(.html(html))
        }
        let plan = RedirectPlan(surface: surface, policy: policy)
        if plan.needsPresentingViewController && !options.hasPresentingViewController {
            return .failure(RedirectError.noViewController)
        }
        return .success(plan)
    }

    /// The plan of `LoopbackRedirectPresenter`: the system browser opens the GET URL itself, or a page the
    /// loopback listener serves (the auto-submitted form of a `.postForm`, the partner's document of a
    /// `.postHTML`). The destination must be `.loopback`: a desktop browser cannot hand a universal link or a
    /// custom scheme back to a command-line process.
    @_spi(PurseTools) public static func loopback(
        for action: RedirectAction, policy: RedirectPolicy
    ) -> Result<RedirectPlan, PurseCheckoutError> {
        if let problem = policy.configurationProblem { return .failure(RedirectError.cannotPresent(problem)) }
        guard case .loopback = policy.returnDestination else {
            return .failure(
                RedirectError.cannotPresent(
                    "LoopbackRedirectPresenter needs a .loopback(port:path:) return destination"))
        }
        if let refused = checkTargets(of: action, policy: policy) { return .failure(refused) }
        switch action {
        case .get(let url): return .success(RedirectPlan(surface: .systemBrowser(.url(url)), policy: policy))
        case .postForm(let url, let fields):
            let form = RedirectHTML.autoSubmittedForm(action: url, fields: fields)
            return .success(RedirectPlan(surface: .systemBrowser(.servedPage(form)), policy: policy))
        case .postHTML(let html, _):
            return .success(RedirectPlan(surface: .systemBrowser(.servedPage(html)), policy: policy))
        }
    }

    /// `refused redirect url` when a URL the action names is refused: the GET or POST URL, or any place a
    /// `.postHTML` document could submit to — each form's `action`, each button's `formaction`, read wherever
    /// such a tag appears (``RedirectHTML/submissionTargets(in:)``). A relative or missing action cannot be
    /// checked and is refused too, since the document loads with no base URL.
    static func checkTargets(of action: RedirectAction, policy: RedirectPolicy) -> PurseCheckoutError? {
        switch action {
        case .get(let url), .postForm(let url, _):
            return policy.allowsTarget(url) ? nil : RedirectError.refused
        case .postHTML(let html, _):
            for target in RedirectHTML.submissionTargets(in: html) {
                guard let target, let url = URL(string: target), policy.allowsTarget(url) else {
                    return RedirectError.refused
                }
            }
            return nil
        }
    }

    /// What the in-app web view does with a navigation to `url`: the return destination finishes with
    /// `returned`; `about:blank` (the HTML documents' origin) loads; a URL the policy allows loads; anything else
    /// finishes with `refused redirect url` in the main frame, and is only blocked in a sub-frame.
    func navigationDecision(for url: URL, isMainFrame: Bool) -> RedirectNavigationDecision {
        if let returned = policy.classifyReturn(url).url { return .finish(.returned(returned)) }
        let text = url.absoluteString.lowercased()
        if text == "about:blank" || text == "about:srcdoc" { return .allow }
        if policy.allowsTarget(url) { return .allow }
        return isMainFrame ? .finish(.failed(RedirectError.refused)) : .block
    }

    /// What the in-app web view does with a page's request for a new window (`window.open`, a `target="_blank"`
    /// link or form): WebKit drops it unless the UI delegate acts, and a 3-D Secure page that opens its
    /// challenge that way would leave the shopper stuck. The request goes through the same checks as a
    /// main-frame navigation and, when allowed, loads in the one web view (`allow`); a request with no URL is
    /// blocked. No second web view is ever created.
    func newWindowDecision(for url: URL?) -> RedirectNavigationDecision {
        guard let url else { return .block }
        return navigationDecision(for: url, isMainFrame: true)
    }

    /// What a failed load of the in-app web view reports, from the error's domain and code: `nil` for an
    /// interruption this presentation caused (a navigation it cancelled, such as the return or a blocked frame:
    /// `NSURLErrorCancelled`, or WebKit's "frame load interrupted" 102), otherwise `failed`
    /// (`REDIRECT_PRESENTATION_FAILED`, `the payment page could not be loaded`) rather than a blank sheet.
    func loadFailureResult(domain: String, code: Int) -> RedirectPresentationResult? {
        let interrupted =
            (domain == Self.urlErrorDomain && code == Self.urlErrorCancelled)
            || (domain == Self.webKitErrorDomain && code == Self.frameLoadInterrupted)
        if interrupted { return nil }
        return .failed(RedirectError.cannotPresent("the payment page could not be loaded"))
    }

    /// `NSURLErrorDomain` (Foundation's `URLError`).
    static let urlErrorDomain = "NSURLErrorDomain"
    /// `NSURLErrorCancelled`: a navigation cancelled by the app.
    static let urlErrorCancelled = -999
    /// `WKErrorDomain`'s legacy name for frame-load errors.
    static let webKitErrorDomain = "WebKitErrorDomain"
    /// `WebKitErrorFrameLoadInterruptedByPolicyChange`: a navigation the decision handler cancelled.
    static let frameLoadInterrupted = 102

    /// What `ASWebAuthenticationSession`'s completion reports: a callback URL that is the return destination is
    /// `returned`; anything else (a callback the policy does not recognise) is `refused redirect url`.
    func authenticationCallbackResult(_ url: URL) -> RedirectPresentationResult {
        guard let returned = policy.classifyReturn(url).url else { return .failed(RedirectError.refused) }
        return .returned(returned)
    }
}
