/// Everything the sandbox is seeded with: the merchant entity, the methods every session offers, the test
/// cards, the gift cards per issuer and the shoppers with their wallets (CONTRACT.md §7).
///
/// Tests and the demo refer to entries by their `slug`, never by copying numbers around:
/// ```swift
/// let card = SandboxCatalogue.standard.testCard("visa-3ds")       // 4000 0000 0000 3220
/// let gift = SandboxCatalogue.standard.giftCard("illicado-50")    // 50.00 EUR, PIN 1234
/// print(SandboxCatalogue.standard.text)                           // what `purse sandbox --catalogue` prints
/// ```
/// Everything here is simulated test data: no number in it moves real money.
public struct SandboxCatalogue: Sendable, Equatable {
    /// The one merchant entity and its credentials.
    public var entity: SandboxEntity
    /// The payment methods offered in every client session (unless a session restricts them).
    public var methods: [SandboxMethod]
    /// Card numbers for fresh card entry and what each one does.
    public var testCards: [SandboxTestCard]
    /// Gift cards, vouchers, loyalty and ANCV accounts, with their starting balances.
    public var giftCards: [SandboxGiftCard]
    /// Shoppers (customer references) and the tokens their wallets start with.
    public var shoppers: [SandboxShopper]

    /// Creates a catalogue. Most callers use ``standard``.
    public init(
        entity: SandboxEntity, methods: [SandboxMethod], testCards: [SandboxTestCard], giftCards: [SandboxGiftCard],
        shoppers: [SandboxShopper]
    ) {
        self.entity = entity
        self.methods = methods
        self.testCards = testCards
        self.giftCards = giftCards
        self.shoppers = shoppers
    }

    /// The method `partner`/`method`, if the catalogue has it.
    public func method(partner: String, method: String) -> SandboxMethod? {
        methods.first { $0.partner == partner && $0.method == method }
    }

    /// The test card named `slug` (for example `"visa-success"`).
    public func testCard(_ slug: String) -> SandboxTestCard? { testCards.first { $0.slug == slug } }

    /// The test card with this PAN (spaces and dashes ignored).
    public func testCard(pan: String) -> SandboxTestCard? {
        let digits = SandboxCatalogue.normalizedPAN(pan)
        return testCards.first { $0.pan == digits }
    }

    /// The gift card named `slug` (for example `"illicado-50"`).
    public func giftCard(_ slug: String) -> SandboxGiftCard? { giftCards.first { $0.slug == slug } }

    /// The shopper whose customer reference is `reference`.
    public func shopper(_ reference: String) -> SandboxShopper? { shoppers.first { $0.reference == reference } }

    /// `pan` without the spaces and dashes a shopper may type.
    static func normalizedPAN(_ pan: String) -> String { pan.filter { $0 != " " && $0 != "-" } }
}

/// The merchant entity of the sandbox and its credentials (fixed, documented values; never real secrets).
public struct SandboxEntity: Sendable, Equatable {
    /// `entity_id` of client-session creation (and `entityId` in widget data).
    public var entityId: String
    /// The public API key, sent as `x-api-key` by the app and by the merchant backend.
    public var apiKey: String
    /// OAuth2 client id of the merchant backend (`POST /oauth/token`, HTTP Basic).
    public var clientId: String
    /// OAuth2 client secret of the merchant backend.
    public var clientSecret: String
    /// Merchant id for the wallet API (`x-merchant-id`) and the `merchant` of wallet tokens.
    public var merchantId: String
    /// Tenant id of the Purse vault (`/vault/v1/tenants/{tenant_id}/…`).
    public var vaultTenantId: String
    /// Merchant id shown for the `pci_proxy` vault in the payment session.
    public var pciProxyMerchantId: String
    /// The shop name shown on hosted pages.
    public var displayName: String

    /// Creates an entity.
    public init(
        entityId: String, apiKey: String, clientId: String, clientSecret: String, merchantId: String,
        vaultTenantId: String, pciProxyMerchantId: String, displayName: String
    ) {
        self.entityId = entityId
        self.apiKey = apiKey
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.merchantId = merchantId
        self.vaultTenantId = vaultTenantId
        self.pciProxyMerchantId = pciProxyMerchantId
        self.displayName = displayName
    }
}

/// How a method's `/validate` answers asks the app to open the hosted page.
public enum SandboxRedirectStyle: String, Sendable, Equatable, CaseIterable {
    /// `redirection: { url }`: a GET navigation.
    case get
    /// `redirection: { url, method: "POST", fields }`: an auto-submitted form.
    case postForm = "post_form"
    /// `redirection: { form, name }`: an HTML document to load.
    case html
}

/// What a secondary method reads from `payment_data`.
public enum SandboxSecondaryInput: String, Sendable, Equatable {
    /// `payment_data.card = { number, csc? }`.
    case card
    /// `payment_data.voucher_number`.
    case voucher
}

/// How much of a secondary balance one use consumes (CONTRACT.md §6).
public enum SandboxTakePolicy: String, Sendable, Equatable {
    /// Any amount up to the balance (`none` in Purse's vocabulary).
    case splittable
    /// The whole balance is consumed, even when the item asks for less (`max`; the rest is lost).
    case wholeBalance = "max"
}

