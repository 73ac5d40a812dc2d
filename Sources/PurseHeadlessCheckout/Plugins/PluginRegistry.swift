/// Resolves the plugin that pays a (partner, method) of a session, with the exact routing of CONTRACT §1.
///
/// Routing reads the method's configuration in the session, with exact string equality:
/// 1. `template == "redirection"` or `settings.merchant_specifics.integration_mode == "redirection"` →
///    ``RedirectionPlugin`` (a near miss such as `redirection_suffix` matches nothing);
/// 2. `template == "secondary"` or a `"secondary"` label → ``SecondaryPlugin``;
/// 3. `template` ending in `_creditcard`, `lyra`, or `oneycard_comptant` (the Oney card) → ``CardPlugin``,
///    except a `pci_proxy` vault, which has no card plugin on iOS;
/// 4. `template == "applepay"` → ``ApplePayPlugin`` (CONTRACT §8);
/// 5. a template registered with ``register(_:forTemplate:)`` (PayPal registers `paypal_wallet`);
/// 6. anything else → `nil`: the method is still listed, and paying with it reports `METHOD_NOT_IMPLEMENTED`.
///
/// Thread-safe; ``shared`` is the instance the checkout uses.
public final class PluginRegistry: Sendable {
    /// The registry the checkout uses.
    public static let shared = PluginRegistry()

    private let extraTemplates = Locked<[String: any PaymentPlugin]>([:])
    private let card: any CardPlugin = CardModule()
    private let redirection: any RedirectionPlugin = RedirectionModule()
    private let secondary: any SecondaryPlugin = SecondaryModule()
    private let applePay: any ApplePayPlugin = ApplePayModule()

    /// A registry with only the built-in plugins.
    public init() {}

    /// Registers a plugin for a template the built-in routing does not handle (`paypal_wallet`).
    /// Registering a template again replaces the earlier plugin.
    public func register(_ plugin: any PaymentPlugin, forTemplate template: String) {
        extraTemplates.withLock { $0[template] = plugin }
    }

    /// The plugin for a (partner, method) of `session`, or `nil` when the session lacks the method or no
    /// plugin handles it.
    public func plugin(
        partner: Partner, method: PaymentMethodType, session: LegacyPaymentSession
    ) -> (any PaymentPlugin)? {
        guard let entry = session.protocolEntry(partner: partner, method: method) else { return nil }
        return plugin(for: entry.configuration)
    }

    /// The plugin for a method configuration.
    func plugin(for configuration: MethodConfiguration) -> (any PaymentPlugin)? {
        switch Self.route(configuration) {
        case .redirection: return redirection
        case .secondary: return secondary
        case .card: return card
        case .applePay: return applePay
        case .template(let template): return extraTemplates.withLock { $0[template] }
        case .none: return nil
        }
    }

    /// Where a configuration routes, before looking at what is registered.
    enum Route: Equatable {
        case redirection, secondary, card, applePay, template(String), none
    }

    static func route(_ configuration: MethodConfiguration) -> Route {
        let template = configuration.template
        if template == "redirection" || configuration.integrationMode == "redirection" { return .redirection }
        if template == "secondary" || configuration.isSecondaryLabelled { return .secondary }
        if template.hasSuffix("_creditcard") || template == "lyra" || template == "oneycard_comptant" {
            return configuration.vault?.vendor == "pci_proxy" ? .none : .card
        }
        if template == "applepay" { return .applePay }
        return template.isEmpty ? .none : .template(template)
    }
}
