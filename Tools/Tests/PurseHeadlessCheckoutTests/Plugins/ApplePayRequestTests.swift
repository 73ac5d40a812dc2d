import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Apple Pay's decisions that need no network: which settings win, the request's lines and amounts, and what the
/// real session sample's `ingenico-applepay` says without a merchant identifier (CONTRACT §8).
struct ApplePayRequestTests {
    private static let sample = Result { try sessionDecodeFixture("legacy-session-sample") }

    private func sampleApplePay() throws -> PrimaryMethod {
        try #require(try Self.sample.get().primaryMethods.first { $0.id == "ingenico-applepay" })
    }

    /// An Apple Pay method whose `settings.merchant_specifics` is `specifics`.
    private func method(_ specifics: JSONValue = .object([:]), brands: [String] = []) throws -> PrimaryMethod {
        let configuration: JSONValue = [
            "template": "applepay", "labels": ["primary"], "position": 1,
            "vault": ["vendor": "none", "supported_brands": .array(brands.map(JSONValue.string))],
            "settings": ["merchant_specifics": specifics],
        ]
        return PrimaryMethod(
            partner: "ingenico", method: "applepay",
            configuration: try MethodConfiguration(
                reading: JSONReader(configuration, path: "configurations") {
                    PurseCheckoutError(.sessionMalformed, message: $0)
                }),
            contracts: nil)
    }

    @Test("the real sample's ingenico-applepay routes to the Apple Pay plugin")
    func sampleRoutes() throws {
        let session = try Self.sample.get()
        let plugin = PluginRegistry().plugin(partner: "ingenico", method: "applepay", session: session.source)
        #expect(plugin is ApplePayModule)
        #expect(plugin?.requiresInput(for: try sampleApplePay()) == true)
    }

