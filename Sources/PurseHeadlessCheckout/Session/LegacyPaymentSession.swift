public import Foundation

/// The payment session inside the widget data (Purse's `LegacyPaymentSession`), as received.
///
/// ``ClientSession/source`` holds it; the ``PluginRegistry`` routes a (partner, method) by reading it.
public struct LegacyPaymentSession: Sendable, Hashable {
    /// The payment session id (the gateway's `session_id`).
    public let id: String
    /// The order amount in major units, as the session states it (`nil` for an information request).
    public let amount: Decimal?
    /// ISO 4217 currency code.
    public let currencyCode: String
    /// When the session expires.
    public let expirationDate: Date
    /// A data-collection session with no amount.
    public let isInformationRequest: Bool
    /// The shopper return URL (`redirection`, else the older `success`).
    public let returnURL: URL?
    /// The failure return URL of older sessions.
    public let failureURL: URL?
    /// `vault.vendor_front_data.purse.tenant_id`: the Purse vault tenant for card tokenization.
    public let purseVaultTenantID: String?
    /// `vault.vendor_front_data.pci_proxy.merchant_id`.
    public let pciProxyMerchantID: String?
    /// Every protocol of the session, in a stable order (partner, then method).
    public let protocols: [SessionProtocol]
    /// `wallet.shared_wallet_user`: whether the shopper uses Purse's shared wallet (Express Checkout), whose saved
    /// instruments follow them across merchants; `nil` when the session does not say.
    public let sharedWalletUser: Bool?

    private let index: [String: Int]

    init(
        id: String, amount: Decimal?, currencyCode: String, expirationDate: Date, isInformationRequest: Bool,
        returnURL: URL?, failureURL: URL?, purseVaultTenantID: String?, pciProxyMerchantID: String?,
        protocols: [SessionProtocol], sharedWalletUser: Bool? = nil
    ) {
        self.init(
            id: id, amount: amount, currencyCode: currencyCode, expirationDate: expirationDate,
            isInformationRequest: isInformationRequest, returnURL: returnURL, failureURL: failureURL,
            purseVaultTenantID: purseVaultTenantID, pciProxyMerchantID: pciProxyMerchantID, protocols: protocols,
            ids: protocols.map { itemID($0.partner, $0.method) }, sharedWalletUser: sharedWalletUser)
    }

    /// `ids`: each protocol's `itemID`, in order (the decoder has them already).
    init(
        id: String, amount: Decimal?, currencyCode: String, expirationDate: Date, isInformationRequest: Bool,
        returnURL: URL?, failureURL: URL?, purseVaultTenantID: String?, pciProxyMerchantID: String?,
        protocols: [SessionProtocol], ids: [String], sharedWalletUser: Bool? = nil
    ) {
        self.id = id
        self.amount = amount
        self.currencyCode = currencyCode
        self.expirationDate = expirationDate
        self.isInformationRequest = isInformationRequest
        self.returnURL = returnURL
        self.failureURL = failureURL
        self.purseVaultTenantID = purseVaultTenantID
        self.pciProxyMerchantID = pciProxyMerchantID
        self.protocols = protocols
        self.sharedWalletUser = sharedWalletUser
        var index: [String: Int] = [:]
        index.reserveCapacity(ids.count)
        for (offset, id) in ids.enumerated() { index[id] = offset }
        self.index = index
    }

    /// The protocol for a (partner, method), if the session has it.
    public func protocolEntry(partner: Partner, method: PaymentMethodType) -> SessionProtocol? {
        index[itemID(partner, method)].map { protocols[$0] }
    }
}

/// One `protocols[partner][method]` entry of the session.
public struct SessionProtocol: Sendable, Hashable {
    /// The entry's partner.
    public let partner: Partner
    /// The entry's method.
    public let method: PaymentMethodType
    /// Its `configurations`.
    public let configuration: MethodConfiguration
    /// Its `integrated_tokens` (saved instruments), as received.
    public let integratedTokens: [JSONValue]
    /// Its `contracts`, as received.
    public var contracts: JSONValue? { contractsSlot?.value }
    /// `contracts`, built, or deferred until read when the session came as widget data (the SDK never reads it).
    let contractsSlot: JSONSlot?

    init(
        partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, integratedTokens: [JSONValue],
        contracts: JSONValue?
    ) {
        self.init(
            partner: partner, method: method, configuration: configuration, integratedTokens: integratedTokens,
            contractsSlot: contracts.map(JSONSlot.built))
    }

    init(
        partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, integratedTokens: [JSONValue],
        contractsSlot: JSONSlot?
    ) {
        self.partner = partner
        self.method = method
        self.configuration = configuration
        self.integratedTokens = integratedTokens
        self.contractsSlot = contractsSlot
    }

    /// Whether this protocol is a secondary method (template `secondary` or a `secondary` label).
    public var isSecondary: Bool { configuration.template == "secondary" || configuration.isSecondaryLabelled }
}
