import Foundation

/// A card network Apple Pay may offer (`PKPaymentNetwork` on Apple platforms), named as CONTRACT §8 spells it.
///
/// The session's `settings.merchant_specifics.supported_networks` uses these raw values; without it, the networks
/// come from the method's `vault.supported_brands` (``init(brand:)``).
public struct ApplePayNetwork: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The network as CONTRACT §8 spells it, e.g. `masterCard`.
    public let rawValue: String
    /// Wraps a network name; names this SDK has no constant for are kept (the PassKit adapter skips them).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw name, e.g. `cartesBancaires`.
    public var description: String { rawValue }

    /// Visa.
    public static let visa = ApplePayNetwork(rawValue: "visa")
    /// Mastercard.
    public static let masterCard = ApplePayNetwork(rawValue: "masterCard")
    /// American Express.
    public static let amex = ApplePayNetwork(rawValue: "amex")
    /// Cartes Bancaires.
    public static let cartesBancaires = ApplePayNetwork(rawValue: "cartesBancaires")
    /// Maestro.
    public static let maestro = ApplePayNetwork(rawValue: "maestro")
    /// Discover.
    public static let discover = ApplePayNetwork(rawValue: "discover")
    /// JCB.
    public static let jcb = ApplePayNetwork(rawValue: "JCB")

    /// The network of a Purse card brand (`VISA`, `MASTERCARD`, `AMERICAN_EXPRESS`, `CARTE_BANCAIRE`, `MAESTRO`,
    /// `DISCOVER`, `JCB`), or `nil` for a brand Apple Pay has no network for.
    public init?(brand: String) {
        switch brand {
        case "VISA": self = .visa
        case "MASTERCARD": self = .masterCard
        case "AMERICAN_EXPRESS": self = .amex
        case "CARTE_BANCAIRE": self = .cartesBancaires
        case "MAESTRO": self = .maestro
        case "DISCOVER": self = .discover
        case "JCB": self = .jcb
        default: return nil
        }
    }
}

/// What the merchant's payment processing supports (`PKMerchantCapability` on Apple platforms).
public struct ApplePayMerchantCapability: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The capability as CONTRACT §8 spells it, e.g. `supports3DS`.
    public let rawValue: String
    /// Wraps a capability name; names this SDK has no constant for are refused when the request is built.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw name.
    public var description: String { rawValue }

    /// 3-D Secure cryptograms (the default, and what almost every network needs).
    public static let threeDSecure = ApplePayMerchantCapability(rawValue: "supports3DS")
    /// EMV cryptograms (China UnionPay).
    public static let emv = ApplePayMerchantCapability(rawValue: "supportsEMV")
    /// Credit cards only, unless ``debit`` is there too.
    public static let credit = ApplePayMerchantCapability(rawValue: "supportsCredit")
    /// Debit cards only, unless ``credit`` is there too.
    public static let debit = ApplePayMerchantCapability(rawValue: "supportsDebit")

    static let known: Set<ApplePayMerchantCapability> = [.threeDSecure, .emv, .credit, .debit]
}

/// The app's Apple Pay settings. Each one left `nil` comes from the session's `settings.merchant_specifics`
/// (CONTRACT §8); a value set here wins over the session's.
///
/// ```swift
/// var configuration = PurseCheckoutConfiguration()
/// configuration.applePay = ApplePayConfiguration(merchantIdentifier: "merchant.com.example.shop", countryCode: "FR")
/// ```
/// The merchant identifier must come from one of the two (it is the one in your app's Apple Pay entitlement):
/// without it the Apple Pay element reports `METHOD_NOT_IMPLEMENTED`, naming the missing key.
public struct ApplePayConfiguration: Sendable, Hashable {
    /// Your Apple Pay merchant identifier (`merchant.com.example.shop`); else the session's
    /// `apple_pay_merchant_identifier`.
    public var merchantIdentifier: String?
    /// ISO 3166 alpha-2 country of your payment processing; else the session's `country_code`, else `FR`.
    public var countryCode: String?
    /// The name on the total line of the sheet; else the session's `merchant_display_name`, else `Total`.
    public var merchantDisplayName: String?
    /// Networks offered; else the session's `supported_networks`, else its `vault.supported_brands`, else Visa and
    /// Mastercard.
    public var supportedNetworks: [ApplePayNetwork]?
    /// Capabilities; else the session's `merchant_capabilities`, else 3-D Secure. They must include
    /// ``ApplePayMerchantCapability/threeDSecure`` or ``ApplePayMerchantCapability/emv`` (PassKit's rule): without
    /// either the element reports `METHOD_NOT_IMPLEMENTED` saying so.
    public var merchantCapabilities: [ApplePayMerchantCapability]?
    /// How ``ApplePayButton`` looks (its type, style and corner radius); the system's plain button by default.
    public var button: ApplePayButtonAppearance
    /// Contact fields, shipping methods, a coupon code, a recurring / deferred / automatic-reload request: checked
    /// when the sheet's request is built (``ApplePayRequestOptions/validated(for:)``); they never change its amounts.
    public var requestOptions: ApplePayRequestOptions

