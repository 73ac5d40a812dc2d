import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// A PayPal plugin stand-in, registered on fresh registries only (never on `.shared`).
private struct RoutingTestPayPalPlugin: PayPalPlugin {
    let name: String
}

/// A plugin of no built-in kind.
private struct RoutingTestPlugin: PaymentPlugin {
    let name: String
}

/// A method configuration built from the members routing reads.
private func routingConfiguration(
    template: String?, labels: [String]? = nil, vendor: String? = nil, integrationMode: String? = nil
) throws -> MethodConfiguration {
    var object: [String: JSONValue] = ["position": 1]
    if let template { object["template"] = .string(template) }
    if let labels { object["labels"] = .array(labels.map { .string($0) }) }
    if let vendor { object["vault"] = ["vendor": .string(vendor)] }
    if let integrationMode {
        object["settings"] = ["merchant_specifics": ["integration_mode": .string(integrationMode)]]
    }
    let reader = JSONReader(.object(object), path: "configurations") {
        PurseCheckoutError(.sessionMalformed, message: $0)
    }
    return try MethodConfiguration(reading: reader)
}

/// Routing by exact string equality (CONTRACT §1), on hand-built configurations.
struct PluginRoutingTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let template: String?
        var labels: [String]? = nil
        var vendor: String? = nil
        var integrationMode: String? = nil
        let route: PluginRegistry.Route

        var testDescription: String { name }

        func configuration() throws -> MethodConfiguration {
            try routingConfiguration(
                template: template, labels: labels, vendor: vendor, integrationMode: integrationMode)
        }
    }

    static let rows: [Row] = [
        // Redirection: the template, exactly.
        Row(name: "template redirection", template: "redirection", route: .redirection),
        Row(name: "template Redirection", template: "Redirection", route: .template("Redirection")),
        Row(name: "template REDIRECTION", template: "REDIRECTION", route: .template("REDIRECTION")),
        Row(
            name: "template redirection_suffix", template: "redirection_suffix",
            route: .template("redirection_suffix")),
        Row(name: "template pre_redirection", template: "pre_redirection", route: .template("pre_redirection")),
        Row(name: "template with a leading space", template: " redirection", route: .template(" redirection")),
        Row(name: "template with a trailing space", template: "redirection ", route: .template("redirection ")),
        Row(name: "template redirections", template: "redirections", route: .template("redirections")),
        Row(name: "template redirect", template: "redirect", route: .template("redirect")),
        // Redirection: integration_mode, exactly, on any template.
        Row(
            name: "integration_mode redirection on a partner template", template: "adyen_bancontact",
            integrationMode: "redirection", route: .redirection),
        Row(
            name: "integration_mode redirection on a card template", template: "aci_creditcard", vendor: "none",
            integrationMode: "redirection", route: .redirection),
        Row(
            name: "integration_mode redirection on a pci_proxy card template", template: "payline_creditcard",
            vendor: "pci_proxy", integrationMode: "redirection", route: .redirection),
        Row(
            name: "integration_mode redirection on a secondary template", template: "secondary",
            labels: ["x", "giftcard", "secondary"], integrationMode: "redirection", route: .redirection),
        Row(
            name: "integration_mode redirection with no template", template: nil, integrationMode: "redirection",
            route: .redirection),
        Row(
            name: "integration_mode redirections", template: "adyen_bancontact", integrationMode: "redirections",
            route: .template("adyen_bancontact")),
        Row(
            name: "integration_mode Redirection", template: "adyen_bancontact", integrationMode: "Redirection",
            route: .template("adyen_bancontact")),
        Row(
            name: "integration_mode popup", template: "paypal_wallet", integrationMode: "popup",
            route: .template("paypal_wallet")),
        Row(
            name: "integration_mode embeded", template: "hipay_mbway", integrationMode: "embeded",
            route: .template("hipay_mbway")),
        Row(
            name: "redirection template with a pci_proxy vault", template: "redirection", vendor: "pci_proxy",
            route: .redirection),
        // Secondary: the template or a label, exactly.
        Row(
            name: "template secondary", template: "secondary", labels: ["x", "giftcard", "primary"],
            route: .secondary),
        Row(name: "template secondary, no labels", template: "secondary", route: .secondary),
        Row(
            name: "secondary label on a partner template", template: "maxxing_loyaltycard",
            labels: ["maxxing", "loyaltycard", "secondary"], route: .secondary),
        Row(
            name: "secondary label first", template: "cadhoc_giftcard", labels: ["secondary", "cadhoc"],
            route: .secondary),
        Row(
            name: "secondary label beats a card template", template: "giftcard_creditcard",
            labels: ["secondary"], vendor: "pci_proxy", route: .secondary),
        Row(
            name: "label Secondary", template: "x_giftcard", labels: ["Secondary"], route: .template("x_giftcard")),
        Row(
            name: "label secondary_x", template: "x_giftcard", labels: ["secondary_x"],
            route: .template("x_giftcard")),
        Row(name: "template secondaries", template: "secondaries", route: .template("secondaries")),
        Row(name: "template Secondary", template: "Secondary", route: .template("Secondary")),
        // Cards: `_creditcard` suffix or `lyra`; pci_proxy has no card plugin.
        Row(name: "_creditcard, vendor none", template: "aci_creditcard", vendor: "none", route: .card),
        Row(name: "_creditcard, vendor purse", template: "aci_creditcard", vendor: "purse", route: .card),
        Row(name: "_creditcard, no vault", template: "aci_creditcard", route: .card),
        Row(name: "_creditcard, unknown vendor", template: "aci_creditcard", vendor: "acme", route: .card),
        Row(name: "_creditcard, vendor pci_proxy", template: "payline_creditcard", vendor: "pci_proxy", route: .none),
        Row(
            name: "_creditcard, vendor PCI_PROXY (not pci_proxy)", template: "payline_creditcard",
            vendor: "PCI_PROXY", route: .card),
        Row(name: "the bare suffix _creditcard", template: "_creditcard", route: .card),
        Row(name: "creditcard_x", template: "creditcard_nexi", route: .template("creditcard_nexi")),
        Row(name: "creditcard", template: "creditcard", route: .template("creditcard")),
        Row(name: "_creditcard_v2", template: "aci_creditcard_v2", route: .template("aci_creditcard_v2")),
        Row(name: "_CREDITCARD", template: "aci_CREDITCARD", route: .template("aci_CREDITCARD")),
        Row(name: "_creditcards", template: "aci_creditcards", route: .template("aci_creditcards")),
        Row(name: "lyra, vendor purse", template: "lyra", vendor: "purse", route: .card),
        Row(name: "lyra, no vault", template: "lyra", route: .card),
        Row(name: "lyra, vendor pci_proxy", template: "lyra", vendor: "pci_proxy", route: .none),
        Row(name: "Lyra", template: "Lyra", route: .template("Lyra")),
        Row(name: "lyra_v2", template: "lyra_v2", route: .template("lyra_v2")),
        Row(name: "payzen_lyra", template: "payzen_lyra", route: .template("payzen_lyra")),
        // Everything else: its template, or nothing.
        Row(name: "paypal_wallet", template: "paypal_wallet", route: .template("paypal_wallet")),
        Row(name: "template_simulator", template: "template_simulator", route: .template("template_simulator")),
        Row(name: "googlepay", template: "googlepay", route: .template("googlepay")),
        Row(name: "applepay", template: "applepay", route: .applePay),
        Row(name: "applepay, vault none", template: "applepay", vendor: "none", route: .applePay),
        Row(name: "ApplePay (not applepay)", template: "ApplePay", route: .template("ApplePay")),
        Row(name: "applepay_v2", template: "applepay_v2", route: .template("applepay_v2")),
        Row(
            name: "applepay in redirection mode", template: "applepay", integrationMode: "redirection",
            route: .redirection),
        Row(name: "empty template", template: "", route: .none),
        Row(name: "no template", template: nil, route: .none),
        Row(name: "no template, primary label", template: nil, labels: ["primary"], route: .none),
    ]

    @Test("route(_:) matches templates, labels and integration modes exactly", arguments: rows)
    func route(_ row: Row) throws {
        #expect(PluginRegistry.route(try row.configuration()) == row.route)
    }

    @Test("plugin(for:) on a fresh registry gives the built-in plugin of each route", arguments: rows)
    func pluginForRoute(_ row: Row) throws {
        let plugin = PluginRegistry().plugin(for: try row.configuration())
        switch row.route {
        case .redirection: #expect(plugin is RedirectionModule)
        case .secondary: #expect(plugin is SecondaryModule)
        case .card: #expect(plugin is CardModule)
        case .applePay: #expect(plugin is ApplePayModule)
        case .template, .none: #expect(plugin == nil)
        }
    }

    @Test("built-in plugins name themselves and say what input they need")
    func builtInPlugins() throws {
        let registry = PluginRegistry()
        let card = try #require(registry.plugin(for: try routingConfiguration(template: "lyra", vendor: "purse")))
        #expect(card.name == "card")
        #expect(registry.plugin(for: try routingConfiguration(template: "redirection"))?.name == "redirection")
        #expect(registry.plugin(for: try routingConfiguration(template: "secondary"))?.name == "secondary")
    }

    // MARK: Registered templates

    @Test("a plugin registered for paypal_wallet on a fresh registry resolves there, and only there")
    func registeredPayPal() throws {
        let registry = PluginRegistry()
        let configuration = try routingConfiguration(template: "paypal_wallet", integrationMode: "popup")
        #expect(registry.plugin(for: configuration) == nil)
        registry.register(RoutingTestPayPalPlugin(name: "paypal-test"), forTemplate: "paypal_wallet")
        let plugin = registry.plugin(for: configuration)
        #expect(plugin is any PayPalPlugin)
        #expect(plugin?.name == "paypal-test")
        // Another fresh registry, and the shared one, are untouched.
        #expect(PluginRegistry().plugin(for: configuration) == nil)
        #expect(PluginRegistry.shared.plugin(for: configuration) == nil)
    }

    @Test("registering a template again replaces the earlier plugin")
    func reRegisterReplaces() throws {
        let registry = PluginRegistry()
        let configuration = try routingConfiguration(template: "paypal_wallet")
        registry.register(RoutingTestPayPalPlugin(name: "first"), forTemplate: "paypal_wallet")
        registry.register(RoutingTestPayPalPlugin(name: "second"), forTemplate: "paypal_wallet")
        #expect(registry.plugin(for: configuration)?.name == "second")
    }

    @Test("a registered template matches exactly, never by prefix or case")
    func registeredTemplateIsExact() throws {
        let registry = PluginRegistry()
        registry.register(RoutingTestPlugin(name: "custom"), forTemplate: "paypal_wallet")
        for template in ["paypal_wallet_v2", "PayPal_Wallet", "paypal", " paypal_wallet"] {
            #expect(registry.plugin(for: try routingConfiguration(template: template)) == nil, "\(template)")
        }
    }

    @Test("built-in routes win over a plugin registered for the same template")
    func builtInRoutesWin() throws {
        let registry = PluginRegistry()
        for template in ["redirection", "secondary", "lyra", "aci_creditcard"] {
            registry.register(RoutingTestPlugin(name: "hijack"), forTemplate: template)
        }
        #expect(registry.plugin(for: try routingConfiguration(template: "redirection")) is RedirectionModule)
        #expect(registry.plugin(for: try routingConfiguration(template: "secondary")) is SecondaryModule)
        #expect(registry.plugin(for: try routingConfiguration(template: "lyra")) is CardModule)
        #expect(registry.plugin(for: try routingConfiguration(template: "aci_creditcard")) is CardModule)
        // A pci_proxy card has no plugin at all, even with one registered for its template.
        let pciProxy = try routingConfiguration(template: "aci_creditcard", vendor: "pci_proxy")
        #expect(registry.plugin(for: pciProxy) == nil)
    }

    // MARK: Through a session

    @Test("plugin(partner:method:session:) reads the session's configuration, nil for a method it lacks")
    func throughSession() throws {
        let protocols = [
            SessionProtocol(
                partner: .paypal, method: .wallet, configuration: try routingConfiguration(template: "paypal_wallet"),
                integratedTokens: [], contracts: nil),
            SessionProtocol(
                partner: .payzen, method: .creditcard,
                configuration: try routingConfiguration(template: "lyra", vendor: "purse"), integratedTokens: [],
                contracts: nil),
        ]
        let session = LegacyPaymentSession(
            id: "ps", amount: 10, currencyCode: "EUR", expirationDate: Date(timeIntervalSince1970: 0),
            isInformationRequest: false, returnURL: nil, failureURL: nil, purseVaultTenantID: nil,
            pciProxyMerchantID: nil, protocols: protocols)
        let registry = PluginRegistry()
        #expect(registry.plugin(partner: .payzen, method: .creditcard, session: session) is CardModule)
        #expect(registry.plugin(partner: .paypal, method: .wallet, session: session) == nil)
        registry.register(RoutingTestPayPalPlugin(name: "pp"), forTemplate: "paypal_wallet")
        #expect(registry.plugin(partner: .paypal, method: .wallet, session: session)?.name == "pp")
        #expect(registry.plugin(partner: .payzen, method: .wallet, session: session) == nil)
        #expect(registry.plugin(partner: .illicado, method: .giftcard, session: session) == nil)
    }

    // MARK: Thread safety

    @Test("100 tasks registering and resolving concurrently see a consistent registry")
    func concurrentRegisterAndResolve() async throws {
        let registry = PluginRegistry()
        let count = 100
        let own = try (0..<count).map { try routingConfiguration(template: "custom_\($0)") }
        let contended = try routingConfiguration(template: "contended")
        let card = try routingConfiguration(template: "lyra", vendor: "purse")
        let redirection = try routingConfiguration(template: "redirection")
        let failures = await withTaskGroup(of: [String].self) { group in
            for index in 0..<count {
                group.addTask {
                    var failures: [String] = []
                    registry.register(RoutingTestPlugin(name: "plugin-\(index)"), forTemplate: "custom_\(index)")
                    registry.register(RoutingTestPlugin(name: "contended-\(index)"), forTemplate: "contended")
                    if registry.plugin(for: own[index])?.name != "plugin-\(index)" {
                        failures.append("task \(index) lost its own registration")
                    }
                    if !(registry.plugin(for: card) is CardModule) { failures.append("task \(index): card") }
                    if !(registry.plugin(for: redirection) is RedirectionModule) {
                        failures.append("task \(index): redirection")
                    }
                    // Another task's template: either not registered yet or that task's plugin, never another.
                    let neighbour = (index + 1) % count
                    if let name = registry.plugin(for: own[neighbour])?.name, name != "plugin-\(neighbour)" {
                        failures.append("task \(index) saw \(name) for custom_\(neighbour)")
                    }
                    if registry.plugin(for: contended)?.name.hasPrefix("contended-") != true {
                        failures.append("task \(index): contended template unresolved")
                    }
                    return failures
                }
            }
            var all: [String] = []
            for await failures in group { all += failures }
            return all
        }
        #expect(failures.isEmpty, "\(failures)")
        for index in 0..<count {
            #expect(registry.plugin(for: own[index])?.name == "plugin-\(index)")
        }
    }
}
