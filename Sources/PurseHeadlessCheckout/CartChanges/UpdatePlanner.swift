import Foundation

/// A balance an update reads again (`/init`) against the new session.
struct BalanceReadRequest: Sendable {
    /// A card typed by number, or a saved gift card.
    enum Card: Sendable {
        case typed(SecondaryToken)
        case saved(SavedSecondaryToken)
    }

    /// The share's id in the split before the update.
    let shareID: String
    let card: Card
    /// The new session's method.
    let method: SecondaryMethod
    /// What the card may pay in the new split: the amount asked.
    let asked: Int64

    var methodID: String { method.id }
}

/// What a balance read answered.
enum BalanceRead: Sendable {
    /// A typed card read again: a new reading (id, balance, step) on the new session.
    case typed(SecondaryToken)
    /// A saved gift card's balance on the new session.
    case saved(SavedSecondaryLookup, totalBalance: Decimal?)

    var balance: Int64 {
        switch self {
        case .typed(let token): return token.balanceMinorUnits
        case .saved(let lookup, _): return lookup.balanceMinorUnits
        }
    }
}

/// The state an update moves to, its report, and the reads it still needs before it can commit.
struct UpdatePlan {
    let state: CheckoutState
    let report: SessionUpdate
    let missingReads: [BalanceReadRequest]
}

/// Plans a session update from the checkout's state as it is now: pure apart from reading the checkout.
@MainActor
struct UpdatePlanner {
    let checkout: PurseHeadlessCheckout
    let target: UpdateTarget
    let reads: [String: BalanceRead]

    private var old: CheckoutState { checkout.state }
    private var session: ClientSession { target.session }

    func plan() throws(PurseCheckoutError) -> UpdatePlan {
        var engine: SplitEngine
        do {
            engine = try SplitEngine(amount: Money(minorUnits: session.amountMinorUnits, currency: session.currency))
        } catch {
            throw PurseCheckoutError(.sessionMalformed, message: "paymentSession.amount: negative")
        }
        var next = old
        next.session = session
        var secondaries = SecondaryPlacement()
        // Decisions not about a typed gift card (a card form's save choice) stay as they are.
        secondaries.registrations = old.registrations.filter { old.secondaryTokens[$0.key] == nil }
        placeSecondaries(on: &engine, into: &secondaries)
        let primaryOutcome = placePrimary(on: &engine, into: &next)
        let (savedTokens, savedLookups, rereadSaved) = savedGiftCards(secondaries)
        next.split = engine
        next.secondaryTokens = secondaries.typed
        next.registrations = secondaries.registrations
        next.savedSecondaryTokens = savedTokens
        next.savedSecondaryLookups = savedLookups
        next.paymentTokens = session.paymentTokens
        next.phase = .ready
        next.attempt = nil
        next.submittedPayment = nil
        next.expiryPassed = false
        let oldIDs = Set(old.session.primaryMethods.map(\.id) + old.session.secondaryMethods.map(\.id))
        let newIDs = session.primaryMethods.map(\.id) + session.secondaryMethods.map(\.id)
        let report = SessionUpdate(
            previousSessionID: old.session.id, sessionID: session.id, previousAmount: old.session.amount,
            amount: session.amount, currency: session.currency.code,
            methodsAdded: newIDs.filter { !oldIDs.contains($0) }.sorted(),
            methodsRemoved: oldIDs.subtracting(newIDs).sorted(), primary: primaryOutcome,
            secondaryShares: secondaries.updates,
            savedBalancesReread: (secondaries.rereadSaved + rereadSaved).sorted(),
            revived: old.phase == .expired || old.expiryPassed)
        return UpdatePlan(state: next, report: report, missingReads: secondaries.missing)
    }

    // MARK: - Secondary shares

    /// The secondary side of the plan as it is built.
    private struct SecondaryPlacement {
        var updates: [SecondaryShareUpdate] = []
        var missing: [BalanceReadRequest] = []
        var typed: [String: SecondaryToken] = [:]
        var registrations: [String: SecondaryRegistration] = [:]
        /// Saved gift cards in the new split, with the look-up they pay with.
        var savedInSplit: [String: SavedSecondaryLookup] = [:]
        /// Saved gift cards in the split whose balance was read again, with their total balance.
        var savedTotals: [String: Decimal?] = [:]
        var rereadSaved: [String] = []
    }

