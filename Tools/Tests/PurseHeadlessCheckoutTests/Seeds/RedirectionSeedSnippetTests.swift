import Foundation
import Testing

@testable import PurseHeadlessCheckout

#if canImport(UIKit)
    import UIKit
#endif

/// The redirection page's snippets (seed 003, now the DocC guide RedirectionMethods.md), compiled as written. SwiftUI
/// and UIKit lines are left out; the `WebAuthRedirectPresenter` snippet compiles only where UIKit exists, its policy
/// part everywhere.
@MainActor
@Suite("Seed snippets: redirection methods")
struct RedirectionSeedSnippetTests {
    /// Receives the element's outcomes, as the page's `listener`.
    final class Listener: PaymentElementListener {
        var outcomes: [PaymentOutcome] = []
        func paymentElement(_ element: PaymentElement, didFinishWith outcome: PaymentOutcome) {
            outcomes.append(outcome)
        }
    }

    @Test("The presenter: the policy as written")
    func presenterPolicy() {
        let policy = RedirectPolicy(
            returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
            additionalAllowedHosts: []  // empty: any https host in the chain is allowed
        )
        #expect(policy.additionalAllowedHosts.isEmpty)
        // The Choice table's other destination.
        let custom = RedirectPolicy(returnDestination: .customScheme("myshop"), additionalAllowedHosts: [])
        #expect(custom.returnURL == nil)
    }

    #if canImport(UIKit)
        @Test("The presenter: WebAuthRedirectPresenter as written")
        func webAuthPresenter() {
            let viewController = UIViewController()
            let presenter = WebAuthRedirectPresenter(
                policy: RedirectPolicy(
                    returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
                    additionalAllowedHosts: []  // empty: any https host in the chain is allowed
                ),
                presentingViewController: viewController,  // needed for the POST cases
                prefersInAppWebView: false
            )
            #expect(!presenter.prefersInAppWebView)
        }
    #endif

    @Test("Render and pay: no UI, ready at once after prepare, submit runs /init and /validate then presents")
    func renderAndPay() async throws {
        let (checkout, transport) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        let method = checkout.paymentMethods[0]
        let listener = Listener()
        let presenter = RecordingPresenter(answer: .returned(URL(string: "https://checkout.example.com/return")!))
        // "checkout.paymentElement(for: .primaryMethod(method), listener: listener, redirect: presenter)"
        let element = checkout.paymentElement(for: .primaryMethod(method), listener: listener, redirect: presenter)
        #expect(element.hasUI == false)
        // ".task { try? checkout.setPrimary(method); await element.prepare() }"
        try? checkout.setPrimary(method)
        await element.prepare()
        // ".disabled(!element.isReady)"
        let disabled = !element.isReady
        #expect(!disabled)
        #expect(transport.requests.count == 1)  // prepare made no call: only the opening's server time
        // "Button("Pay") { element.submit() }": the button's action is synchronous
        let pay: @MainActor () -> Void = { element.submit() }
        pay()
        while listener.outcomes.isEmpty { await Task.yield() }
        #expect(transport.requests.map(\.url.lastPathComponent) == ["datetime", "init", "validate"])
        #expect(presenter.presented == [.get(RedirectionElementTests.page)])
    }

    @Test("Asking the registry whether a listed method is a redirection method")
    func registry() async throws {
        let (checkout, _) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        for item in checkout.paymentMethods {
            let plugin = PluginRegistry.shared.plugin(
                partner: item.partner, method: item.method, session: checkout.session.source
            )
            let isRedirection = plugin is RedirectionPlugin
            #expect(isRedirection == (item.template == "redirection"))
        }
    }

    @Test("Outcomes: the four cases, and pendingRedirect(for:) after completed")
    func outcomes() async throws {
        let (checkout, _) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]))
        await element.prepare()
        let outcome = await element.submitAndWait()
        var opened: RedirectAction?
        switch outcome {
        case .returnedFromRedirect(let url):
            Issue.record("no presenter was passed: \(url)")
        case .completed(let result):
            // "checkout.pendingRedirect(for: result) gives you the resolved RedirectAction"
            opened = checkout.pendingRedirect(for: result)
        case .canceled:
            Issue.record("nothing was opened")
        case .failed(let error):
            // The page's table names the payload `failed(PurseError)`: the deprecated alias of this type
            // (`seedErrorName` below keeps that spelling compiling).
            let purseError: PurseCheckoutError = error
            Issue.record("\(purseError)")
        }
        switch opened {
        case .get, .postForm, .postHTML: break
        case nil: Issue.record("a page was to be opened")
        }
    }

    @Test("The onRedirection hook takes the page over: return true and the SDK opens nothing")
    func hook() async throws {
        let hooks = PurseCheckoutHooks(onRedirection: { action in
            _ = action
            return true
        })
        let (checkout, _) = try await SubmissionTests.open(hooks: hooks, routes: RedirectionElementTests.gateway())
        let presenter = RecordingPresenter(answer: .canceled)
        let element = checkout.paymentElement(for: .primaryMethod(checkout.paymentMethods[0]), redirect: presenter)
        await element.prepare()
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(presenter.presented.isEmpty)
    }

    @Test("Process death: saveState() and PurseHeadlessCheckout.restore(_:)")
    func processDeath() async throws {
        let (checkout, _) = try await SubmissionTests.open(routes: RedirectionElementTests.gateway())
        try checkout.setPrimary(checkout.paymentMethods[0])
        try await checkout.submitPayment()
        let snapshot = checkout.saveState()
        let restored = try PurseHeadlessCheckout.restore(snapshot)
        await #expect(throws: PurseCheckoutError.self) { try await restored.submitPayment() }
        #expect(restored.submittedPayment?.sessionID == checkout.session.id)
    }
}

/// The seed's `failed(PurseError)` still compiles, as the deprecated alias of ``PurseCheckoutError`` (a deprecated
/// context, so that using the name does not warn). Compiled, never called.
@available(*, deprecated, message: "spells the deprecated alias the redirection page uses")
private func seedErrorName(_ outcome: PaymentOutcome) -> PurseError? {
    guard case .failed(let error) = outcome else { return nil }
    return error
}
