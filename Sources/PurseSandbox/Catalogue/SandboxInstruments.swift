/// What a test card does when it pays.
public enum SandboxCardOutcome: String, Sendable, Equatable, CaseIterable {
    /// Authorized at once.
    case succeeds
    /// Payment `PENDING` with a redirection to the 3-D Secure challenge page.
    case requiresChallenge = "requires_3ds"
    /// Refused with `REJECTED_BANK`.
    case declined
    /// Refused with `INSUFFICIENT_FUNDS`.
    case insufficientFunds = "insufficient_funds"

    /// The `status.code` of a refused card (`nil` when the card is not refused).
    public var refusalCode: String? {
        switch self {
        case .declined: "REJECTED_BANK"
        case .insufficientFunds: "INSUFFICIENT_FUNDS"
        case .succeeds, .requiresChallenge: nil
        }
    }
}

/// A card number for fresh card entry (Luhn-valid; any future expiry works).
public struct SandboxTestCard: Sendable, Equatable {
    /// The name tests use (`"visa-success"`).
    public var slug: String
    /// The PAN, digits only.
    public var pan: String
    /// The brand the BIN look-up reports as main brand (`VISA`, `MASTERCARD`, `AMERICAN_EXPRESS`, `ONEY`).
    public var brand: String
    /// What paying with it does.
    public var outcome: SandboxCardOutcome
    /// A CVV of the right length (any value of that length is accepted); empty for a brand without one (Oney).
    public var cvv: String

    /// Creates a test card.
    public init(slug: String, pan: String, brand: String, outcome: SandboxCardOutcome, cvv: String) {
        self.slug = slug
        self.pan = pan
        self.brand = brand
        self.outcome = outcome
        self.cvv = cvv
    }
}

/// How a gift card (or voucher, loyalty or ANCV account) answers its issuer calls.
public enum SandboxGiftCardBehaviour: Sendable, Equatable {
    /// Answers its balance.
    case normal
    /// Refused at `/init` with `status.state FAILED` and this code (e.g. `BLOCKED_CARD`).
    case refusedAtInit(code: String)
    /// Its balance look-up fails (`FAILED`, `TECHNICAL_ISSUE_TO_CONTACT_PARTNER`): a saved card shows disabled.
    case balanceLookupFails
    /// Answers after this delay, measured on the sandbox's injected clock.
    case slow(Duration)
    /// Answers `WAITING` / `WAITING_PARTNER_RESPONSE` `waits` times, then succeeds (`failureCode == nil`) or
    /// fails with `failureCode` (e.g. `ABORTED_BY_CUSTOMER`).
    case polls(waits: Int, failureCode: String?)
}

/// A gift card, voucher, loyalty account or ANCV account known to the simulated issuers.
public struct SandboxGiftCard: Sendable, Equatable {
    /// The name tests use (`"illicado-50"`).
    public var slug: String
    /// The issuer (`illicado`).
    public var partner: String
    /// The method (`giftcard`, `voucher`, `loyaltycard`, `connect`).
    public var method: String
    /// The card number, voucher code or account id (what the shopper types, without spaces).
    public var pan: String
    /// The PIN (`payment_data.card.csc`); `nil` when the card has none.
    public var pin: String?
    /// The starting balance, in minor units of ``currency``.
    public var balance: Int
    /// ISO 4217 currency of the balance.
    public var currency: String
    /// How the issuer answers for it.
    public var behaviour: SandboxGiftCardBehaviour
    /// `plugin_result.expiration_date`, ISO 8601.
    public var expirationDate: String

    /// Creates a gift card.
    public init(
        slug: String, partner: String, method: String, pan: String, pin: String?, balance: Int,
        currency: String = "EUR", behaviour: SandboxGiftCardBehaviour = .normal,
        expirationDate: String = "2030-12-31T23:59:59.000Z"
    ) {
        self.slug = slug
        self.partner = partner
        self.method = method
        self.pan = pan
        self.pin = pin
        self.balance = balance
        self.currency = currency
        self.behaviour = behaviour
        self.expirationDate = expirationDate
    }

