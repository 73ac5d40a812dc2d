import Foundation

/// Moving a checkout onto a new client session when the cart changes (the web SDK's `setSession`).
extension PurseHeadlessCheckout {
    /// Moves the checkout onto the client session your backend created for the changed cart (a delivery
    /// option, a promo code, an item removed), keeping what can be kept, and reports what changed.
    ///
    /// - The primary stays selected when the new session still offers it and its minimum and maximum amounts
    ///   allow what it would pay.
    /// - Each gift card, voucher or loyalty share is placed again, in the order applied, on the new amount: kept,
    ///   clamped (to what is left, or to the balance), or released when its method is gone, its saved card left
    ///   the wallet, or the new session's rules refuse it. A share that took all it could takes all it can
    ///   again; a slice keeps its amount when it still fits. A card whose balance was read against a smaller
    ///   amount (the issuer answers `min(balance, amount asked)`) is read again (`/init`) when the order grew;
    ///   no other call is made.
    /// - Payment elements keep their forms (what the shopper typed, the save-card choice); an element whose method
    ///   the new session no longer offers reports it in ``PaymentElement/unavailableReason``.
    /// - An expired checkout is revived (``sessionState`` `ready`), the way out of `EXPIRED_SESSION`.
    ///
    /// All or nothing: when a balance read fails, nothing changes and the checkout stays on its session.
    /// - Returns: what changed, for the screen: ``SessionUpdate``.
    /// - Throws: ``PurseCheckoutError``: `WIDGET_DATA_MALFORMED` / `SESSION_MALFORMED` (the widget data),
    ///   `SESSION_ALREADY_SUBMITTED_ERROR` (a payment is under way or submitted on the current session),
    ///   `EXPIRED_SESSION` (the new session has expired already), `CHECKOUT_TERMINATED`, and the errors of a
    ///   balance read (`FAILED_TO_INIT_SECONDARY_TOKEN`, `SECONDARY_METHOD_REQUEST_ABORTED` when the task is
    ///   cancelled).
    @discardableResult
    public func updateSession(widgetData: String) async throws -> SessionUpdate {
        try await moveOnto(widgetData: widgetData)
    }

    /// Moves the checkout onto an already-decoded client session: ``updateSession(widgetData:)``.
    /// - Throws: the errors of ``updateSession(widgetData:)`` but the widget data's.
    @discardableResult
    public func updateSession(_ session: ClientSession) async throws -> SessionUpdate {
        try await moveOnto(session)
    }

    /// ``updateSession(widgetData:)`` with its error typed, for the SDK's own callers.
    @discardableResult
    func moveOnto(widgetData: String) async throws(PurseCheckoutError) -> SessionUpdate {
        try ensureUpdatable()
        let session = try SessionDecoder.decoding(widgetData: widgetData)
        return try await moveOnto(session)
    }

    /// ``updateSession(_:)`` with its error typed, for the SDK's own callers.
    @discardableResult
    func moveOnto(_ session: ClientSession) async throws(PurseCheckoutError) -> SessionUpdate {
        try ensureUpdatable()
        latestUpdate += 1
        // The ticket is this call's scope: only another update's commit moves the checkout's session, and that
        // call started later, so a moved checkout fails `ensureLatest` (`ensureUpdatable` catches a teardown).
        let ticket = latestUpdate
        guard serverNow < session.expirationDate else {
            throw PurseCheckoutError(
                .expiredSession,
                message: "the new session expired at \(ISO8601.format(session.expirationDate)): create another one")
        }
        let target = UpdateTarget(
            session: session, roots: configuration.apiRoots ?? session.apiRoots, client: paymentAPI.client)
        var reads: [String: BalanceRead] = [:]
        // Each round reads what the plan still needs; the shopper may change the split while a read is under way,
        // so the plan is made again from the state as it is then. Two rounds are the most a change can need.
        for _ in 0..<4 {
            let plan = try UpdatePlanner(checkout: self, target: target, reads: reads).plan()
            if plan.missingReads.isEmpty {
                commit(plan, target: target)
                return plan.report
            }
            let results = try await read(plan.missingReads, target: target)
            try ensureUpdatable()
            try ensureLatest(ticket, session: session)
            reads.merge(results) { _, new in new }
        }
        throw PurseCheckoutError(
            .unknownError, message: "the split kept changing while the session update read balances: call it again")
    }

    /// Refuses the result of an update that a newer `updateSession` call superseded while it read balances: the
    /// latest call wins, whichever finishes first.
    private func ensureLatest(_ ticket: Int, session: ClientSession) throws(PurseCheckoutError) {
        guard ticket == latestUpdate else {
            log.info("session update to \(session.id) superseded by a newer updateSession: discarded")
            throw PurseCheckoutError(
                .sessionChanged,
                message: "a newer updateSession call superseded the move to session \(session.id): nothing changed "
                    + "for this one; the checkout follows the latest call")
        }
    }

