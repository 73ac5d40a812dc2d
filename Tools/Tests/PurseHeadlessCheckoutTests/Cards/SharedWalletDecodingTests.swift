import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The shared-wallet members of a saved token and of the session, read leniently.
@Suite("Shared wallet decoding")
struct SharedWalletDecodingTests {
    static func session(token extra: [String: JSONValue], wallet: JSONValue? = nil) throws -> ClientSession {
        guard case .object(var token) = CardSessions.savedCard(id: "tok-1", requiresCSC: false) else {
            throw PurseCheckoutError(.unknownError)
        }
        token.merge(extra) { $1 }
        var params = TestSessions.params(protocols: [CardSessions.cardMethod(tokens: [.object(token)])])
        if let wallet { params = sessionReplacing("paymentSession.wallet", with: wallet, in: params) }
        return try SessionDecoder.decode(params: params)
    }

    @Test("absent members read as the merchant's own token, not shareable, without dates; no shared-wallet flag")
    func absent() throws {
        let session = try Self.session(token: [:])
        let token = try #require(session.paymentTokens.first)
        #expect(token.source == .merchant && !token.isFromSharedWallet)
        #expect(!token.savableToSharedWallet && token.createdAt == nil && token.updatedAt == nil)
        #expect(session.source.sharedWalletUser == nil)
    }

    @Test("every member read; an unknown source is kept as it came and is not the shared wallet")
    func present() throws {
        let session = try Self.session(
            token: [
                "source": "SHARED_WALLET", "savable_to_shared_wallet": true, "created_at": "2025-06-01T10:00:00.000Z",
                "updated_at": "2025-07-02T11:30:00.000Z",
            ], wallet: ["shared_wallet_user": true])
        let token = try #require(session.paymentTokens.first)
        #expect(token.isFromSharedWallet && token.savableToSharedWallet)
        #expect(token.createdAt == ISO8601DateFormatter().date(from: "2025-06-01T10:00:00Z"))
        #expect(token.updatedAt == ISO8601DateFormatter().date(from: "2025-07-02T11:30:00Z"))
        #expect(session.source.sharedWalletUser == true)
        let odd = try #require(try Self.session(token: ["source": "PARTNER_WALLET"]).paymentTokens.first)
        #expect(odd.source.rawValue == "PARTNER_WALLET" && !odd.isFromSharedWallet)
        #expect("\(odd.source)" == "PARTNER_WALLET")
    }

    @Test("a member of the wrong type is a typed SESSION_MALFORMED naming its path")
    func wrongType() throws {
        let error = #expect(throws: PurseCheckoutError.self) {
            _ = try Self.session(token: ["savable_to_shared_wallet": "yes"])
        }
        #expect(error?.code == .sessionMalformed)
        #expect(error?.message.contains("savable_to_shared_wallet") == true)
    }
}
