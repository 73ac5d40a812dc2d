import Foundation

/// Whether gift cards, vouchers and loyalty cards can take a share now, and how much: the one rule behind
/// ``availability(of:)-(SecondaryMethod)`` and its overloads, ``headroom(of:)-(SecondaryMethod)``, and the refusals
/// of `applySecondary`.
extension PurseHeadlessCheckout {
    /// Whether a card of `method` could take a share now, and why not: before the shopper types a number.
    ///
    /// Unavailable when the payment is submitting, submitted or expired; when the session does not offer the
    /// method or marks it unstable; when no ``SecondaryConfig`` reads its cards on this platform; when the gift
    /// cards already cover the order; when the issuer's usage limit or maximum per payment is spent by its cards
    /// in the split.
    public func availability(of method: SecondaryMethod) -> Availability {
        do {
            _ = try secondaryMethodPlan(for: method)
            return .available
        } catch {
            return Availability(refusal: error, currency: state.session.currency)
        }
    }

    /// Whether the saved gift card `token` can be applied now, and why not. ``applySecondary(_:)-(SavedSecondaryToken)``
    /// refuses exactly then, with this reason in ``PurseCheckoutError/unavailableReason``.
    ///
    /// Besides the method's rules: its balance look-up failed (``UnavailableReason/Cause/tokenInitFailed(explanation:)``)
    /// or has not answered yet, its balance is zero, or the same card typed by number is in the split. A card
    /// already in the split is available: applying it again replaces its share.
    public func availability(of token: SavedSecondaryToken) -> Availability {
        do {
            _ = try savedSecondaryPlan(for: token)
            return .available
        } catch {
            return Availability(refusal: error, currency: state.session.currency)
        }
    }

    /// Whether the card read by number `token` can be applied now for as much as the order needs, and why not.
    /// ``applySecondary(_:)-(SecondaryToken)`` refuses exactly then, with this reason; with an explicit amount it
    /// also refuses amounts the card or the issuer cannot take (those refusals carry no reason: the card is
    /// available, the amount is wrong).
    public func availability(of token: SecondaryToken) -> Availability {
        do {
            _ = try typedSecondaryPlan(for: token)
            return .available
        } catch {
            return Availability(refusal: error, currency: state.session.currency)
        }
    }

    /// What a card of `method` could take now, what the method's cards already take, and its issuer's limits:
    /// for "this card can pay at most 42.50 EUR here" before any network call.
    public func headroom(of method: SecondaryMethod) -> SecondaryHeadroom {
        let plan = try? secondaryMethodPlan(for: method)
        let reach = plan.map { plan in
            let left = plan.base.remainingForSecondaries()
            return plan.cap.map { Swift.min(left, $0) } ?? left
        }
        return headroom(method: method, excluding: nil, reach: reach ?? 0)
    }

    /// What the saved gift card `token` would take if applied now (its balance, what is left, the issuer's
    /// maximum), and its issuer's limits counting the other cards in the split.
    public func headroom(of token: SavedSecondaryToken) -> SecondaryHeadroom {
        let plan = try? savedSecondaryPlan(for: token)
        let method = plan?.method ?? methodFor(partner: token.partner, method: token.method)
        return headroom(
            method: method, excluding: token.id, reach: plan.map { $0.base.maxTakeAmount(for: $0.input) } ?? 0)
    }

    /// What the card read by number `token` would take if applied now, and its issuer's limits counting the other
    /// cards in the split.
    public func headroom(of token: SecondaryToken) -> SecondaryHeadroom {
        let plan = try? typedSecondaryPlan(for: token)
        let method = plan?.method ?? methodFor(partner: token.partner, method: token.method)
        return headroom(
            method: method, excluding: token.id, reach: plan.map { $0.base.maxTakeAmount(for: $0.input) } ?? 0)
    }

    // MARK: - The rule

