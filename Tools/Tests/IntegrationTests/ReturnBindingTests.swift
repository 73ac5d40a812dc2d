import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// A return names its client session (`purse-redirection-data`, an unverified hint): another session's return is
/// refused, live and after restore, and the hint never decides that a payment is paid.
@MainActor
@Suite("Return binding: another session's return is refused; the hint never says paid")
struct ReturnBindingTests {
    /// A return URL of another client session of the same shop (same host and path): its shopper approved.
    static func foreignReturn(_ harness: Harness) async throws -> (url: URL, sessionID: String) {
        let other = try await harness.openCheckout()
        let element = other.paymentElement(
            for: .primaryMethod(try #require(other.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })),
            redirect: harness.scriptedPresenter([.approve]))
        await element.prepare()
        guard case .returnedFromRedirect(let url) = await element.submitAndWait() else {
            throw Refusal(description: "the other session's page did not return")
        }
        return (url, other.session.id)
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    @Test(
        "the sandbox's return data is a compact JWS naming its session, signed by the sandbox only",
        arguments: Wire.allCases)
    func sandboxReturnShape(wire: Wire) async throws {
        let harness = try Harness(wire)
        let (url, sessionID) = try await Self.foreignReturn(harness)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        let value = try #require(components.queryItems?.first { $0.name == "purse-redirection-data" }?.value)
        #expect(value.split(separator: ".", omittingEmptySubsequences: false).count == 3)
        let hint = try #require(RedirectionData(returnURL: url))
        #expect(hint.clientSessionID == sessionID)
        #expect(hint.authorizationStatus == "AUTHORIZED")
        #expect(hint.paymentID == harness.sandbox.clientSessionStatus(id: sessionID)?.payment?.id)
        #expect(harness.sandbox.verifyRedirectionData(value))
        // Another sandbox's key, or a changed payload, does not verify.
        #expect(!(try PurseSandbox()).verifyRedirectionData(value))
        var parts = value.split(separator: ".").map(String.init)
        parts[1] = Base64.encodeURLSafe(Data(#"{"client_session_id":"x","authorization_status":"AUTHORIZED"}"#.utf8))
        #expect(!harness.sandbox.verifyRedirectionData(parts.joined(separator: ".")))
    }

    @Test(
        "live: another session's return handed over leaves this page open; its own return ends it",
        arguments: Wire.allCases)
    func liveForeignRefused(wire: Wire) async throws {
        let harness = try Harness(wire)
        let foreign = try await Self.foreignReturn(harness)
        let checkout = try await harness.openCheckout()
        let presenter = WaitingPresenter()
        let element = checkout.paymentElement(
            for: .primaryMethod(
                try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })),
            redirect: presenter)
        await element.prepare()
        let outcome = Task { await element.submitAndWait() }
        while !checkout.returnHandoff.isWaiting { await Task.yield() }
        #expect(checkout.handleReturnURL(foreign.url, policy: .sandboxShop) == .otherSession(foreign.sessionID))
        #expect(checkout.returnHandoff.isWaiting)  // the page is still open
        #expect(presenter.cancellations == 0)
        let own = try #require(URL(string: "https://shop.example.com/return"))
        #expect(checkout.handleReturnURL(own, policy: .sandboxShop) == .completedPresentation(own))
        guard case .returnedFromRedirect(let url) = await outcome.value else {
            Issue.record("expected a return")
            return
        }
        #expect(url == own)
    }

    @Test(
        "live: a page that lands on another session's return fails with REDIRECT_RETURN_OTHER_SESSION",
        arguments: Wire.allCases)
    func presenterForeignRefused(wire: Wire) async throws {
        let harness = try Harness(wire)
        let foreign = try await Self.foreignReturn(harness)
        let checkout = try await harness.openCheckout()
        let element = checkout.paymentElement(
            for: .primaryMethod(
                try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })),
            redirect: FixedReturnPresenter(url: foreign.url))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .redirectReturnOtherSession)
        #expect(checkout.sessionState == .submitted)  // this payment still waits: confirm it
        #expect(checkout.submittedPayment?.isPending == true)
    }

    @Test("after restore: another session's return is refused, this payment's is answered", arguments: Wire.allCases)
    func restoredForeignRefused(wire: Wire) async throws {
        let harness = try Harness(wire)
        let foreign = try await Self.foreignReturn(harness)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimary(
            try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postHTML.rawValue }))
        let result = try await checkout.submitPayment()
        let snapshot = checkout.saveState()
        let restored = try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        #expect(restored.handleReturnURL(foreign.url, policy: .sandboxShop) == .otherSession(foreign.sessionID))
        // The shopper finishes this payment's own page; its return is this checkout's.
        let page = try #require(checkout.pendingRedirect(for: result))
        guard case .returned(let own) = await harness.scriptedPresenter([.approve]).present(page) else {
            Issue.record("the page did not return")
            return
        }
        #expect(RedirectionData(returnURL: own)?.clientSessionID == restored.session.id)
        guard case .returnedToSubmittedPayment(let payment) = restored.handleReturnURL(own, policy: .sandboxShop) else {
            Issue.record("the own return was not answered")
            return
        }
        #expect(payment.sessionID == restored.session.id)
    }

    @Test(
        "a forged return saying AUTHORIZED for this session decides nothing: the backend says pending",
        arguments: Wire.allCases)
    func hintNeverDecidesPaid(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = harness.statusProvider()
            configuration.paymentConfirmation = .once
        }
        let claims =
            #"{"client_session_id":"\#(checkout.session.id)","payment_id":"p","authorization_status":"AUTHORIZED","client_session_status":"COMPLETED"}"#
        let forged = "e30." + Base64.encodeURLSafe(Data(claims.utf8)) + ".AAAA"
        let url = try #require(URL(string: "https://shop.example.com/return?purse-redirection-data=\(forged)"))
        #expect(RedirectionData(returnURL: url)?.authorizationStatus == "AUTHORIZED")
        let element = checkout.paymentElement(
            for: .primaryMethod(
                try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })),
            redirect: FixedReturnPresenter(url: url))
        await element.prepare()
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return")
            return
        }
        #expect(checkout.paymentStatus == .pending)
        #expect(checkout.sessionState == .submitted)
        #expect(await harness.authorizationStatus(of: checkout) == "PENDING")
    }
}

/// A presenter whose page stays open until the presentation is cancelled.
@MainActor
final class WaitingPresenter: RedirectPresenter {
    private(set) var cancellations = 0

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        try? await Task.sleep(for: .seconds(3600))  // until the presentation is cancelled
        cancellations += 1
        return .canceled
    }
}

/// A presenter whose page lands on `url` at once.
@MainActor
final class FixedReturnPresenter: RedirectPresenter {
    let url: URL

    init(url: URL) { self.url = url }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult { .returned(url) }
}
