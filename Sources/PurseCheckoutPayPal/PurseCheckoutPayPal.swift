public import PurseHeadlessCheckout

/// The PayPal plugin's entry point: registers ``PayPalModule`` for the `paypal_wallet` template.
///
/// Swift has no load-time hooks, so importing the module is not enough: call ``register(on:)`` once at
/// start-up, before opening a checkout.
/// ```swift
/// import PurseCheckoutPayPal
///
/// PurseCheckoutPayPal.register()      // on PluginRegistry.shared, which checkouts use by default
/// ```
/// In tests, register on a registry of your own and hand it to the checkout, so that other checkouts of the
/// process keep routing `paypal_wallet` nowhere:
/// ```swift
/// let registry = PluginRegistry()
/// PurseCheckoutPayPal.register(on: registry)
/// let configuration = PurseCheckoutConfiguration(transport: SandboxTransport(sandbox), pluginRegistry: registry)
/// ```
public enum PurseCheckoutPayPal {
    /// The template PayPal methods carry in the session.
    public static let template = "paypal_wallet"

    /// Registers ``PayPalModule`` on `registry` for `paypal_wallet`. Registering again replaces the earlier
    /// registration (harmless).
    public static func register(on registry: PluginRegistry = .shared) {
        registry.register(PayPalModule(), forTemplate: template)
    }
}
