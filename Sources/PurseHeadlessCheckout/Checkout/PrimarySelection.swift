import Foundation

/// Choosing what pays the rest of the order.
extension PurseHeadlessCheckout {
    /// Makes `method` the primary: it pays whatever the secondary shares leave.
    ///
    /// A method that needs no input (a redirection method) is payable at once; a card form waits for its
    /// element to be ready. Refused exactly when ``availability(of:)-(PrimaryMethod)`` says unavailable, with
    /// the same reason in ``PurseCheckoutError/unavailableReason``.
    /// - Throws: `PAYMENT_METHOD_NOT_FOUND` when the method is not offered by this session,
    ///   `METHOD_NOT_IMPLEMENTED` when no plugin pays it, `METHOD_DISABLED` when it is unstable or what is left
    ///   to pay is outside its amount range (or nothing is left), `SESSION_ALREADY_SUBMITTED_ERROR` after submit,
    ///   `EXPIRED_SESSION`.
    public func setPrimary(_ method: PrimaryMethod) throws {
        try select(.primaryMethod(method))
    }

    /// Makes a saved card or PayPal account the primary.
    ///
    /// A saved card that requires its CVV is not payable until its element has a valid CVV; one that pays
    /// without CVV, and a PayPal account, are payable at selection. Refused exactly when
    /// ``availability(of:)-(PaymentToken)`` says unavailable, with the same reason.
    /// - Throws: `PAYMENT_TOKEN_NOT_FOUND_IN_SESSION` when the token is not (or no longer) in ``paymentTokens``,
    ///   `METHOD_NOT_IMPLEMENTED` when no plugin pays it (a `pci_proxy` card; PayPal without
    ///   `PurseCheckoutPayPal`), `METHOD_DISABLED` (its method's amount range, as for ``setPrimary(_:)``),
    ///   `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`.
    public func setPrimaryToken(_ token: PaymentToken) throws {
        try select(.paymentToken(token))
    }

    /// Makes `item` the primary, or throws the availability rule's refusal.
    func select(_ item: PaymentItem) throws(PurseCheckoutError) {
        try ensureEditable()
        let plan = try primaryPlan(for: item)
        mutate { state in
            state.split = state.split.setPrimary(plan.share)
            state.primary = plan.item
        }
        switch plan.item {
        case .primaryMethod(let method): log.info("primary set to \(method.id)")
        case .paymentToken(let token): log.info("primary set to a saved token of \(token.methodID)")
        }
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

    /// Refuses changes once the payment is submitted, the session has expired or the checkout was torn down.
    func ensureEditable() throws(PurseCheckoutError) {
        if let refusal = phaseRefusal() { throw refusal }
        if state.expiryPassed || serverNow >= state.session.expirationDate {
            mutate { $0.phase = .expired }
            savedBalanceLookups.cancel()
            throw refusal(
                .expiredSession, .sessionExpired,
                "the session expired at \(ISO8601.format(state.session.expirationDate))")
        }
    }

    /// The server's time now: the device's time at opening moved on by the injected clock alone, plus the offset
    /// to the server's clock measured at opening. The device's wall clock is not read again.
    var serverNow: Date { clockAnchor.now.addingTimeInterval(state.serverClockOffset) }

    func primaryShare(
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
