import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import Testing
import ToolsLock

/// `TestClock.waitForSleeper(for:)` and the documentation's "slow gateway" test, which shares its clock with the
/// checkout's background balance look-ups (the demo shopper's slow gift card sleeps 2 s on it).
@MainActor
@Suite("Test clock: waiting for the sleeper a test means")
struct TestClockWaitTests {
    @Test("waitForSleeper(for:) ignores a sleeper with another deadline, and returns once the right one sleeps")
    func waitsForTheDeadlineAsked() async throws {
        let clock = TestClock()
        let other = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(1)
        await clock.waitForSleeper(for: .seconds(5), limit: .milliseconds(50))
        #expect(clock.sleeperCount == 1, "no 5 s sleeper came: the wait ended at its limit")
        let meant = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleeper(for: .seconds(5))
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(5))
        try await other.value
        try await meant.value
        #expect(clock.sleeperCount == 0)
    }

    @Test("waitForSleepers(orUntil:) returns true for a sleeper, and false at once when the work has ended")
    func waitsUntilTheWorkEnds() async throws {
        let clock = TestClock()
        // Ended, no sleeper: false on the first look at `ended`, not at the 30 s bound (counted, not timed: a loaded
        // sanitizer run can take seconds just to resume the test).
        let looks = Locked(0)
        let ended = await clock.waitForSleepers(
            orUntil: {
                looks.withLock { $0 += 1 }
                return true
            }, limit: .seconds(30))
        #expect(ended == false)
        #expect(looks.withLock { $0 } == 1)
        // A sleeper: true, even with `ended` never holding.
        let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
        #expect(await clock.waitForSleepers(orUntil: { false }))
        await clock.advance(by: .seconds(2))
        try await sleeper.value
        // Neither: false at the bound.
        #expect(await clock.waitForSleepers(orUntil: { false }, limit: .milliseconds(50)) == false)
    }

    /// The documentation's example (Testing.md, "Drive time with a test clock"), in the order that made it hang:
    /// with `waitForSleepers()` in place of `waitForSleeper(for:)`, the wait returned for the slow card's
    /// look-up, the advance woke that look-up, and the latency then started at 2 s and never ended (one run in
    /// six of the documentation's snippet hung in CI's snippet check; here, one case in 25 hung).
    @Test("a slow gateway on a shared test clock always finishes", arguments: 0..<25)
    func slowGatewayFinishes(run: Int) async throws {
        let clock = TestClock()
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let checkout = try await sandbox.openCheckout(
            amount: 42.99, configuration: PurseCheckoutConfiguration(clock: clock))
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayValidate)
        // The order that hung: the slow card's look-up already sleeps (2 s) when the payment starts.
        await clock.waitForSleepers(1)
        #expect(checkout.savedSecondaryTokens.contains { $0.id == Catalogue.savedSlow && !$0.balanceResolved })

        let payment = Task { try await checkout.submitPayment() }
        await clock.waitForSleeper(for: .seconds(5))
        await clock.advance(by: .seconds(5))
        // Bounded in real time: a hang is reported (and the payment cancelled) rather than hanging the suite.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            payment.cancel()
        }
        let result = await payment.result
        watchdog.cancel()
        #expect(throws: Never.self) { try result.get() }
        #expect(sandbox.stats().charges == 1)
    }
}
