import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Calls that overlap, as a real app makes them: a retry after a lost answer, a cart changed twice in a row, a
/// screen dismissed mid-payment, a gift card read while the cart changes. Each test is one of the four ways an
/// outside review charged a shopper wrongly; each asserts the money (payments, charges, card debits) and that a call
/// overtaken by another changes nothing.
@MainActor
@Suite("Overlapping calls: one charge per order, the latest cart paid, nothing after teardown")
struct OverlappingCallsTests {
    /// A checkout paying `amount` with the illicado card (50.00 on it) and the saved card that needs no CVV.
    private func giftCardAndCard(
        _ harness: Harness, amount: Decimal
    ) async throws -> (PurseHeadlessCheckout, SecondaryToken) {
        let checkout = try await harness.openCheckout(amount: amount)
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(token, amount: 10)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        try #require(checkout.isPaymentFulfilled)
        return (checkout, token)
    }

    /// A checkout paying 42.99 with the saved card that needs no CVV.
    private func cardCheckout(
        _ harness: Harness, configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }
    ) async throws -> PurseHeadlessCheckout {
        let checkout = try await harness.openCheckout(configure: configure)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        return checkout
    }

    /// The AUTHORIZED payments the sandbox holds for these sessions.
    private func authorized(_ harness: Harness, sessions: [String]) -> Int {
        sessions.filter { harness.sandbox.clientSessionStatus(id: $0)?.payment?.authorizationStatus == "AUTHORIZED" }
            .count
    }

    // MARK: 1. Charged twice

    @Test(
        "a lost /validate answer freezes the cart: the update to another session is refused, the retry replays, one charge",
        arguments: Wire.allCases)
    func lostAnswerThenCartChange(wire: Wire) async throws {
        let harness = try Harness(wire)
        let (checkout, token) = try await giftCardAndCard(harness, amount: 42.99)
        let sessionA = checkout.session.id
        // The gateway authorizes the payment, then its answer cannot be read.
        harness.sandbox.faults.inject(.malformed(count: 1), on: .gatewayValidate)
        let lost = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(lost?.code == .invalidResponse)
        #expect(lost?.message.contains("submit again") == true)
        #expect(checkout.sessionState == .outcomeUnknown)
        #expect(authorized(harness, sessions: [sessionA]) == 1)

        // The app moves the cart onto session B: refused, and the checkout stays on A.
        let sessionB = try harness.sandbox.createClientSession(amount: 45, shopper: PurseSandbox.demoShopper)
        let refused = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.updateSession(widgetData: sessionB.widgetData)
        }
        #expect(refused?.code == .paymentOutcomeUnknown)
        #expect(checkout.session.id == sessionA)
        // Nor can the split change.
        let split = checkout.amountSplit
        checkout.removeSecondary(token)
        #expect(checkout.amountSplit == split)
        let primaryRefused = #expect(throws: PurseCheckoutError.self) {
            try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        }
        #expect(primaryRefused?.code == .paymentOutcomeUnknown)

        // The retry replays the same attempt: the stored answer, no second charge.
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(checkout.sessionState == .submitted)
        #expect(authorized(harness, sessions: [sessionA, sessionB.id]) == 1)
        #expect(harness.sandbox.stats().chargesPerGiftCard["illicado-50"] == 1)
        #expect(harness.sandbox.balance(ofGiftCard: "illicado-50") == 4000)
    }

    @Test("a lost answer survives save and restore: the restored checkout refuses the cart change and replays the key")
    func lostAnswerThenRestore() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await cardCheckout(harness)
        harness.sandbox.faults.inject(.drop(count: 1), on: .gatewayValidate)
        _ = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(checkout.sessionState == .outcomeUnknown)
        let key = try #require(checkout.state.attempt?.key)

        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: harness.configuration())
        #expect(restored.sessionState == .outcomeUnknown)
        #expect(restored.state.attempt?.key == key)
        let sessionB = try harness.sandbox.createClientSession(amount: 45, shopper: PurseSandbox.demoShopper)
        let refused = await #expect(throws: PurseCheckoutError.self) {
            try await restored.updateSession(widgetData: sessionB.widgetData)
        }
        #expect(refused?.code == .paymentOutcomeUnknown)
        let result = try await restored.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(harness.sandbox.stats().charges == 1)
        #expect(authorized(harness, sessions: [checkout.session.id, sessionB.id]) == 1)
    }

    @Test(
        "a replay that fails too (HTTP 500) keeps the outcome unknown: the cart stays frozen, the next replay pays once"
    )
    func failedReplayStaysUnknown() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await cardCheckout(harness)
        harness.sandbox.faults.inject(.malformed(count: 1), on: .gatewayValidate)
        _ = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        harness.sandbox.faults.inject(.status(500, count: 1), on: .gatewayValidate)
        let replay = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(replay?.code == .apiError)
        #expect(checkout.sessionState == .outcomeUnknown)
        let sessionB = try harness.sandbox.createClientSession(amount: 25, shopper: PurseSandbox.demoShopper)
        let refused = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.updateSession(widgetData: sessionB.widgetData)
        }
        #expect(refused?.code == .paymentOutcomeUnknown)
        #expect(try await checkout.submitPayment().globalStatus == .success)
        #expect(harness.sandbox.stats().charges == 1)
        #expect(authorized(harness, sessions: [checkout.session.id, sessionB.id]) == 1)
    }

    @Test("confirmPayment settles a lost answer: the checkout is submitted, and a new submit is refused")
    func lostAnswerSettledByConfirmation() async throws {
        let harness = try Harness(.inProcess)
        let provider = harness.statusProvider()
        let checkout = try await cardCheckout(harness) { $0.paymentStatusProvider = provider }
        harness.sandbox.faults.inject(.drop(count: 1), on: .gatewayValidate)
        _ = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(checkout.sessionState == .outcomeUnknown)
        let status = try await checkout.confirmPayment()
        #expect(status.isAuthorizedForTests)
        #expect(checkout.sessionState == .submitted)
        let again = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(again?.code == .sessionAlreadySubmitted)
        #expect(harness.sandbox.stats().charges == 1)
    }

    // MARK: 2. The older cart paid

    @Test("two overlapping updates: the latest call wins, the older one is refused and changes nothing")
    func latestUpdateWins() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let checkout = try await harness.openCheckout(amount: 20, shopper: nil)
        // The card paid all it could against 20.00: any larger order reads it again (one /init per update).
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        let sessionB = try harness.sandbox.createClientSession(amount: 40, shopper: nil)
        let sessionC = try harness.sandbox.createClientSession(amount: 30, shopper: nil)
        // B's balance read waits 5 s on the test clock; C starts meanwhile and reads at once.
        harness.sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayInit)
        let toB = Task { try await checkout.updateSession(widgetData: sessionB.widgetData) }
        await clock.waitForSleeper(for: .seconds(5))
        let update = try await checkout.updateSession(widgetData: sessionC.widgetData)
        #expect(update.sessionID == sessionC.id)
        await clock.advance(by: .seconds(5))
        let older = await #expect(throws: PurseCheckoutError.self) { try await toB.value }
        #expect(older?.code == .sessionChanged)
        #expect(checkout.session.id == sessionC.id)
        #expect(checkout.amount == 30)
        #expect(checkout.amountSplit.map(\.amount) == [30])
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(harness.sandbox.clientSessionStatus(id: sessionC.id)?.payment?.amount == 3000)
        #expect(harness.sandbox.clientSessionStatus(id: sessionB.id)?.payment == nil)
    }

    // MARK: 3. Teardown undone

    @Test("teardown during a submit whose /validate then fails: the checkout stays ended for every later call")
    func teardownMidSubmit() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let checkout = try await cardCheckout(harness)
        // /validate fails with a 500 once the test clock has moved 5 s.
        harness.sandbox.faults.inject(SandboxFault(latency: .seconds(5), status: 500, count: 1), on: .gatewayValidate)
        let submit = Task { try await checkout.submitPayment() }
        await clock.waitForSleeper(for: .seconds(5))
        #expect(checkout.sessionState == .submitting)
        checkout.teardown()
        await clock.advance(by: .seconds(5))
        let ended = await #expect(throws: PurseCheckoutError.self) { try await submit.value }
        #expect(ended?.code == .checkoutTerminated)
        #expect(checkout.sessionState == .terminated)

        let sessionB = try harness.sandbox.createClientSession(amount: 45, shopper: PurseSandbox.demoShopper)
        let update = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.updateSession(widgetData: sessionB.widgetData)
        }
        #expect(update?.code == .checkoutTerminated)
        let pay = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(pay?.code == .checkoutTerminated)
        let confirm = await #expect(throws: PurseCheckoutError.self) { try await checkout.confirmPayment() }
        #expect(confirm?.code == .checkoutTerminated)
        let restore = #expect(throws: PurseCheckoutError.self) {
            try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: harness.configuration())
        }
        #expect(restore?.code == .checkoutTerminated)
        #expect(harness.sandbox.stats().charges == 0)
    }

    // MARK: 4. A read labelled with the wrong session

    @Test("a gift card read in flight while the cart moves to another session is discarded, never applied")
    func tokenizationAcrossUpdate() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        // A guest: no saved gift card whose balance look-up would also call /init.
        let checkout = try await harness.openCheckout(amount: 20, shopper: nil)
        harness.sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayInit)
        let reading = Task {
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        }
        await clock.waitForSleeper(for: .seconds(5))
        let sessionB = try harness.sandbox.createClientSession(amount: 45, shopper: nil)
        try await checkout.updateSession(widgetData: sessionB.widgetData)
        await clock.advance(by: .seconds(5))
        let discarded = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
        #expect(discarded?.code == .sessionChanged)
        #expect(checkout.session.id == sessionB.id)
        #expect(checkout.amountSplit.isEmpty)
        // Read again on B: its balance is capped by B's amount, and it belongs to B.
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        #expect(token.balance == 45)
        try checkout.applySecondary(token)
        #expect(checkout.amountSplit.map(\.amount) == [45])
    }

    // MARK: BIN look-ups

    /// A card form of a checkout on the test clock, prepared, with its vault's next answer 5 s late.
    private func slowLookup(_ clock: TestClock, _ harness: Harness) async throws -> (PurseHeadlessCheckout, CardForm) {
        let checkout = try await harness.openCheckout(amount: 20, shopper: nil)
        let method = try #require(checkout.sandboxCardMethod)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        let form = try #require(element.cardForm)
        harness.sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .vault)
        form.testingFields.pan = "555555"
        #expect(form.isLookingUpBrand)
        await clock.waitForSleeper(for: .seconds(5))
        return (checkout, form)
    }

    @Test("a BIN look-up answering after teardown changes nothing in the form, and nothing more is looked up")
    func binLookupAfterTeardown() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let (checkout, form) = try await slowLookup(clock, harness)
        checkout.teardown()
        await clock.advance(by: .seconds(5))
        await form.settleBrandLookup()
        #expect(form.brand == nil && form.brandSource == nil, "the answer was taken after teardown")
        #expect(!form.isLookingUpBrand)
        form.testingFields.pan = "4111111111"
        #expect(!form.isLookingUpBrand, "a torn-down checkout's form looked a number up")
        #expect(harness.sandbox.stats().requests(.vault) == 1)
    }

    @Test("a BIN look-up answering after the cart moved to another session is dropped and made again")
    func binLookupAcrossUpdate() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let (checkout, form) = try await slowLookup(clock, harness)
        let sessionB = try harness.sandbox.createClientSession(amount: 45, shopper: nil)
        try await checkout.updateSession(widgetData: sessionB.widgetData)
        await clock.advance(by: .seconds(5))
        await form.settleBrandLookup()
        #expect(harness.sandbox.stats().requests(.vault) == 2, "the number is looked up again for the current session")
        #expect(form.brand == .mastercard && form.brandSource == .vault)
        #expect(!form.isLookingUpBrand)
    }
}

extension PaymentStatus {
    /// Whether the status is `authorized`, whatever its payment id.
    var isAuthorizedForTests: Bool {
        if case .authorized = self { return true }
        return false
    }
}
