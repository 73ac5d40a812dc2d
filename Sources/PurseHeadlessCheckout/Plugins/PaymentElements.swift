/// Creating payment elements and following the pages a payment asks for.
extension PurseHeadlessCheckout {
    /// The element that pays `item`, reporting outcomes to `listener` (held weakly) and opening pages with
    /// `presenter`.
    ///
    /// Creating an element consumes nothing: no network call until `submit()`. An item no plugin can pay on
    /// this platform (a `pci_proxy` card; a method neither native nor in redirection mode) gives an element
    /// whose ``PaymentElement/unavailableReason`` is `METHOD_NOT_IMPLEMENTED`; after ``teardown()`` it is
    /// `CHECKOUT_TERMINATED`.
    public func paymentElement(
        for item: PaymentItem, listener: (any PaymentElementListener)? = nil,
        redirect presenter: (any RedirectPresenter)? = nil
    ) -> PaymentElement {
        makeElement(for: item, listener: listener, onOutcome: nil, presenter: presenter)
    }

    /// The element that pays `item`, calling `onOutcome` with each outcome.
    public func paymentElement(
        for item: PaymentItem, redirect presenter: (any RedirectPresenter)? = nil,
        onOutcome: @escaping @MainActor (PaymentOutcome) -> Void
    ) -> PaymentElement {
        makeElement(for: item, listener: nil, onOutcome: onOutcome, presenter: presenter)
    }

    private func makeElement(
        for item: PaymentItem, listener: (any PaymentElementListener)?,
        onOutcome: (@MainActor (PaymentOutcome) -> Void)?, presenter: (any RedirectPresenter)?
    ) -> PaymentElement {
        var strategy: (any ElementStrategy)?
        var reason: PurseCheckoutError?
        do {
            try ensureLive()
            strategy = try makeStrategy(for: item)
        } catch {
            reason = error
        }
        let element = PaymentElement(
            item: item, strategy: strategy, unavailableReason: reason, checkout: self, listener: listener,
            onOutcome: onOutcome, presenter: presenter)
        elements.register(element)
        return element
    }

    /// The strategy that pays `item`, from the plugin the registry routes it to.
    func makeStrategy(for item: PaymentItem) throws(PurseCheckoutError) -> any ElementStrategy {
        guard let entry = state.session.source.protocolEntry(partner: item.partner, method: item.method) else {
            throw PurseCheckoutError(.paymentMethodNotFound, message: "\(item.id) is not in this session")
        }
        let plugin = registry.plugin(for: entry.configuration)
        guard let factory = plugin as? any ElementStrategyFactory,
            let strategy = factory.makeStrategy(for: item, in: state.session)
        else {
            let explanation = Self.missingPluginExplanation(entry.configuration, plugin: plugin, item: item)
            throw PurseCheckoutError(
                .methodNotImplemented,
                message: "no plugin pays \(item.partner.rawValue)-\(item.method.rawValue) "
                    + (item.isToken ? "saved tokens " : "") + "on this platform: \(explanation)",
                unavailableReason: UnavailableReason(
                    .pluginUnavailable(explanation: explanation), currency: state.session.currency))
        }
        if let applePay = strategy as? ApplePayStrategy { try applePay.configure(configuration.applePay) }
        return strategy
    }

    /// Why no plugin pays an item of `configuration`, in words that say what would.
    nonisolated static func missingPluginExplanation(
        _ configuration: MethodConfiguration, plugin: (any PaymentPlugin)?, item: PaymentItem
    ) -> String {
        if let plugin {
            return item.isToken
                ? "the \(plugin.name) plugin does not pay saved instruments of this method"
                : "the \(plugin.name) plugin does not pay this method"
        }
        if configuration.vault?.isPCIProxy == true {
            return "cards kept in a PCI Proxy vault have no card plugin on iOS (Purse vault cards do)"
        }
        switch PluginRegistry.route(configuration) {
        case .template("paypal_wallet"):
            return "PayPal's plugin is in the PurseCheckoutPayPal library: link it and call "
                + "PurseCheckoutPayPal.register()"
        case .template(let template):
            return "nothing handles template \(template): register a plugin for it with "
                + "PluginRegistry.register(_:forTemplate:)"
        default:
            return "the session gives the method no template a plugin handles"
        }
    }

    /// What strategies may use.
    var elementContext: ElementContext {
        let api = paymentAPI
        let sessionID = state.session.id
        return ElementContext(
            session: state.session, roots: roots,
            initialize: { item async throws(PurseCheckoutError) in
                try await api.initialize(sessionID: sessionID, item: item)
            },
            initializeXPay: { item async throws(PurseCheckoutError) in
                try await api.initializeXPay(sessionID: sessionID, item: item)
            },
            client: paymentAPI.client, retriesAttempt: state.attempt != nil)
    }

    /// Hands a page to open to the hook, then the presenter; without either, the outcome is `completed`. With a
    /// ``PaymentStatusProvider``, the page's end is confirmed before it is reported (``confirmedOutcome(_:policy:)``).
    func followRedirect(of result: ValidationResult, presenter: (any RedirectPresenter)?) async -> PaymentOutcome {
        guard let action = result.redirection else { return .completed(result) }
        if let hook = configuration.hooks.onRedirection, hook(action) {
            log.info("redirect taken over by the onRedirection hook")
            return .completed(result)
        }
        guard let presenter else {
            log.info("a page must be opened but no presenter was passed: completed, see pendingRedirect(for:)")
            return .completed(result)
        }
        switch await present(action, with: presenter) {
        case .returned(let url):
            if otherSession(namedBy: url) != nil {
                log.warning("the page came back to another client session's return: not this payment's return")
                return .failed(RedirectError.otherSessionReturn)
            }
            return await confirmedOutcome(.returnedFromRedirect(url: url), policy: nil)
        case .canceled:
            // The page was closed: one look at the status (a shopper who closed it has not finished it).
            return await confirmedOutcome(.canceled, policy: .once)
        case .failed(let error): return .failed(error)
        }
    }
}

extension PaymentItem {
    var isToken: Bool {
        if case .paymentToken = self { return true }
        return false
    }
}

/// The checkout's live elements, held weakly, so that a primary selected after its element was prepared
/// takes the element's readiness.
@MainActor
final class ElementTable {
    private struct Weak {
        weak var element: PaymentElement?
    }
    private var elements: [String: Weak] = [:]

    func register(_ element: PaymentElement) {
        elements = elements.filter { $0.value.element != nil }
        elements[element.item.id] = Weak(element: element)
    }

    func element(for id: String) -> PaymentElement? { elements[id]?.element }

    /// After a session update: an element whose item the new session no longer offers reports it; one whose
    /// item it offers keeps its form (what the shopper typed) and its strategy.
    func follow(session: ClientSession) {
        for element in elements.values.compactMap(\.element) {
            guard element.unavailableReason == nil || element.unavailableReason?.code == .paymentMethodNotFound
            else { continue }
            let offered: Bool
            switch element.item {
            case .primaryMethod(let method): offered = session.primaryMethods.contains { $0.id == method.id }
            case .paymentToken(let token): offered = session.paymentTokens.contains { $0.id == token.id }
            }
            element.setUnavailable(
                offered
                    ? nil
                    : PurseCheckoutError(
                        .paymentMethodNotFound, message: "\(element.item.id) is not offered by session \(session.id)"))
        }
    }
}
