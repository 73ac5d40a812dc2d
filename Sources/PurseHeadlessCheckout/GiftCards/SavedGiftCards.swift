import Foundation

/// Saved gift cards: their balances, read in the background once the checkout opens, and using them.
extension PurseHeadlessCheckout {
    /// Applies a saved gift card for as much as the order needs, like ``applySecondary(_:)``.
    ///
    /// It re-reads the checkout's current copy of the card (by id) rather than the value you captured, so a
    /// row rendered before the balance arrived uses the balance as it is now. Gate your "Use" button on
    /// ``availability(of:)-(SavedSecondaryToken)``: this refuses exactly when it says unavailable, with the same
    /// reason in ``PurseCheckoutError/unavailableReason``.
    /// - Throws: ``PurseCheckoutError``:
    ///   - group `secondaryTokenizationFailed`: `FAILED_TO_INIT_SECONDARY_TOKEN` when the card is
    ///     ``SavedSecondaryToken/disabled`` (its balance could not be read this session: let the shopper enter
    ///     it again); `SECONDARY_TOKEN_EMPTY_BALANCE` when its balance look-up has not answered yet, or the
    ///     balance is zero;
    ///   - `PAYMENT_TOKEN_NOT_FOUND_IN_SESSION` when the card is no longer in ``savedSecondaryTokens``;
    ///   - `SECONDARY_TOKEN_ALREADY_APPLIED` (group `invalidTake`) when the same physical card, typed by number, is
    ///     already in the split: one card never pays twice;
    ///   - the `invalidTake` group and the other errors of ``applySecondary(_:)``.
    public func applySecondary(_ token: SavedSecondaryToken) throws {
        try ensureEditable()
        let plan = try savedSecondaryPlan(for: token)
        try applyShare(plan.input, on: plan.base, amount: nil, method: plan.method) { _ in }
    }

    /// Takes a saved gift card out of the split. Does nothing when it is not in the split, or once the payment
    /// is submitted.
    public func removeSecondary(_ token: SavedSecondaryToken) {
        removeShare(id: token.id, what: "saved gift card \(token.id)")
    }

    /// Waits until every background balance look-up of ``savedSecondaryTokens`` has answered (or was
    /// cancelled). Returns at once when there is none.
    ///
    /// The look-ups run on their own; this is for tests, and for an app that prefers to show the list complete.
    public func waitForSavedSecondaryBalances() async {
        await savedBalanceLookups.wait()
    }

    // MARK: - Background look-ups

    /// Starts reading the balance of every saved gift card not read yet, all at once: `N` look-ups take about
    /// one round trip. Each one is an `/init` with `payment_data.token = <id>` asking for the order amount; a card
    /// whose look-up fails is ``SavedSecondaryToken/disabled`` with `TOKEN_INIT_FAILED` and stays unresolved.
    func startSavedBalanceLookups() {
        guard
            let feed = Self.beginSavedBalanceLookups(
                state.savedSecondaryTokens, api: paymentAPI, sessionID: state.session.id,
                amount: state.split.amount.minorUnits, currency: state.session.currency, log: log)
        else { return }
        consume(feed)
    }

    /// Records the outcomes of running look-ups as they arrive.
    ///
    /// The reading runs in a `Task` the checkout owns: it is cancelled (and with it the look-ups) when the
    /// checkout goes away, and when ``deleteAllTokens()`` leaves nothing to look up.
    func consume(_ feed: SavedBalanceFeed) {
        // The look-ups were asked for this session: an answer that arrives after the checkout moved on is dropped.
        let scope = self.scope
        let task = Task { [weak self] in
            await withTaskCancellationHandler {
                for await (id, outcome) in feed.outcomes {
                    // Only a weak reference across the waits: the checkout may go away, which cancels the task.
                    guard let checkout = self else {
                        feed.lookups.cancel()
                        return
                    }
                    guard checkout.scope == scope, checkout.state.phase != .terminated else {
                        feed.lookups.cancel()
                        return
                    }
                    checkout.record(outcome, forSavedToken: id)
                }
            } onCancel: {
                feed.lookups.cancel()
            }
        }
        savedBalanceLookups.replace(with: task)
    }

