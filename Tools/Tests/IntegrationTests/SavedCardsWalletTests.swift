import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Managing the demo shopper's wallet from the checkout, against the sandbox's wallet API; in-process and over
/// loopback HTTP.
@MainActor
@Suite("Wallet management against the sandbox")
struct SavedCardsWalletTests {
    @Test("rename: the list shows it at once and the next session has it", arguments: Wire.allCases)
    func rename(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("mastercard-network-token", in: checkout)
        try await checkout.editToken(card, name: "Team card")
        #expect(try harness.demoToken("mastercard-network-token", in: checkout).name == "Team card")
        let next = try await harness.openCheckout()
        #expect(try harness.demoToken("mastercard-network-token", in: next).displayLabel == "Team card")
    }

    @Test(
        "a label another saved instrument uses is TOKEN_NAME_EXISTS from the wallet (ignoring case)",
        arguments: Wire.allCases)
    func renameConflict(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("mastercard-network-token", in: checkout)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(card, name: "PERSONAL visa")
        }
        #expect(error?.code == .tokenNameExists)
        #expect(error?.kind == .walletOperationFailed)
        #expect(error?.httpStatus == 409)
        #expect(try harness.demoToken("mastercard-network-token", in: checkout).name == "Work card")
    }

    @Test(
        "bad labels are INVALID_TOKEN_NAME before any wallet call",
        arguments: Wire.allCases, ["", "   ", "work-card", "name with 26 characters xx", "card!"])
    func badLabels(wire: Wire, name: String) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(try harness.demoToken("visa-requires-cvv", in: checkout), name: name)
        }
        #expect(error?.code == .invalidTokenName)
        #expect(harness.sandbox.stats().requests(.wallet) == 0)
    }

    @Test(
        "favorite under an injected failure: the star flips, flips back, and the error is rethrown",
        arguments: Wire.allCases)
    func favoriteRevert(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("mastercard-network-token", in: checkout)
        #expect(!card.favorite)
        harness.sandbox.faults.inject(SandboxFault(latency: .seconds(1), status: 503, count: 1), on: .wallet)
        let call = Task { try await checkout.setTokenFavorite(card) }
        // Two sleepers on the sandbox's clock: the demo shopper's slow saved gift card (2 s, looked up in the
        // background since opening) and this wallet call's injected latency (1 s).
        await clock.waitForSleepers(2)
        #expect(try harness.demoToken("mastercard-network-token", in: checkout).favorite)  // optimistic
        await clock.advance(by: .seconds(1))
        let result = await call.result
        let error = #expect(throws: PurseCheckoutError.self) { try result.get() }
        #expect(error?.code == .apiError)
        #expect(error?.kind == .walletOperationFailed)
        #expect(error?.httpStatus == 503)
        #expect(try harness.demoToken("mastercard-network-token", in: checkout).favorite == false)  // reverted

        try await checkout.setTokenFavorite(card)  // the wallet answers now
        #expect(try harness.demoToken("mastercard-network-token", in: checkout).favorite)
        let next = try await harness.openCheckout()
        #expect(try harness.demoToken("mastercard-network-token", in: next).favorite)
    }

    @Test("the same with a plain 503: reverted at once", arguments: Wire.allCases)
    func favoriteRevertPlain(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("visa-requires-cvv", in: checkout)
        #expect(card.favorite)
        harness.sandbox.faults.inject(.status(503, count: 1), on: .wallet)
        await #expect(throws: PurseCheckoutError.self) { try await checkout.setTokenFavorite(card) }
        #expect(try harness.demoToken("visa-requires-cvv", in: checkout).favorite)
    }

    @Test(
        "deleting the primary token mid-checkout clears the split; another instrument then pays",
        arguments: Wire.allCases)
    func deletePrimaryMidCheckout(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("mastercard-network-token", in: checkout)
        try checkout.setPrimaryToken(card)
        #expect(checkout.isPaymentFulfilled)
        try await checkout.deleteToken(card)
        #expect(checkout.primary == nil)
        #expect(!checkout.isPaymentFulfilled)
        #expect(checkout.remainingAmountToPay == checkout.amount)
        #expect(!checkout.paymentTokens.contains { $0.id == card.id })
        #expect(!harness.demoWallet.contains(card.id))
        #expect(throws: PurseCheckoutError.self) { try checkout.setPrimaryToken(card) }

        let other = try harness.demoToken("visa-requires-cvv", in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(other))
        try checkout.setPrimaryToken(other)
        await element.prepare()
        element.cvvField?.testingField.cvv = "123"
        _ = completion(of: await element.submitAndWait())
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "a token another session deleted: MISSING_TOKEN, and it leaves this checkout's list", arguments: Wire.allCases)
    func deletedElsewhere(wire: Wire) async throws {
        let harness = try Harness(wire)
        let first = try await harness.openCheckout()
        let second = try await harness.openCheckout()
        let card = try harness.demoToken("visa-3ds-no-label", in: first)
        try await first.deleteToken(card)
        let error = await #expect(throws: PurseCheckoutError.self) { try await second.deleteToken(card) }
        #expect(error?.code == .missingToken)
        #expect(error?.httpStatus == 404)
        #expect(!second.paymentTokens.contains { $0.id == card.id })
    }

    @Test(
        "deleteAllTokens() empties paymentTokens and saved gift cards, and clears a token primary",
        arguments: Wire.allCases)
    func deleteAll(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try harness.demoToken("mastercard-network-token", in: checkout))
        try await checkout.deleteAllTokens()
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.savedSecondaryTokens.isEmpty)
        #expect(checkout.primary == nil)
        #expect(!checkout.isPaymentFulfilled)
        #expect(harness.demoWallet.isEmpty)
    }

    @Test(
        "no wallet session: no saved cards, and every operation is MISSING_WALLET_SESSION with no call",
        arguments: Wire.allCases)
    func guest(wire: Wire) async throws {
        let harness = try Harness(wire)
        let shopper = try await harness.openCheckout()
        let token = try harness.demoToken("mastercard-network-token", in: shopper)
        let guest = try await harness.openCheckout(shopper: nil)
        #expect(guest.paymentTokens.isEmpty)
        let operations: [@MainActor () async throws -> Void] = [
            { try await guest.editToken(token, name: "work card") },
            { try await guest.setTokenFavorite(token) },
            { try await guest.deleteToken(token) },
            { try await guest.deleteAllTokens() },
        ]
        for operation in operations {
            let error = await #expect(throws: PurseCheckoutError.self) { try await operation() }
            #expect(error?.code == .missingWalletSession)
        }
        #expect(harness.sandbox.stats().requests(.wallet) == 0)
    }
}