    /// Places each share again, in the order applied, on the new amount.
    private func placeSecondaries(on engine: inout SplitEngine, into placement: inout SecondaryPlacement) {
        var coveredBefore: Int64 = 0
        for share in old.split.secondaryShares {
            let remainingBefore = old.split.amount.minorUnits - coveredBefore
            coveredBefore += share.amount
            // A share that took all it could (its balance, or everything left) takes all it can again; a slice
            // keeps its amount where it still fits.
            let tookAll = share.amount >= min(share.balance, remainingBefore)
            let typedToken = old.secondaryTokens[share.id]
            let methodID = "\(share.partner)-\(share.method)"
            func settle(_ outcome: SecondaryShareUpdate.Outcome, newID: String?) {
                placement.updates.append(
                    SecondaryShareUpdate(
                        id: share.id, newID: newID, methodID: methodID, isSaved: typedToken == nil,
                        balanceReread: reads[share.id] != nil, outcome: outcome))
            }
            guard session.currency == old.session.currency else {
                settle(.released(.currencyChanged), newID: nil)
                continue
            }
            guard
                let method = session.secondaryMethods.first(where: {
                    $0.partner.rawValue == share.partner && $0.method.rawValue == share.method
                })
            else {
                settle(.released(.methodRemoved), newID: nil)
                continue
            }
            let card: BalanceReadRequest.Card
            if let typedToken {
                card = .typed(typedToken)
            } else if let saved = session.savedSecondaryTokens.first(where: { $0.id == share.id }) {
                card = .saved(saved)
            } else {
                settle(.released(.tokenRemoved), newID: nil)
                continue
            }
            let remaining = engine.remainingForSecondaries()
            guard remaining > 0 else {
                settle(.released(.nothingLeftToPay), newID: nil)
                continue
            }
            let wanted = tookAll ? remaining : min(share.amount, remaining)
            var balance = share.balance
            var id = share.id
            if let read = reads[share.id] {
                balance = read.balance
                if case .typed(let fresh) = read { id = fresh.id }
            } else if tookAll, wanted > balance, mayHoldMore(share) {
                // Read against a smaller amount: the issuer may hold more. Planned on with the balance known; the
                // plan is made again once the read answered.
                placement.missing.append(
                    BalanceReadRequest(shareID: share.id, card: card, method: method, asked: wanted))
            }
            let input = checkout.secondaryInput(id: id, method: method, balance: balance)
            do {
                engine = try engine.applySecondary(input, amount: tookAll ? nil : wanted)
            } catch {
                let refusal = PurseCheckoutError(
                    error, partner: method.partner, method: method.method, currency: engine.currency)
                settle(
                    .released(refusal.code == .secondaryTokenEmptyBalance ? .emptyBalance : .refused(refusal.code)),
                    newID: nil)
                continue
            }
            let taken = engine.share(id: id)?.amount ?? 0
            let currency = engine.currency
            settle(
                taken == share.amount
                    ? .kept(amount: Money(minorUnits: taken, currency: currency).decimal)
                    : .clamped(
                        from: Money(minorUnits: share.amount, currency: currency).decimal,
                        to: Money(minorUnits: taken, currency: currency).decimal),
                newID: id)
            carry(card, shareID: share.id, newID: id, into: &placement)
        }
    }

    /// Keeps what a placed share pays with: the typed card (moved onto the new session, or its new reading) and
    /// the shopper's decision to keep it in the wallet; or the saved card's look-up.
    private func carry(
        _ card: BalanceReadRequest.Card, shareID: String, newID: String, into placement: inout SecondaryPlacement
    ) {
        switch card {
        case .typed(let token):
            if case .typed(let fresh) = reads[shareID] {
                placement.typed[newID] = fresh
            } else {
                placement.typed[newID] = token.moved(toSession: session.id)
            }
            if let registration = old.registrations[shareID] { placement.registrations[newID] = registration }
        case .saved:
            if case .saved(let lookup, let total) = reads[shareID] {
                placement.savedInSplit[newID] = lookup
                placement.savedTotals[newID] = total
                placement.rereadSaved.append(newID)
            } else if let lookup = old.savedSecondaryLookups[shareID] {
                placement.savedInSplit[newID] = lookup
            }
        }
    }

