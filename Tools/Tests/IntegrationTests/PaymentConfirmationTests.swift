import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The payment's real outcome after its page: the sandbox provider confirms, over both wires, what the shopper
/// did on the 3-D Secure challenge and on PSP pages.
@MainActor
@Suite("Payment confirmation: the backend judges the page's outcome")
struct PaymentConfirmationTests {
    /// Where the shopper pays: the saved Visa's 3-D Secure challenge, or a PSP page of each shape.
    enum Page: String, CaseIterable, CustomStringConvertible, Sendable {
        case threeDS = "3ds"
        case pspGet = "psp-get"
        case pspPostHTML = "psp-post-html"

        var description: String { rawValue }
    }

    /// Every wire, page and click.
    nonisolated static let cases: [(Wire, Page, ScriptedRedirectPresenter.Step)] = Wire.allCases.flatMap { wire in
        Page.allCases.flatMap { page in
            [ScriptedRedirectPresenter.Step.approve, .decline, .cancel, .dismiss].map { (wire, page, $0) }
        }
    }

    /// The item paying on `page`.
    static func item(_ page: Page, in checkout: PurseHeadlessCheckout) throws -> PaymentItem {
        switch page {
        case .threeDS: return .paymentToken(try #require(checkout.paymentTokens.first { $0.id == threeDSVisaID }))
        case .pspGet:
            return .primaryMethod(
                try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        case .pspPostHTML:
            return .primaryMethod(
                try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postHTML.rawValue }))
        }
    }

