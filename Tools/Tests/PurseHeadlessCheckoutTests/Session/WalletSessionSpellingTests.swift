import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The widget data's wallet session under either spelling: `walletSession` (the web SDK's params) or
/// `wallet_session` (the iOS documentation).
@Suite("Wallet session: walletSession or wallet_session")
struct WalletSessionSpellingTests {
    static let walletSession: JSONValue = [
        "session_id": "ws-2", "owner_reference": "shopper-2", "merchant": "merchant-2",
        "expiration_date": .string(ISO8601.format(TestSessions.expiry)),
    ]

    /// `TestSessions.params()` with its wallet session under `key` only.
    static func params(key: String, value: JSONValue = walletSession) -> JSONValue {
        let bare = sessionReplacing("walletSession", with: nil, in: TestSessions.params())
        return sessionReplacing(key, with: value, in: bare)
    }

    @Test("wallet_session is read as the wallet session, through the widget data and through params")
    func snakeCase() throws {
        let params = Self.params(key: "wallet_session")
        #expect(params["walletSession"] == nil && params["wallet_session"] != nil)
        for session in [
            try SessionDecoder.decode(params: params),
            try SessionDecoder.decode(widgetData: TestSessions.widgetData(params)),
        ] {
            let wallet = try #require(session.walletSession)
            #expect(
                wallet.sessionID == "ws-2" && wallet.ownerReference == "shopper-2" && wallet.merchant == "merchant-2")
        }
    }

    @Test("a checkout opened on wallet_session has its wallet: saving a card logs no missing-wallet warning")
    @MainActor
    func checkoutUsesIt() async throws {
        let log = LogSink()
        let params = sessionReplacing(
            "wallet_session", with: Self.walletSession,
            in: sessionReplacing("walletSession", with: nil, in: CardSessions.params()))
        let checkout = try await CardSessions.open(params, log: log)
        #expect(checkout.session.walletSession?.sessionID == "ws-2")
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        try checkout.registerMethod(method, registered: true)
        #expect(!log.lines.contains { $0.message.contains("no wallet session") })
    }

    @Test("when both spellings are there, walletSession is the one read")
    func bothSpellings() throws {
        let params = sessionReplacing("wallet_session", with: Self.walletSession, in: TestSessions.params())
        #expect(try SessionDecoder.decode(params: params).walletSession?.sessionID == "ws-1")
    }

    @Test("a malformed wallet_session is SESSION_MALFORMED naming its own path")
    func malformed() throws {
        let broken = sessionReplacing("session_id", with: nil, in: Self.walletSession)
        let error = #expect(throws: PurseCheckoutError.self) {
            _ = try SessionDecoder.decode(params: Self.params(key: "wallet_session", value: broken))
        }
        #expect(error?.code == .sessionMalformed)
        #expect(error?.message.contains("wallet_session.session_id") == true, "\(String(describing: error))")
    }
}
