import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `Fixtures/large-session.json`: a hand-made 67-protocol session that exercises every routing rule, odd
/// labels and positions, unstable methods, saved cards, PayPal and gift cards, overridden roots, a wallet
/// session, unknown keys at every level and amounts that `Double` would not keep exactly.
struct LargeSessionTests {
    /// Decoded once for the suite; each test unwraps it (a decoding failure fails every test).
    private static let decoded = Result { try sessionDecodeFixture("large-session") }

    private func decodeLarge() throws -> ClientSession {
        try Self.decoded.get()
    }

    // MARK: Session-level fields

    @Test("credentials, id, exact amount 1234.56 EUR and the explicit environment")
    func sessionFields() throws {
        let session = try decodeLarge()
        #expect(session.apiKey == "pk_large_test_key")
        #expect(session.entityID == "7c2b4c2e-0000-4000-8000-000000000042")
        #expect(session.id == "ps-large-0001")
        #expect(session.amount == sessionDecimal(123_456, exponent: -2))
        #expect(session.source.amount == sessionDecimal(123_456, exponent: -2))
        #expect(session.amountMinorUnits == 123_456)
        #expect(session.currency == .eur)
        // `environment` wins over the legacy `env`.
        #expect(session.environment == .sandbox)
    }

    @Test("apiPaths override the payment and wallet roots; the others keep the environment's defaults")
    func rootsPartlyOverridden() throws {
        let session = try decodeLarge()
        #expect(session.apiRoots.payment == URL(string: "https://gateway.large.example/v2"))
        #expect(session.apiRoots.wallet == URL(string: "https://wallet.large.example/api"))
        #expect(session.apiRoots.datetime == URL(string: "https://api.purse-sandbox.com"))
        #expect(session.apiRoots.logs == URL(string: "https://api.purse-sandbox.com"))
        #expect(session.apiRoots.vault == URL(string: "https://api.vault.purse-sandbox.com"))
    }

    @Test("the wallet session is decoded, its +01:00 expiry converted to UTC")
    func walletSession() throws {
        let session = try decodeLarge()
        let wallet = try #require(session.walletSession)
        #expect(wallet.sessionID == "ws-large-1")
        #expect(wallet.ownerReference == "shopper-42")
        #expect(wallet.merchant == "LargeMerchant")
        // 2030-01-01T12:30:00+01:00 is 11:30 UTC.
        #expect(wallet.expirationDate == Date(timeIntervalSince1970: 1_893_497_400))
    }

    @Test("return URLs prefer `redirection` over `success`; vault data and expiry are read")
    func urlsVaultExpiry() throws {
        let session = try decodeLarge()
        #expect(session.returnURL == URL(string: "https://shop.example/return?order=42"))
        #expect(session.source.failureURL == URL(string: "https://shop.example/failure"))
        #expect(session.source.purseVaultTenantID == "tenant-large-1")
        #expect(session.source.pciProxyMerchantID == "1110008616")
        // 2030-01-01T12:00:00.123Z
        #expect(abs(session.expirationDate.timeIntervalSince1970 - 1_893_499_200.123) < 0.000_5)
    }

    // MARK: Methods

    @Test("67 protocols: 55 stable primaries, 9 stable secondaries, 3 unstable ones hidden")
    func counts() throws {
        let session = try decodeLarge()
        #expect(session.source.protocols.count == 67)
        #expect(session.primaryMethods.count == 55)
        #expect(session.secondaryMethods.count == 9)
        #expect(session.unstableMethodIDs == ["ancv-connect", "klarna-installments", "riverty-invoice"])
        let listed = Set(session.primaryMethods.map(\.id) + session.secondaryMethods.map(\.id))
        #expect(listed.isDisjoint(with: session.unstableMethodIDs))
    }

