import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// The demo shopper's saved gift cards against the sandbox: background balances on a test clock, using them,
/// renaming them, deleting every token.
@MainActor
@Suite("Saved gift cards against the sandbox")
struct GiftCardsSavedTests {
    @Test(
        "balances arrive in the background, concurrently: three look-ups take one round trip", arguments: Wire.allCases)
    func backgroundBalances(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        harness.sandbox.faults.inject(.latency(.seconds(1)), on: .gatewayInit)  // every /init takes 1 s
        let checkout = try await harness.openCheckout()
        #expect(
            checkout.savedSecondaryTokens.map(\.id) == [
                Catalogue.savedGiftCard40, Catalogue.savedLookupFails, Catalogue.savedSlow,
            ])
        // All three look-ups are waiting on the sandbox at once: they were sent concurrently.
        await clock.waitForSleepers(3)
        #expect(clock.sleeperCount == 3)
        #expect(checkout.savedSecondaryTokens.allSatisfy { !$0.balanceResolved && $0.disabled == nil })
        let early = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        }
        #expect(early?.code == .secondaryTokenEmptyBalance)

        await clock.advance(by: .seconds(1))  // one round trip: two of three answer
        await clock.waitForSleeper(for: .seconds(2))  // the slow card's issuer takes 2 s more
        try await yieldUntil {
            // Over loopback the two answers travel back independently: wait for both.
            try checkout.savedGiftCard(Catalogue.savedLookupFails).disabled != nil
                && checkout.savedGiftCard(Catalogue.savedGiftCard40).balanceResolved
        }
        #expect(try checkout.savedGiftCard(Catalogue.savedGiftCard40).balanceResolved)
        #expect(try checkout.savedGiftCard(Catalogue.savedGiftCard40).balance == 40)
        #expect(try checkout.savedGiftCard(Catalogue.savedLookupFails).disabled?.code == "TOKEN_INIT_FAILED")
        #expect(try !checkout.savedGiftCard(Catalogue.savedSlow).balanceResolved)

        await clock.advance(by: .seconds(2))
        await checkout.waitForSavedSecondaryBalances()
        #expect(try checkout.savedGiftCard(Catalogue.savedSlow).balance == 30)
        #expect(harness.initCalls == 3)
        harness.sandbox.faults.clearAll()
    }

    @Test("a saved gift card pays with its token; the server debits it", arguments: Wire.allCases)
    func paysWithSavedCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 30)
        await checkout.waitForSavedSecondaryBalances()
        let card = try checkout.savedGiftCard(Catalogue.savedGiftCard40)
        #expect(card.balance == 30)  // read against the 30.00 order
        try checkout.applySecondary(card)
        #expect(checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0)
        _ = try await checkout.submitPayment()
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.split.first?.tokenId == Catalogue.savedGiftCard40)
        #expect(harness.sandbox.balance(ofGiftCard: "easy2play-saved-40") == 1000)
    }

    @Test("a saved card whose look-up failed is disabled and cannot be used", arguments: Wire.allCases)
    func disabled(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        await checkout.waitForSavedSecondaryBalances()
        let card = try checkout.savedGiftCard(Catalogue.savedLookupFails)
        #expect(card.disabled?.code == "TOKEN_INIT_FAILED")
        #expect(card.disabled?.message.contains("TECHNICAL_ISSUE_TO_CONTACT_PARTNER") == true)
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(card) }
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(error?.code == .failedToInitSecondaryToken)
        #expect(checkout.remainingAmountToPay == checkout.amount)
    }

    @Test("editToken renames a saved gift card in the wallet", arguments: Wire.allCases)
    func rename(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try await checkout.editToken(try checkout.savedGiftCard(Catalogue.savedGiftCard40), name: "Grandma gift")
        #expect(try checkout.savedGiftCard(Catalogue.savedGiftCard40).name == "Grandma gift")
        let taken = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(try checkout.savedGiftCard(Catalogue.savedSlow), name: "grandma GIFT")
        }
        #expect(taken?.code == .tokenNameExists)
        #expect(taken?.kind == .walletOperationFailed)
        // A new checkout for the same shopper sees the new name.
        let next = try await harness.openCheckout()
        #expect(try next.savedGiftCard(Catalogue.savedGiftCard40).name == "Grandma gift")
    }

    @Test("deleteAllTokens removes saved gift cards too, in the wallet and in the checkout", arguments: Wire.allCases)
    func deleteAll(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        try await checkout.deleteAllTokens()
        #expect(checkout.savedSecondaryTokens.isEmpty)
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.amountSplit.isEmpty)
        #expect(checkout.remainingAmountToPay == checkout.amount)
        #expect(harness.sandbox.walletTokenIDs(of: PurseSandbox.demoShopper).isEmpty)
    }

    @Test(
        "a guest session has no saved gift cards and no wallet: deleteAllTokens is MISSING_WALLET_SESSION",
        arguments: Wire.allCases)
    func guest(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(shopper: nil)
        #expect(checkout.savedSecondaryTokens.isEmpty)
        await checkout.waitForSavedSecondaryBalances()
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.deleteAllTokens() }
        #expect(error?.code == .missingWalletSession)
        #expect(harness.sandbox.stats().requests(.wallet) == 0)
    }
}
