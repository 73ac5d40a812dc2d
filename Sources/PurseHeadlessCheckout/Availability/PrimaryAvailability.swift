import Foundation

/// Whether primary items can pay now: the one rule behind ``availability(of:)-(PrimaryMethod)`` and the refusals
/// of ``setPrimary(_:)`` and ``setPrimaryToken(_:)``.
extension PurseHeadlessCheckout {
    /// Whether `method` can be made the primary now, and why not.
    ///
    /// Derived from the checkout's state on every read (the split, the session, the phase), so a list that shows
    /// it follows every change. Unavailable when the payment is submitting, submitted or expired; when the
    /// session does not offer the method (``UnavailableReason/Cause/notInSession``) or marks it unstable; when no
    /// plugin pays it on this platform; and for the method's amount range against what the gift cards leave:
    /// below its minimum, above its maximum, an order no split brings within range, or nothing left to pay.
    /// ``setPrimary(_:)`` refuses exactly then, with this reason in ``PurseCheckoutError/unavailableReason``.
    public func availability(of method: PrimaryMethod) -> Availability {
        availability(of: PaymentItem.primaryMethod(method))
    }

    /// Whether the saved card or PayPal account `token` can be made the primary now, and why not: the rules of
    /// ``availability(of:)-(PrimaryMethod)`` for its method, and the token must still be in ``paymentTokens``.
    public func availability(of token: PaymentToken) -> Availability {
        availability(of: PaymentItem.paymentToken(token))
    }

    /// Whether `item` can be made the primary now, and why not.
    public func availability(of item: PaymentItem) -> Availability {
        do {
            _ = try primaryPlan(for: item)
            return .available
        } catch {
            return Availability(refusal: error, currency: state.session.currency)
        }
    }

    // MARK: - The rule

    /// What selecting `item` would put in the split, or the refusal (its reason in `unavailableReason`).
    func primaryPlan(for item: PaymentItem) throws(PurseCheckoutError) -> (item: PaymentItem, share: PrimaryShare) {
        if let refusal = phaseRefusal() { throw refusal }
        let current: PaymentItem
        let configuration: MethodConfiguration
        switch item {
        case .primaryMethod(let method):
            guard let offered = state.session.primaryMethods.first(where: { $0.id == method.id }) else {
                if state.session.unstablePrimaryMethods.contains(where: { $0.id == method.id }) {
                    throw refusal(
                        .methodDisabled, .methodUnstable, "\(method.id) is marked unstable by the session")
                }
                throw refusal(.paymentMethodNotFound, .notInSession, "\(method.id) is not offered by this session")
            }
            current = .primaryMethod(offered)
            configuration = offered.configuration
        case .paymentToken(let token):
            guard let saved = state.paymentTokens.first(where: { $0.id == token.id }) else {
                throw refusal(
                    .paymentTokenNotFoundInSession, .notInSession, "token \(token.id) is not in this session's wallet")
            }
            guard let entry = state.session.source.protocolEntry(partner: saved.partner, method: saved.method) else {
                throw refusal(.paymentMethodNotFound, .notInSession, "\(saved.methodID) is not offered by this session")
            }
            guard entry.configuration.stable else {
                throw refusal(.methodDisabled, .methodUnstable, "\(saved.methodID) is marked unstable by the session")
            }
            current = .paymentToken(saved)
            configuration = entry.configuration
        }
        let plugin: any PaymentPlugin
        do throws(PurseCheckoutError) {
            _ = try makeStrategy(for: current)
            guard let found = registry.plugin(for: configuration) else {
                throw PurseCheckoutError(.methodNotImplemented, message: "no plugin pays \(current.id)")
            }
            plugin = found
        } catch {
            let explanation = error.unavailableReason.flatMap { reason -> String? in
                if case .pluginUnavailable(let explanation) = reason.cause { return explanation }
                return nil
            }
            throw PurseCheckoutError(
                error.code, message: error.message,
                unavailableReason: UnavailableReason(
                    .pluginUnavailable(explanation: explanation ?? error.message), currency: state.session.currency))
        }
        let share = primaryShare(for: current, configuration: configuration, plugin: plugin)
        if let refusal = amountRefusal(for: share) { throw refusal }
        return (current, share)
    }

