import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Buy now, pay later against the sandbox: the plan priced after the gift cards, staleness, the cache, refusals.
@MainActor
@Suite("Loan simulations against the sandbox")
struct LoanSimulationFlowTests {
    /// 2026-01-31T10:00:00Z: the schedule crosses February (its last day is the 28th).
    nonisolated static let january31 = Date(timeIntervalSince1970: 1_769_853_600)

    @Test("a gift card, then Oney 3x prices the rest: schedule, APR, legal text verbatim", arguments: Wire.allCases)
    func afterGiftCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        harness.serverTime.value = Self.january31
        // A test clock: the checkout's time stays at its opening time, the 31st, however long the test runs.
        let checkout = try await harness.openCheckout(amount: 250, shopper: nil) {
            $0.now = { Self.january31 }
            $0.clock = TestClock()
        }
        let oney = try checkout.method(.oney, .cb3x)
        #expect(oney.isSimulable)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        #expect(checkout.primaryAmount == 200)
        let plan = try await checkout.simulateLoan(method: oney)
        #expect(plan.methodID == "oney-cb3x" && plan.currency == "EUR")
        #expect(plan.amount == 200)
        #expect(plan.totalCost == Decimal(string: "2.90"))
        #expect(plan.totalAmount == Decimal(string: "202.90"))
        #expect(plan.schedule.map(\.amount) == ["69.56", "66.66", "66.68"].map { Decimal(string: $0)! })
        #expect(plan.schedule.map(\.amount).reduce(0, +) == plan.totalAmount)
        #expect(plan.initialInstallmentAmount == Decimal(string: "69.56"))
        #expect(plan.installmentAmount == Decimal(string: "66.66"))
        #expect(plan.finalInstallmentAmount == Decimal(string: "66.68"))
        #expect(plan.installmentCount == 3 && plan.isPreferred)
        #expect(plan.aprc == Decimal(string: "19.31"))
        let expectedText = SandboxCatalogue.standard.method(partner: "oney", method: "cb3x")?.loanPlans.first?.legalText
        #expect(plan.legalText == expectedText && plan.legalText?.contains("Vérifiez vos capacités") == true)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(
            plan.schedule.map { utc.dateComponents([.month, .day], from: $0.dueDate) }.map { [$0.month, $0.day] }
                == [[1, 31], [2, 28], [3, 31]])
        #expect(plan.simulatedAt == Self.january31)
        #expect(!checkout.isStale(plan))
        #expect(harness.simulationCalls == 1)
    }

    @Test("staleness follows the split: apply, retake, remove; the cache answers amounts already priced")
    func staleness() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 250, shopper: nil)
        let oney = try checkout.method(.oney, .cb4x)
        let whole = try await checkout.simulateLoan(method: oney)
        #expect(whole.amount == 250 && !checkout.isStale(whole))
        let card = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(card)
        #expect(checkout.isStale(whole))  // the gift card now pays 50.00
        let rest = try await checkout.simulateLoan(method: oney)
        #expect(rest.amount == 200 && !checkout.isStale(rest))
        try checkout.applySecondary(card, amount: 20)
        #expect(checkout.isStale(rest) && checkout.isStale(whole))
        #expect(checkout.loanSimulationBasis.amount == 230)
        checkout.removeSecondary(card)
        #expect(checkout.isStale(rest) && !checkout.isStale(whole))
        #expect(harness.simulationCalls == 2)
        let again = try await checkout.simulateLoan(method: oney)  // 250.00 again: from the cache
        #expect(again == whole)
        #expect(harness.simulationCalls == 2)
        _ = try await checkout.loanSimulations(method: oney)  // the multi call is cached on its own
        #expect(harness.simulationCalls == 3)
    }

    @Test("another session, even of the same amount, makes a simulation stale")
    func otherSession() async throws {
        let harness = try Harness(.inProcess)
        let first = try await harness.openCheckout(amount: 250, shopper: nil)
        let second = try await harness.openCheckout(amount: 250, shopper: nil)
        let plan = try await first.simulateLoan(method: try first.method(.alma, .cb3x))
        #expect(!first.isStale(plan))
        #expect(second.isStale(plan))
        #expect(plan.basis.sessionID == first.session.id)
    }

    @Test(
        "a cart change (updateSession) makes a simulation stale; the new session is priced afresh",
        arguments: Wire.allCases)
    func staleAfterUpdate(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 250, shopper: nil)
        let plan = try await checkout.simulateLoan(method: try checkout.method(.oney, .cb4x))
        #expect(plan.amount == 250 && !checkout.isStale(plan))
        let grown = try harness.sandbox.createClientSession(amount: 280, shopper: nil)
        _ = try await checkout.updateSession(widgetData: grown.widgetData)
        #expect(checkout.isStale(plan))
        #expect(checkout.loanSimulationBasis.sessionID == grown.id && checkout.loanSimulationBasis.amount == 280)
        let repriced = try await checkout.simulateLoan(method: try checkout.method(.oney, .cb4x))
        #expect(repriced.amount == 280 && !checkout.isStale(repriced) && repriced.basis.sessionID == grown.id)
        #expect(harness.simulationCalls == 2)  // nothing answered from the old session's cache
        // The same amount on yet another session is not the cache's answer either: the session is part of the basis.
        let same = try harness.sandbox.createClientSession(amount: 280, shopper: nil)
        _ = try await checkout.updateSession(widgetData: same.widgetData)
        #expect(checkout.isStale(repriced))
        _ = try await checkout.simulateLoan(method: try checkout.method(.oney, .cb4x))
        #expect(harness.simulationCalls == 3)
    }

    @Test("the multi-plan call: Floa 3x and 4x, the preferred first, each adding up")
    func multi() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: Decimal(string: "333.33")!, shopper: nil)
        let plans = try await checkout.loanSimulations(method: try checkout.method(.floa, .bnpl))
        #expect(plans.map(\.installmentCount) == [3, 4])
        #expect(plans.map(\.isPreferred) == [true, false])
        for plan in plans {
            #expect(plan.schedule.map(\.amount).reduce(0, +) == plan.totalAmount)
            #expect(plan.totalAmount == plan.amount + plan.totalCost)
        }
        let single = try await checkout.simulateLoan(method: try checkout.method(.floa, .bnpl))
        #expect(single.installmentCount == 3)
    }

    @Test("a zero-decimal currency: yen amounts are whole and the sum is exact")
    func yen() async throws {
        let harness = try Harness(.inProcess)
        let session = try harness.sandbox.createClientSession(amount: 2_999, currency: "JPY", shopper: nil)
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData, configuration: harness.configuration())
        let plan = try await checkout.simulateLoan(method: try checkout.method(.oney, .cb4x))
        #expect(plan.currency == "JPY")
        #expect(plan.schedule.map(\.amount) == [815, 749, 749, 752])
        #expect(plan.schedule.map(\.amount).reduce(0, +) == plan.totalAmount && plan.totalCost == 66)
    }

    @Test("refusals: not simulable (no call), out of range, nothing to finance, a bad amount")
    func refusals() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 40, shopper: nil)
        let card = try checkout.method(.payzen, .creditcard)
        let notSimulable = await #expect(throws: PurseCheckoutError.self) {
            _ = try await checkout.simulateLoan(method: card)
        }
        #expect(notSimulable?.code == .methodIsNotSimulable && notSimulable?.kind == .method)
        #expect(harness.simulationCalls == 0)
        let oney = try checkout.method(.oney, .cb3x)
        let outOfRange = await #expect(throws: PurseCheckoutError.self) {
            _ = try await checkout.simulateLoan(method: oney)  // 40.00: below Oney's 50.00
        }
        #expect(outOfRange?.code == .invalidLoanSimulation && outOfRange?.httpStatus == 422)
        #expect(outOfRange?.serverCode == "INVALID_LOAN_SIMULATION")
        #expect(outOfRange?.message.contains("40.00 EUR is outside the range of oney-cb3x") == true)
        let badAmount = await #expect(throws: PurseCheckoutError.self) {
            _ = try await checkout.simulateLoan(method: oney, amount: Decimal(string: "100.005")!)
        }
        #expect(badAmount?.code == .invalidLoanSimulation)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        let nothing = await #expect(throws: PurseCheckoutError.self) {
            _ = try await checkout.simulateLoan(method: oney)
        }
        #expect(nothing?.code == .invalidLoanSimulation)
        #expect(harness.simulationCalls == 1)
        let explicit = try await checkout.simulateLoan(method: oney, amount: 120)  // a product page's own amount
        #expect(explicit.amount == 120 && checkout.isStale(explicit))
    }

    @Test("an answer whose instalments do not add up is INVALID_LOAN_SIMULATION, and is not cached")
    func inconsistentAnswer() async throws {
        let harness = try Harness(.inProcess)
        let session = try harness.sandbox.createClientSession(amount: 100, shopper: nil)
        let transport = RewritingTransport(SandboxTransport(harness.sandbox))
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData, configuration: PurseCheckoutConfiguration(transport: transport))
        let oney = try checkout.method(.oney, .cb3x)
        transport.rewrite.withLock { $0 = true }
        let error = await #expect(throws: PurseCheckoutError.self) { _ = try await checkout.simulateLoan(method: oney) }
        #expect(error?.code == .invalidLoanSimulation)
        #expect(error?.message.contains("add up") == true)
        transport.rewrite.withLock { $0 = false }
        let plan = try await checkout.simulateLoan(method: oney)
        #expect(plan.totalAmount == Decimal(string: "101.45"))
        #expect(harness.simulationCalls == 2)
    }

    @Test("cancelling the task ends the call with REQUEST_CANCELLED; nothing is cached")
    func cancellation() async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let checkout = try await harness.openCheckout(amount: 250, shopper: nil)
        let oney = try checkout.method(.oney, .cb3x)
        harness.sandbox.faults.inject(.latency(.seconds(5)), on: .gatewaySimulation)
        let task = Task { try await checkout.simulateLoan(method: oney) }
        await clock.waitForSleeper(for: .seconds(5))
        task.cancel()
        let error = await #expect(throws: PurseCheckoutError.self) { _ = try await task.value }
        #expect(error?.code == .requestCancelled)
        harness.sandbox.faults.clearAll()
        let plan = try await checkout.simulateLoan(method: oney)
        #expect(plan.amount == 250)
        #expect(harness.simulationCalls == 2)
    }
}

extension Harness {
    var simulationCalls: Int { sandbox.stats().requests(.gatewaySimulation) }
}

extension PurseHeadlessCheckout {
    func method(_ partner: Partner, _ method: PaymentMethodType) throws -> PrimaryMethod {
        try #require(paymentMethods.first { $0.partner == partner && $0.method == method })
    }
}

/// Passes requests to the sandbox; while `rewrite` is on, makes the simulation's first instalment one cent more.
final class RewritingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let rewrite = Locked(false)

    init(_ inner: any HTTPTransport) { self.inner = inner }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await inner.send(request)
        guard rewrite.withLock({ $0 }), request.url.path.contains("/simulations/") else { return response }
        let text = String(decoding: response.body, as: UTF8.self)
        response.body = Data(
            text.replacingOccurrences(
                of: "\"initial_instalment_amount\":3478", with: "\"initial_instalment_amount\":3479"
            )
            .utf8)
        return response
    }
}
