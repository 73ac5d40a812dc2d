import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The real Purse payment session (`Fixtures/legacy-session-sample.json`, 53 protocols, from the vendor's
/// public web SDK repository), wrapped as widget data: what lands where.
struct LegacySampleTests {
    /// Decoded once for the suite; each test unwraps it (a decoding failure fails every test).
    private static let decoded = Result { try sessionDecodeFixture("legacy-session-sample") }

    private func decodeSample() throws -> ClientSession {
        try Self.decoded.get()
    }

    // MARK: Session-level fields

    @Test("the sample decodes with its credentials, id, amount and currency")
    func sessionFields() throws {
        let session = try decodeSample()
        #expect(session.apiKey == "a0440cda-d3d4-489a-a3fe-3f00738ecc38")
        #expect(session.entityID == "1ae76db8-1e57-424d-8db5-84d545e2f914")
        #expect(session.id == "55c8aa03-3a28-4591-b3cd-fcd9dd751ed5")
        #expect(session.amount == 480)
        #expect(session.amountMinorUnits == 48_000)
        #expect(session.source.amount == 480)
        #expect(session.currency == .eur)
        #expect(session.source.currencyCode == "EUR")
        #expect(!session.source.isInformationRequest)
    }

    @Test("the environment comes from the legacy `env` key, and the roots default to its hosts")
    func environmentAndRoots() throws {
        let session = try decodeSample()
        #expect(session.environment == .test)
        let api = URL(string: "https://api.purse-test.com")
        #expect(session.apiRoots.payment == api)
        #expect(session.apiRoots.wallet == api)
        #expect(session.apiRoots.datetime == api)
        #expect(session.apiRoots.logs == api)
        #expect(session.apiRoots.vault == URL(string: "https://api.vault.purse-test.com"))
        #expect(session.apiRoots == PurseEnvironment.test.defaultRoots)
    }

    @Test("vault tenant, PCI Proxy merchant, return URLs and expiry are read from the session")
    func vaultAndURLs() throws {
        let session = try decodeSample()
        #expect(session.source.purseVaultTenantID == "39ff89aa-1e3f-40de-9828-c72863c77e61")
        #expect(session.source.pciProxyMerchantID == "1110008616")
        #expect(session.returnURL == URL(string: "https://localhost:8000/widgets/confirmation"))
        #expect(session.source.failureURL == URL(string: "https://localhost:8000/widgets/confirmation"))
        // 2026-01-22T17:23:33.592122Z
        #expect(abs(session.expirationDate.timeIntervalSince1970 - 1_769_102_613.592122) < 0.000_5)
        #expect(session.walletSession == nil)
    }

    // MARK: Methods

    @Test("all 53 protocols are kept in the source, in partner then method order")
    func allProtocolsKept() throws {
        let session = try decodeSample()
        #expect(session.source.protocols.count == 53)
        let ids = session.source.protocols.map { "\($0.partner.rawValue)/\($0.method.rawValue)" }
        #expect(Set(ids).count == 53)
        let keys = session.source.protocols.map { [$0.partner.rawValue, $0.method.rawValue] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(session.unstableMethodIDs.isEmpty)
    }

    @Test("secondary methods are the two easy2play methods and maxxing, by position 8, 36, 116")
    func secondaryMethods() throws {
        let session = try decodeSample()
        #expect(
            session.secondaryMethods.map(\.id) == ["easy2play-giftcard", "maxxing-loyaltycard", "easy2play-voucher"])
        #expect(session.secondaryMethods.map(\.position) == [8, 36, 116])
        let giftcard = try #require(session.secondaryMethods.first)
        #expect(giftcard.usageLimit == 2)
        #expect(giftcard.maxAmount == sessionDecimal(9_999_999_999, exponent: -2))
        #expect(giftcard.canBeRegistered)
        // usage_per_session_limit 0 means no limit.
        #expect(session.secondaryMethods[1].usageLimit == nil)
        #expect(session.secondaryMethods[2].usageLimit == nil)
        #expect(session.secondaryMethods[1].maxAmount == 999_999_999_999)
    }

    @Test("the easy2play gift card's APPLY contract asks for exactly 10.2")
    func contractAmountIsExact() throws {
        let session = try decodeSample()
        let giftcard = try #require(session.secondaryMethods.first { $0.id == "easy2play-giftcard" })
        let amount = giftcard.contracts?["APPLY"]?["mandatory"]?["amount"]?.decimalValue
        #expect(amount == sessionDecimal(102, exponent: -1))
    }

    @Test("primary methods are the other 50, sorted by position and then by id")
    func primaryMethodsOrder() throws {
        let session = try decodeSample()
        #expect(
            session.primaryMethods.map(\.id) == [
                "paypal-wallet", "fintecture-instantpayment", "dalenys-creditcard", "sipsv2-creditcard",
                "aci-creditcard", "adyen-googlepay", "oneycard-comptant", "klarna-installments", "adyen-bancontact",
                "adyen-ideal", "payzen-creditcard", "ingenico-bancontact", "scellius-sepainstant",
                "adyen-creditcard", "oney-cb3x", "floa-cb3x", "hipay-creditcard", "checkout-creditcard",
                "scalapay-cb3x", "scalapay-cb4x", "hipay-multibanco", "redsys-bizum", "ingenico-bizum",
                "slimpay-sepa", "stripe-creditcard", "payline-creditcard", "ingenico-creditcard",
                "ingenico-applepay", "centralpay-creditcard", "paybox-creditcard", "axepta-creditcard",
                "payline-bancontact", "payline-ideal", "alma-cb2x", "cofidis-4x", "riverty-installments",
                "riverty-invoice", "oney-10xiban", "scellius-creditcard", "riverty-installment",
                "worldpay-creditcard", "riverty-12x", "riverty-3x", "riverty-9x", "hipay-mbway", "oney-20xiban",
                "oney-20xsansfraisiban", "scalapay-cb4x-paybylink", "oney-10xsansfraisiban",
                "scalapay-cb3x-paybylink",
            ])
        let positions = session.primaryMethods.map(\.position)
        #expect(positions == positions.sorted())
        #expect(positions.first == 0)
        #expect(positions.prefix(4) == [0, 1, 2, 2])
    }

    @Test("primary method details: brands, limits, simulable labels, integration modes")
    func primaryMethodDetails() throws {
        let session = try decodeSample()
        let byID = Dictionary(uniqueKeysWithValues: session.primaryMethods.map { ($0.id, $0) })
        let aci = try #require(byID["aci-creditcard"])
        #expect(aci.template == "aci_creditcard")
        #expect(aci.supportedBrands == ["CARTE_BANCAIRE", "VISA", "MASTERCARD", "AMERICAN_EXPRESS"])
        #expect(aci.maxAmount == sessionDecimal(999_999_999_999, exponent: -2))
        #expect(aci.minAmount == sessionDecimal(1, exponent: -2))
        #expect(aci.canBeRegistered)
        #expect(aci.configuration.vault?.vendor == "none")
        #expect(byID["payzen-creditcard"]?.configuration.vault?.isPurseVault == true)
        #expect(byID["payline-creditcard"]?.configuration.vault?.isPCIProxy == true)
        #expect(byID["paypal-wallet"]?.configuration.integrationMode == "popup")
        #expect(byID["paypal-wallet"]?.maxAmount == sessionDecimal(9_999_999, exponent: -2))
        #expect(byID["hipay-mbway"]?.configuration.integrationMode == "embeded")
        #expect(byID["cofidis-4x"]?.isSimulable == true)
        #expect(byID["riverty-12x"]?.isSimulable == true)
        #expect(byID["riverty-12x"]?.configuration.labels == ["riverty", "cb12x", "simulable", "primary"])
        #expect(byID["oney-20xiban"]?.isSimulable == true)
        #expect(byID["oney-cb3x"]?.isSimulable == false)
        #expect(byID["oney-cb3x"]?.configuration.labels == ["primary", "oney", "cb3x"])
    }

    // MARK: Saved instruments

    @Test("payment tokens are the PayPal account, the ACI Visa card and the Ingenico card, by method position")
    func paymentTokens() throws {
        let session = try decodeSample()
        // paypal-wallet is at position 0, aci-creditcard at 3, ingenico-creditcard at 30.
        #expect(
            session.paymentTokens.map(\.id) == [
                "a1eb224a-0db1-420f-a761-7796701ad9cc", "137dc458-13ab-4782-b8e9-367446da8df8",
                "5ecbc8a7-6fd3-47d2-9817-b3c1c7733bf1",
            ])
        #expect(session.paymentTokens.map(\.methodID) == ["paypal-wallet", "aci-creditcard", "ingenico-creditcard"])
        #expect(session.savedSecondaryTokens.isEmpty)
    }

    @Test("the ACI token is a vaulted VISA card that needs its CVV")
    func aciCardToken() throws {
        let session = try decodeSample()
        let card = try #require(session.paymentTokens.first { $0.methodID == "aci-creditcard" })
        #expect(card.id == "137dc458-13ab-4782-b8e9-367446da8df8")
        #expect(card.partner == .aci)
        #expect(card.method == .creditcard)
        #expect(card.maskedPAN == "420000******0091")
        #expect(card.holderName == "pwass")
        #expect(card.brand == "VISA")
        #expect(card.isVaultedCard)
        #expect(card.requiresCVV)
        #expect(!card.paysWithoutCVV)
        #expect(card.label == nil)
        #expect(card.name == nil)
        #expect(card.displayLabel == "420000******0091")
        #expect(card.favorite == false)
        #expect(card.status == "ACTIVE")
        #expect(card.vaultVendor == "none")
        // 2030-03-31T23:59:59.999999Z
        #expect(abs((card.expirationDate?.timeIntervalSince1970 ?? 0) - 1_901_231_999.999999) < 0.000_5)
        #expect(!card.description.contains("8ac7a49f96312944019634ad42ef5df6"))
    }

    @Test("the Ingenico token is a vaulted BankCard card")
    func ingenicoCardToken() throws {
        let session = try decodeSample()
        let card = try #require(session.paymentTokens.first { $0.methodID == "ingenico-creditcard" })
        #expect(card.id == "5ecbc8a7-6fd3-47d2-9817-b3c1c7733bf1")
        #expect(card.brand == "BankCard")
        #expect(card.maskedPAN == "48749706******2022")
        #expect(card.holderName == "pwass")
        #expect(card.isVaultedCard)
        #expect(card.requiresCVV)
    }

    @Test("the PayPal token is an account, not a card: no CVV, no masked PAN, its e-mail as label")
    func payPalToken() throws {
        let session = try decodeSample()
        let account = try #require(session.paymentTokens.first { $0.methodID == "paypal-wallet" })
        #expect(account.id == "a1eb224a-0db1-420f-a761-7796701ad9cc")
        #expect(account.partner == .paypal)
        #expect(account.method == .wallet)
        #expect(!account.isVaultedCard)
        #expect(!account.requiresCVV)
        #expect(!account.paysWithoutCVV)
        #expect(account.brand == "PAYPAL")
        #expect(account.label == "john.doe@test.fr")
        #expect(account.maskedPAN == nil)
        #expect(account.holderName == "James Wolverine")
        #expect(account.displayLabel == "john.doe@test.fr")
    }

    // MARK: Routing

    /// Where every protocol of the sample routes through ``PluginRegistry/shared``.
    static let routes: [(String, SessionRouteKind)] = [
        ("aci-creditcard", .card), ("adyen-bancontact", .none), ("adyen-creditcard", .card),
        ("adyen-googlepay", .none), ("adyen-ideal", .redirection), ("alma-cb2x", .none),
        ("axepta-creditcard", .none), ("centralpay-creditcard", .none), ("checkout-creditcard", .card),
        ("cofidis-4x", .redirection), ("dalenys-creditcard", .card), ("easy2play-giftcard", .secondary),
        ("easy2play-voucher", .secondary), ("fintecture-instantpayment", .redirection), ("floa-cb3x", .redirection),
        ("hipay-creditcard", .card), ("hipay-mbway", .none), ("hipay-multibanco", .none),
        ("ingenico-applepay", .applePay), ("ingenico-bancontact", .redirection), ("ingenico-bizum", .redirection),
        ("ingenico-creditcard", .card), ("klarna-installments", .none), ("maxxing-loyaltycard", .secondary),
        ("oney-10xiban", .redirection), ("oney-10xsansfraisiban", .none), ("oney-20xiban", .redirection),
        ("oney-20xsansfraisiban", .none), ("oney-cb3x", .none), ("oneycard-comptant", .none),
        ("paybox-creditcard", .none), ("payline-bancontact", .redirection), ("payline-creditcard", .none),
        ("payline-ideal", .redirection), ("paypal-wallet", .none), ("payzen-creditcard", .card),
        ("redsys-bizum", .redirection), ("riverty-12x", .redirection), ("riverty-3x", .none),
        ("riverty-9x", .none), ("riverty-installment", .none), ("riverty-installments", .none),
        ("riverty-invoice", .none), ("scalapay-cb3x", .none), ("scalapay-cb3x-paybylink", .none),
        ("scalapay-cb4x", .none), ("scalapay-cb4x-paybylink", .none), ("scellius-creditcard", .card),
        ("scellius-sepainstant", .none), ("sipsv2-creditcard", .card), ("slimpay-sepa", .redirection),
        ("stripe-creditcard", .card), ("worldpay-creditcard", .none),
    ]

    @Test("the routing table covers every protocol of the sample exactly once")
    func routingTableIsComplete() throws {
        let session = try decodeSample()
        let sessionIDs = session.source.protocols.map { itemID($0.partner, $0.method) }
        #expect(Self.routes.map(\.0).sorted() == sessionIDs.sorted())
    }

    @Test("each protocol of the sample routes to the expected plugin", arguments: routes)
    func routing(id: String, kind: SessionRouteKind) throws {
        let session = try decodeSample()
        let (partner, method) = sessionSplitItemID(id)
        #expect(session.source.protocolEntry(partner: partner, method: method) != nil)
        let plugin = PluginRegistry.shared.plugin(partner: partner, method: method, session: session.source)
        #expect(SessionRouteKind(plugin) == kind)
    }

    @Test("a (partner, method) the session does not list resolves to no plugin")
    func unknownMethodHasNoPlugin() throws {
        let session = try decodeSample()
        #expect(PluginRegistry.shared.plugin(partner: .illicado, method: .giftcard, session: session.source) == nil)
        #expect(PluginRegistry.shared.plugin(partner: .aci, method: .giftcard, session: session.source) == nil)
    }
}