    @Test("without a merchant identifier the sample's Apple Pay says which key is missing")
    func missingMerchantIdentifier() throws {
        let error = #expect(throws: PurseCheckoutError.self) {
            try ApplePaySettings(method: try sampleApplePay(), app: ApplePayConfiguration())
        }
        #expect(error?.code == .methodNotImplemented)
        #expect(error?.message.contains("apple_pay_merchant_identifier") == true)
        #expect(error?.message.contains("PurseCheckoutConfiguration.applePay.merchantIdentifier") == true)
        #expect(error?.message.contains("ingenico-applepay") == true)
    }

    @Test("the app's merchant identifier makes the sample payable, with the defaults of CONTRACT §8")
    func sampleWithAppConfiguration() throws {
        let settings = try ApplePaySettings(
            method: try sampleApplePay(), app: ApplePayConfiguration(merchantIdentifier: "merchant.com.example"))
        #expect(settings.merchantIdentifier == "merchant.com.example")
        #expect(settings.countryCode == "FR")
        #expect(settings.merchantDisplayName == "Total")
        #expect(settings.supportedNetworks == [.visa, .masterCard])  // the sample's vault names no brand
        #expect(settings.merchantCapabilities == [.threeDSecure])
    }

    @Test("session settings, brands, and the app's overrides")
    func precedence() throws {
        let session = try method(
            [
                "apple_pay_merchant_identifier": "merchant.session", "country_code": "be",
                "merchant_display_name": "Shop", "merchant_capabilities": ["supports3DS", "supportsDebit"],
            ], brands: ["VISA", "CARTE_BANCAIRE", "UNIONPAY", "AMERICAN_EXPRESS", "JCB"])
        let fromSession = try ApplePaySettings(method: session, app: ApplePayConfiguration())
        #expect(fromSession.merchantIdentifier == "merchant.session")
        #expect(fromSession.countryCode == "BE")
        #expect(fromSession.merchantDisplayName == "Shop")
        #expect(fromSession.supportedNetworks == [.visa, .cartesBancaires, .amex, .jcb])  // UNIONPAY has no mapping
        #expect(fromSession.merchantCapabilities == [.threeDSecure, .debit])
        let app = ApplePayConfiguration(
            merchantIdentifier: "merchant.app", countryCode: "FR", merchantDisplayName: "App",
            supportedNetworks: [.masterCard], merchantCapabilities: [.threeDSecure, .credit])
        let overridden = try ApplePaySettings(method: session, app: app)
        #expect(overridden.merchantIdentifier == "merchant.app" && overridden.countryCode == "FR")
        #expect(overridden.merchantDisplayName == "App")
        #expect(overridden.supportedNetworks == [.masterCard])
        #expect(overridden.merchantCapabilities == [.threeDSecure, .credit])
        let listed = try method(["apple_pay_merchant_identifier": "m", "supported_networks": ["maestro", "discover"]])
        #expect(try ApplePaySettings(method: listed, app: .init()).supportedNetworks == [.maestro, .discover])
    }

    static let badSpecifics: [(JSONValue, String)] = [
        (["apple_pay_merchant_identifier": "  "], "apple_pay_merchant_identifier"),
        (["apple_pay_merchant_identifier": "m", "country_code": "FRA"], "FRA"),
        (
            ["apple_pay_merchant_identifier": "m", "merchant_capabilities": ["supportsEverything"]],
            "supportsEverything"
        ),
        (
            ["apple_pay_merchant_identifier": "m", "merchant_capabilities": ["supportsCredit", "supportsDebit"]],
            "neither supports3DS nor supportsEMV"
        ),
    ]

    @Test("capabilities need 3-D Secure or EMV: the app's set without either is refused, with either accepted")
    func capabilitiesNeedACryptogram() throws {
        let applePay = try method(["apple_pay_merchant_identifier": "m"])
        let error = #expect(throws: PurseCheckoutError.self) {
            try ApplePaySettings(method: applePay, app: ApplePayConfiguration(merchantCapabilities: [.credit]))
        }
        #expect(error?.code == .methodNotImplemented)
        #expect(error?.message.contains("[supportsCredit] name neither supports3DS nor supportsEMV") == true)
        let emv = try ApplePaySettings(
            method: applePay, app: ApplePayConfiguration(merchantCapabilities: [.emv, .debit]))
        #expect(emv.merchantCapabilities == [.emv, .debit])
        let threeDS = try ApplePaySettings(
            method: applePay, app: ApplePayConfiguration(merchantCapabilities: [.credit, .threeDSecure]))
        #expect(threeDS.merchantCapabilities == [.credit, .threeDSecure])
    }

    @Test("bad settings are METHOD_NOT_IMPLEMENTED naming the problem", arguments: badSpecifics)
    func badSettings(specifics: JSONValue, named: String) throws {
        let error = #expect(throws: PurseCheckoutError.self) {
            try ApplePaySettings(method: try method(specifics), app: ApplePayConfiguration())
        }
        #expect(error?.code == .methodNotImplemented && error?.message.contains(named) == true)
    }

    /// A split of `amount` minor units (EUR) with these gift-card shares and the Apple Pay primary.
    private func split(amount: Int64, currency: Currency = .eur, shares: [(String, Int64)]) throws -> SplitEngine {
        var split = try SplitEngine(amount: Money(minorUnits: amount, currency: currency))
        for (offset, share) in shares.enumerated() {
            split = try split.applySecondary(
                SecondaryInput(id: "t\(offset)", partner: share.0, method: "giftcard", balance: share.1),
                amount: share.1)
        }
        return split.setPrimary(
            PrimaryShare(id: "ingenico-applepay", partner: "ingenico", method: "applepay", isReady: true))
    }

    private func settings() throws -> ApplePaySettings {
        try ApplePaySettings(
            method: try method(["apple_pay_merchant_identifier": "m", "merchant_display_name": "Shop"]), app: .init())
    }

    @Test("lines: the order, each gift card negative, then the total; amounts exact")
    func lines() throws {
        let request = try ApplePayPaymentRequest(
            settings: try settings(), split: try split(amount: 10_000, shares: [("illicado", 3333), ("buybox", 1)]))
        #expect(request.summaryItems.map(\.label) == ["Order", "Illicado", "Buybox", "Shop"])
        #expect(request.summaryItems.map(\.minorUnits) == [10_000, -3333, -1, 6666])
        #expect(
            request.summaryItems.map(\.amount) == [
                100, Decimal(string: "-33.33")!, Decimal(string: "-0.01")!,
                Decimal(string: "66.66")!,
            ])
        // The total is the sum of the other lines, as Apple asks.
        #expect(request.summaryItems.dropLast().map(\.minorUnits).reduce(0, +) == request.total.minorUnits)
        #expect(request.currencyCode == "EUR")
    }

    @Test(
        "the order line's label is applepay.order in the localizer's language",
        arguments: [("fr_FR", "Commande"), ("de_DE", "Bestellung"), ("en", "Order"), ("pt_BR", "Order")])
    func orderLabelLocalized(locale: String, label: String) throws {
        let request = try ApplePayPaymentRequest(
            settings: try settings(), split: try split(amount: 10_000, shares: [("illicado", 2500)]),
            localizer: PurseLocalizer(locale: Locale(identifier: locale)))
        #expect(request.summaryItems.map(\.label) == [label, "Illicado", "Shop"])
        #expect(request.summaryItems.map(\.minorUnits) == [10_000, -2500, 7500])
    }

    @Test("an override of applepay.order labels the order line; without a localizer the label is English")
    func orderLabelOverrideAndDefault() throws {
        let french = PurseLocalizer(locale: Locale(identifier: "fr_FR"), overrides: ["applepay.order": "Votre panier"])
        let split = try split(amount: 10_000, shares: [("illicado", 2500)])
        let overridden = try ApplePayPaymentRequest(settings: try settings(), split: split, localizer: french)
        #expect(overridden.summaryItems.first?.label == "Votre panier")
        let english = try ApplePayPaymentRequest(settings: try settings(), split: split)
        #expect(english.summaryItems.first?.label == "Order")
    }

    @Test("no gift card: the total alone")
    func totalAlone() throws {
        let request = try ApplePayPaymentRequest(settings: try settings(), split: try split(amount: 4299, shares: []))
        #expect(request.summaryItems.map(\.minorUnits) == [4299])
        #expect(request.total.amount == Decimal(string: "42.99"))
    }

    @Test("a currency with no minor unit stays exact")
    func yen() throws {
        let jpy = Currency.jpy
        let request = try ApplePayPaymentRequest(
            settings: try settings(), split: try split(amount: 12_345, currency: jpy, shares: [("illicado", 45)]))
        #expect(request.total.amount == 12_300 && request.total.minorUnits == 12_300)
        #expect(request.currencyCode == "JPY")
    }

    @Test("nothing left for Apple Pay is ELEMENT_NOT_FULFILLED")
    func nothingLeft() throws {
        let covered = #expect(throws: PurseCheckoutError.self) {
            try ApplePayPaymentRequest(
                settings: try settings(), split: try split(amount: 500, shares: [("illicado", 500)]))
        }
        #expect(covered?.code == .elementNotFulfilled && covered?.message.contains("cover the order") == true)
        let noPrimary = #expect(throws: PurseCheckoutError.self) {
            try ApplePayPaymentRequest(
                settings: try settings(), split: try SplitEngine(amount: Money(minorUnits: 500, currency: .eur)))
        }
        #expect(noPrimary?.code == .elementNotFulfilled)
    }

    @Test("the payment's description and mirror never show the payment data")
    func paymentDescription() {
        let payment = ApplePayPayment(
            paymentData: Data("SECRET-DATA".utf8), transactionIdentifier: "SECRET-TX",
            paymentMethod: ApplePayPaymentMethod(network: "Visa", type: "debit", displayName: nil))
        var dumped = ""
        dump(payment, to: &dumped)
        for text in [payment.description, payment.debugDescription, "\(payment)", dumped] {
            #expect(!text.contains("SECRET"))
        }
        #expect(payment.description.contains("Visa"))
        #expect(payment.wireJSON["payment_data"]?.stringValue == Data("SECRET-DATA".utf8).base64EncodedString())
    }
}