/// How the sandbox processes a method at `/init` and `/validate`.
public enum SandboxMethodKind: Sendable, Equatable {
    /// A card method: fresh cards through the vault form token, saved cards by token.
    case card
    /// PayPal: a saved account pays at once, a fresh payment goes through an approval page.
    case paypal
    /// A redirection method: `/init` gives a `step_id`, `/validate` answers a hosted page in this style.
    case redirection(SandboxRedirectStyle)
    /// A gift card, voucher or loyalty account with a balance.
    case secondary(SandboxSecondaryInput, SandboxTakePolicy)
    /// A secondary whose issuer answers `WAITING` until the shopper approves in an app (ANCV Connect).
    case pollingSecondary
    /// Offered in the session but refused by the sandbox at `/init` and `/validate`.
    case unavailable
    /// Apple Pay: `init-xpay` turns a sandbox test token into a `vault_vendor_token_id`, which pays at `/validate`
    /// (CONTRACT §8).
    case applePay

    /// `true` for the balance-carrying kinds.
    public var isSecondary: Bool {
        switch self {
        case .secondary, .pollingSecondary: true
        default: false
        }
    }
}

/// One payment method of the payment session (`protocols[partner][method]`).
public struct SandboxMethod: Sendable, Equatable {
    /// Partner (PSP or issuer), e.g. `payzen`.
    public var partner: String
    /// Method, e.g. `creditcard`.
    public var method: String
    /// `configurations.template`.
    public var template: String
    /// `configurations.position` (distinct per method).
    public var position: Int
    /// `configurations.stable` (`false` hides the method in the SDK).
    public var stable: Bool
    /// `true` for a secondary method (label `secondary`), otherwise `primary`.
    public var isSecondary: Bool
    /// How the sandbox processes it.
    public var kind: SandboxMethodKind
    /// `configurations.vault.vendor`: `purse`, `pci_proxy` or `none`.
    public var vaultVendor: String
    /// `configurations.vault.supported_brands`.
    public var supportedBrands: [String]
    /// `settings.merchant_specifics`, when present (e.g. `integration_mode`).
    public var merchantSpecifics: [String: String]
    /// `settings.save_token`: whether a new token may be saved.
    public var saveToken: Bool
    /// `settings.save_token_mode`, `PREFER_NO` unless said otherwise (`nil` leaves the key out). With
    /// ``saveToken`` it decides whether a new token is saved (``allowsSaving``): `PREFER_NO`, `PREFER_YES` and
    /// `billing_agreement` allow it; any other mode, such as `NEVER`, forbids it.
    public var saveTokenMode: String?
    /// `settings.pay_token`: whether saved tokens may pay.
    public var payToken: Bool
    /// `settings.payment_min_amount`, major units as a decimal literal (`"0.01"`).
    public var paymentMinAmount: String
    /// `settings.payment_max_amount`, major units as a decimal literal (`"99999999.99"`).
    public var paymentMaxAmount: String
    /// `settings.usage_per_session_limit` (absent or 0: no limit).
    public var usagePerSessionLimit: Int?
    /// The instalment plans of a buy-now-pay-later method, the preferred one first (empty: not simulable). A method
    /// with plans carries the label `simulable` and answers the simulation routes (CONTRACT.md §2).
    public var loanPlans: [SandboxLoanPlan]
    /// A human name for pages and the printed catalogue.
    public var displayName: String

    /// Creates a method.
    public init(
        partner: String, method: String, template: String, position: Int, stable: Bool = true,
        isSecondary: Bool, kind: SandboxMethodKind, vaultVendor: String = "none", supportedBrands: [String] = [],
        merchantSpecifics: [String: String] = [:], saveToken: Bool = false, saveTokenMode: String? = "PREFER_NO",
        payToken: Bool = false,
        paymentMinAmount: String = "0", paymentMaxAmount: String = "99999999.99", usagePerSessionLimit: Int? = nil,
        loanPlans: [SandboxLoanPlan] = [], displayName: String
    ) {
        self.partner = partner
        self.method = method
        self.template = template
        self.position = position
        self.stable = stable
        self.isSecondary = isSecondary
        self.kind = kind
        self.vaultVendor = vaultVendor
        self.supportedBrands = supportedBrands
        self.merchantSpecifics = merchantSpecifics
        self.saveToken = saveToken
        self.saveTokenMode = saveTokenMode
        self.payToken = payToken
        self.paymentMinAmount = paymentMinAmount
        self.paymentMaxAmount = paymentMaxAmount
        self.usagePerSessionLimit = usagePerSessionLimit
        self.loanPlans = loanPlans
        self.displayName = displayName
    }

    /// The item id the SDK uses: `"{partner}-{method}"`.
    public var id: String { "\(partner)-\(method)" }

    /// Whether a new token of this method is saved when a payment asks for it: ``saveToken`` is on and
    /// ``saveTokenMode`` is absent, `PREFER_NO`, `PREFER_YES` or `billing_agreement` (ignoring case).
    public var allowsSaving: Bool {
        guard saveToken else { return false }
        guard let mode = saveTokenMode?.uppercased() else { return true }
        return ["PREFER_NO", "PREFER_YES", "BILLING_AGREEMENT"].contains(mode)
    }

    /// Whether the method answers loan simulations (it has at least one plan).
    public var isSimulable: Bool { !loanPlans.isEmpty }
}
