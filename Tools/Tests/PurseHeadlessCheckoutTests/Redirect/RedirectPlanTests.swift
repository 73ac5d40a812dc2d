import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// Every decision the presenters make, tested here on Linux, including the iOS ones `WebAuthRedirectPresenter`
/// carries out.
@Suite("Redirect plans: which surface opens, what loads, what each navigation does")
struct RedirectPlanTests {
    static let page = URL(string: "https://psp.example/pay/1")!
    static let universal = RedirectPolicy(
        returnDestination: .universalLink(host: "checkout.example.com", path: "/return"))
    static let custom = RedirectPolicy(returnDestination: .customScheme("myshop"))
    static let loopback = RedirectPolicy(returnDestination: .loopback(port: 8765, path: "/return"))
    static let iOS17point3 = RedirectOSVersion(major: 17, minor: 3)
    static let iOS17point4 = RedirectOSVersion(major: 17, minor: 4)
    static let iOS18 = RedirectOSVersion(major: 18, minor: 0)

    /// The expected surface, in words, so the table reads like the page's "Choice / Effect" table.
    enum Expected: Equatable {
        case session(RedirectPlan.AuthenticationCallback)
        case webViewURL
        case webViewHTML
    }

    static func options(
        _ os: RedirectOSVersion, inApp: Bool = false, viewController: Bool = true
    )
        -> WebAuthenticationOptions
    {
        WebAuthenticationOptions(osVersion: os, prefersInAppWebView: inApp, hasPresentingViewController: viewController)
    }

