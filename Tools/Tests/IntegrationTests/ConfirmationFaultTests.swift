import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Fault injection on the status calls (`GET /payment/v2/client-sessions/{id}`): a confirmation that cannot read
/// an answer says `unknown` and changes nothing; it never reports a final status the server did not give.
@MainActor
@Suite("Payment confirmation under faults: unknown, never a wrong final status")
struct ConfirmationFaultTests {
    /// Three calls, one second apart on the test clock.
    static let policy = PaymentConfirmationPolicy(
        firstInterval: .seconds(1), maximumInterval: .seconds(1), budget: .seconds(2))

    /// The faults a status call can meet, by name.
    nonisolated static let faults: [(String, SandboxFault)] = [
        ("503", .status(503)), ("500 without a body", .statusWithoutBody(500)), ("truncated body", .malformed()),
        ("text/plain body", .wrongContentType()), ("an HTML page", .html()),
    ]

    nonisolated static let cases: [(Wire, String, ScriptedRedirectPresenter.Step)] = Wire.allCases.flatMap { wire in
        faults.flatMap { fault in [ScriptedRedirectPresenter.Step.approve, .decline].map { (wire, fault.0, $0) } }
    }

    /// Advances `clock` through every wait of ``policy``.
    static func drive(_ clock: TestClock) async {
        for wait in policy.intervals {
            await clock.waitForSleeper(for: wait)
            await clock.advance(by: wait)
        }
    }

    @Test("every status call faulted: the element keeps the page's outcome, the status is unknown", arguments: cases)
    func everyCallFaulted(wire: Wire, fault name: String, step: ScriptedRedirectPresenter.Step) async throws {
        let fault = try #require(Self.faults.first { $0.0 == name }?.1)
        let harness = try Harness(wire)
        let clock = TestClock()
        let counting = CountingProvider(base: harness.statusProvider())
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = counting
            configuration.paymentConfirmation = Self.policy
            configuration.clock = clock
        }
        harness.sandbox.faults.inject(fault, on: .clientSessions)
        let method = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: harness.scriptedPresenter([step]))
        await element.prepare()
        let submit = Task { await element.submitAndWait() }
        await Self.drive(clock)
        let outcome = await submit.value
        guard case .returnedFromRedirect = outcome else {
            Issue.record("expected the page's own outcome, got \(outcome)")
            return
        }
        guard case .unknown = checkout.paymentStatus else {
            Issue.record("expected unknown, got \(String(describing: checkout.paymentStatus))")
            return
        }
        #expect(counting.calls == 3)
        #expect(checkout.sessionState == .submitted)  // not reopened: nothing says it was refused
        #expect(checkout.submittedPayment?.sessionID == checkout.session.id)

        // Once the backend answers again, the same checkout confirms the server's status.
        harness.sandbox.faults.clear(.clientSessions)
        let server = harness.sandbox.clientSessionStatus(id: checkout.session.id)?.payment
        let status = try await checkout.confirmPayment()
        #expect(
            status
                == (step == .approve ? .authorized(paymentID: server?.id) : .refused(serverCode: "REFUSED")))
        #expect(checkout.sessionState == (step == .approve ? .submitted : .error))
    }

    @Test("the first two calls faulted: the third reads the server's final status", arguments: cases)
    func twoCallsFaulted(wire: Wire, fault name: String, step: ScriptedRedirectPresenter.Step) async throws {
        var fault = try #require(Self.faults.first { $0.0 == name }?.1)
        fault.count = 2
        let harness = try Harness(wire)
        let clock = TestClock()
        let checkout = try await harness.openCheckout { configuration in
            configuration.paymentStatusProvider = harness.statusProvider()
            configuration.paymentConfirmation = Self.policy
            configuration.clock = clock
        }
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        let page = try #require(checkout.pendingRedirect(for: try await checkout.submitPayment()))
        guard case .returned = await harness.scriptedPresenter([step]).present(page) else {
            Issue.record("the page did not return")
            return
        }
        harness.sandbox.faults.inject(fault, on: .clientSessions)
        let confirmation = Task { try await checkout.confirmPayment() }
        await Self.drive(clock)
        let server = harness.sandbox.clientSessionStatus(id: checkout.session.id)?.payment
        #expect(
            try await confirmation.value
                == (step == .approve ? .authorized(paymentID: server?.id) : .refused(serverCode: "REFUSED")))
    }

    @Test("a backend answer naming no known status is unknown, never a final status")
    func unreadableReports() async throws {
        let reports: [PaymentStatusReport] = [
            PaymentStatusReport(paymentID: "p-1", authorizationStatus: "CAPTURED_MAYBE"),
            PaymentStatusReport(paymentID: "p-1", authorizationStatus: ""),
            PaymentStatusReport(paymentID: "p-1"),
            PaymentStatusReport(clientSessionStatus: "COMPLETED"),
        ]
        for report in reports {
            guard case .final = PaymentStatus.reading(report) else { continue }
            Issue.record("\(report) was read as a final status")
        }
        #expect(PaymentStatus.reading(reports[3]) == .noPayment)
        #expect(PaymentStatus.reading(PaymentStatusReport(authorizationStatus: "pending")) == .pending)
        #expect(
            PaymentStatus.reading(PaymentStatusReport(authorizationStatus: "REFUSED", refusalCode: "REJECTED_BANK"))
                == .final(.refused(serverCode: "REJECTED_BANK")))
        #expect(
            PaymentStatus.reading(PaymentStatusReport(paymentID: "p-9", authorizationStatus: "AUTHORIZED"))
                == .final(.authorized(paymentID: "p-9")))
    }
}
