import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Synchronization
import Testing

@testable import PurseHeadlessCheckout

/// Expiry on the clock (one test clock drives the sandbox's server time and the checkout's expiry watch) and
/// teardown.
@MainActor
@Suite("Session lifetime: expiry on the clock, teardown")
struct SessionLifetimeTests {
    /// A sandbox whose server time follows `clock` (no `now`), and a checkout on it with the same clock.
    private func open(
        _ clock: TestClock, amount: Decimal = 30, shopper: String? = nil
    ) async throws -> (PurseSandbox, PurseHeadlessCheckout) {
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let checkout = try await sandbox.openCheckout(
            amount: amount, shopper: shopper, configuration: PurseCheckoutConfiguration(clock: clock))
        return (sandbox, checkout)
    }

    @Test("the sandbox's server time follows its TestClock: a session expires when the clock passes its lifetime")
    func sandboxTimeFollowsItsClock() async throws {
        let clock = TestClock()
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let session = try sandbox.createClientSession(amount: 10, shopper: nil)
        let opened = try #require(sandbox.clientSessionStatus(id: session.id))
        #expect(opened.status == "CREATED")
        await clock.advance(by: .seconds(30 * 60 - 1))
        #expect(sandbox.clientSessionStatus(id: session.id)?.status == "CREATED")
        await clock.advance(by: .seconds(1))
        #expect(sandbox.clientSessionStatus(id: session.id)?.status == "EXPIRED")
        // A checkout opened now is refused: the server's clock says the session is over.
        #expect(
            await thrownCode {
                _ = try await PurseHeadlessCheckout(
                    widgetData: session.widgetData,
                    configuration: PurseCheckoutConfiguration(transport: SandboxTransport(sandbox), clock: clock))
            } == .expiredSession)
    }

    @Test("an explicit now still overrides the clock")
    func explicitNowWins() async throws {
        let clock = TestClock()
        let fixed = Date(timeIntervalSince1970: 1_900_000_000)
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock, now: { fixed }))
        let session = try sandbox.createClientSession(amount: 10, shopper: nil)
        #expect(session.expiresAt == fixed.addingTimeInterval(30 * 60))
        await clock.advance(by: .seconds(3600))
        #expect(sandbox.clientSessionStatus(id: session.id)?.status == "CREATED")
    }

    @Test("the checkout expires on the clock with no shopper action; edits are then refused")
    func expiresOnTheClock() async throws {
        let clock = TestClock()
        let (_, checkout) = try await open(clock)
        #expect(checkout.expiresAt == checkout.session.expirationDate)
        await clock.waitForWatches()
        #expect(clock.watchCount == 1)
        #expect(clock.sleeperCount == 0)  // the watch is not a sleeper a test waits for
        await clock.advance(by: .seconds(29 * 60))
        #expect(checkout.sessionState == .ready)
        await clock.advance(by: .seconds(60))
        #expect(checkout.sessionState == .expired)
        #expect(clock.watchCount == 0)
        let method = try #require(checkout.paymentMethods.first)
        #expect(thrownCode { try checkout.setPrimary(method) } == .expiredSession)
        #expect(await thrownCode { try await checkout.submitPayment() } == .expiredSession)
    }

    @Test("the server's clock offset is applied: a device clock behind the server's expires the checkout on time")
    func offsetApplied() async throws {
        let clock = TestClock()
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let session = try sandbox.createClientSession(amount: 10, shopper: nil)
        await clock.advance(by: .seconds(10 * 60))  // the server is 10 minutes into the session
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData,
            configuration: PurseCheckoutConfiguration(
                transport: SandboxTransport(sandbox), clock: clock,
                now: { Date().addingTimeInterval(-3600) }))  // the device is an hour behind
        await clock.waitForWatches()
        await clock.advance(by: .seconds(19 * 60))
        #expect(checkout.sessionState == .ready)
        await clock.advance(by: .seconds(61))
        #expect(checkout.sessionState == .expired)
    }

    @Test("the injected clock alone moves the checkout's time: the device's wall clock running ahead expires nothing")
    func deviceClockDoesNotMoveAnInjectedClock() async throws {
        let clock = TestClock()
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let session = try sandbox.createClientSession(amount: 10, shopper: nil)
        // The device's wall clock as a test controls it: real time passing while the checkout opens and runs.
        let wall = Mutex(Date())
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData,
            configuration: PurseCheckoutConfiguration(
                transport: SandboxTransport(sandbox), clock: clock, now: { wall.withLock { $0 } }))
        await clock.waitForWatches()
        wall.withLock { $0 = $0.addingTimeInterval(2 * 3600) }  // two hours of real time, past the 30-minute lifetime
        #expect(checkout.sessionState == .ready)
        let method = try #require(checkout.paymentMethods.first)
        try checkout.setPrimary(method)
        // The injected clock decides: 30 minutes on it, and the session is over.
        await clock.advance(by: .seconds(30 * 60))
        #expect(checkout.sessionState == .expired)
    }

    @Test("a payment submitted before the expiry stays submitted")
    func submittedStays() async throws {
        let clock = TestClock()
        let (sandbox, checkout) = try await open(clock, amount: 30)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        try await checkout.submitPayment()
        await clock.advance(by: .seconds(3600))
        #expect(checkout.sessionState == .submitted)
        #expect(clock.watchCount == 0)
        #expect(sandbox.clientSessionStatus(id: checkout.session.id)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test("teardown: state terminated, the watch and background look-ups cancelled, every call refused")
    func teardownRefusesEverything() async throws {
        let clock = TestClock()
        let (sandbox, checkout) = try await open(clock, shopper: PurseSandbox.demoShopper)
        await clock.waitForWatches()
        let slow = try checkout.savedGiftCard(Catalogue.savedSlow)
        checkout.teardown()
        #expect(checkout.sessionState == .terminated)
        await checkout.waitForSavedSecondaryBalances()  // cancelled: returns without advancing the clock
        #expect(clock.watchCount == 0)
        #expect(try checkout.savedGiftCard(slow.id).balanceResolved == false)
        let method = try #require(checkout.paymentMethods.first)
        #expect(thrownCode { try checkout.setPrimary(method) } == .checkoutTerminated)
        #expect(await thrownCode { try await checkout.submitPayment() } == .checkoutTerminated)
        #expect(
            await thrownCode {
                _ = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
            } == .checkoutTerminated)
        let token = try #require(checkout.paymentTokens.first)
        #expect(await thrownCode { try await checkout.editToken(token, name: "Mine") } == .checkoutTerminated)
        #expect(await thrownCode { try await checkout.deleteAllTokens() } == .checkoutTerminated)
        let fresh = try sandbox.createClientSession(amount: 10, shopper: nil)
        #expect(
            await thrownCode { try await checkout.updateSession(widgetData: fresh.widgetData) } == .checkoutTerminated)
        #expect(checkout.paymentElement(for: .primaryMethod(method)).unavailableReason?.code == .checkoutTerminated)
        checkout.teardown()  // a second teardown does nothing
        #expect(checkout.sessionState == .terminated)
        await clock.advance(by: .seconds(3600))
        #expect(checkout.sessionState == .terminated)
    }

    @Test("teardown closes an open payment page: the element reports canceled")
    func teardownClosesThePage() async throws {
        let sandbox = try PurseSandbox()
        let checkout = try await sandbox.openCheckout(amount: 20, shopper: nil)
        let method = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        let presenter = HeldPresenter()
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
        await element.prepare()
        let submit = Task { await element.submitAndWait() }
        await presenter.waitUntilOpen()
        checkout.teardown()
        let outcome = await submit.value
        #expect(outcome == .canceled)
        #expect(presenter.wasCancelled)
        #expect(checkout.sessionState == .terminated)
    }
}

