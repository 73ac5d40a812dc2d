import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// Purse's shared wallet (Express Checkout): saved cards the shopper carries across merchants, told apart from the
/// merchant's own, through decoding, snapshots and the wallet operations, against the sandbox's shared-wallet shopper.
@MainActor
@Suite("Shared wallet tokens")
struct SharedWalletTests {
    static let shopper = "shared-wallet-shopper"
    static let merchantCardID = "0b5e55ed-0000-4000-8000-000000000101"
    static let sharedCardID = "0b5e55ed-0000-4000-8000-000000000102"

    func token(_ id: String, in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        try #require(checkout.paymentTokens.first { $0.id == id })
    }

    @Test("a shared-wallet shopper's tokens say where they come from, whether they may be shared, and when saved")
    func decoded() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(shopper: Self.shopper)
        #expect(checkout.isSharedWalletUser)
        let merchant = try token(Self.merchantCardID, in: checkout)
        let shared = try token(Self.sharedCardID, in: checkout)
        #expect(merchant.source == .merchant && !merchant.isFromSharedWallet && merchant.savableToSharedWallet)
        #expect(shared.source == .sharedWallet && shared.isFromSharedWallet && !shared.savableToSharedWallet)
        let saved = try #require(ISO8601DateFormatter().date(from: "2025-06-01T10:00:00Z"))
        #expect(merchant.createdAt == saved && merchant.updatedAt == saved)
        // The demo shopper is not a shared-wallet user; their tokens are the merchant's.
        let demo = try await harness.openCheckout()
        #expect(!demo.isSharedWalletUser)
        #expect(!demo.paymentTokens.isEmpty && demo.paymentTokens.allSatisfy { $0.source == .merchant })
    }

    @Test("a snapshot keeps each token's source, shareability and dates, and the shopper's shared-wallet flag")
    func snapshotRoundTrip() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(shopper: Self.shopper)
        let data = try JSONEncoder().encode(checkout.saveState())
        let restored = try PurseHeadlessCheckout.restore(
            try JSONDecoder().decode(CheckoutSnapshot.self, from: data), configuration: harness.configuration())
        #expect(restored.isSharedWalletUser)
        for id in [Self.merchantCardID, Self.sharedCardID] {
            let before = try token(id, in: checkout)
            let after = try token(id, in: restored)
            #expect(after.source == before.source && after.savableToSharedWallet == before.savableToSharedWallet)
            #expect(after.createdAt == before.createdAt && after.updatedAt == before.updatedAt)
        }
        // Only the listed fields are kept: the PSP token value never reaches the snapshot.
        #expect(String(decoding: data, as: UTF8.self).contains("SHARED_WALLET"))
        #expect(!String(decoding: data, as: UTF8.self).contains("psp-"))
    }

    @Test("the wallet operations work on a shared-wallet token and keep its source")
    func walletOperations() async throws {
        let harness = try Harness(.loopback)
        let checkout = try await harness.openCheckout(shopper: Self.shopper)
        try await checkout.editToken(try token(Self.sharedCardID, in: checkout), name: "Groceries")
        #expect(try token(Self.sharedCardID, in: checkout).name == "Groceries")
        #expect(try token(Self.sharedCardID, in: checkout).isFromSharedWallet)
        try await checkout.setTokenFavorite(try token(Self.sharedCardID, in: checkout))
        #expect(try token(Self.sharedCardID, in: checkout).favorite)
        // Paying with it works like any saved card without a CVV.
        let element = checkout.paymentElement(for: .paymentToken(try token(Self.sharedCardID, in: checkout)))
        await element.prepare()
        try checkout.setPrimaryToken(try token(Self.sharedCardID, in: checkout))
        _ = completion(of: await element.submitAndWait())
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        let other = try await harness.openCheckout(shopper: Self.shopper)
        try await other.deleteToken(try token(Self.sharedCardID, in: other))
        #expect(other.paymentTokens.map(\.id) == [Self.merchantCardID])
        #expect(harness.sandbox.walletTokenIDs(of: Self.shopper) == [Self.merchantCardID])
    }
}
