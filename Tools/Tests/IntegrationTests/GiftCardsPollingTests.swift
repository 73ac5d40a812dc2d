import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// An app-approval issuer (the sandbox's ANCV Connect) registered by the app: `shouldPoll` and
/// `classifyInitError` on the checkout's test clock. Each test binds its own registry for its task, so the
/// shared registry is never changed.
@MainActor
@Suite("Polling issuers against the sandbox")
struct GiftCardsPollingTests {
    static func registry(_ config: AncvConnectConfig = AncvConnectConfig()) -> SecondaryConfigs {
        let registry = SecondaryConfigs.shared.copy()
        registry.register(partner: .ancv, method: .connect, config: config)
        return registry
    }

    @Test(
        "the checkout polls /init with the same step_id every 2 s until the shopper approves", arguments: Wire.allCases)
    func approves(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire)
        try await SecondaryConfigs.$current.withValue(Self.registry()) {
            let checkout = try await harness.openCheckout(amount: 80, shopper: nil) { $0.clock = clock }
            let method = try checkout.secondary(.ancv, .connect)
            let reading = Task { try await checkout.getSecondaryToken(method: method, pan: "ANCV0001", cvv: nil) }
            for poll in 1...2 {
                await clock.waitForSleepers(1)
                #expect(harness.initCalls == poll)
                await clock.advance(by: .seconds(2))
            }
            let token = try await reading.value
            #expect(harness.initCalls == 3)
            #expect(token.balance == 80)
            try checkout.applySecondary(token)
            _ = try await checkout.submitPayment()  // /validate carries the approved poll's step_id
            #expect(harness.sandbox.balance(ofGiftCard: "ancv-approves") == 7000)
        }
    }

    @Test(
        "classifyInitError maps the shopper's refusal and the timeout",
        arguments: Wire.allCases,
        [
            ("ANCV0002", PurseCheckoutError.Code.userActionRequestAbortedByCustomer),
            ("ANCV0003", .userActionRequestHasExpired),
        ])
    func refusals(wire: Wire, rule: (String, PurseCheckoutError.Code)) async throws {
        let clock = TestClock()
        let harness = try Harness(wire)
        try await SecondaryConfigs.$current.withValue(Self.registry()) {
            let checkout = try await harness.openCheckout(shopper: nil) { $0.clock = clock }
            let method = try checkout.secondary(.ancv, .connect)
            let finished = Locked(false)
            let reading = Task {
                defer { finished.withLock { $0 = true } }
                return try await checkout.getSecondaryToken(method: method, pan: rule.0, cvv: nil)
            }
            // Each poll sleeps 2 s on the test clock until the refusal ends the reading: advance while it sleeps,
            // stop once it has ended (waiting for a sleeper that never comes would only end at the wait's bound).
            for _ in 0..<10 {
                guard await clock.waitForSleepers(orUntil: { finished.withLock { $0 } }) else { break }
                await clock.advance(by: .seconds(2))
            }
            let error = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
            #expect(error?.code == rule.1)
            #expect(error?.kind == .secondaryTokenizationFailed)
        }
    }

    @Test(
        "cancelling while the checkout waits between polls: SECONDARY_METHOD_REQUEST_ABORTED", arguments: Wire.allCases)
    func cancelWhilePolling(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire)
        try await SecondaryConfigs.$current.withValue(Self.registry()) {
            let checkout = try await harness.openCheckout(shopper: nil) { $0.clock = clock }
            let method = try checkout.secondary(.ancv, .connect)
            let reading = Task { try await checkout.getSecondaryToken(method: method, pan: "ANCV0001", cvv: nil) }
            await clock.waitForSleepers(1)
            reading.cancel()
            let error = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
            #expect(error?.code == .secondaryMethodRequestAborted)
            #expect(clock.sleeperCount == 0)
            #expect(harness.initCalls == 1)
        }
    }

    @Test("maximumPollCount bounds the wait", arguments: Wire.allCases)
    func pollCap(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire)
        try await SecondaryConfigs.$current.withValue(Self.registry(AncvConnectConfig(maximumPollCount: 1))) {
            let checkout = try await harness.openCheckout(shopper: nil) { $0.clock = clock }
            let method = try checkout.secondary(.ancv, .connect)
            let reading = Task { try await checkout.getSecondaryToken(method: method, pan: "ANCV0001", cvv: nil) }
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(2))
            let error = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
            #expect(error?.code == .failedToInitSecondaryToken)
            #expect(error?.serverCode == "WAITING_PARTNER_RESPONSE")
            #expect(harness.initCalls == 2)
        }
    }
}
