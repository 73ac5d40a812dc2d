/// A payment partner (the PSP or issuer), such as `illicado` or `paypal`.
///
/// A value type rather than a closed enum: sessions name partners the SDK has never heard of, and they
/// must decode and compare like known ones. `.other("illicado") == .illicado`.
public struct Partner: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The partner's key in the session, e.g. `"illicado"`.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Partner, rhs: Partner) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A partner the SDK has no static member for.
    public static func other(_ rawValue: String) -> Partner { Partner(rawValue: rawValue) }

    // Gift cards, vouchers, loyalty (shipped secondary issuers)
    public static let illicado: Partner = "illicado"
    public static let buybox: Partner = "buybox"
    public static let ogloba: Partner = "ogloba"
    public static let mybeezbox: Partner = "mybeezbox"
    public static let easy2play: Partner = "easy2play"
    public static let maxxing: Partner = "maxxing"
    public static let ancv: Partner = "ancv"
    // Wallets and PSPs
    public static let paypal: Partner = "paypal"
    public static let aci: Partner = "aci"
    public static let adyen: Partner = "adyen"
    public static let alma: Partner = "alma"
    public static let axepta: Partner = "axepta"
    public static let centralpay: Partner = "centralpay"
    public static let checkout: Partner = "checkout"
    public static let cofidis: Partner = "cofidis"
    public static let dalenys: Partner = "dalenys"
    public static let fintecture: Partner = "fintecture"
    public static let floa: Partner = "floa"
    public static let hipay: Partner = "hipay"
    public static let ingenico: Partner = "ingenico"
    public static let klarna: Partner = "klarna"
    public static let oney: Partner = "oney"
    public static let paybox: Partner = "paybox"
    public static let payline: Partner = "payline"
    public static let payzen: Partner = "payzen"
    public static let redsys: Partner = "redsys"
    public static let riverty: Partner = "riverty"
    public static let scalapay: Partner = "scalapay"
    public static let scellius: Partner = "scellius"
    public static let sipsv2: Partner = "sipsv2"
    public static let slimpay: Partner = "slimpay"
    public static let stripe: Partner = "stripe"
    public static let worldpay: Partner = "worldpay"
}

/// A payment method of a partner, such as `giftcard` or `creditcard`.
///
/// On Apple platforms the Objective-C runtime also declares a `Method` type; write
/// `PurseHeadlessCheckout.Method` if the compiler reports an ambiguity (member syntax such as
/// `.giftcard` is never ambiguous).
public struct Method: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method's key in the session, e.g. `"giftcard"`.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Method, rhs: Method) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A method the SDK has no static member for.
    public static func other(_ rawValue: String) -> Method { Method(rawValue: rawValue) }

    public static let giftcard: Method = "giftcard"
    public static let voucher: Method = "voucher"
    public static let loyaltycard: Method = "loyaltycard"
    public static let connect: Method = "connect"
    public static let creditcard: Method = "creditcard"
    public static let wallet: Method = "wallet"
    public static let applepay: Method = "applepay"
    public static let googlepay: Method = "googlepay"
    public static let bancontact: Method = "bancontact"
    public static let ideal: Method = "ideal"
    public static let bizum: Method = "bizum"
    public static let sepa: Method = "sepa"
    public static let instantpayment: Method = "instantpayment"
    public static let cb2x: Method = "cb2x"
    public static let cb3x: Method = "cb3x"
    public static let cb4x: Method = "cb4x"
    public static let installments: Method = "installments"
    public static let invoice: Method = "invoice"
    public static let mbway: Method = "mbway"
    public static let multibanco: Method = "multibanco"
}

/// The id the session and the docs use for an item: `"{partner}-{method}"`, e.g. `illicado-giftcard`.
func itemID(_ partner: Partner, _ method: Method) -> String { partner.rawValue + "-" + method.rawValue }
