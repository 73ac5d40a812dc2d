/// A payment partner (the PSP or issuer), such as `illicado` or `paypal`.
///
/// A value type rather than a closed enum: sessions name partners the SDK has never heard of, and they
/// must decode and compare like known ones. `.other("illicado") == .illicado`.
public struct Partner: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The partner's key in the session, e.g. `"illicado"`.
    public let rawValue: String
    /// Wraps a partner key; every key decodes, known to this SDK or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A partner written as a literal: `let partner: Partner = "acme"`.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The partner's key, e.g. `illicado`.
    public var description: String { rawValue }
    /// Orders partners by key, for stable lists and sorted logs.
    public static func < (lhs: Partner, rhs: Partner) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A partner the SDK has no static member for.
    public static func other(_ rawValue: String) -> Partner { Partner(rawValue: rawValue) }

    // Gift cards, vouchers, loyalty (shipped secondary issuers)
    /// Illicado gift cards; its config ships in ``SecondaryConfigs/shared``.
    public static let illicado: Partner = "illicado"
    /// Buybox gift cards; its config ships in ``SecondaryConfigs/shared``.
    public static let buybox: Partner = "buybox"
    /// Ogloba gift cards; its config ships in ``SecondaryConfigs/shared``.
    public static let ogloba: Partner = "ogloba"
    /// MyBeezBox gift cards; its config ships in ``SecondaryConfigs/shared``.
    public static let mybeezbox: Partner = "mybeezbox"
    /// Easy2Play gift cards and vouchers; their configs ship in ``SecondaryConfigs/shared``.
    public static let easy2play: Partner = "easy2play"
    /// Maxxing loyalty cards; its config ships in ``SecondaryConfigs/shared``.
    public static let maxxing: Partner = "maxxing"
    /// ANCV (Chèques-Vacances). Its Connect flow, approved in the ANCV app, ships on the web SDK only.
    public static let ancv: Partner = "ancv"
    // Wallets and PSPs
    /// PayPal accounts, paid through the `PurseCheckoutPayPal` plugin.
    public static let paypal: Partner = "paypal"
    /// ACI Worldwide, a payment service provider.
    public static let aci: Partner = "aci"
    /// Adyen, a payment service provider.
    public static let adyen: Partner = "adyen"
    /// Alma, payment in instalments.
    public static let alma: Partner = "alma"
    /// Axepta (BNP Paribas), a payment service provider.
    public static let axepta: Partner = "axepta"
    /// CentralPay, a payment service provider.
    public static let centralpay: Partner = "centralpay"
    /// Checkout.com, a payment service provider.
    public static let checkout: Partner = "checkout"
    /// Cofidis, consumer credit and payment in instalments.
    public static let cofidis: Partner = "cofidis"
    /// Dalenys, a payment service provider.
    public static let dalenys: Partner = "dalenys"
    /// Fintecture, bank transfers (``Method/instantpayment``).
    public static let fintecture: Partner = "fintecture"
    /// Floa, payment in instalments.
    public static let floa: Partner = "floa"
    /// HiPay, a payment service provider.
    public static let hipay: Partner = "hipay"
    /// Ingenico, a payment service provider.
    public static let ingenico: Partner = "ingenico"
    /// Klarna, pay later and payment in instalments.
    public static let klarna: Partner = "klarna"
    /// Oney, payment in instalments (``Method/cb3x``, ``Method/cb4x``).
    public static let oney: Partner = "oney"
    /// Paybox, a payment service provider.
    public static let paybox: Partner = "paybox"
    /// Payline (Monext), a payment service provider.
    public static let payline: Partner = "payline"
    /// PayZen (Lyra), a payment service provider.
    public static let payzen: Partner = "payzen"
    /// Redsys, the Spanish card and Bizum processor.
    public static let redsys: Partner = "redsys"
    /// Riverty, invoices and pay later.
    public static let riverty: Partner = "riverty"
    /// Scalapay, payment in instalments.
    public static let scalapay: Partner = "scalapay"
    /// Scellius (La Banque Postale), a payment service provider.
    public static let scellius: Partner = "scellius"
    /// Sips 2.0 (Worldline), a payment service provider.
    public static let sipsv2: Partner = "sipsv2"
    /// Slimpay, SEPA direct debit.
    public static let slimpay: Partner = "slimpay"
    /// Stripe, a payment service provider.
    public static let stripe: Partner = "stripe"
    /// Worldpay, a payment service provider.
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
    /// Wraps a method key; every key decodes, known to this SDK or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A method written as a literal: `let method: Method = "voucher"`.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The method's key, e.g. `giftcard`.
    public var description: String { rawValue }
    /// Orders methods by key, for stable lists and sorted logs.
    public static func < (lhs: Method, rhs: Method) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A method the SDK has no static member for.
    public static func other(_ rawValue: String) -> Method { Method(rawValue: rawValue) }

    /// A gift card: a secondary method that draws a slice of the amount.
    public static let giftcard: Method = "giftcard"
    /// A voucher code: a secondary method.
    public static let voucher: Method = "voucher"
    /// A loyalty card: a secondary method.
    public static let loyaltycard: Method = "loyaltycard"
    /// An app-approved secondary method (ANCV Connect): the shopper confirms in the issuer's app.
    public static let connect: Method = "connect"
    /// A card, typed fresh or saved: paid by ``CardModule``, or on the PSP's page in redirection mode.
    public static let creditcard: Method = "creditcard"
    /// A wallet account, such as a PayPal account.
    public static let wallet: Method = "wallet"
    /// Apple Pay.
    public static let applepay: Method = "applepay"
    /// Google Pay.
    public static let googlepay: Method = "googlepay"
    /// Bancontact, the Belgian card scheme.
    public static let bancontact: Method = "bancontact"
    /// iDEAL, Dutch online bank payments.
    public static let ideal: Method = "ideal"
    /// Bizum, Spanish mobile payments.
    public static let bizum: Method = "bizum"
    /// SEPA direct debit.
    public static let sepa: Method = "sepa"
    /// An instant bank transfer.
    public static let instantpayment: Method = "instantpayment"
    /// A card payment in 2 instalments.
    public static let cb2x: Method = "cb2x"
    /// A card payment in 3 instalments.
    public static let cb3x: Method = "cb3x"
    /// A card payment in 4 instalments.
    public static let cb4x: Method = "cb4x"
    /// A payment in instalments.
    public static let installments: Method = "installments"
    /// Pay later, on an invoice.
    public static let invoice: Method = "invoice"
    /// MB WAY, Portuguese mobile payments.
    public static let mbway: Method = "mbway"
    /// Multibanco, Portuguese bank payment references.
    public static let multibanco: Method = "multibanco"
}

/// The id the session and the docs use for an item: `"{partner}-{method}"`, e.g. `illicado-giftcard`.
func itemID(_ partner: Partner, _ method: Method) -> String { partner.rawValue + "-" + method.rawValue }