    /// `plugin_result.partner_reference`: stable per card, reveals only the last four characters.
    var partnerReference: String { "\(partner.uppercased())-REF-\(pan.suffix(4))" }
}

/// A shopper (customer reference) and the wallet they start with.
public struct SandboxShopper: Sendable, Equatable {
    /// `customer.reference` in client-session creation; the wallet's `owner_reference`.
    public var reference: String
    /// A name for the printed catalogue.
    public var displayName: String
    /// The tokens in the wallet at start (and after a reset).
    public var tokens: [SandboxSavedToken]
    /// Whether the shopper uses Purse's shared wallet (the session's `wallet.shared_wallet_user`).
    public var sharedWalletUser = false

    /// Creates a shopper.
    public init(reference: String, displayName: String, tokens: [SandboxSavedToken]) {
        self.reference = reference
        self.displayName = displayName
        self.tokens = tokens
    }

    /// The token named `slug` (for example `"visa-requires-cvv"`).
    public func token(_ slug: String) -> SandboxSavedToken? { tokens.first { $0.slug == slug } }
}

/// What a saved token stands for.
public enum SandboxSavedInstrument: Sendable, Equatable {
    /// A saved card. `requiresCSC` tokens need `payment_data.csc`; `csc` is the one accepted (`nil`: any 3–4
    /// digits). Integrated-token extension fields: `requires_csc`, `network_token`.
    case card(outcome: SandboxCardOutcome, requiresCSC: Bool, csc: String?, networkToken: Bool)
    /// A PayPal account (billing agreement): pays without approval.
    case paypal
    /// A saved gift card: the gift card of the catalogue with this slug.
    case giftCard(slug: String)
}

/// A token in a shopper's wallet at start, rendered exactly like an integrated token of a real session.
public struct SandboxSavedToken: Sendable, Equatable {
    /// The token id (`integrated_tokens[].id`, also the wallet API's token id).
    public var id: String
    /// The name tests use (`"visa-requires-cvv"`).
    public var slug: String
    /// The partner whose protocol lists it.
    public var partner: String
    /// The method whose protocol lists it.
    public var method: String
    /// The shopper's label (`name`), or `nil`.
    public var name: String?
    /// Whether it starts as favorite.
    public var favorite: Bool
    /// What it pays with.
    public var instrument: SandboxSavedInstrument
    /// `description.brand_name` (`VISA`, `PAYPAL`, `EASY2PLAY`).
    public var brandName: String?
    /// `description.display_token` (masked PAN or e-mail).
    public var displayToken: String?
    /// `description.holder_name`.
    public var holderName: String?
    /// `description.masked_pan`.
    public var maskedPAN: String?
    /// `expiration_date`, ISO 8601.
    public var expirationDate: String
    /// `source`: `MERCHANT` (saved in this merchant's checkout) or `SHARED_WALLET` (Purse's shared wallet).
    public var source = "MERCHANT"
    /// `savable_to_shared_wallet`: whether the token may be saved to Purse's shared wallet too.
    public var savableToSharedWallet = false

    /// Creates a saved token.
    public init(
        id: String, slug: String, partner: String, method: String, name: String?, favorite: Bool = false,
        instrument: SandboxSavedInstrument, brandName: String?, displayToken: String?, holderName: String?,
        maskedPAN: String?, expirationDate: String
    ) {
        self.id = id
        self.slug = slug
        self.partner = partner
        self.method = method
        self.name = name
        self.favorite = favorite
        self.instrument = instrument
        self.brandName = brandName
        self.displayToken = displayToken
        self.holderName = holderName
        self.maskedPAN = maskedPAN
        self.expirationDate = expirationDate
    }
}
