public import Foundation

/// Everything the widget data says about this checkout, decoded: amount, methods, saved instruments,
/// the wallet session, credentials and service roots. A value: the checkout keeps its own copy in its state.
public struct ClientSession: Sendable, Hashable {
    /// The payment session id: what your backend confirms the payment with (webhooks, Get a client session).
    public var id: String { source.id }
    /// The entity's public API key (`x-api-key`).
    public let apiKey: String
    /// The Purse entity (merchant account) the session was created for.
    public let entityID: String
    /// The environment the widget data names.
    public let environment: PurseEnvironment
    /// Service roots: the widget data's `apiPaths` over the environment's defaults.
    public let apiRoots: APIRoots
    /// The wallet session, when the client session was created for a known shopper.
    public let walletSession: WalletSession?
    /// The payment session as received: what ``PluginRegistry`` reads to route a method.
    public let source: LegacyPaymentSession
    /// The order amount, exact, in major units.
    public var amount: Decimal { Money(minorUnits: amountMinorUnits, currency: currency).decimal }
    /// The order amount in minor units (the gateway's unit).
    let amountMinorUnits: Int64
    /// The order currency: every amount of the checkout is in it, with its exponent.
    public let currency: Currency
    /// Stable primary methods, sorted by position (ties by id).
    public let primaryMethods: [PrimaryMethod]
    /// Stable secondary methods, sorted by position (ties by id).
    public let secondaryMethods: [SecondaryMethod]
    /// Saved cards and PayPal accounts (integrated tokens of primary methods).
    public let paymentTokens: [PaymentToken]
    /// Saved gift cards (integrated tokens of secondary methods), balances not yet read.
    public let savedSecondaryTokens: [SavedSecondaryToken]
    /// Methods the session lists with `stable: false`: hidden.
    public let unstableMethodIDs: [String]
    /// Methods an information request does not offer, sorted: gift cards and the methods that do not register
    /// `OFF_SESSION` (empty for a payment session).
    public internal(set) var informationRequestHiddenIDs: [String] = []

    /// Primary methods the session lists with `stable: false`, sorted by position: not in ``primaryMethods``;
    /// their availability is ``UnavailableReason/Cause/methodUnstable``.
    public var unstablePrimaryMethods: [PrimaryMethod] {
        unstableProtocols.filter { !$0.isSecondary }.map {
            PrimaryMethod(
                partner: $0.partner, method: $0.method, configuration: $0.configuration, contractsSlot: $0.contractsSlot
            )
        }
    }

    /// Secondary methods the session lists with `stable: false`, sorted by position: not in ``secondaryMethods``;
    /// their availability is ``UnavailableReason/Cause/methodUnstable``.
    public var unstableSecondaryMethods: [SecondaryMethod] {
        unstableProtocols.filter(\.isSecondary).map {
            SecondaryMethod(
                partner: $0.partner, method: $0.method, configuration: $0.configuration, contractsSlot: $0.contractsSlot
            )
        }
    }

    private var unstableProtocols: [SessionProtocol] {
        source.protocols.filter { !$0.configuration.stable }.sorted {
            ($0.configuration.position, itemID($0.partner, $0.method))
                < ($1.configuration.position, itemID($1.partner, $1.method))
        }
    }

    /// When the session expires; the checkout compares it with Purse's clock, not the device's.
    public var expirationDate: Date { source.expirationDate }
    /// Where the PSP sends the shopper back after a hosted page (`shopper_redirection_url`), if the session has one.
    public var returnURL: URL? { source.returnURL }
}