    /// Sends the balance look-ups of `tokens` (those not read yet and not disabled) and returns their outcomes
    /// as a stream; `nil` when there is nothing to look up.
    ///
    /// Static and independent of the checkout so that opening can send them *while* it waits for the server's
    /// time: the look-ups are reads, and the balances then resolve about one round trip after opening starts
    /// instead of two. An opening that fails cancels them.
    nonisolated static func beginSavedBalanceLookups(
        _ tokens: [SavedSecondaryToken], api: PaymentAPI, sessionID: String, amount: Int64, currency: Currency,
        log: Logger
    ) -> SavedBalanceFeed? {
        let requests = tokens.filter { !$0.balanceResolved && $0.disabled == nil }.map {
            SavedBalanceRequest(
                id: $0.id, partner: $0.partner, method: $0.method,
                config: SecondaryConfigs.current.config(partner: $0.partner, method: $0.method))
        }
        guard !requests.isEmpty, amount >= 0 else { return nil }
        log.info("reading the balances of \(requests.count) saved gift cards")
        let (outcomes, continuation) = AsyncStream.makeStream(of: (String, SavedBalanceOutcome).self)
        let lookups = Task {
            await withTaskGroup(of: (String, SavedBalanceOutcome).self) { group in
                for request in requests {
                    group.addTask {
                        let outcome = await lookUpBalance(
                            request, api: api, sessionID: sessionID, amount: amount, currency: currency)
                        return (request.id, outcome)
                    }
                }
                for await result in group { continuation.yield(result) }
            }
            continuation.finish()
        }
        return SavedBalanceFeed(outcomes: outcomes, lookups: lookups)
    }

    /// Stops the background look-ups; cards not read yet stay unresolved.
    func cancelSavedBalanceLookups() {
        savedBalanceLookups.cancel()
    }

    private func record(_ outcome: SavedBalanceOutcome, forSavedToken id: String) {
        guard state.savedSecondaryTokens.contains(where: { $0.id == id }) else { return }
        switch outcome {
        case .resolved(let lookup, let totalBalance):
            let currency = state.session.currency
            mutate { state in
                state.savedSecondaryLookups[id] = lookup
                guard let index = state.savedSecondaryTokens.firstIndex(where: { $0.id == id }) else { return }
                state.savedSecondaryTokens[index].balance =
                    Money(minorUnits: lookup.balanceMinorUnits, currency: currency).decimal
                state.savedSecondaryTokens[index].totalBalance = totalBalance
                state.savedSecondaryTokens[index].balanceResolved = true
                state.savedSecondaryTokens[index].disabled = nil
            }
            log.info("saved gift card \(id): balance read")
        case .disabled(let message):
            mutate { state in
                guard let index = state.savedSecondaryTokens.firstIndex(where: { $0.id == id }) else { return }
                state.savedSecondaryTokens[index].disabled = .tokenInitFailed(message)
            }
            log.warning("saved gift card \(id) disabled: \(message)")
        case .cancelled:
            break
        }
    }

    /// One look-up; never throws: a failure disables the card, a cancellation leaves it unresolved.
    nonisolated static func lookUpBalance(
        _ request: SavedBalanceRequest, api: PaymentAPI, sessionID: String, amount: Int64, currency: Currency
    ) async -> SavedBalanceOutcome {
        var item = ItemPayload(partner: request.partner, method: request.method, amount: amount)
        item.paymentData["token"] = .string(request.id)
        do {
            let answer = try await api.initialize(sessionID: sessionID, item: item)
            if Task.isCancelled { return .cancelled }
            guard answer.status.state == .success else {
                return .disabled(
                    "the issuer refused the balance look-up (\(answer.status.state) \(answer.status.code))")
            }
            let details =
                try request.config?.parseToken(answer, currency: currency)
                ?? SecondaryTokenDetails.generic(answer, currency: currency)
            if let code = details.currencyCode, code.uppercased() != currency.code {
                return .disabled("the card holds \(code); the order is in \(currency.code)")
            }
            let balance = try Money(decimal: details.balance, currency: currency).minorUnits
            let lookup = SavedSecondaryLookup(
                balanceMinorUnits: max(balance, 0), stepID: answer.stepID, partnerReference: details.partnerReference)
            return .resolved(lookup, totalBalance: details.totalBalance)
        } catch let error as PurseCheckoutError {
            if error.code == .requestCancelled || Task.isCancelled { return .cancelled }
            return .disabled("the balance look-up failed: \(error.message)")
        } catch {
            if Task.isCancelled { return .cancelled }
            return .disabled("the balance look-up answer could not be read (\(type(of: error)))")
        }
    }
}

/// What a saved gift card's balance look-up answered: what `/validate` needs to draw on it.
struct SavedSecondaryLookup: Sendable, Hashable {
    /// The balance, minor units of the order currency.
    let balanceMinorUnits: Int64
    /// The look-up's `step_id`, sent back on the card's item at `/validate`.
    let stepID: JSONValue?
    /// The issuer's reference for the card.
    let partnerReference: String?
}

/// One saved gift card to look up.
/// Balance look-ups under way: their outcomes, in the order they arrive, and the task that sends them.
struct SavedBalanceFeed: Sendable {
    let outcomes: AsyncStream<(String, SavedBalanceOutcome)>
    let lookups: Task<Void, Never>
}

struct SavedBalanceRequest: Sendable {
    let id: String
    let partner: Partner
    let method: PaymentMethodType
    let config: (any SecondaryConfig)?
}

enum SavedBalanceOutcome: Sendable {
    case resolved(SavedSecondaryLookup, totalBalance: Decimal?)
    case disabled(String)
    case cancelled
}