    /// Refuses an update once the checkout is torn down or a payment is under way, submitted, or of unknown
    /// outcome.
    private func ensureUpdatable() throws(PurseCheckoutError) {
        switch state.phase {
        case .terminated:
            throw PurseCheckoutError(.checkoutTerminated, message: "the checkout was torn down")
        case .submitting, .submitted:
            throw PurseCheckoutError(
                .sessionAlreadySubmitted,
                message: "a payment was submitted on session \(state.session.id): confirm it before changing the cart")
        case .outcomeUnknown:
            throw PurseCheckoutError(
                .paymentOutcomeUnknown, message: Self.outcomeUnknownAdvice(sessionID: state.session.id))
        case .idle, .ready, .error, .expired:
            return
        }
    }

    /// Sends the balance reads, one after the other; the first failure fails the update (nothing is committed).
    private func read(
        _ requests: [BalanceReadRequest], target: UpdateTarget
    ) async throws(PurseCheckoutError) -> [String: BalanceRead] {
        var reads: [String: BalanceRead] = [:]
        for request in requests {
            do throws(PurseCheckoutError) {
                reads[request.shareID] = try await read(request, target: target)
            } catch {
                log.warning("session update abandoned: reading \(request.methodID) again failed (\(error.code))")
                throw error
            }
        }
        return reads
    }

    private func read(
        _ request: BalanceReadRequest, target: UpdateTarget
    ) async throws(PurseCheckoutError)
        -> BalanceRead
    {
        switch request.card {
        case .typed(let token):
            guard let config = secondaryConfig(for: request.method) else {
                throw PurseCheckoutError(.methodNotImplemented, message: "no SecondaryConfig for \(request.methodID)")
            }
            let item = ItemPayload(
                partner: token.partner, method: token.method, amount: request.asked,
                paymentData: config.buildInitPaymentData(pan: token.pan, cvv: token.cvv))
            do throws(PurseCheckoutError) {
                let answer = try await initializeSecondary(
                    item, config: config, methodID: request.methodID, on: (target.paymentAPI, target.session.id))
                let fresh = try makeToken(
                    answer, config: config, method: request.method, pan: token.pan, cvv: token.cvv,
                    asked: request.asked, session: target.session)
                return .typed(fresh)
            } catch {
                throw error.masking([token.pan, token.cvv])
            }
        case .saved(let saved):
            let lookup = SavedBalanceRequest(
                id: saved.id, partner: saved.partner, method: saved.method,
                config: SecondaryConfigs.current.config(partner: saved.partner, method: saved.method))
            let outcome = await Self.lookUpBalance(
                lookup, api: target.paymentAPI, sessionID: target.session.id, amount: request.asked,
                currency: target.session.currency)
            switch outcome {
            case .resolved(let found, let totalBalance): return .saved(found, totalBalance: totalBalance)
            case .disabled(let message):
                throw PurseCheckoutError(
                    .failedToInitSecondaryToken, message: "saved gift card \(saved.id): \(message)")
            case .cancelled:
                throw PurseCheckoutError(
                    .secondaryMethodRequestAborted, message: "reading saved gift card \(saved.id) was cancelled")
            }
        }
    }

    /// Moves onto the planned state in one mutation, then points the APIs, elements and watches at it.
    private func commit(_ plan: UpdatePlan, target: UpdateTarget) {
        savedBalanceLookups.cancel()
        paymentAPI = target.paymentAPI
        walletAPI = target.session.walletSession.map {
            WalletAPI(
                client: paymentAPI.client, root: target.roots.wallet, apiKey: target.session.apiKey, walletSession: $0)
        }
        roots = target.roots
        mutate { state in
            let generation = state.generation
            state = plan.state
            state.generation = generation + 1
        }
        elements.follow(session: target.session)
        log.info(
            "session updated: \(plan.report.previousSessionID) → \(plan.report.sessionID), amount "
                + "\(Money(minorUnits: plan.state.split.amount.minorUnits, currency: plan.state.split.currency))")
        startSavedBalanceLookups()
        startExpiryWatch()
    }
}

/// The session an update moves onto, and the APIs that talk about it.
struct UpdateTarget {
    let session: ClientSession
    let roots: APIRoots
    let paymentAPI: PaymentAPI

    init(session: ClientSession, roots: APIRoots, client: APIClient) {
        self.session = session
        self.roots = roots
        paymentAPI = PaymentAPI(client: client, roots: roots, apiKey: session.apiKey)
    }
}
