import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// What a saved instrument's row shows: its label, its badge, and a card method's scheme badges.
@MainActor
@Suite("Saved instrument rows")
struct TokenRowTests {
    nonisolated static func token(
        name: String?, maskedPAN: String?, label: String?, brand: String?, isCard: Bool = true
    ) -> PaymentToken {
        PaymentToken(
            id: "t", partner: isCard ? .payzen : .paypal, method: isCard ? .creditcard : .wallet, name: name,
            label: label, brand: brand, maskedPAN: maskedPAN, holderName: nil, favorite: false, expirationDate: nil,
            isVaultedCard: isCard, requiresCVV: false, vaultVendor: "purse", status: "ACTIVE", source: .merchant,
            savableToSharedWallet: false, createdAt: nil, updatedAt: nil)
    }

    @Test(
        "the row label falls back through name, masked PAN and brand (a vaulted card can arrive with neither)",
        arguments: [
            (token(name: "Work card", maskedPAN: "424242******4242", label: nil, brand: "VISA"), "Work card"),
            (token(name: nil, maskedPAN: "424242******4242", label: nil, brand: "VISA"), "424242******4242"),
            (token(name: nil, maskedPAN: nil, label: nil, brand: "VISA"), "VISA"),
            (token(name: "", maskedPAN: " ", label: nil, brand: "MASTERCARD"), "MASTERCARD"),
            (token(name: nil, maskedPAN: nil, label: nil, brand: nil), ""),
            (
                token(name: nil, maskedPAN: nil, label: "ada@example.com", brand: "PAYPAL", isCard: false),
                "ada@example.com"
            ),
            (token(name: "PayPal", maskedPAN: nil, label: "ada@example.com", brand: "PAYPAL", isCard: false), "PayPal"),
        ])
    func displayLabel(token: PaymentToken, expected: String) {
        #expect(token.displayLabel == expected)
    }

    @Test("the row data of the session's saved instruments")
    func rowData() async throws {
        let checkout = try await CardSessions.open()
        let rows = Dictionary(uniqueKeysWithValues: checkout.paymentTokens.map { ($0.id, $0) })
        #expect(rows["tok-cvv"]?.displayLabel == "Personal Visa")
        #expect(rows["tok-cvv"]?.favorite == true)
        #expect(rows["tok-cvv"]?.holderName == "Ada Lovelace")
        #expect(rows["tok-bare"]?.displayLabel == "VISA")
        #expect(rows["tok-paypal"]?.label == "ada@example.com")
        #expect(rows["tok-paypal"]?.brand == "PAYPAL")
        #expect(checkout.paymentTokens.allSatisfy { !$0.description.contains("4242424242424242") })
        #expect(!checkout.paymentMethods.contains { method in checkout.paymentTokens.contains { $0.id == method.id } })
    }

    @Test("a guest session (no wallet_session) has no saved instruments to show")
    func guestHasNoTokens() async throws {
        var params = TestSessions.params(protocols: [CardSessions.cardMethod()], wallet: false)
        params = sessionReplacing("paymentSession.protocols.payzen.creditcard.integrated_tokens", with: nil, in: params)
        let checkout = try await CardSessions.open(params)
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.session.walletSession == nil)
    }

    @Test("icon URLs: a method's icon, a token's brand badge, on the environment's CDN host")
    func icons() async throws {
        let checkout = try await CardSessions.open()
        let base = "https://cdn.purse-sandbox.com/headless-checkout/icons/v1"
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        #expect(checkout.iconURL(for: .primaryMethod(card)).absoluteString == "\(base)/methods/payzen-creditcard.svg")
        let tokens = Dictionary(uniqueKeysWithValues: checkout.paymentTokens.map { ($0.id, $0) })
        let expected = [
            "tok-cvv": "brands/visa.svg", "tok-nt": "brands/mastercard.svg", "tok-amex": "brands/american-express.svg",
            "tok-paypal": "brands/paypal.svg",
        ]
        for (id, path) in expected {
            let token = try #require(tokens[id])
            #expect(checkout.iconURL(for: .paymentToken(token)).absoluteString == "\(base)/\(path)")
        }
        let brandless = Self.token(name: nil, maskedPAN: nil, label: nil, brand: nil)
        #expect(
            checkout.iconURL(for: .paymentToken(brandless)).absoluteString == "\(base)/methods/payzen-creditcard.svg")
    }

    @Test(
        "the CDN host follows the environment",
        arguments: [
            ("sandbox", "cdn.purse-sandbox.com"), ("production", "cdn.purse-secure.com"),
            ("test", "cdn.purse-test.com"), ("development", "cdn.purse-test.com"),
        ])
    func cdnHost(environment: String, host: String) async throws {
        let params = sessionReplacing("environment", with: .string(environment), in: CardSessions.params())
        let checkout = try await CardSessions.open(params)
        let method = try #require(checkout.paymentMethods.first)
        #expect(checkout.iconURL(for: .primaryMethod(method)).host == host)
    }

    @Test(
        "icon path segments are lower-case letters, digits and dashes",
        arguments: [
            ("VISA", "visa"), ("AMERICAN_EXPRESS", "american-express"), ("Ça/../x", "-a----x"), ("", "unknown"),
        ])
    func segments(raw: String, expected: String) {
        #expect(PurseHeadlessCheckout.iconSegment(raw) == expected)
    }

    @Test("schemeAssets: one badge per scheme a card method accepts; none for other methods")
    func schemeAssets() async throws {
        let checkout = try await CardSessions.open()
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let assets = checkout.schemeAssets(for: card)
        #expect(assets.map(\.brand) == [.carteBancaire, .visa, .mastercard, .americanExpress])
        #expect(assets.map(\.label) == ["Carte Bancaire", "Visa", "Mastercard", "American Express"])
        #expect(
            assets.last?.url.absoluteString
                == "https://cdn.purse-sandbox.com/headless-checkout/icons/v1/brands/american-express.svg")
        let redirection = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        #expect(checkout.schemeAssets(for: redirection).isEmpty)
    }
}