    @Test("primary methods are sorted by position, ties by id, a missing position last")
    func primaryOrder() throws {
        let session = try decodeLarge()
        #expect(
            session.primaryMethods.map(\.id) == [
                "paypal-wallet", "fintecture-instantpayment", "payzen-creditcard", "aci-creditcard",
                "dalenys-creditcard", "stripe-creditcard", "checkout-creditcard", "hipay-creditcard",
                "ingenico-creditcard", "sipsv2-creditcard", "scellius-creditcard", "adyen-creditcard",
                "payline-creditcard", "paybox-creditcard", "centralpay-creditcard", "axepta-creditcard",
                "worldpay-creditcard", "monext-creditcard", "nexi-creditcard", "payzen-cardnovault",
                "systempay-creditcard", "cybersource-creditcard", "adyen-ideal", "payline-ideal",
                "payline-bancontact", "redsys-bizum", "ingenico-bizum", "ingenico-bancontact", "slimpay-sepa",
                "floa-cb3x", "oney-10xiban", "cofidis-4x", "riverty-12x", "adyen-bancontact", "klarna-paylater",
                "bancomat-pay", "nearmiss-suffix", "nearmiss-prefix", "nearmiss-capital", "nearmiss-mode",
                "hipay-mbway", "oney-cb3x", "oney-10xsansfraisiban", "alma-cb2x", "adyen-googlepay",
                "ingenico-applepay", "zorglub-teleport", "mystery-notemplate", "hipay-multibanco",
                "oneycard-comptant", "paypal-paylater", "scalapay-cb3x", "riverty-3x", "unlabelled-method",
                "lastco-transfer",
            ])
        #expect(session.primaryMethods.last?.position == Int.max)
    }

    @Test("secondary methods: by template or by label, sorted by position with ties by id")
    func secondaryOrder() throws {
        let session = try decodeLarge()
        #expect(
            session.secondaryMethods.map(\.id) == [
                "illicado-giftcard", "buybox-giftcard", "ogloba-giftcard", "mybeezbox-giftcard",
                "easy2play-giftcard", "easy2play-voucher", "maxxing-loyaltycard", "giftix-giftcard",
                "cadhoc-giftcard",
            ])
        #expect(session.secondaryMethods.map(\.position) == [40, 41, 41, 43, 44, 45, 46, 47, 48])
    }

    @Test("secondary limits and amounts are exact: 99999.99, 10.2, 9999999999.99")
    func secondaryLimits() throws {
        let session = try decodeLarge()
        let byID = Dictionary(uniqueKeysWithValues: session.secondaryMethods.map { ($0.id, $0) })
        #expect(byID["illicado-giftcard"]?.usageLimit == 2)
        #expect(byID["illicado-giftcard"]?.maxAmount == sessionDecimal(9_999_999, exponent: -2))
        #expect(byID["easy2play-giftcard"]?.maxAmount == sessionDecimal(102, exponent: -1))
        #expect(byID["easy2play-voucher"]?.usageLimit == nil)
        #expect(byID["easy2play-voucher"]?.maxAmount == sessionDecimal(999_999_999_999, exponent: -2))
        #expect(byID["buybox-giftcard"]?.maxAmount == 4000)
        let contract = byID["easy2play-giftcard"]?.contracts?["APPLY"]?["mandatory"]?["amount"]
        #expect(contract == .number(sessionDecimal(102, exponent: -1)))
    }

    @Test("primary details: odd label orders, simulable, integration modes, brands and exact limits")
    func primaryDetails() throws {
        let session = try decodeLarge()
        let byID = Dictionary(uniqueKeysWithValues: session.primaryMethods.map { ($0.id, $0) })
        #expect(byID["oney-cb3x"]?.configuration.labels == ["primary", "oney", "cb3x"])
        #expect(byID["oney-cb3x"]?.isSimulable == false)
        #expect(byID["riverty-12x"]?.configuration.labels == ["riverty", "cb12x", "simulable", "primary"])
        #expect(byID["riverty-12x"]?.isSimulable == true)
        #expect(byID["cofidis-4x"]?.isSimulable == true)
        #expect(byID["unlabelled-method"]?.configuration.labels == [])
        #expect(byID["bancomat-pay"]?.configuration.stable == true)
        #expect(byID["mystery-notemplate"]?.template == "")
        #expect(byID["hipay-mbway"]?.configuration.integrationMode == "embeded")
        #expect(byID["paypal-wallet"]?.configuration.integrationMode == "popup")
        #expect(byID["paypal-wallet"]?.configuration.saveTokenMode == "billing_agreement")
        #expect(byID["payzen-creditcard"]?.supportedBrands == ["CARTE_BANCAIRE", "VISA", "MASTERCARD"])
        #expect(byID["payzen-creditcard"]?.maxAmount == sessionDecimal(9_999_999, exponent: -2))
        #expect(byID["payzen-creditcard"]?.minAmount == sessionDecimal(1, exponent: -2))
        #expect(byID["aci-creditcard"]?.maxAmount == sessionDecimal(999_999_999_999, exponent: -2))
        #expect(byID["scellius-creditcard"]?.maxAmount == sessionDecimal(999_999_999_999, exponent: -2))
        #expect(byID["payzen-cardnovault"]?.configuration.vault == nil)
        #expect(byID["payzen-creditcard"]?.contracts?["INIT"]?["optional"]?["x"] == 1)
        // Unknown keys are kept in `raw`.
        #expect(byID["aci-creditcard"]?.configuration.raw["x_config_unknown"] == "ignored")
    }

    // MARK: Saved instruments

    @Test("payment tokens follow their method's position, wallet order within a method; hidden methods drop theirs")
    func paymentTokenOrder() throws {
        let session = try decodeLarge()
        #expect(
            session.paymentTokens.map(\.id) == [
                "tok-paypal", "tok-nt", "tok-plain", "tok-bare", "tok-aci-nt", "tok-pci",
            ])
        #expect(!session.paymentTokens.contains { $0.id == "tok-hidden-klarna" })
        #expect(session.savedSecondaryTokens.map(\.id) == ["tok-gift-illicado", "tok-gift-beez"])
        #expect(!session.savedSecondaryTokens.contains { $0.id == "tok-hidden-ancv" })
    }

    @Test("a network-token card with requires_csc false pays without CVV and shows its name")
    func networkTokenCard() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-nt" })
        #expect(token.methodID == "payzen-creditcard")
        #expect(token.name == "Work card")
        #expect(token.brand == "MASTERCARD")
        #expect(token.maskedPAN == "555555******4444")  // masked_pan wins over display_token
        #expect(token.holderName == "Ada Lovelace")
        #expect(token.isVaultedCard)
        #expect(!token.requiresCVV)
        #expect(token.paysWithoutCVV)
        #expect(token.favorite)
        #expect(token.vaultVendor == "purse")
        #expect(token.displayLabel == "Work card")
        #expect(token.status == "ACTIVE")
    }

    @Test("a card with neither requires_csc nor network_token needs its CVV")
    func plainCard() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-plain" })
        #expect(token.maskedPAN == "411111******1111")
        #expect(token.requiresCVV)
        #expect(token.name == nil)
        #expect(token.label == nil)
        #expect(token.displayLabel == "411111******1111")
        #expect(!token.favorite)
    }

    @Test("a card with no masked PAN and no name is labelled by its brand")
    func bareCard() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-bare" })
        #expect(token.maskedPAN == nil)
        #expect(token.name == nil)
        #expect(token.label == nil)
        #expect(token.holderName == nil)
        #expect(token.brand == "CARTE_BANCAIRE")
        #expect(token.displayLabel == "CARTE_BANCAIRE")
        #expect(token.isVaultedCard)
        #expect(token.requiresCVV)
    }

    @Test("network_token alone (no requires_csc) means no CVV")
    func networkTokenAlone() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-aci-nt" })
        #expect(!token.requiresCVV)
        #expect(token.vaultVendor == "none")
    }

    @Test("a saved card of a pci_proxy method is still listed, with its vendor")
    func pciProxyCard() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-pci" })
        #expect(token.methodID == "payline-creditcard")
        #expect(token.vaultVendor == "pci_proxy")
        #expect(token.requiresCVV)
        #expect(token.isVaultedCard)
    }

    @Test("the PayPal token is an account labelled by its e-mail")
    func payPalAccount() throws {
        let token = try #require(try decodeLarge().paymentTokens.first { $0.id == "tok-paypal" })
        #expect(!token.isVaultedCard)
        #expect(!token.requiresCVV)
        #expect(token.brand == "PAYPAL")
        #expect(token.label == "jane.doe@example.com")
        #expect(token.maskedPAN == nil)
        #expect(token.holderName == "Jane Doe")
        #expect(token.favorite)
        #expect(token.displayLabel == "jane.doe@example.com")
    }

    @Test("gift-card tokens are saved secondary tokens whose balance is not read yet")
    func savedGiftCards() throws {
        let session = try decodeLarge()
        let illicado = try #require(session.savedSecondaryTokens.first { $0.id == "tok-gift-illicado" })
        #expect(illicado.methodID == "illicado-giftcard")
        #expect(illicado.name == "Birthday card")
        #expect(illicado.maskedPAN == "************1234")
        #expect(illicado.balance == 0)
        #expect(!illicado.balanceResolved)
        #expect(illicado.totalBalance == nil)
        #expect(illicado.disabled == nil)
        #expect(!illicado.favorite)
        #expect(abs((illicado.expirationDate?.timeIntervalSince1970 ?? 0) - 1_901_231_999.999999) < 0.000_5)
        let beez = try #require(session.savedSecondaryTokens.first { $0.id == "tok-gift-beez" })
        #expect(beez.name == "Beez from grandma")  // `label` when there is no `name`
        #expect(beez.maskedPAN == "MYBEEZ-****-9876")  // `display_token` when there is no `masked_pan`
        #expect(beez.favorite)
        #expect(beez.balance == 0)
        #expect(!beez.balanceResolved)
        #expect(!session.paymentTokens.contains { $0.id.hasPrefix("tok-gift") })
    }

    // MARK: Routing

    static let routes: [(String, SessionRouteKind)] = [
        // Card templates: `*_creditcard` and `lyra`, vendor purse / none / absent.
        ("payzen-creditcard", .card), ("aci-creditcard", .card), ("dalenys-creditcard", .card),
        ("stripe-creditcard", .card), ("checkout-creditcard", .card), ("hipay-creditcard", .card),
        ("ingenico-creditcard", .card), ("sipsv2-creditcard", .card), ("scellius-creditcard", .card),
        ("adyen-creditcard", .card), ("monext-creditcard", .card), ("payzen-cardnovault", .card),
        // pci_proxy card templates: no card plugin.
        ("payline-creditcard", .none), ("paybox-creditcard", .none), ("centralpay-creditcard", .none),
        ("axepta-creditcard", .none), ("worldpay-creditcard", .none), ("systempay-creditcard", .none),
        // `creditcard_nexi` is not a `_creditcard` suffix.
        ("nexi-creditcard", .none),
        // Redirection: the template, or integration_mode on any other template (a card one included).
        ("cybersource-creditcard", .redirection), ("fintecture-instantpayment", .redirection),
        ("adyen-ideal", .redirection), ("payline-ideal", .redirection), ("payline-bancontact", .redirection),
        ("redsys-bizum", .redirection), ("ingenico-bizum", .redirection), ("ingenico-bancontact", .redirection),
        ("slimpay-sepa", .redirection), ("floa-cb3x", .redirection), ("oney-10xiban", .redirection),
        ("cofidis-4x", .redirection), ("riverty-12x", .redirection), ("adyen-bancontact", .redirection),
        ("klarna-paylater", .redirection), ("bancomat-pay", .redirection), ("lastco-transfer", .redirection),
        // Near misses.
        ("nearmiss-suffix", .none), ("nearmiss-prefix", .none), ("nearmiss-capital", .none),
        ("nearmiss-mode", .none), ("hipay-mbway", .none),
        // Secondary, by template or by label; an unstable one still routes.
        ("illicado-giftcard", .secondary), ("buybox-giftcard", .secondary), ("ogloba-giftcard", .secondary),
        ("mybeezbox-giftcard", .secondary), ("easy2play-giftcard", .secondary), ("easy2play-voucher", .secondary),
        ("maxxing-loyaltycard", .secondary), ("giftix-giftcard", .secondary), ("cadhoc-giftcard", .secondary),
        ("ancv-connect", .secondary),
        // No plugin registered for these templates.
        ("paypal-wallet", .none), ("paypal-paylater", .none), ("oney-cb3x", .none),
        ("oney-10xsansfraisiban", .none), ("alma-cb2x", .none), ("adyen-googlepay", .none),
        ("ingenico-applepay", .applePay), ("klarna-installments", .none), ("riverty-invoice", .none),
        ("zorglub-teleport", .none), ("mystery-notemplate", .none), ("hipay-multibanco", .none),
        ("oneycard-comptant", .none), ("scalapay-cb3x", .none), ("riverty-3x", .none),
        ("unlabelled-method", .none),
    ]

    @Test("the routing table covers every protocol of the fixture exactly once")
    func routingTableIsComplete() throws {
        let session = try decodeLarge()
        let sessionIDs = session.source.protocols.map { itemID($0.partner, $0.method) }
        #expect(Self.routes.map(\.0).sorted() == sessionIDs.sorted())
    }

    @Test("each protocol of the fixture routes to the expected plugin", arguments: routes)
    func routing(id: String, kind: SessionRouteKind) throws {
        let session = try decodeLarge()
        let (partner, method) = sessionSplitItemID(id)
        let plugin = PluginRegistry.shared.plugin(partner: partner, method: method, session: session.source)
        #expect(SessionRouteKind(plugin) == kind)
    }

    @Test("decoding the fixture twice gives equal sessions")
    func deterministic() throws {
        let same = try sessionDecodeFixture("large-session") == sessionDecodeFixture("large-session")
        #expect(same)
    }
}
