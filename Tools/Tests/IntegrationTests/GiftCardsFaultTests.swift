import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Sandbox faults at `/init` and at the background balance look-ups never leave a half-applied card or a
/// wrong total.
@MainActor
@Suite("Gift cards under sandbox faults")
struct GiftCardsFaultTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let fault: SandboxFault
        var testDescription: String { name }
    }

    // Faults stay on until cleared: FoundationNetworking may resend a POST whose connection dropped.
    nonisolated static let faults = [
        Fault(name: "503", fault: .status(503)), Fault(name: "500", fault: .status(500)),
        Fault(name: "malformed JSON", fault: .malformed()), Fault(name: "dropped connection", fault: .drop()),
        Fault(
            name: "wrong content type and truncated", fault: SandboxFault(malformedBody: true, wrongContentType: true)),
    ]

    @Test(
        "a fault at /init: FAILED_TO_INIT_SECONDARY_TOKEN, the split untouched; then it works",
        arguments: Wire.allCases, faults)
    func initFault(wire: Wire, fault: Fault) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 80, shopper: nil)
        try checkout.applySecondary(try await checkout.read(.mybeezbox, pan: Catalogue.mybeezbox75), amount: 20)
        let before = (checkout.amountSplit, checkout.remainingAmountToPay)
        harness.sandbox.faults.inject(fault.fault, on: .gatewayInit)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        }
        #expect(error?.code == .failedToInitSecondaryToken)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(checkout.amountSplit == before.0)
        #expect(checkout.remainingAmountToPay == before.1)
        harness.sandbox.faults.clearAll()
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        #expect(checkout.amountSplit.map(\.amount) == [20, 50])
        #expect(checkout.remainingAmountToPay == 10)
    }

    @Test("a fault at the background look-ups disables the saved cards, nothing else", arguments: Wire.allCases, faults)
    func lookupFault(wire: Wire, fault: Fault) async throws {
        let harness = try Harness(wire)
        harness.sandbox.faults.inject(fault.fault, on: .gatewayInit)
        let checkout = try await harness.openCheckout()
        await checkout.waitForSavedSecondaryBalances()
        harness.sandbox.faults.clearAll()
        #expect(checkout.savedSecondaryTokens.count == 3)
        #expect(
            checkout.savedSecondaryTokens.allSatisfy { $0.disabled?.code == "TOKEN_INIT_FAILED" && !$0.balanceResolved }
        )
        #expect(checkout.savedSecondaryTokens.allSatisfy { $0.balance == 0 })
        for card in checkout.savedSecondaryTokens {
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(card) }
        }
        #expect(checkout.amountSplit.isEmpty)
        #expect(checkout.remainingAmountToPay == checkout.amount)
        // Fresh cards still work.
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        #expect(checkout.remainingAmountToPay == 0)
    }

    @Test(
        "a slow /init cancelled by the app: SECONDARY_METHOD_REQUEST_ABORTED, nothing applied", arguments: Wire.allCases
    )
    func latencyThenCancel(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        let checkout = try await harness.openCheckout(amount: 80, shopper: nil)
        harness.sandbox.faults.inject(.latency(.seconds(30)), on: .gatewayInit)
        let method = try checkout.secondary(.illicado)
        let reading = Task {
            try await checkout.getSecondaryToken(
                method: method, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        }
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)
        reading.cancel()
        let error = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
        #expect(error?.code == .secondaryMethodRequestAborted)
        #expect(checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == 80)
        harness.sandbox.faults.clearAll()
        await clock.advance(by: .seconds(30))  // let the sandbox finish the abandoned request
    }

    @Test(
        "a 503 at /validate: the gift cards stay applied, nothing is debited, the retry charges once",
        arguments: Wire.allCases)
    func validateFault(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 60, shopper: nil)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        try checkout.applySecondary(try await checkout.read(.easy2play, .voucher, pan: Catalogue.voucher10))
        harness.sandbox.faults.inject(.status(503), on: .gatewayValidate)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.httpStatus == 503)
        #expect(checkout.amountSplit.map(\.amount) == [50, 10])
        #expect(checkout.isPaymentFulfilled)
        #expect(harness.sandbox.balance(ofGiftCard: "illicado-50") == 5000)
        harness.sandbox.faults.clearAll()
        _ = try await checkout.submitPayment()
        #expect(harness.sandbox.balance(ofGiftCard: "illicado-50") == 0)
        #expect(harness.sandbox.stats().charges == 2)
    }
}
