/// Pays with Apple Pay (template `applepay`, CONTRACT §8). Built into every ``PluginRegistry``.
public protocol ApplePayPlugin: PaymentPlugin {}

/// The Apple Pay plugin built into the SDK.
///
/// | item | element | submit |
/// |---|---|---|
/// | ``PrimaryMethod`` with template `applepay` | a button, no fields; ready once prepared | the sheet (``ApplePaySheet``), then `init-xpay` with the payment data, then `/validate` with the `vault_vendor_token_id` and every gift card |
///
/// Without a merchant identifier (session or ``ApplePayConfiguration``) the element's
/// ``PaymentElement/unavailableReason`` is `METHOD_NOT_IMPLEMENTED`, naming the missing key.
public struct ApplePayModule: ApplePayPlugin {
    /// The Apple Pay plugin. Every ``PluginRegistry`` has one built in: there is nothing to register.
    public init() {}
    /// `applepay`.
    public var name: String { "applepay" }
    /// The shopper authorizes on the sheet first, so Apple Pay is not payable at selection.
    public func requiresInput(for method: PrimaryMethod) -> Bool { true }
}

extension ApplePayModule: ElementStrategyFactory {
    /// An Apple Pay method's strategy; `nil` for a saved token (Apple Pay has none).
    package func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)? {
        guard case .primaryMethod(let method) = item else { return nil }
        return ApplePayStrategy(method: method)
    }
}