    /// Settings that override the session's; every one left `nil` comes from the session.
    public init(
        merchantIdentifier: String? = nil, countryCode: String? = nil, merchantDisplayName: String? = nil,
        supportedNetworks: [ApplePayNetwork]? = nil, merchantCapabilities: [ApplePayMerchantCapability]? = nil,
        button: ApplePayButtonAppearance = ApplePayButtonAppearance(),
        requestOptions: ApplePayRequestOptions = ApplePayRequestOptions()
    ) {
        self.merchantIdentifier = merchantIdentifier
        self.countryCode = countryCode
        self.merchantDisplayName = merchantDisplayName
        self.supportedNetworks = supportedNetworks
        self.merchantCapabilities = merchantCapabilities
        self.button = button
        self.requestOptions = requestOptions
    }
}

/// The settings an Apple Pay method pays with, resolved from the app's configuration over the session's.
struct ApplePaySettings: Sendable, Hashable {
    let merchantIdentifier: String
    let countryCode: String
    let merchantDisplayName: String
    let supportedNetworks: [ApplePayNetwork]
    let merchantCapabilities: [ApplePayMerchantCapability]
    let button: ApplePayButtonAppearance
    let requestOptions: ApplePayRequestOptions

    /// Resolves the settings of `method`.
    /// - Throws: `METHOD_NOT_IMPLEMENTED` naming the missing merchant identifier, or an unknown capability, or
    ///   capabilities with neither 3-D Secure nor EMV, or a country code that is not two letters.
    init(method: PrimaryMethod, app: ApplePayConfiguration) throws(PurseCheckoutError) {
        let specifics = method.configuration.raw["settings"]?["merchant_specifics"]
        func string(_ key: String) -> String? {
            guard let value = specifics?[key]?.stringValue?.trimmingCharacters(in: .whitespaces), !value.isEmpty
            else { return nil }
            return value
        }
        func strings(_ key: String) -> [String]? { specifics?[key]?.arrayValue?.compactMap(\.stringValue) }

        guard
            let merchant = app.merchantIdentifier.flatMap({ $0.isEmpty ? nil : $0 })
                ?? string("apple_pay_merchant_identifier")
        else {
            throw PurseCheckoutError(
                .methodNotImplemented,
                message: "\(method.id): no Apple Pay merchant identifier: set "
                    + "settings.merchant_specifics.apple_pay_merchant_identifier in the session, or "
                    + "PurseCheckoutConfiguration.applePay.merchantIdentifier in the app")
        }
        let country = (app.countryCode ?? string("country_code") ?? "FR").uppercased()
        guard country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PurseCheckoutError(
                .methodNotImplemented,
                message: "\(method.id): Apple Pay country code \(country) is not ISO 3166 alpha-2")
        }
        let networks =
            app.supportedNetworks
            ?? strings("supported_networks")?.map(ApplePayNetwork.init(rawValue:))
            ?? method.supportedBrands.compactMap(ApplePayNetwork.init(brand:))
        let capabilities =
            app.merchantCapabilities ?? strings("merchant_capabilities")?.map(
                ApplePayMerchantCapability.init(rawValue:))
            ?? [.threeDSecure]
        if let unknown = capabilities.first(where: { !ApplePayMerchantCapability.known.contains($0) }) {
            throw PurseCheckoutError(
                .methodNotImplemented, message: "\(method.id): unknown Apple Pay merchant capability \(unknown)")
        }
        // PKPaymentRequest.merchantCapabilities "must include threeDSecure or emv" (PassKit refuses the request
        // otherwise, which would surface as a sheet that cannot be shown).
        if !capabilities.isEmpty, !capabilities.contains(.threeDSecure), !capabilities.contains(.emv) {
            throw PurseCheckoutError(
                .methodNotImplemented,
                message: "\(method.id): Apple Pay merchant capabilities "
                    + "[\(capabilities.map(\.rawValue).joined(separator: ", "))] name neither supports3DS nor "
                    + "supportsEMV; Apple Pay needs one of them (add .threeDSecure to "
                    + "ApplePayConfiguration.merchantCapabilities or to the session's merchant_capabilities)")
        }
        merchantIdentifier = merchant
        countryCode = country
        merchantDisplayName = app.merchantDisplayName ?? string("merchant_display_name") ?? "Total"
        supportedNetworks = networks.isEmpty ? [.visa, .masterCard] : networks
        merchantCapabilities = capabilities.isEmpty ? [.threeDSecure] : capabilities
        button = app.button
        requestOptions = app.requestOptions
    }
}