    @Test(
        "a GET goes to ASWebAuthenticationSession unless the rules say the in-app web view",
        arguments: [
            (custom, iOS17point3, false, Expected.session(.customScheme("myshop"))),
            (custom, iOS18, false, .session(.customScheme("myshop"))),
            (universal, iOS17point4, false, .session(.https(host: "checkout.example.com", path: "/return"))),
            (universal, iOS18, false, .session(.https(host: "checkout.example.com", path: "/return"))),
            (universal, iOS17point3, false, .webViewURL),  // below 17.4 the session cannot observe an https callback
            (universal, iOS18, true, .webViewURL),  // prefersInAppWebView
            (custom, iOS18, true, .webViewURL),
            (loopback, iOS18, false, .webViewURL),  // the session never observes http
        ])
    func getSurface(policy: RedirectPolicy, os: RedirectOSVersion, inApp: Bool, expected: Expected) throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: policy, options: Self.options(os, inApp: inApp)
        ).get()
        switch (plan.surface, expected) {
        case (.authenticationSession(let url, let callback), .session(let expectedCallback)):
            #expect(url == Self.page)
            #expect(callback == expectedCallback)
        case (.webView(.url(let url)), .webViewURL):
            #expect(url == Self.page)
        default:
            Issue.record("expected \(expected), got \(plan.surface)")
        }
    }

    @Test(
        "POST cases always use the modal web view, on every iOS version and destination",
        arguments: [iOS17point3, iOS18])
    func postSurfaces(os: RedirectOSVersion) throws {
        for policy in [Self.custom, Self.universal, Self.loopback] {
            let form = try RedirectPlan.webAuthentication(
                for: .postForm(url: Self.page, fields: ["a": "1"]), policy: policy, options: Self.options(os)
            ).get()
            guard case .webView(.html(let html)) = form.surface else {
                Issue.record("postForm: \(form.surface)")
                continue
            }
            #expect(html.contains("action=\"https://psp.example/pay/1\""))
            #expect(html.contains("<input type=\"hidden\" name=\"a\" value=\"1\">"))
            let document = "<form method=post action=\"https://psp.example/pay/1\"></form>"
            let partner = try RedirectPlan.webAuthentication(
                for: .postHTML(html: document, name: "psp"), policy: policy, options: Self.options(os)
            ).get()
            #expect(partner.surface == .webView(.html(document)))
        }
    }

    @Test(
        "the web view without a view controller fails with the page's message",
        arguments: [
            RedirectAction.postForm(url: page, fields: [:]),
            .postHTML(html: "<form action=\"https://psp.example/pay/1\"></form>", name: nil),
        ])
    func noViewController(action: RedirectAction) {
        let result = RedirectPlan.webAuthentication(
            for: action, policy: Self.custom, options: Self.options(Self.iOS18, viewController: false))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message == "no view controller to present the redirect from")
        #expect(error.code == .redirectPresentationFailed)
    }

    @Test("a GET in ASWebAuthenticationSession needs no view controller; its web-view fallback does")
    func getWithoutViewController() {
        let session = RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.custom, options: Self.options(Self.iOS18, viewController: false))
        #expect((try? session.get()) != nil)
        let fallback = RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.universal, options: Self.options(Self.iOS17point3, viewController: false)
        )
        #expect(throws: PurseCheckoutError.self) { try fallback.get() }
    }

    @Test(
        "a refused URL fails before anything opens, with the page's message",
        arguments: [
            RedirectAction.get(URL(string: "http://psp.example/pay")!),
            .postForm(url: URL(string: "https://good.example@evil.example/pay")!, fields: [:]),
            .postHTML(html: "<form method=post action=\"http://evil.example/steal\"></form>", name: nil),
            .postHTML(html: "<form method=post action=\"/relative\"></form>", name: nil),
            .postHTML(html: "<FORM METHOD=POST>no action</FORM>", name: nil),
            .postHTML(
                html: "<form action='https://psp.example/a'></form><form action='javascript:alert(1)'></form>",
                name: nil),
        ])
    func refusedBeforeOpening(action: RedirectAction) {
        for result in [
            RedirectPlan.webAuthentication(for: action, policy: Self.universal, options: Self.options(Self.iOS18)),
            RedirectPlan.loopback(for: action, policy: Self.loopback),
        ] {
            guard case .failure(let error) = result else {
                Issue.record("expected refused redirect url for \(action)")
                continue
            }
            #expect(error.message == "refused redirect url")
            #expect(error.code == .redirectRefused)
        }
    }

    @Test("a restricted policy refuses a page outside its hosts")
    func allowList() {
        let policy = RedirectPolicy(
            returnDestination: .customScheme("myshop"), additionalAllowedHosts: ["psp.example"])
        #expect(
            (try? RedirectPlan.webAuthentication(
                for: .get(Self.page), policy: policy, options: Self.options(Self.iOS18)
            ).get()) != nil)
        let other = RedirectAction.get(URL(string: "https://other.example/pay")!)
        #expect(throws: PurseCheckoutError.self) {
            try RedirectPlan.webAuthentication(for: other, policy: policy, options: Self.options(Self.iOS18)).get()
        }
    }

    @Test("an unusable policy fails every plan with REDIRECT_PRESENTATION_FAILED")
    func unusablePolicy() {
        let policy = RedirectPolicy(returnDestination: .customScheme("https"))
        let result = RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: policy, options: Self.options(Self.iOS18))
        #expect(throws: PurseCheckoutError.self) { try result.get() }
        #expect((try? RedirectPlan.loopback(for: .get(Self.page), policy: policy).get()) == nil)
    }

    @Test("the loopback plan opens a GET directly and serves the POST cases from 127.0.0.1")
    func loopbackPlans() throws {
        let get = try RedirectPlan.loopback(for: .get(Self.page), policy: Self.loopback).get()
        #expect(get.surface == .systemBrowser(.url(Self.page)))
        let form = try RedirectPlan.loopback(for: .postForm(url: Self.page, fields: ["k": "v"]), policy: Self.loopback)
            .get()
        guard case .systemBrowser(.servedPage(let html)) = form.surface else {
            Issue.record("expected a served page")
            return
        }
        #expect(html == RedirectHTML.autoSubmittedForm(action: Self.page, fields: ["k": "v"]))
        let document = "<form action=\"https://psp.example/pay/1\" method=post></form>"
        let partner = try RedirectPlan.loopback(for: .postHTML(html: document, name: nil), policy: Self.loopback).get()
        #expect(partner.surface == .systemBrowser(.servedPage(document)))
    }

    @Test("the loopback presenter needs a loopback destination", arguments: [universal, custom])
    func loopbackNeedsLoopback(policy: RedirectPolicy) {
        guard case .failure(let error) = RedirectPlan.loopback(for: .get(Self.page), policy: policy) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .redirectPresentationFailed)
    }

    @Test(
        "each navigation of the web view: return, allowed, blocked sub-frame, refused main frame",
        arguments: [
            ("https://checkout.example.com/return?purse-redirection-data=x", true, "returned"),
            ("https://checkout.example.com/return?purse-redirection-data=x", false, "returned"),
            ("about:blank", true, "allow"),
            ("about:srcdoc", false, "allow"),
            ("https://psp.example/pay", true, "allow"),
            ("https://acs.bank.example/frame", false, "allow"),
            ("http://evil.example/frame", false, "block"),
            ("http://evil.example/steal", true, "refused"),
            ("https://checkout.example.com/return/../admin", true, "allow"),  // not a return: an ordinary https page
            ("https://good.example@evil.example/", true, "refused"),
            ("myshop://return", true, "refused"),  // another destination's scheme
        ])
    func navigationDecisions(text: String, isMainFrame: Bool, expected: String) throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.universal, options: Self.options(Self.iOS17point3)
        ).get()
        let url = try #require(URL(string: text))
        let decision = plan.navigationDecision(for: url, isMainFrame: isMainFrame)
        switch (decision, expected) {
        case (.finish(.returned(let returned)), "returned"): #expect(returned == url)
        case (.allow, "allow"), (.block, "block"): break
        case (.finish(.failed(let error)), "refused"): #expect(error.message == "refused redirect url")
        default: Issue.record("\(text): expected \(expected), got \(decision)")
        }
    }

    @Test("the web view catches a custom-scheme return itself (prefersInAppWebView)")
    func customSchemeInWebView() throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.custom, options: Self.options(Self.iOS18, inApp: true)
        ).get()
        let url = try #require(URL(string: "myshop://return?purse-redirection-data=x"))
        #expect(plan.navigationDecision(for: url, isMainFrame: true) == .finish(.returned(url)))
    }

    @Test("the authentication session's callback goes through the policy too")
    func authenticationCallbacks() throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.custom, options: Self.options(Self.iOS18)
        ).get()
        let good = try #require(URL(string: "myshop://return?purse-redirection-data=x"))
        #expect(plan.authenticationCallbackResult(good) == .returned(good))
        let forged = try #require(URL(string: "myshop://return?purse-redirection-data=x&next=evil"))
        #expect(plan.authenticationCallbackResult(forged) == .failed(RedirectError.refused))
    }

    @Test("a page's request for a new window is checked like a main-frame navigation and never opens a second view")
    func newWindows() throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.universal, options: Self.options(Self.iOS18, inApp: true)
        ).get()
        #expect(plan.newWindowDecision(for: nil) == .block)
        #expect(plan.newWindowDecision(for: URL(string: "https://acs.example/challenge")) == .allow)
        #expect(
            plan.newWindowDecision(for: URL(string: "http://evil.example/")) == .finish(.failed(RedirectError.refused)))
        #expect(
            plan.newWindowDecision(for: URL(string: "javascript:alert(1)"))
                == .finish(.failed(RedirectError.refused)))
        let back = try #require(URL(string: "https://checkout.example.com/return"))
        #expect(plan.newWindowDecision(for: back) == .finish(.returned(back)))
    }

    @Test(
        "a failed load ends the sheet with a message, unless this presentation interrupted it",
        arguments: [
            ("NSURLErrorDomain", -999, false), ("WebKitErrorDomain", 102, false),
            ("NSURLErrorDomain", -1009, true), ("NSURLErrorDomain", -1001, true), ("NSURLErrorDomain", -1200, true),
            ("WebKitErrorDomain", 101, true), ("WKErrorDomain", 102, true), ("NSURLErrorDomain", 102, true),
        ])
    func loadFailures(domain: String, code: Int, fails: Bool) throws {
        let plan = try RedirectPlan.webAuthentication(
            for: .get(Self.page), policy: Self.universal, options: Self.options(Self.iOS18, inApp: true)
        ).get()
        let result = plan.loadFailureResult(domain: domain, code: code)
        if fails {
            #expect(result == .failed(RedirectError.cannotPresent("the payment page could not be loaded")))
        } else {
            #expect(result == nil)
        }
    }

    @Test("iOS versions compare by major then minor")
    func versions() {
        #expect(Self.iOS17point3 < .httpsCallbacks)
        #expect(!(Self.iOS17point4 < .httpsCallbacks))
        #expect(
            RedirectOSVersion(OperatingSystemVersion(majorVersion: 26, minorVersion: 0, patchVersion: 1)) > Self.iOS18)
    }
}
