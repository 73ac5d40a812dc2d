/// A plugin knows how one kind of method pays: what input it needs, how to build its `/init` and
/// `/validate` payloads, and how to read the answers. It never mutates checkout state: the checkout
/// orchestrates (DESIGN §2).
///
/// Resolve one with ``PluginRegistry/plugin(partner:method:session:)``; test its kind with `is`:
/// ```swift
/// let isRedirection = PluginRegistry.shared.plugin(partner: item.partner, method: item.method,
///                                                  session: checkout.session.source) is RedirectionPlugin
/// ```
public protocol PaymentPlugin: Sendable {
    /// A short name for logs (`card`, `redirection`, `secondary`, `paypal`).
    var name: String { get }

    /// Whether paying with this method needs shopper input first (a card form), so that it is not
    /// payable at selection.
    func requiresInput(for method: PrimaryMethod) -> Bool

    /// Whether paying with this saved instrument needs shopper input first (a saved card's CVV).
    func requiresInput(for token: PaymentToken) -> Bool
}

extension PaymentPlugin {
    /// No input by default: a plugin whose methods need a form says so.
    public func requiresInput(for method: PrimaryMethod) -> Bool { false }
    /// No input by default: a plugin whose saved instruments need a CVV says so.
    public func requiresInput(for token: PaymentToken) -> Bool { false }
}

/// Pays by card: a fresh card tokenized at the Purse vault, or a saved card (with its CVV when required).
public protocol CardPlugin: PaymentPlugin {}

/// Pays on the PSP's hosted page: `/init` then `/validate`, then the page the answer asks for.
/// Its element has no UI and is ready at once.
public protocol RedirectionPlugin: PaymentPlugin {}

/// Gift cards, vouchers and loyalty cards: a slice of the amount, driven by a ``SecondaryConfig``.
public protocol SecondaryPlugin: PaymentPlugin {}

/// PayPal (module `PurseCheckoutPayPal`): a saved account pays without an approval step.
public protocol PayPalPlugin: PaymentPlugin {}

/// The card plugin built into the SDK.
public struct CardModule: CardPlugin {
    /// The card plugin. Every ``PluginRegistry`` has one built in: there is nothing to register.
    public init() {}
    /// `card`.
    public var name: String { "card" }
    /// A fresh card needs the whole card form.
    public func requiresInput(for method: PrimaryMethod) -> Bool { true }
    /// A saved card needs its CVV when the token says so.
    public func requiresInput(for token: PaymentToken) -> Bool { token.requiresCVV }
}

/// The redirection plugin built into the SDK (`RedirectionModule` in the docs).
public struct RedirectionModule: RedirectionPlugin {
    /// The redirection plugin. Every ``PluginRegistry`` has one built in: there is nothing to register.
    public init() {}
    /// `redirection`.
    public var name: String { "redirection" }
}

/// The secondary-method plugin built into the SDK.
public struct SecondaryModule: SecondaryPlugin {
    /// The secondary plugin. Every ``PluginRegistry`` has one built in: there is nothing to register.
    public init() {}
    /// `secondary`.
    public var name: String { "secondary" }
}
