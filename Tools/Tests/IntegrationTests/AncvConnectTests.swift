import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// ANCV Chèques-Vacances Connect with the config the SDK ships (no app registration), against the sandbox: the
/// shopper approves in the ANCV app while the checkout polls, and the payment is authorized.
@MainActor
@Suite("ANCV Connect, shipped")
struct AncvConnectTests {
    @Test("the shipped config reads an approved account and pays the order with it", arguments: Wire.allCases)
    func paysEndToEnd(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 80, shopper: nil) { $0.clock = clock }
        let method = try checkout.secondary(.ancv, .connect)
        #expect(checkout.availability(of: method) == .available)
        let reading = Task { try await checkout.getSecondaryToken(method: method, pan: " ANCV0001 ", cvv: nil) }
        for _ in 1...2 {  // the sandbox's ANCV0001 approves at the third call
            await clock.waitForSleepers(1)
            await clock.advance(by: .seconds(2))
        }
        let token = try await reading.value
        #expect(token.balance == 80)
        try checkout.applySecondary(token)
        #expect(checkout.isPaymentFulfilled)
        _ = try await checkout.submitPayment()
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(harness.sandbox.balance(ofGiftCard: "ancv-approves") == 7000)
    }

    @Test("the shopper's refusal and the timeout are typed errors, with the shipped config")
    func refusals() async throws {
        // The sandbox's accounts answer WAITING 1 and 3 times before their refusal.
        for (account, waits, code) in [
            ("ANCV0002", 1, PurseCheckoutError.Code.userActionRequestAbortedByCustomer),
            ("ANCV0003", 3, .userActionRequestHasExpired),
        ] {
            let clock = TestClock()
            let harness = try Harness(.inProcess)
            let checkout = try await harness.openCheckout(shopper: nil) { $0.clock = clock }
            let method = try checkout.secondary(.ancv, .connect)
            let reading = Task { try await checkout.getSecondaryToken(method: method, pan: account, cvv: nil) }
            for _ in 0..<waits {
                await clock.waitForSleepers(1)
                await clock.advance(by: .seconds(2))
            }
            let error = await #expect(throws: PurseCheckoutError.self) { try await reading.value }
            #expect(error?.code == code)
        }
    }

    @Test("the account identifier: letters, digits and @ . _ + -, 3 to 80 characters, no security code")
    func identifierRules() throws {
        let config = try #require(SecondaryConfigs.shared.config(partner: .ancv, method: .connect))
        #expect(config.validatePAN("ANCV0001") && config.validatePAN("camille.martin+cv@example.com"))
        #expect(config.validatePAN("  AB1  "))
        #expect(!config.validatePAN("A1") && !config.validatePAN(String(repeating: "1", count: 81)))
        #expect(!config.validatePAN("ANCV 0001") && !config.validatePAN("ANCV#1"))
        #expect(!config.requiresCVV(pan: "ANCV0001"))
        #expect(config.buildInitPaymentData(pan: " ANCV0001 ", cvv: nil) == ["card": ["number": "ANCV0001"]])
        #expect(config.maximumPollCount == 90 && config.pollInterval == .seconds(2))
    }
}