    /// A share a secondary token (or, for a method, any card of it) could take: on which split, with what input.
    struct SecondaryPlan {
        /// The session's method.
        let method: SecondaryMethod
        /// What the engine is handed.
        let input: SecondaryInput
        /// The split the share goes on (without earlier readings of the same card).
        let base: SplitEngine
        /// Earlier readings of the same card number, replaced by this one.
        var earlierReadings: [String] = []

        /// The issuer's maximum headroom on `base`, `nil` when it has no maximum.
        var cap: Int64? {
            input.limits.effectiveMaxAmount.map {
                Swift.max($0 - base.contribution(partner: input.partner, method: input.method, excluding: input.id), 0)
            }
        }
    }

    /// The method's rules, for a card not read yet; the refusal's reason in `unavailableReason`.
    func secondaryMethodPlan(for method: SecondaryMethod) throws(PurseCheckoutError) -> SecondaryPlan {
        if let refusal = phaseRefusal() { throw refusal }
        let current = try offeredSecondary(partner: method.partner, method: method.method)
        guard secondaryConfig(for: current) != nil else {
            throw refusal(
                .methodNotImplemented,
                .pluginUnavailable(
                    explanation: "no SecondaryConfig reads \(current.id) cards: register one with "
                        + "SecondaryConfigs.shared.register(partner:method:config:)"),
                "no SecondaryConfig is registered for \(current.id)")
        }
        // A card of one minor unit: whether any card of the method could take something now.
        let plan = SecondaryPlan(
            method: current, input: secondaryInput(id: "", method: current, balance: 1), base: state.split)
        try checkShare(plan)
        return plan
    }

    /// The rules for a saved gift card.
    func savedSecondaryPlan(for token: SavedSecondaryToken) throws(PurseCheckoutError) -> SecondaryPlan {
        if let refusal = phaseRefusal() { throw refusal }
        guard let current = state.savedSecondaryTokens.first(where: { $0.id == token.id }) else {
            throw refusal(
                .paymentTokenNotFoundInSession, .notInSession,
                "saved gift card \(token.id) is not in savedSecondaryTokens")
        }
        if let disabled = current.disabled {
            throw refusal(
                .failedToInitSecondaryToken, .tokenInitFailed(explanation: disabled.message),
                "saved gift card \(current.id) cannot be used this session (\(disabled.code): \(disabled.message)); "
                    + "let the shopper enter the card again")
        }
        guard current.balanceResolved, let lookup = state.savedSecondaryLookups[current.id] else {
            throw refusal(
                .secondaryTokenEmptyBalance, .balancePending,
                "the balance of saved gift card \(current.id) has not been read yet: gate the Use button on "
                    + "balanceResolved (or on its availability)")
        }
        guard lookup.balanceMinorUnits > 0 else {
            throw refusal(.secondaryTokenEmptyBalance, .emptyBalance, "saved gift card \(current.id) has no balance")
        }
        let method = try offeredSecondary(partner: current.partner, method: current.method)
        if appliedTypedCard(sameAs: current) != nil {
            throw Self.alreadyApplied(method: method, as: "a card typed by number", currency: state.session.currency)
        }
        let plan = SecondaryPlan(
            method: method, input: secondaryInput(id: current.id, method: method, balance: lookup.balanceMinorUnits),
            base: state.split)
        try checkShare(plan)
        return plan
    }

    /// The rules for a card read by number, taking as much as the order needs.
    func typedSecondaryPlan(for token: SecondaryToken) throws(PurseCheckoutError) -> SecondaryPlan {
        if let refusal = phaseRefusal() { throw refusal }
        // A reading the checkout carried onto its current session (`updateSession`) is that session's too.
        guard token.sessionID == state.session.id || state.secondaryTokens[token.id] != nil else {
            throw refusal(
                .paymentTokenNotFoundInSession, .notInSession,
                "this \(token.methodID) card was read for another session: read it again with getSecondaryToken")
        }
        let method = try offeredSecondary(partner: token.partner, method: token.method)
        if let saved = appliedSavedCard(sameAs: token) {
            throw Self.alreadyApplied(
                method: method, as: "saved gift card \(saved.id)", currency: state.session.currency)
        }
        // A second reading of a card already in the split replaces the first, so one card never pays twice.
        let earlierReadings = state.secondaryTokens.values.filter {
            $0.id != token.id && $0.partner == token.partner && $0.method == token.method && $0.pan == token.pan
        }
        .map(\.id)
        var base = state.split
        for id in earlierReadings { base = base.removeSecondary(id: id) }
        let plan = SecondaryPlan(
            method: method, input: secondaryInput(id: token.id, method: method, balance: token.balanceMinorUnits),
            base: base, earlierReadings: earlierReadings)
        try checkShare(plan)
        return plan
    }

