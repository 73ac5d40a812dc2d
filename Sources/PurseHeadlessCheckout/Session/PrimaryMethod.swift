public import Foundation

/// A method that pays the rest of the order: a card form, a redirection method, PayPal…
///
/// Listed on ``PurseHeadlessCheckout/paymentMethods``, stable ones only, sorted by position.
/// Saved instruments are not here: they are ``PurseHeadlessCheckout/paymentTokens``.
public struct PrimaryMethod: Sendable, Hashable, Identifiable {
    /// `"{partner}-{method}"`, e.g. `payzen-creditcard`.
    public var id: String { itemID(partner, method) }
    /// The PSP (or wallet) that processes this method, e.g. ``Partner/payzen``.
    public let partner: Partner
    /// What the shopper pays with, e.g. ``PaymentMethodType/creditcard``.
    public let method: PaymentMethodType
    /// The method's configuration in the session.
    public let configuration: MethodConfiguration
    /// Integrated (contract) data the partner requires per action, as received.
    public var contracts: JSONValue? { contractsSlot?.value }
    /// `contracts`, built, or deferred until read when the session came as widget data.
    let contractsSlot: JSONSlot?

    init(partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, contracts: JSONValue?) {
        self.init(
            partner: partner, method: method, configuration: configuration, contractsSlot: contracts.map(JSONSlot.built)
        )
    }

    init(partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, contractsSlot: JSONSlot?) {
        self.partner = partner
        self.method = method
        self.configuration = configuration
        self.contractsSlot = contractsSlot
    }

    /// Sort order.
    public var position: Int { configuration.position }
    /// The UI template id.
    public var template: String { configuration.template }
    /// Whether new instruments of this method may be saved: `settings.save_token` is on and
    /// `settings.save_token_mode` allows it (``MethodConfiguration/allowsSaving``).
    public var canBeRegistered: Bool { configuration.allowsSaving }
    /// Card schemes this method accepts (card methods only).
    public var supportedBrands: [String] { configuration.vault?.supportedBrands ?? [] }
    /// Whether the session marks the method as a loan simulator.
    public var isSimulable: Bool { configuration.labels.contains("simulable") }
    /// Minimum amount this method accepts, major units.
    public var minAmount: Decimal? { configuration.minAmount }
    /// Maximum amount this method accepts, major units.
    public var maxAmount: Decimal? { configuration.maxAmount }
}

/// A gift card, voucher or loyalty method: it draws a slice of the amount.
///
/// Listed on ``PurseHeadlessCheckout/secondaryMethods``. There is no payment element for one: the
/// app renders the PAN and CVV fields and calls `getSecondaryToken(method:pan:cvv:)`.
public struct SecondaryMethod: Sendable, Hashable, Identifiable {
    /// `"{partner}-{method}"`, e.g. `illicado-giftcard`.
    public var id: String { itemID(partner, method) }
    /// The issuer, e.g. ``Partner/illicado``.
    public let partner: Partner
    /// The kind of card, e.g. ``PaymentMethodType/giftcard``, ``PaymentMethodType/voucher`` or ``PaymentMethodType/loyaltycard``.
    public let method: PaymentMethodType
    /// The method's configuration in the session.
    public let configuration: MethodConfiguration
    /// Integrated (contract) data the partner requires per action, as received.
    public var contracts: JSONValue? { contractsSlot?.value }
    /// `contracts`, built, or deferred until read when the session came as widget data.
    let contractsSlot: JSONSlot?

    init(partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, contracts: JSONValue?) {
        self.init(
            partner: partner, method: method, configuration: configuration, contractsSlot: contracts.map(JSONSlot.built)
        )
    }

    init(partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, contractsSlot: JSONSlot?) {
        self.partner = partner
        self.method = method
        self.configuration = configuration
        self.contractsSlot = contractsSlot
    }

    /// Sort order.
    public var position: Int { configuration.position }
    /// How many cards of this method may be in one split (`nil`: no limit).
    public var usageLimit: Int? {
        guard let limit = configuration.usagePerSessionLimit, limit > 0 else { return nil }
        return limit
    }
    /// The most this method may contribute in total, major units.
    public var maxAmount: Decimal? { configuration.maxAmount }
    /// Whether a card of this method may be kept in the wallet: `settings.save_token` is on and
    /// `settings.save_token_mode` allows it (``MethodConfiguration/allowsSaving``).
    public var canBeRegistered: Bool { configuration.allowsSaving }
}