/// A presenter that keeps its page open until its task is cancelled.
final class HeldPresenter: RedirectPresenter {
    private struct State {
        var isOpen = false
        var wasCancelled = false
        var continuation: CheckedContinuation<Void, Never>?
    }
    private let state = Locked(State())

    var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled = state.withLock { state -> Bool in
                    state.isOpen = true
                    if Task.isCancelled { return true }
                    state.continuation = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.wasCancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
        return .canceled
    }

    /// Waits (bounded, in real time: the request crosses the in-process sandbox) until the page is open.
    func waitUntilOpen() async {
        let deadline = ContinuousClock.now + .seconds(30)
        while !state.withLock({ $0.isOpen }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// The code of the `PurseCheckoutError` `body` throws; `nil` when it throws nothing.
@MainActor
func thrownCode(_ body: () async throws -> Void) async -> PurseCheckoutError.Code? {
    do {
        try await body()
        return nil
    } catch let error as PurseCheckoutError {
        return error.code
    } catch {
        return "NOT_A_PURSE_CHECKOUT_ERROR"
    }
}

/// The code of the `PurseCheckoutError` `body` throws; `nil` when it throws nothing.
func thrownCode(_ body: () throws -> Void) -> PurseCheckoutError.Code? {
    do {
        try body()
        return nil
    } catch let error as PurseCheckoutError {
        return error.code
    } catch {
        return "NOT_A_PURSE_CHECKOUT_ERROR"
    }
}
