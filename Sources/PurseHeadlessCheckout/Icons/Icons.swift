public import Foundation

/// One card scheme a card method accepts, with its badge: what ``PurseHeadlessCheckout/schemeAssets(for:)``
/// lists (Purse's `additionalAssets`).
public struct SchemeAsset: Sendable, Hashable {
    /// The card scheme, e.g. ``CardBrand/carteBancaire``.
    public let brand: CardBrand
    /// Its name for the shopper ("Carte Bancaire").
    public let label: String
    /// Its badge, an SVG on the environment's CDN.
    public let url: URL
}

/// Icons and badges: stable SVG URLs on the environment's CDN host (`cdn.purse-sandbox.com`,
/// `cdn.purse-secure.com`; development uses the test host).
///
/// Purse does not publish its icon paths, so the pattern is this SDK's own, and stable:
///
/// | what | URL |
/// |---|---|
/// | a method | `https://{cdn}/headless-checkout/icons/v1/methods/{partner}-{method}.svg` |
/// | a card scheme or account brand | `https://{cdn}/headless-checkout/icons/v1/brands/{brand}.svg` |
///
/// Segments are lower-cased; characters other than letters, digits and `-` become `-`, and `_` in a brand
/// becomes `-` (`AMERICAN_EXPRESS` → `american-express.svg`).
extension PurseHeadlessCheckout {
    /// The icon of an item: for a method, the method's icon; for a saved card or PayPal account, its brand's
    /// badge (the method's icon when the token has no brand).
    ///
    /// ```swift
    /// AsyncImage(url: checkout.iconURL(for: .paymentToken(token)))   // …/icons/v1/brands/visa.svg
    /// ```
    public func iconURL(for item: PaymentItem) -> URL {
        switch item {
        case .primaryMethod(let method):
            return Self.methodIconURL(method.partner, method.method, cdnHost: state.session.environment.cdnHost)
        case .paymentToken(let token):
            if let brand = token.brand, !brand.isEmpty {
                return Self.brandIconURL(CardBrand(rawValue: brand), cdnHost: state.session.environment.cdnHost)
            }
            return Self.methodIconURL(token.partner, token.method, cdnHost: state.session.environment.cdnHost)
        }
    }

    /// The card schemes a card method accepts (its vault's `supported_brands`), each with its badge, in the
    /// session's order; empty for a method that is not a card method. Takes a ``PrimaryMethod``: for a saved
    /// card, use ``iconURL(for:)``.
    public func schemeAssets(for method: PrimaryMethod) -> [SchemeAsset] {
        let cdnHost = state.session.environment.cdnHost
        return method.supportedBrands.map(CardBrand.init(rawValue:)).map { brand in
            SchemeAsset(brand: brand, label: brand.displayName, url: Self.brandIconURL(brand, cdnHost: cdnHost))
        }
    }

    static func methodIconURL(_ partner: Partner, _ method: PaymentMethodType, cdnHost: String) -> URL {
        iconURL(
            cdnHost: cdnHost, folder: "methods",
            name: iconSegment(partner.rawValue) + "-" + iconSegment(method.rawValue))
    }

    static func brandIconURL(_ brand: CardBrand, cdnHost: String) -> URL {
        iconURL(cdnHost: cdnHost, folder: "brands", name: iconSegment(brand.rawValue))
    }

    private static func iconURL(cdnHost: String, folder: String, name: String) -> URL {
        let text = "https://\(cdnHost)/headless-checkout/icons/v1/\(folder)/\(name).svg"
        return URL(string: text) ?? URL(fileURLWithPath: "/")  // the text is built from safe characters only
    }

    /// Lower-case letters, digits and `-` only.
    static func iconSegment(_ text: String) -> String {
        let segment = String(
            text.lowercased().unicodeScalars.map { scalar -> Character in
                let isSafe = (97...122).contains(scalar.value) || (48...57).contains(scalar.value)  // a-z, 0-9
                return isSafe ? Character(scalar) : "-"
            })
        return segment.isEmpty ? "unknown" : segment
    }
}
