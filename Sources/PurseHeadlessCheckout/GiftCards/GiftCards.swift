public import Foundation

/// Applying gift cards to the split and taking them out.
extension PurseHeadlessCheckout {
    /// Applies a gift card for as much as the order needs: `min(balance, what the secondaries leave unpaid)`,
    /// within the issuer's maximum per payment.
    ///
    /// Several cards stack, each with its own line in ``amountSplit`` in the order applied; applying a card
    /// already in the split replaces its share (so does applying a second reading of the same card number).
    /// A card that is already in the split as a saved gift card (``savedSecondaryTokens``) is refused: one
    /// physical card never pays twice. ``remainingAmountToPay``, ``amountSplit`` and ``isPaymentFulfilled``
    /// follow. A refused call leaves the split exactly as it was. Refused exactly when
    /// ``availability(of:)-(SecondaryToken)`` says unavailable, with the same reason in
    /// ``PurseCheckoutError/unavailableReason``.
    /// - Throws: ``PurseCheckoutError``:
    ///   - group `invalidTake`: `INVALID_TAKE_AMOUNT` (nothing is left to pay), `MAX_AMOUNT_REACHED` (the issuer's
    ///     maximum per payment is spent by its other cards), `USAGE_LIMIT_ERROR` (too many cards of this issuer
    ///     in the split), `SECONDARY_TOKEN_ALREADY_APPLIED` (this card is in the split as a saved gift card:
    ///     take that one out first, or keep it);
    ///   - `SECONDARY_TOKEN_EMPTY_BALANCE` (group `secondaryTokenizationFailed`);
    ///   - `PAYMENT_TOKEN_NOT_FOUND_IN_SESSION` (the token was read by another checkout),
    ///     `PAYMENT_METHOD_NOT_FOUND`, `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`.
    public func applySecondary(_ token: SecondaryToken) throws {
        try applyFreshToken(token, amount: nil)
    }

    /// Applies a capped slice of a gift card: exactly `amount` (major units of the order currency).
    ///
    /// Only splittable issuers (``SecondaryTakePolicy/none``) take a slice; for an issuer with take policy
    /// ``SecondaryTakePolicy/max`` the only accepted amount is the whole take. Re-applying a card with another
    /// amount replaces its share.
    /// - Throws: ``PurseCheckoutError``, group `invalidTake`:
    ///   - `INVALID_TAKE_AMOUNT`: zero or negative, above the balance, above what is left to pay, or with more
    ///     decimals than the currency has;
    ///   - `MAX_AMOUNT_REACHED`: above the issuer's maximum per payment (counting its other cards);
    ///   - `USAGE_LIMIT_ERROR`: the issuer's per-session usage limit is spent by other cards in the split;
    ///   - `SECONDARY_METHOD_TAKE_POLICY_VIOLATED`: the issuer only allows taking the whole balance;
    ///   - `SECONDARY_TOKEN_ALREADY_APPLIED`: this card is in the split as a saved gift card;
    ///
    ///   and the errors of ``applySecondary(_:)-(SecondaryToken)``.
    public func applySecondary(_ token: SecondaryToken, amount: Decimal) throws {
        let minorUnits: Int64
        do {
            minorUnits = try Money(decimal: amount, currency: state.session.currency).minorUnits
        } catch {
            throw PurseCheckoutError(
                .invalidTakeAmount, message: "\(amount) is not an exact \(state.session.currency.code) amount")
        }
        try applyFreshToken(token, amount: minorUnits)
    }

    /// Takes a gift card out of the split; the primary, if any, pays its share again. Does nothing when the
    /// card is not in the split, or once the payment is submitted.
    public func removeSecondary(_ token: SecondaryToken) {
        removeShare(id: token.id, what: token.methodID)
    }

    // MARK: - Shared with saved gift cards

    /// The session's method for a token, with the rules the split checks.
    func secondaryMethodForToken(
        partner: Partner, method: PaymentMethodType
    ) throws(PurseCheckoutError) -> SecondaryMethod {
        guard
            let current = state.session.secondaryMethods.first(where: { $0.partner == partner && $0.method == method })
        else {
            throw PurseCheckoutError(
                .paymentMethodNotFound, message: "\(itemID(partner, method)) is not offered by this session")
        }
        return current
    }

