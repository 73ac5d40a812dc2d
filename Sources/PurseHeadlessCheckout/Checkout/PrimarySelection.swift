import Foundation

/// Choosing what pays the rest of the order.
extension PurseHeadlessCheckout {
    /// Makes `method` the primary: it pays whatever the secondary shares leave (up to its maximum).
    ///
    /// A method that needs no input (a redirection method) is payable at once; a card form waits for its
    /// element to be ready.
    /// - Throws: `PAYMENT_METHOD_NOT_FOUND` when the method is not offered by this session,
    ///   `METHOD_NOT_IMPLEMENTED` when no plugin pays it, `SESSION_ALREADY_SUBMITTED_ERROR` after submit,
    ///   `EXPIRED_SESSION`.
    public func setPrimary(_ method: PrimaryMethod) throws {
        try ensureEditable()
        guard let current = state.session.primaryMethods.first(where: { $0.id == method.id }) else {
            throw PurseCheckoutError(.paymentMethodNotFound, message: "\(method.id) is not offered by this session")
        }
        guard let plugin = registry.plugin(for: current.configuration) else {
            throw PurseCheckoutError(.methodNotImplemented, message: "no plugin pays \(current.id) on this platform")
        }
        let share = primaryShare(
            id: current.id, partner: current.partner, method: current.method,
            configuration: current.configuration,
            ready: elements.element(for: current.id)?.isReady ?? !plugin.requiresInput(for: current))
        mutate { state in
            state.split = state.split.setPrimary(share)
            state.primary = .primaryMethod(current)
        }
        log.info("primary set to \(current.id)")
    }

    /// Makes a saved card or PayPal account the primary.
    ///
    /// A saved card that requires its CVV is not payable until its element has a valid CVV; one that pays
    /// without CVV, and a PayPal account, are payable at selection.
    /// - Throws: `PAYMENT_TOKEN_NOT_FOUND_IN_SESSION` when the token is not (or no longer) in ``paymentTokens``,
    ///   `METHOD_NOT_IMPLEMENTED` when no plugin pays it (a `pci_proxy` card; PayPal without
    ///   `PurseCheckoutPayPal`), `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`.
    public func setPrimaryToken(_ token: PaymentToken) throws {
        try ensureEditable()
        guard let current = state.paymentTokens.first(where: { $0.id == token.id }) else {
            throw PurseCheckoutError(
                .paymentTokenNotFoundInSession, message: "token \(token.id) is not in this session's wallet")
        }
        guard let entry = state.session.source.protocolEntry(partner: current.partner, method: current.method),
            let plugin = registry.plugin(for: entry.configuration)
        else {
            throw PurseCheckoutError(
                .methodNotImplemented, message: "no plugin pays saved tokens of \(current.methodID) on this platform")
        }
        let share = primaryShare(
            id: current.id, partner: current.partner, method: current.method, configuration: entry.configuration,
            ready: elements.element(for: current.id)?.isReady ?? !plugin.requiresInput(for: current))
        mutate { state in
            state.split = state.split.setPrimary(share)
            state.primary = .paymentToken(current)
        }
        log.info("primary set to a saved token of \(current.methodID)")
    }

    /// Removes the primary: the split keeps only the secondary shares.
    public func clearPrimary() {
        guard state.primary != nil else { return }
        mutate { state in
            state.split = state.split.clearPrimary()
            state.primary = nil
        }
    }

    /// Tells the split whether the primary element has what it needs (a valid form or CVV).
    func setPrimaryReady(_ ready: Bool) {
        guard state.split.primary?.isReady != ready, state.primary != nil else { return }
        mutate { $0.split = $0.split.setPrimaryReady(ready) }
    }

    /// The split as it would stand with `method` as the primary: what its element shows before it is selected.
    func split(withPrimary method: PrimaryMethod) -> SplitEngine {
        state.split.setPrimary(
            primaryShare(
                id: method.id, partner: method.partner, method: method.method, configuration: method.configuration,
                ready: true))
    }

    /// Refuses changes once the payment is submitted or the session has expired.
    func ensureEditable() throws(PurseCheckoutError) {
        switch state.phase {
        case .submitting, .submitted:
            throw PurseCheckoutError(.sessionAlreadySubmitted, message: "the payment was already submitted")
        case .expired:
            throw PurseCheckoutError(.expiredSession, message: "the session has expired")
        case .idle, .ready, .error:
            if serverNow >= state.session.expirationDate {
                mutate { $0.phase = .expired }
                throw PurseCheckoutError(
                    .expiredSession, message: "the session expired at \(ISO8601.format(state.session.expirationDate))")
            }
        }
    }

    /// The server's time now, estimated from the offset measured at opening.
    var serverNow: Date { configuration.now().addingTimeInterval(state.serverClockOffset) }

    private func primaryShare(
        id: String, partner: Partner, method: PaymentMethodType, configuration: MethodConfiguration, ready: Bool
    ) -> PrimaryShare {
        let currency = state.session.currency
        return PrimaryShare(
            id: id, partner: partner.rawValue, method: method.rawValue,
            maxAmount: configuration.maxAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits },
            minAmount: configuration.minAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits },
            isReady: ready)
    }
}