    @Test("approve, decline, cancel and dismiss each end in the right final status", arguments: cases)
    func finalStatus(wire: Wire, page: Page, step: ScriptedRedirectPresenter.Step) async throws {
        let harness = try Harness(wire)
        let keys = Locked<[String]>([])
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = harness.statusProvider()
            configuration.clock = TestClock()  // the return path calls once for a final status: nothing waits
            configuration.makeIdempotencyKey = {
                let key = UUID().uuidString
                keys.withLock { $0.append(key) }
                return key
            }
        }
        let element = checkout.paymentElement(
            for: try Self.item(page, in: checkout), redirect: harness.scriptedPresenter([step, .approve]))
        await element.prepare()
        let outcome = await element.submitAndWait()
        let server = await harness.status(of: checkout)?.payment
        switch step {
        case .approve:
            guard case .returnedFromRedirect = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(checkout.paymentStatus == .authorized(paymentID: server?.id))
            #expect(checkout.sessionState == .submitted)
            #expect(server?.authorizationStatus == "AUTHORIZED")
        case .decline:
            guard case .failed(let error) = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(error.code == .validateFailed)
            #expect(error.serverCode == "REFUSED")
            #expect(checkout.paymentStatus == .refused(serverCode: "REFUSED"))
            #expect(checkout.sessionState == .error)
            #expect(checkout.submittedPayment == nil)
        case .cancel:
            guard case .canceled = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(checkout.paymentStatus == .refused(serverCode: "ABORTED"))
            #expect(checkout.sessionState == .error)
        case .dismiss:
            guard case .canceled = outcome else {
                Issue.record("\(outcome)")
                return
            }
            #expect(checkout.paymentStatus == .pending)
            #expect(checkout.sessionState == .submitted)
            #expect(server?.authorizationStatus == "PENDING")
        }
        guard step == .decline || step == .cancel else { return }
        // Open again, as after a declined card: the next attempt has a new idempotency key and pays.
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("the second attempt did not come back")
            return
        }
        #expect(checkout.paymentStatus == .authorized(paymentID: await harness.status(of: checkout)?.payment?.id))
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
        let used = keys.withLock { $0 }
        #expect(Set(used).count == used.count && used.count >= 2)
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test("polling advances only on the test clock, with back-off, until a final status", arguments: Wire.allCases)
    func pollingOnTheClock(wire: Wire) async throws {
        let harness = try Harness(wire)
        let clock = TestClock()
        let counting = CountingProvider(base: harness.statusProvider())
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = counting
            configuration.clock = clock
        }
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        let result = try await checkout.submitPayment()  // no presenter: the page is the shopper's
        let page = try #require(checkout.pendingRedirect(for: result))
        let confirmation = Task { try await checkout.confirmPayment() }
        await clock.waitForSleeper(for: .seconds(1))
        #expect(counting.calls == 1)
        #expect(checkout.isConfirmingPayment)
        await clock.advance(by: .seconds(1))
        await clock.waitForSleeper(for: .seconds(2))
        #expect(counting.calls == 2)
        // The shopper approves meanwhile; the next call, 2 s later on the clock, sees it.
        guard case .returned = await harness.scriptedPresenter([.approve]).present(page) else {
            Issue.record("the page did not return")
            return
        }
        #expect(counting.calls == 2)
        await clock.advance(by: .seconds(2))
        let status = try await confirmation.value
        #expect(status == .authorized(paymentID: await harness.status(of: checkout)?.payment?.id))
        #expect(counting.calls == 3)
        #expect(!checkout.isConfirmingPayment)
        #expect(clock.sleeperCount == 0)
    }

    @Test(
        "the budget ends a payment still pending: pending, after exactly the policy's calls", arguments: Wire.allCases)
    func budgetEndsPending(wire: Wire) async throws {
        let harness = try Harness(wire)
        let clock = TestClock()
        let counting = CountingProvider(base: harness.statusProvider())
        let policy = PaymentConfirmationPolicy(
            firstInterval: .seconds(1), maximumInterval: .seconds(4), budget: .seconds(10))
        #expect(policy.intervals == [.seconds(1), .seconds(2), .seconds(4)])
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = counting
            configuration.clock = clock
            configuration.paymentConfirmation = policy
        }
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        try await checkout.submitPayment()
        let confirmation = Task { try await checkout.confirmPayment() }
        for wait in policy.intervals {
            await clock.waitForSleeper(for: wait)
            await clock.advance(by: wait)
        }
        #expect(try await confirmation.value == .pending)
        #expect(counting.calls == 4)
        #expect(checkout.paymentStatus == .pending)
        #expect(checkout.sessionState == .submitted)
    }

    @Test("cancelling the confirmation ends its wait and changes nothing", arguments: Wire.allCases)
    func cancellable(wire: Wire) async throws {
        let harness = try Harness(wire)
        let clock = TestClock()
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = harness.statusProvider()
            configuration.clock = clock
        }
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        try await checkout.submitPayment()
        let confirmation = Task { try await checkout.confirmPayment() }
        await clock.waitForSleeper(for: .seconds(1))
        confirmation.cancel()
        let error = await #expect(throws: PurseCheckoutError.self) { try await confirmation.value }
        #expect(error?.code == .requestCancelled)
        #expect(checkout.paymentStatus == nil)
        #expect(!checkout.isConfirmingPayment)
        #expect(checkout.sessionState == .submitted)
        #expect(clock.sleeperCount == 0)
    }

    @Test("without a provider: today's behaviour, and confirmPayment() says what is missing", arguments: Wire.allCases)
    func withoutProvider(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let element = checkout.paymentElement(
            for: try Self.item(.pspGet, in: checkout), redirect: harness.scriptedPresenter([.decline]))
        await element.prepare()
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return")
            return
        }
        #expect(checkout.sessionState == .submitted)
        #expect(checkout.paymentStatus == nil)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.confirmPayment() }
        #expect(error?.code == .paymentStatusProviderMissing)
    }

    @Test(
        "a restored checkout confirms by itself; its page that cannot be shown again goes to confirmation",
        arguments: Wire.allCases)
    func afterRestore(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let method = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postHTML.rawValue })
        try checkout.setPrimary(method)
        let result = try await checkout.submitPayment()
        let page = try #require(checkout.pendingRedirect(for: result))
        let snapshot = checkout.saveState()
        guard case .returned = await harness.scriptedPresenter([.decline]).present(page) else {
            Issue.record("the page did not return")
            return
        }
        let clock = TestClock()
        let restored = try PurseHeadlessCheckout.restore(
            snapshot,
            configuration: harness.configuration { configuration in
                configuration.paymentStatusProvider = harness.statusProvider()
                configuration.clock = clock
            })
        #expect(restored.submittedPayment?.page?.canBeShownAgain == false)
        #expect(restored.isConfirmingPayment)
        #expect(try await restored.confirmPayment() == .refused(serverCode: "REFUSED"))
        #expect(restored.sessionState == .error)
        #expect(restored.submittedPayment == nil)
    }
}

/// A provider that counts its calls.
final class CountingProvider: PaymentStatusProvider {
    let base: any PaymentStatusProvider
    private let count = Locked(0)

    init(base: any PaymentStatusProvider) { self.base = base }

    var calls: Int { count.withLock { $0 } }

    func paymentStatus(forSession sessionID: String) async throws -> PaymentStatusReport {
        count.withLock { $0 += 1 }
        return try await base.paymentStatus(forSession: sessionID)
    }
}

extension Harness {
    /// The sandbox provider on this wire: in-process, or over HTTP to the sandbox's server.
    func statusProvider() -> SandboxPaymentStatusProvider {
        SandboxPaymentStatusProvider(sandbox: sandbox, transport: wire == .loopback ? URLSessionTransport() : nil)
    }
}