    /// The session's method `partner`/`method`, or the refusal: unstable, or not offered.
    private func offeredSecondary(
        partner: Partner, method: PaymentMethodType
    ) throws(PurseCheckoutError) -> SecondaryMethod {
        let id = itemID(partner, method)
        if let current = state.session.secondaryMethods.first(where: { $0.id == id }) { return current }
        if state.session.unstableSecondaryMethods.contains(where: { $0.id == id }) {
            throw refusal(.methodDisabled, .methodUnstable, "\(id) is marked unstable by the session")
        }
        throw refusal(.paymentMethodNotFound, .notInSession, "\(id) is not offered by this session")
    }

    /// The split engine's verdict on taking as much as the order needs: the same checks `applySecondary` runs.
    private func checkShare(_ plan: SecondaryPlan) throws(PurseCheckoutError) {
        let base = plan.base
        let input = plan.input
        do {
            _ = try base.applySecondary(input, amount: nil)
        } catch {
            let currency = base.currency
            func major(_ minorUnits: Int64) -> Decimal { Money(minorUnits: minorUnits, currency: currency).decimal }
            let cause: UnavailableReason.Cause
            switch error {
            case .emptyBalance:
                cause = .emptyBalance
            case .usageLimitReached(let limit):
                cause = .usageLimitReached(
                    limit: limit,
                    count: base.usageCount(partner: input.partner, method: input.method, excluding: input.id))
            case .maxAmountReached(_, let limit):
                cause = .maxAmountReached(
                    maxAmount: major(limit),
                    contribution: major(
                        base.contribution(partner: input.partner, method: input.method, excluding: input.id)))
            case .invalidTakeAmount, .takePolicyViolated:
                // With no amount asked, the engine refuses a take only when nothing is left to pay.
                throw refusal(
                    .invalidTakeAmount, .paymentFulfilled,
                    "nothing is left to pay: the split already covers the order without \(plan.method.id)")
            }
            let wrapped = PurseCheckoutError(
                error, partner: plan.method.partner, method: plan.method.method, currency: currency)
            throw PurseCheckoutError(
                wrapped.code, message: wrapped.message,
                unavailableReason: UnavailableReason(cause, currency: currency))
        }
    }

    /// The session's method for a token whose plan failed, for its limits; `nil` when the session lacks it.
    private func methodFor(partner: Partner, method: PaymentMethodType) -> SecondaryMethod? {
        let id = itemID(partner, method)
        return (state.session.secondaryMethods + state.session.unstableSecondaryMethods).first { $0.id == id }
    }

    private func headroom(method: SecondaryMethod?, excluding id: String?, reach: Int64) -> SecondaryHeadroom {
        let currency = state.session.currency
        func major(_ minorUnits: Int64) -> Decimal { Money(minorUnits: minorUnits, currency: currency).decimal }
        guard let method else {
            return SecondaryHeadroom(reach: 0, contribution: 0, maxAmount: nil, usageLimit: nil, usageCount: 0)
        }
        let input = secondaryInput(id: id ?? "", method: method, balance: 0)
        let split = state.split
        return SecondaryHeadroom(
            reach: major(reach),
            contribution: major(split.contribution(partner: input.partner, method: input.method, excluding: id)),
            maxAmount: input.limits.effectiveMaxAmount.map(major), usageLimit: input.limits.effectiveUsageLimit,
            usageCount: split.usageCount(partner: input.partner, method: input.method, excluding: id))
    }
}
