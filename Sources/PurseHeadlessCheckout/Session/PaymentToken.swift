public import Foundation

/// A saved instrument that pays like a primary method: a card on file or a PayPal account.
///
/// Tokens are not in ``PurseHeadlessCheckout/paymentMethods``; list them from
/// ``PurseHeadlessCheckout/paymentTokens``. Its description never contains a full PAN.
public struct PaymentToken: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The wallet token id.
    public let id: String
    /// The partner of the method the token belongs to.
    public let partner: Partner
    /// The method the token belongs to.
    public let method: PaymentMethodType
    /// The shopper's name for it ("work card"), if they gave one.
    public var name: String?
    /// A display label the wallet gives the token (for a PayPal account, its e-mail).
    public let label: String?
    /// The brand (`VISA`, `MASTERCARD`, `PAYPAL`…).
    public let brand: String?
    /// The masked card number (`420000******0091`), when the vault gives one.
    public let maskedPAN: String?
    /// The card holder or account holder.
    public let holderName: String?
    /// Whether the shopper marked it as favorite.
    public var favorite: Bool
    /// When the token (or the card) expires.
    public let expirationDate: Date?
    /// `true` for a card; `false` for a PayPal account (which never shows a CVV field).
    public let isVaultedCard: Bool
    /// A saved card that needs its CVV typed again before paying. An Oney card (brand `ONEY`) has no code: its
    /// ``CVVField`` asks for the holder's date of birth instead (``CVVField/requiresBirthDate``).
    public let requiresCVV: Bool
    /// The vault vendor of the method (`purse`, `pci_proxy`, `none`).
    public let vaultVendor: String?
    /// The token's status in the wallet (`ACTIVE`).
    public let status: String?
    /// Whose wallet the token comes from: the merchant's own (``PaymentTokenSource/merchant``, also when the
    /// session does not say) or Purse's shared wallet (``PaymentTokenSource/sharedWallet``), which the shopper
    /// carries across merchants.
    public let source: PaymentTokenSource
    /// Whether the token may be saved to Purse's shared wallet too (`savable_to_shared_wallet`); `false` when the
    /// session does not say.
    public let savableToSharedWallet: Bool
    /// When the token was saved (`created_at`), when the wallet gives it.
    public let createdAt: Date?
    /// When the token last changed (`updated_at`), when the wallet gives it.
    public let updatedAt: Date?

    /// Whether the token comes from Purse's shared wallet rather than the merchant's own.
    public var isFromSharedWallet: Bool { source == .sharedWallet }

    /// A saved card that pays without a CVV (network token, or the PSP does not ask).
    public var paysWithoutCVV: Bool { isVaultedCard && !requiresCVV }

    /// A saved Oney card that asks for the holder's date of birth before paying: ``requiresCVV`` is true and the
    /// brand is `ONEY`, a card without a security code (its ``CVVField`` asks for the date instead).
    public var requiresBirthDate: Bool { requiresCVV && brand.map(CardBrand.init(rawValue:))?.asksBirthDate == true }

    /// The `"{partner}-{method}"` id of the method the token pays with.
    public var methodID: String { itemID(partner, method) }

    /// What to show on the row: the name, else the masked PAN, else the wallet's label (a PayPal account's
    /// e-mail), else the brand. A vaulted card can arrive with neither name nor masked PAN, and then shows its
    /// brand; blank values are skipped like missing ones.
    public var displayLabel: String {
        [name, maskedPAN, label, brand].lazy.compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
    }

    /// `PaymentToken(payzen-creditcard, VISA 420000******0091, id: …)`: the vault's masked number at most,
    /// never a full PAN.
    public var description: String {
        "PaymentToken(\(methodID), \(brand ?? "?") \(maskedPAN ?? ""), id: \(id))"
    }
}

/// Whose wallet a saved token comes from (`source`). A value the SDK does not know is kept as it came.
public struct PaymentTokenSource: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The value as the wallet spells it (`MERCHANT`, `SHARED_WALLET`).
    public let rawValue: String
    /// A source by its wallet spelling.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The merchant's own wallet: saved in this merchant's checkout.
    public static let merchant = PaymentTokenSource(rawValue: "MERCHANT")
    /// Purse's shared wallet (Express Checkout): saved by the shopper in any checkout of Purse's network.
    public static let sharedWallet = PaymentTokenSource(rawValue: "SHARED_WALLET")
    /// The value as the wallet spells it.
    public var description: String { rawValue }
}

/// A gift card the shopper kept earlier, listed on ``PurseHeadlessCheckout/savedSecondaryTokens``.
///
/// Its balance is read in the background once the checkout opens: until ``balanceResolved`` is true,
/// ``balance`` is zero. ``disabled`` is set when the issuer refused the look-up this session.
public struct SavedSecondaryToken: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The wallet token id.
    public let id: String
    /// The issuer of the card.
    public let partner: Partner
    /// The method of the card (`giftcard`, `voucher`, `loyaltycard`).
    public let method: PaymentMethodType
    /// The shopper's name for the card.
    public var name: String?
    /// The masked card number, when the wallet gives one.
    public let maskedPAN: String?
    /// When the card expires.
    public let expirationDate: Date?
    /// Whether the shopper marked it as favorite.
    public let favorite: Bool
    /// The usable balance, major units; zero until ``balanceResolved``.
    public var balance: Decimal
    /// The card's whole balance when the issuer distinguishes it (loyalty), major units.
    public var totalBalance: Decimal?
    /// Whether a balance has been read. A failed look-up leaves it `false` and sets ``disabled``.
    public var balanceResolved: Bool
    /// Why the card cannot be used this session, or `nil`.
    public var disabled: DisabledState?

    /// The `"{partner}-{method}"` id of the method.
    public var methodID: String { itemID(partner, method) }

    /// Names the method, the wallet's masked number, the id and whether the balance resolved: never the card
    /// number or its PIN.
    public var description: String {
        "SavedSecondaryToken(\(methodID), \(maskedPAN ?? ""), id: \(id), resolved: \(balanceResolved))"
    }
}

/// Why an item cannot be used right now.
public struct DisabledState: Sendable, Hashable {
    /// A stable code, e.g. `TOKEN_INIT_FAILED`.
    public let code: String
    /// Words for the shopper or the developer.
    public let message: String

    /// Creates a reason; ``tokenInitFailed(_:)`` is the one the checkout sets on saved gift cards.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The saved card's balance could not be read this session.
    public static func tokenInitFailed(_ message: String) -> DisabledState {
        DisabledState(code: "TOKEN_INIT_FAILED", message: message)
    }
}

/// The wallet session handed with the widget data: what wallet calls are made on behalf of.
public struct WalletSession: Sendable, Hashable {
    /// The wallet session id.
    public let sessionID: String
    /// The shopper (customer reference).
    public let ownerReference: String
    /// The merchant id sent as `x-merchant-id`.
    public let merchant: String
    /// When the wallet session expires.
    public let expirationDate: Date?
}
