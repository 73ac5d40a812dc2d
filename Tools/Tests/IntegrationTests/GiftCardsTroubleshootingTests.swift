import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// Every row of the gift cards page's troubleshooting table, as a behaviour against the sandbox.
@MainActor
@Suite("Gift cards troubleshooting rows")
struct GiftCardsTroubleshootingTests {
    @Test(
        "getSecondaryToken throws SECONDARY_METHOD_REQUIRED_CVV: check rules.requiresCVV(pan:) before calling",
        arguments: Wire.allCases)
    func requiredCVV(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(shopper: nil)
        let buybox = try checkout.secondary(.buybox)
        let rules = try #require(checkout.secondaryConfig(for: buybox))
        #expect(rules.requiresCVV(pan: Catalogue.buybox80.pan))
        #expect(!rules.requiresCVV(pan: Catalogue.buybox30))
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(method: buybox, pan: Catalogue.buybox80.pan, cvv: nil)
        }
        #expect(error?.code == .secondaryMethodRequiredCVV)
        #expect(harness.initCalls == 0)
        _ = try await checkout.getSecondaryToken(method: buybox, pan: Catalogue.buybox30, cvv: nil)
    }

    @Test(
        "applySecondary throws USAGE_LIMIT_ERROR: too many cards of this issuer in the split", arguments: Wire.allCases)
    func usageLimit(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 100, shopper: nil)
        #expect(try checkout.secondary(.easy2play).usageLimit == 2)
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
        let third = try await checkout.read(.easy2play, pan: Catalogue.easy2play10.pan, cvv: Catalogue.easy2play10.pin)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(third) }
        #expect(error?.code == .usageLimitError)
        #expect(error?.kind == .invalidTake)
        #expect(checkout.amountSplit.map(\.amount) == [25, 15])
    }

    @Test(
        "a card reads as empty when nothing is left to pay: the balance is computed against the amount asked",
        arguments: Wire.allCases)
    func readsEmpty(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 50, shopper: nil)
        let first = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(first)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin)
        }
        #expect(error?.code == .secondaryTokenEmptyBalance)
        #expect(error?.message.contains("nothing was left to pay") == true)
        #expect(harness.sandbox.balance(ofGiftCard: "ogloba-100") == 10000)  // it has money on it
        checkout.removeSecondary(first)
        let again = try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin)
        #expect(again.balance == 50)
    }

    @Test("a saved gift card shows disabled: its balance could not be read this session", arguments: Wire.allCases)
    func savedDisabled(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        await checkout.waitForSavedSecondaryBalances()
        let broken = try checkout.savedGiftCard(Catalogue.savedLookupFails)
        #expect(broken.disabled != nil)
        #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(broken) }
        // The other saved cards are unaffected.
        #expect(try checkout.savedGiftCard(Catalogue.savedGiftCard40).disabled == nil)
    }

    @Test(
        "applySecondary on a saved card throws SECONDARY_TOKEN_EMPTY_BALANCE before its look-up answers",
        arguments: Wire.allCases)
    func savedNotYetResolved(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        let checkout = try await harness.openCheckout()
        await clock.waitForSleeper(for: .seconds(2))  // the slow card's issuer answers after 2 s
        try await yieldUntil { try checkout.savedGiftCard(Catalogue.savedGiftCard40).balanceResolved }
        let slow = try checkout.savedGiftCard(Catalogue.savedSlow)
        #expect(!slow.balanceResolved && slow.disabled == nil)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(slow) }
        #expect(error?.code == .secondaryTokenEmptyBalance)
        #expect(error?.kind == .secondaryTokenizationFailed)
        await clock.advance(by: .seconds(2))
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(slow)  // the captured value: the checkout re-reads its own copy
        #expect(checkout.amountSplit.map(\.amount) == [30])
    }

    @Test("registerSecondary throws TOKEN_NOT_REGISTERABLE when the method forbids saving", arguments: Wire.allCases)
    func notRegisterable(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let token = try await checkout.read(.buybox, pan: Catalogue.buybox30)
        #expect(!token.canBeRegistered)
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerSecondary(token, registered: true, name: "gift one")
        }
        #expect(error?.code == .tokenNotRegisterable)
    }

    @Test("registered: true saves the card in the shopper's wallet at /validate", arguments: Wire.allCases)
    func registrationSaves(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 30)
        let before = harness.sandbox.walletTokenIDs(of: PurseSandbox.demoShopper)
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        if token.canBeRegistered {
            try checkout.registerSecondary(token, registered: true, name: "gift one")
        }
        #expect(checkout.registrationOf(token).registered)
        try checkout.applySecondary(token)
        _ = try await checkout.submitPayment()
        #expect(harness.sandbox.walletTokenIDs(of: PurseSandbox.demoShopper).count == before.count + 1)
        let next = try await harness.openCheckout()
        #expect(next.savedSecondaryTokens.contains { $0.partner == .illicado && $0.name == "gift one" })
    }

    @Test(
        "registered: true but not in any wallet: a session without a wallet session has nowhere to save",
        arguments: Wire.allCases)
    func guestRegistration(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 30, shopper: nil)
        #expect(checkout.session.walletSession == nil)
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.registerSecondary(token, registered: true, name: "gift one")  // recorded locally, not checked
        #expect(checkout.registrationOf(token) == SecondaryRegistration(registered: true, name: "gift one"))
        try checkout.applySecondary(token)
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(result.results.first?.pluginResult["token_id"] == nil)
        #expect(harness.sandbox.stats().requests(.wallet) == 0)
        #expect(harness.sandbox.walletTokenIDs(of: PurseSandbox.demoShopper).count == 8)
    }

    @Test(
        "getSecondaryToken throws METHOD_NOT_IMPLEMENTED without a config; registering one fixes it",
        arguments: Wire.allCases)
    func notImplemented(wire: Wire) async throws {
        let harness = try Harness(wire)
        // A registry without the shipped configs: ANCV Connect has none there.
        try await SecondaryConfigs.$current.withValue(SecondaryConfigs(shipped: false)) {
            let checkout = try await harness.openCheckout(shopper: nil)
            let ancv = try checkout.secondary(.ancv, .connect)
            #expect(checkout.secondaryConfig(for: ancv) == nil)
            let error = await #expect(throws: PurseCheckoutError.self) {
                try await checkout.getSecondaryToken(method: ancv, pan: "ANCV0001", cvv: nil)
            }
            #expect(error?.code == .methodNotImplemented)
            #expect(error?.message.contains("SecondaryConfigs.shared.register") == true)
            #expect(harness.initCalls == 0)
            SecondaryConfigs.current.register(partner: .ancv, method: .connect, config: AncvConnectConfig())
            #expect(checkout.secondaryConfig(for: ancv) != nil)
        }
    }
}
