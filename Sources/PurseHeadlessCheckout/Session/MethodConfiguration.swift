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
    /// `settings.save_token_mode` (e.g. `PREFER_NO`): with ``saveToken``, whether new instruments may be saved
    /// (``allowsSaving``). `PREFER_NO` and `PREFER_YES` offer saving to the shopper (the SDK saves nothing unless
    /// the app records the shopper's choice), as does PayPal's `billing_agreement`; any other mode forbids it.
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

    /// Whether new instruments of this method may be saved: ``saveToken`` is on and ``saveTokenMode`` is absent or
    /// one that offers saving (`PREFER_NO`, `PREFER_YES`, `billing_agreement`, compared ignoring case). A mode
    /// the SDK does not know forbids saving: a card is never saved on a setting that may not allow it.
    public var allowsSaving: Bool { saveToken && Self.modeAllowsSaving(saveTokenMode) }

    /// The `save_token_mode` values that offer saving.
    static let savingModes: Set<String> = ["PREFER_NO", "PREFER_YES", "BILLING_AGREEMENT"]

    /// Whether `mode` lets new instruments be saved (an absent mode leaves ``saveToken`` alone in charge).
    static func modeAllowsSaving(_ mode: String?) -> Bool {
        guard let mode else { return true }
        return savingModes.contains(mode.uppercased())
    }

    /// Why saving new instruments of this method is refused, for an error message; `nil` when it is allowed.
    var savingRefusal: String? {
        guard saveToken else { return "settings.save_token is off" }
        guard Self.modeAllowsSaving(saveTokenMode) else {
            return "settings.save_token_mode \(saveTokenMode ?? "") forbids saving"
        }
        return nil
    }

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
    /// The members of `configurations` the SDK reads, as found (`nil`: absent or `null`), before defaults: filled from
    /// a tree by ``init(reading:)`` or by `WidgetDataScanner` from the text, then made a configuration by
    /// ``init(fields:rawSlot:)``, so that both entry points default alike.
    struct Fields {
        var template: String?
        var labels: [String]?
        var position: Int?
        var stable: Bool?
        var acceptedDecimals: Int?
        /// `vault`, when it is an object.
        var vault: VaultFields?
        /// `settings.merchant_specifics.integration_mode`.
        var integrationMode: String?
        var saveToken: Bool?
        var saveTokenMode: String?
        var payToken: Bool?
        var registrationMode: String?
        var minAmount: Decimal?
        var maxAmount: Decimal?
        /// Never negative here: both readers refuse a negative limit.
        var usagePerSessionLimit: Int?
    }

    /// The members of `configurations.vault` the SDK reads, as found.
    struct VaultFields {
        var vendor: String?
        var supportedBrands: [String]?
        var tokenScope: String?
        var externalThreeDSEnabled: Bool?
    }

    /// A configuration from what was found, with the defaults of a member that is absent.
    init(fields: Fields, rawSlot: JSONSlot) {
        template = fields.template ?? ""
        labels = fields.labels ?? []
        position = fields.position ?? Int.max
        stable = fields.stable ?? true
        acceptedDecimals = fields.acceptedDecimals
        vault = fields.vault.map { vault in
            VaultConfiguration(
                vendor: vault.vendor ?? "none", supportedBrands: vault.supportedBrands ?? [],
                tokenScope: vault.tokenScope, externalThreeDSEnabled: vault.externalThreeDSEnabled ?? false)
        }
        integrationMode = fields.integrationMode
        saveToken = fields.saveToken ?? false
        saveTokenMode = fields.saveTokenMode
        payToken = fields.payToken ?? true
        registrationMode = fields.registrationMode
        minAmount = fields.minAmount
        maxAmount = fields.maxAmount
        usagePerSessionLimit = fields.usagePerSessionLimit
        self.rawSlot = rawSlot
    }

    /// Reads a built `configurations` object, throwing with the path of the first member that is wrong. Every
    /// member read here is read by `WidgetDataScanner` too, in the same way.
    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        var fields = Fields()
        fields.template = try reader.string("template")
        fields.labels = try reader.optional("labels")?.strings()
        fields.position = try reader.int("position")
        fields.stable = try reader.bool("stable")
        fields.acceptedDecimals = try reader.int("accepted_decimals")
        fields.vault = try reader.optional("vault").map { (vault) throws(PurseCheckoutError) in
            VaultFields(
                vendor: try vault.string("vendor"), supportedBrands: try vault.optional("supported_brands")?.strings(),
                tokenScope: try vault.string("token_scope"),
                externalThreeDSEnabled: try vault.bool("external_three_ds_enabled"))
        }
        if let settings = try reader.optional("settings") {
            fields.integrationMode = try settings.optional("merchant_specifics")?.string("integration_mode")
            fields.saveToken = try settings.bool("save_token")
            fields.saveTokenMode = try settings.string("save_token_mode")
            fields.payToken = try settings.bool("pay_token")
            fields.registrationMode = try settings.string("registration_mode")
            fields.minAmount = try settings.decimal("payment_min_amount")
            fields.maxAmount = try settings.decimal("payment_max_amount")
            fields.usagePerSessionLimit = try settings.int("usage_per_session_limit")
            if let limit = fields.usagePerSessionLimit, limit < 0 {
                throw settings.fail("usage_per_session_limit: expected 0 (no limit) or more, found \(limit)")
            }
        }
        self.init(fields: fields, rawSlot: .built(reader.value))
    }
}