    /// Whether a card's balance as read may be less than it holds: unless its issuer said the total and the
    /// total is what was read, the issuer answered `min(balance, amount asked)`.
    private func mayHoldMore(_ share: SecondaryShare) -> Bool {
        let total =
            old.secondaryTokens[share.id]?.totalBalance
            ?? old.savedSecondaryTokens.first(where: { $0.id == share.id })?.totalBalance
        guard let total, let minor = try? Money(decimal: total, currency: old.session.currency).minorUnits else {
            return true
        }
        return minor > share.balance
    }

    // MARK: - Saved gift cards

    /// The new session's saved gift cards, keeping the balances read that still hold; those read against a
    /// smaller amount and not in the split are read again in the background.
    private func savedGiftCards(
        _ placement: SecondaryPlacement
    ) -> ([SavedSecondaryToken], [String: SavedSecondaryLookup], [String]) {
        var tokens: [SavedSecondaryToken] = []
        var lookups: [String: SavedSecondaryLookup] = [:]
        var reread: [String] = []
        let grew = session.amountMinorUnits > old.session.amountMinorUnits
        let sameCurrency = session.currency == old.session.currency
        for var token in session.savedSecondaryTokens {
            let previous = old.savedSecondaryTokens.first(where: { $0.id == token.id })
            if let lookup = placement.savedInSplit[token.id] {
                lookups[token.id] = lookup
                token.balance = Money(minorUnits: lookup.balanceMinorUnits, currency: session.currency).decimal
                token.totalBalance = placement.savedTotals[token.id] ?? previous?.totalBalance
                token.balanceResolved = true
            } else if sameCurrency, let previous, previous.balanceResolved,
                let lookup = old.savedSecondaryLookups[token.id],
                !(grew && lookup.balanceMinorUnits >= old.session.amountMinorUnits)
            {
                lookups[token.id] = lookup
                token.balance = previous.balance
                token.totalBalance = previous.totalBalance
                token.balanceResolved = true
            } else if previous?.balanceResolved == true {
                reread.append(token.id)  // read against a smaller amount: the background look-up reads it again
            }
            tokens.append(token)
        }
        return (tokens, lookups, reread)
    }

    // MARK: - Primary

    /// Keeps the primary when the new session offers it and its rules allow what it would pay.
    private func placePrimary(
        on engine: inout SplitEngine, into next: inout CheckoutState
    ) -> SessionUpdate.PrimaryOutcome? {
        next.primary = nil
        guard let primary = old.primary else { return nil }
        let item: PaymentItem
        let configuration: MethodConfiguration
        switch primary {
        case .primaryMethod(let method):
            guard let current = session.primaryMethods.first(where: { $0.id == method.id }) else {
                return .dropped(id: primary.id, reason: .notOffered)
            }
            item = .primaryMethod(current)
            configuration = current.configuration
        case .paymentToken(let token):
            guard let current = session.paymentTokens.first(where: { $0.id == token.id }),
                let entry = session.source.protocolEntry(partner: current.partner, method: current.method)
            else {
                return .dropped(id: primary.id, reason: .notOffered)
            }
            item = .paymentToken(current)
            configuration = entry.configuration
        }
        guard checkout.registry.plugin(for: configuration) != nil else {
            return .dropped(id: primary.id, reason: .notImplemented)
        }
        let currency = session.currency
        let maximum = configuration.maxAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits }
        let minimum = configuration.minAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits }
        let rest = engine.amount.minorUnits - engine.secondaryTotal
        if rest > 0, let maximum, rest > maximum {
            return .dropped(
                id: primary.id, reason: .aboveMaximum(maximum: Money(minorUnits: maximum, currency: currency).decimal))
        }
        if rest > 0, let minimum, minimum > 0, rest < minimum {
            return .dropped(
                id: primary.id, reason: .belowMinimum(minimum: Money(minorUnits: minimum, currency: currency).decimal))
        }
        engine = engine.setPrimary(
            PrimaryShare(
                id: item.id, partner: item.partner.rawValue, method: item.method.rawValue, maxAmount: maximum,
                minAmount: minimum, isReady: old.split.primary?.isReady ?? false))
        next.primary = item
        return .kept(id: item.id)
    }
}
