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
    /// ANCV (Chèques-Vacances). Its Connect flow (`connect`), approved in the ANCV app, ships in
    /// ``SecondaryConfigs/shared``.
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
    /// Fintecture, bank transfers (``PaymentMethodType/instantpayment``).
    public static let fintecture: Partner = "fintecture"
    /// Floa, payment in instalments.
    public static let floa: Partner = "floa"
    /// HiPay, a payment service provider.
    public static let hipay: Partner = "hipay"
    /// Ingenico, a payment service provider.
    public static let ingenico: Partner = "ingenico"
    /// Klarna, pay later and payment in instalments.
    public static let klarna: Partner = "klarna"
    /// Oney, payment in instalments (``PaymentMethodType/cb3x``, ``PaymentMethodType/cb4x``).
    public static let oney: Partner = "oney"
    /// The Oney card, Oney Banque Accord's card (``PaymentMethodType/comptant``: paid in full, on the card form with
    /// the holder's date of birth instead of a security code).
    public static let oneycard: Partner = "oneycard"
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
/// Not named `Method`: on Apple platforms Foundation re-exports the Objective-C runtime's `Method`, and an app file
/// importing both would find the name ambiguous. Member syntax (`.giftcard`, `.other("voucher")`) is what apps write.
public struct PaymentMethodType: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The method's key in the session, e.g. `"giftcard"`.
    public let rawValue: String
    /// Wraps a method key; every key decodes, known to this SDK or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A method written as a literal: `let method: PaymentMethodType = "voucher"`.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The method's key, e.g. `giftcard`.
    public var description: String { rawValue }
    /// Orders methods by key, for stable lists and sorted logs.
    public static func < (lhs: PaymentMethodType, rhs: PaymentMethodType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A method the SDK has no static member for.
    public static func other(_ rawValue: String) -> PaymentMethodType { PaymentMethodType(rawValue: rawValue) }

    /// A gift card: a secondary method that draws a slice of the amount.
    public static let giftcard: PaymentMethodType = "giftcard"
    /// A voucher code: a secondary method.
    public static let voucher: PaymentMethodType = "voucher"
    /// A loyalty card: a secondary method.
    public static let loyaltycard: PaymentMethodType = "loyaltycard"
    /// An app-approved secondary method (ANCV Connect): the shopper confirms in the issuer's app.
    public static let connect: PaymentMethodType = "connect"
    /// A card, typed fresh or saved: paid by ``CardModule``, or on the PSP's page in redirection mode.
    public static let creditcard: PaymentMethodType = "creditcard"
    /// A card payment in full (`comptant`), as the Oney card's method (``Partner/oneycard``) is named.
    public static let comptant: PaymentMethodType = "comptant"
    /// A wallet account, such as a PayPal account.
    public static let wallet: PaymentMethodType = "wallet"
    /// Apple Pay.
    public static let applepay: PaymentMethodType = "applepay"
    /// Google Pay.
    public static let googlepay: PaymentMethodType = "googlepay"
    /// Bancontact, the Belgian card scheme.
    public static let bancontact: PaymentMethodType = "bancontact"
    /// iDEAL, Dutch online bank payments.
    public static let ideal: PaymentMethodType = "ideal"
    /// Bizum, Spanish mobile payments.
    public static let bizum: PaymentMethodType = "bizum"
    /// SEPA direct debit.
    public static let sepa: PaymentMethodType = "sepa"
    /// An instant bank transfer.
    public static let instantpayment: PaymentMethodType = "instantpayment"
    /// A card payment in 2 instalments.
    public static let cb2x: PaymentMethodType = "cb2x"
    /// A card payment in 3 instalments.
    public static let cb3x: PaymentMethodType = "cb3x"
    /// A card payment in 4 instalments.
    public static let cb4x: PaymentMethodType = "cb4x"
    /// A payment in instalments.
    public static let installments: PaymentMethodType = "installments"
    /// Buy now, pay later, with the plan chosen at the lender's (Floa's 3x or 4x).
    public static let bnpl: PaymentMethodType = "bnpl"
    /// Pay later, on an invoice.
    public static let invoice: PaymentMethodType = "invoice"
    /// MB WAY, Portuguese mobile payments.
    public static let mbway: PaymentMethodType = "mbway"
    /// Multibanco, Portuguese bank payment references.
    public static let multibanco: PaymentMethodType = "multibanco"
}

/// The id the session and the docs use for an item: `"{partner}-{method}"`, e.g. `illicado-giftcard`.
///
/// Written in one go into a string of its final size: two appends (`partner + "-" + method`) grew it twice, and
/// decoding a session builds one id per method.
func itemID(_ partner: Partner, _ method: PaymentMethodType) -> String {
    var partnerText = partner.rawValue
    var methodText = method.rawValue
    return partnerText.withUTF8 { partnerBytes in
        methodText.withUTF8 { methodBytes in
            let count = partnerBytes.count + 1 + methodBytes.count
            return String(unsafeUninitializedCapacity: count) { buffer in
                // `buffer` holds `count` bytes: the partner's, a dash, the method's.
                var written = 0
                for byte in partnerBytes {
                    buffer[written] = byte
                    written += 1
                }
                buffer[written] = UInt8(ascii: "-")
                written += 1
                for byte in methodBytes {
                    buffer[written] = byte
                    written += 1
                }
                return written
            }
        }
    }
}
