public import Foundation

/// The `configurations` object of a protocol in the payment session: how a method is rendered, routed,
/// limited and saved. Unknown keys are kept in ``raw``.
public struct MethodConfiguration: Sendable, Hashable {
    /// The UI template id (`lyra`, `aci_creditcard`, `redirection`, `secondary`, `paypal_wallet`, …).
    public let template: String
    /// Labels such as `["aci", "creditcard", "primary"]`.
    public let labels: [String]
    /// Sort order: lower comes first.
    public let position: Int
    /// `false` hides the method.
    public let stable: Bool
    /// Decimal places the method accepts.
    public let acceptedDecimals: Int?
    /// The card vault this method tokenizes with, when it is a card method.
    public let vault: VaultConfiguration?
    /// `settings.merchant_specifics.integration_mode` (`redirection`, `popup`, `embedded`…).
    public let integrationMode: String?
    /// `settings.save_token`: new instruments of this method may be saved.
    public let saveToken: Bool
    /// `settings.save_token_mode` (e.g. `PREFER_NO`).
    public let saveTokenMode: String?
    /// `settings.pay_token`: saved instruments may pay.
    public let payToken: Bool
    /// `settings.registration_mode` (`ON_SESSION` or `OFF_SESSION`).
    public let registrationMode: String?
    /// `settings.payment_min_amount`, major units.
    public let minAmount: Decimal?
    /// `settings.payment_max_amount`, major units.
    public let maxAmount: Decimal?
    /// `settings.usage_per_session_limit` (absent or 0: no limit).
    public let usagePerSessionLimit: Int?
    /// The whole `configurations` object as received.
    public var raw: JSONValue { rawSlot.value }
    /// `raw`, built when the session was decoded from a value, or on first read when it came as widget data.
    var rawSlot: JSONSlot

    /// Whether the labels mark the method as secondary (gift card, voucher, loyalty).
    public var isSecondaryLabelled: Bool { labels.contains("secondary") }
}

/// `configurations.vault`: where a card method's cards live.
public struct VaultConfiguration: Sendable, Hashable {
    /// `purse`, `pci_proxy` or `none`.
    public let vendor: String
    /// Card schemes accepted (`VISA`, `MASTERCARD`, `CARTE_BANCAIRE`, `AMERICAN_EXPRESS`, …).
    public let supportedBrands: [String]
    /// `method`, `partner` or `solution`.
    public let tokenScope: String?
    /// Whether 3-D Secure is run outside the PSP.
    public let externalThreeDSEnabled: Bool

    /// Cards in the Purse vault.
    public var isPurseVault: Bool { vendor == "purse" }
    /// Cards in a PCI Proxy vault: no card plugin on iOS.
    public var isPCIProxy: Bool { vendor == "pci_proxy" }
}

extension MethodConfiguration {
    /// Every member read here is listed in `SessionDecoder.widgetDataShape`, which builds only those from widget data.
    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        template = try reader.string("template") ?? ""
        labels = try reader.optional("labels")?.strings() ?? []
        position = try reader.int("position") ?? Int.max
        stable = try reader.bool("stable") ?? true
        acceptedDecimals = try reader.int("accepted_decimals")
        vault = try reader.optional("vault").map { (vault) throws(PurseCheckoutError) in
            VaultConfiguration(
                vendor: try vault.string("vendor") ?? "none",
                supportedBrands: try vault.optional("supported_brands")?.strings() ?? [],
                tokenScope: try vault.string("token_scope"),
                externalThreeDSEnabled: try vault.bool("external_three_ds_enabled") ?? false
            )
        }
        let settings = try reader.optional("settings")
        integrationMode = try settings?.optional("merchant_specifics")?.string("integration_mode")
        saveToken = try settings?.bool("save_token") ?? false
        saveTokenMode = try settings?.string("save_token_mode")
        payToken = try settings?.bool("pay_token") ?? true
        registrationMode = try settings?.string("registration_mode")
        minAmount = try settings?.decimal("payment_min_amount")
        maxAmount = try settings?.decimal("payment_max_amount")
        usagePerSessionLimit = try settings?.int("usage_per_session_limit")
        if let limit = usagePerSessionLimit, limit < 0, let settings {
            throw settings.fail("usage_per_session_limit: expected 0 (no limit) or more, found \(limit)")
        }
        rawSlot = .built(reader.value)
    }
}