    /// Why the primary in the split cannot pay what is left, ignoring the phase and "nothing is left to pay";
    /// `nil` when it can, or when there is none. The split is not fulfilled while this holds.
    var selectedPrimaryRefusal: PurseCheckoutError? {
        guard let primary = state.primary else { return nil }
        do {
            _ = try primaryPlan(for: primary)
            return nil
        } catch {
            switch error.unavailableReason?.cause {
            case .paymentFulfilled?, .submitting?, .submitted?, .sessionExpired?: return nil
            default: return error
            }
        }
    }

    /// The refusal the phase imposes on every change of the split, if any.
    func phaseRefusal() -> PurseCheckoutError? {
        switch state.phase {
        case .submitting:
            refusal(.sessionAlreadySubmitted, .submitting, "the payment is being submitted")
        case .submitted:
            refusal(.sessionAlreadySubmitted, .submitted, "the payment was already submitted")
        case .expired:
            refusal(.expiredSession, .sessionExpired, "the session has expired")
        case .terminated:
            PurseCheckoutError(.checkoutTerminated, message: "the checkout was torn down")
        case .outcomeUnknown:
            refusal(.paymentOutcomeUnknown, .submitting, Self.outcomeUnknownAdvice(sessionID: state.session.id))
        case .idle, .ready, .error:
            nil
        }
    }

    /// An error with `code` and `message`, refusing for `cause`.
    func refusal(
        _ code: PurseCheckoutError.Code, _ cause: UnavailableReason.Cause, _ message: String
    )
        -> PurseCheckoutError
    {
        PurseCheckoutError(
            code, message: message, unavailableReason: UnavailableReason(cause, currency: state.session.currency))
    }

    /// The primary's amount range against the split: what the gift cards leave must be within it.
    private func amountRefusal(for share: PrimaryShare) -> PurseCheckoutError? {
        let split = state.split
        let currency = split.currency
        func major(_ minorUnits: Int64) -> Decimal { Money(minorUnits: minorUnits, currency: currency).decimal }
        func text(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).format() }
        let minimum = share.minAmount.flatMap { $0 > 0 ? $0 : nil }
        let maximum = share.maxAmount.map { Swift.max($0, 0) }
        let order = split.amount.minorUnits
        let rest = order - split.secondaryTotal
        if let minimum, order < minimum || maximum.map({ $0 < minimum }) == true {
            return refusal(
                .methodDisabled,
                .amountConditionUnreachable(
                    minAmount: major(minimum), maxAmount: maximum.map(major), orderAmount: major(order)),
                "\(share.id) pays from \(text(minimum))\(maximum.map { " up to \(text($0))" } ?? ""); the order is "
                    + text(order))
        }
        if split.secondaryTotal > 0 && rest == 0 {
            return refusal(
                .methodDisabled, .paymentFulfilled, "the gift cards cover the order: nothing is left for \(share.id)")
        }
        if let minimum, rest < minimum {
            return refusal(
                .methodDisabled, .minAmountNotMet(minAmount: major(minimum), restToPay: major(rest)),
                "\(share.id) pays from \(text(minimum)) and \(text(rest)) is left to pay")
        }
        if let maximum, rest > maximum {
            return refusal(
                .methodDisabled, .maxAmountExceeded(maxAmount: major(maximum), restToPay: major(rest)),
                "\(share.id) pays at most \(text(maximum)) and \(text(rest)) is left to pay")
        }
        return nil
    }

    private func primaryShare(
        for item: PaymentItem, configuration: MethodConfiguration, plugin: any PaymentPlugin
    ) -> PrimaryShare {
        let needsInput: Bool
        switch item {
        case .primaryMethod(let method): needsInput = plugin.requiresInput(for: method)
        case .paymentToken(let token): needsInput = plugin.requiresInput(for: token)
        }
        return primaryShare(
            id: item.id, partner: item.partner, method: item.method, configuration: configuration,
            ready: elements.element(for: item.id)?.isReady ?? !needsInput)
    }
}

extension Availability {
    /// The availability a refusal of the rule stands for; its reason is the error's.
    init(refusal: PurseCheckoutError, currency: Currency) {
        self = .unavailable(
            refusal.unavailableReason
                ?? UnavailableReason(.pluginUnavailable(explanation: refusal.message), currency: currency))
    }
}