    /// The split-engine input for a token of `method`.
    func secondaryInput(id: String, method: SecondaryMethod, balance: Int64) -> SecondaryInput {
        let currency = state.session.currency
        let policy = secondaryConfig(for: method)?.takePolicy ?? SecondaryTakePolicy.none
        // A cap that is not an exact amount of the order currency cannot be honoured exactly: it reads as none.
        let maxAmount = method.maxAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits }
        return SecondaryInput(
            id: id, partner: method.partner.rawValue, method: method.method.rawValue, balance: balance,
            takePolicy: policy.engineValue,
            limits: SecondaryLimits(usageLimit: method.usageLimit, maxAmount: maxAmount))
    }

    /// Applies `input` on `base` (the split, possibly without some shares) and commits it with `commit`, or
    /// throws the engine's refusal; nothing changes on a refusal.
    func applyShare(
        _ input: SecondaryInput, on base: SplitEngine, amount: Int64?, method: SecondaryMethod,
        commit: (inout CheckoutState) -> Void
    ) throws(PurseCheckoutError) {
        let next: SplitEngine
        do {
            next = try base.applySecondary(input, amount: amount)
        } catch {
            throw PurseCheckoutError(error, partner: method.partner, method: method.method, currency: base.currency)
        }
        mutate { state in
            state.split = next
            commit(&state)
        }
        let share = next.share(id: input.id)?.amount ?? 0
        log.info("\(method.id) takes \(Money(minorUnits: share, currency: next.currency)) of the split")
    }

    // MARK: - One physical card, saved and typed

    /// The saved gift card in the split that is the same physical card as `typed`, if any.
    func appliedSavedCard(sameAs typed: SecondaryToken) -> SavedSecondaryToken? {
        state.savedSecondaryTokens.first { saved in
            state.split.share(id: saved.id) != nil && state.secondaryTokens[saved.id] == nil
                && Self.isSameCard(typed, saved, lookup: state.savedSecondaryLookups[saved.id])
        }
    }

    /// The card typed by number (read with `getSecondaryToken`) in the split that is the same physical card as
    /// `saved`, if any.
    func appliedTypedCard(sameAs saved: SavedSecondaryToken) -> SecondaryToken? {
        let lookup = state.savedSecondaryLookups[saved.id]
        return state.secondaryTokens.values.sorted { $0.id < $1.id }.first { typed in
            state.split.share(id: typed.id) != nil && Self.isSameCard(typed, saved, lookup: lookup)
        }
    }

    /// Whether a card read by number and a saved gift card are one physical card.
    ///
    /// Same issuer and method, then the strongest evidence both carry: the same token id; else the issuer's
    /// `partner_reference` for the card (from `/init` and from the saved card's balance look-up), which decides
    /// when both have one; else the saved card's masked number (`************0045`) matching the typed number
    /// wherever it shows a character. Purse refuses such a pair at `/validate`, after the shopper saw a
    /// fulfilled split.
    nonisolated static func isSameCard(
        _ typed: SecondaryToken, _ saved: SavedSecondaryToken, lookup: SavedSecondaryLookup?
    ) -> Bool {
        guard typed.partner == saved.partner, typed.method == saved.method else { return false }
        if typed.id == saved.id { return true }
        if let typedReference = typed.partnerReference, let savedReference = lookup?.partnerReference {
            return typedReference == savedReference
        }
        guard let masked = saved.maskedPAN else { return false }
        return maskedNumber(masked, matches: typed.pan)
    }

    /// Whether `masked` (a wallet's masked number: `*`, `•`, `#`, `X` hide characters; spaces and dashes are
    /// ignored) could be `pan`: at least four characters shown, each equal (ignoring case) to `pan`'s at the same
    /// place. A mask shorter than the number (`•••• 0045`) is compared from the end.
    nonisolated static func maskedNumber(_ masked: String, matches pan: String) -> Bool {
        let mask = Array(masked.filter { !$0.isWhitespace && $0 != "-" }.uppercased())
        let number = Array(pan.filter { !$0.isWhitespace && $0 != "-" }.uppercased())
        guard !mask.isEmpty, mask.count <= number.count else { return false }
        let hidden: Set<Character> = ["*", "•", "#", "X", "·"]
        let offset = number.count - mask.count
        var shown = 0
        for (index, character) in mask.enumerated() where !hidden.contains(character) {
            guard character == number[offset + index] else { return false }
            shown += 1
        }
        return shown >= 4
    }

    /// The refusal of a card that is already in the split read the other way; never names the card number.
    nonisolated static func alreadyApplied(
        method: SecondaryMethod, as other: String, currency: Currency
    ) -> PurseCheckoutError {
        PurseCheckoutError(
            .secondaryTokenAlreadyApplied,
            message: "this \(method.id) card is already in the split as \(other): one card pays once; remove that "
                + "one first to use this one",
            unavailableReason: UnavailableReason(.alreadyApplied, currency: currency))
    }

    /// Removes the share `id`, unless the payment is under way or submitted.
    func removeShare(id: String, what: String) {
        guard state.split.share(id: id) != nil || state.secondaryTokens[id] != nil else { return }
        guard !state.phase.freezesSplit else {
            log.warning("\(what) not removed: the payment was submitted, or its outcome is unknown")
            return
        }
        mutate { state in
            state.split = state.split.removeSecondary(id: id)
            state.secondaryTokens[id] = nil
        }
        log.info("\(what) removed from the split")
    }

    private func applyFreshToken(_ token: SecondaryToken, amount: Int64?) throws(PurseCheckoutError) {
        try ensureEditable()
        let plan = try typedSecondaryPlan(for: token)
        try applyShare(plan.input, on: plan.base, amount: amount, method: plan.method) { state in
            for id in plan.earlierReadings { state.secondaryTokens[id] = nil }
            state.secondaryTokens[token.id] = token
        }
    }
}
