import Foundation

/// Submitting the payment: one `/validate` carrying every participant of the split.
extension PurseHeadlessCheckout {
    /// Submits the payment as the split stands: every secondary share and the primary, in one `/validate`.
    ///
    /// Use it when gift cards cover the whole amount (there is no primary element to drive), or with a
    /// primary that is payable at selection. A double tap is harmless: the checkout moves to `submitting`
    /// before its first suspension, and a second call is refused. `/validate` carries an `Idempotency-Key`
    /// that a retry of the same attempt (same split) reuses, so retrying after a lost answer can never
    /// charge twice.
    /// - Returns: the gateway's answer; when it carries a ``ValidationResult/redirection``, the payment is
    ///   pending until the shopper completes that page.
    /// - Throws: `PAYMENT_NOT_FULFILLED_ON_SUBMIT`, `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`,
    ///   `ON_BEFORE_VALIDATE_HOOK_FAILED`, `VALIDATE_FAILED` (the payment was refused: the server's status
    ///   code is ``PurseCheckoutError/serverCode``), `API_ERROR`, `NETWORK_ERROR`, `INVALID_RESPONSE`,
    ///   `METHOD_NOT_IMPLEMENTED`; in an information request, `MISSING_WALLET_SESSION` (nowhere to save the card) and
    ///   `PAYMENT_NOT_FULFILLED_ON_SUBMIT` with no card method chosen.
    @discardableResult
    public func submitPayment() async throws -> ValidationResult {
        try await submit(primaryItem: nil)
    }

    /// The one submit path: the payment element passes how to build its primary item (CVV, vault token,
    /// `/init`); `submitPayment()` passes `nil` and the primary must be payable without input.
    func submit(
        primaryItem build: ((Int64) async throws(PurseCheckoutError) -> ItemPayload)?
    ) async throws(PurseCheckoutError) -> ValidationResult {
        // A payment of unknown outcome may be submitted again: that replays its attempt under the same key.
        let replaying = state.phase == .outcomeUnknown
        if !replaying { try ensureEditable() }
        try ensureSavable()
        if let refusal = selectedPrimaryRefusal {
            throw PurseCheckoutError(
                .paymentNotFulfilledOnSubmit, message: "the primary cannot pay: \(refusal.message)",
                unavailableReason: refusal.unavailableReason)
        }
        guard state.split.isPaymentFulfilled else {
            throw PurseCheckoutError(
                .paymentNotFulfilledOnSubmit,
                message:
                    "the split covers \(Money(minorUnits: state.split.covered, currency: state.session.currency).format()) "
                    + "of \(Money(minorUnits: state.split.amount.minorUnits, currency: state.session.currency).format())"
                    + (state.split.primary?.isReady == false ? " and the primary is not ready" : ""))
        }
        let phaseBefore = state.phase
        mutate { $0.phase = .submitting }
        let result: ValidationResult
        var sent = false
        do {
            result = try await validateSplit(primaryItem: build, replaying: replaying, sent: &sent)
        } catch {
            if state.phase == .terminated {
                log.warning("payment not submitted: the checkout was torn down meanwhile (\(error.code))")
                throw PurseCheckoutError(
                    .checkoutTerminated,
                    message: "the checkout was torn down while the payment was submitted (\(error.code)); confirm the "
                        + "session's payment on your backend",
                    httpStatus: error.httpStatus, serverCode: error.serverCode)
            }
            if sent, Self.leavesOutcomeUnknown(error) || (replaying && error.serverCode == "IDEMPOTENCY_KEY_REUSED") {
                // The request may have reached the server: keep the attempt, freeze the split, say so.
                mutate { $0.phase = .outcomeUnknown }
                log.warning("payment outcome unknown: \(error.code); the attempt is kept for a retry or a confirmation")
                throw PurseCheckoutError(
                    error.code == .apiError ? .paymentOutcomeUnknown : error.code,
                    message: error.message + "; " + Self.outcomeUnknownAdvice(sessionID: state.session.id),
                    httpStatus: error.httpStatus, serverCode: error.serverCode)
            }
            if error.serverCode == "SESSION_ALREADY_SUBMITTED" {
                // Another copy of this checkout (a restored snapshot, another device) submitted first: this one
                // is submitted too, and the app confirms the outcome server-side.
                mutate { $0.phase = .submitted }
                log.warning("payment not submitted: the server already has a payment for this session")
                throw PurseCheckoutError(
                    .sessionAlreadySubmitted, message: "the server already has a payment for this session",
                    httpStatus: error.httpStatus, serverCode: error.serverCode)
            }
            // A failure before anything was sent leaves the checkout as it was. A replay stays of unknown outcome
            // unless the gateway refused the payment: any other failure says nothing about the first attempt.
            let next: SessionState =
                error.code == .onBeforeValidateHookFailed || (replaying && error.code != .validateFailed)
                ? phaseBefore : .error
            mutate { $0.phase = next }
            log.warning("payment not submitted: \(error.code)")
            throw error
        }
        guard state.phase != .terminated else {
            log.warning("payment submitted, but the checkout was torn down meanwhile: its state stays ended")
            return result
        }
        mutate { state in
            state.phase = .submitted
            state.submittedPayment = SubmittedPayment(
                sessionID: state.session.id, result: result, attemptKey: state.attempt?.key)
        }
        log.info("payment submitted: global status \(result.globalStatus)")
        await adoptSavedCard(from: result)
        if let after = configuration.hooks.onAfterValidate { await after(result) }
        return result
    }

    /// Whether a failed `/validate` leaves its outcome unknown: the request was written and no answer was read (a
    /// dropped or reset connection, a timeout, an unreadable answer, a cancelled call).
    static func leavesOutcomeUnknown(_ error: PurseCheckoutError) -> Bool {
        error.code == .networkError || error.code == .invalidResponse || error.code == .requestCancelled
    }

    private func validateSplit(
        primaryItem build: ((Int64) async throws(PurseCheckoutError) -> ItemPayload)?, replaying: Bool,
        sent: inout Bool
    ) async throws(PurseCheckoutError) -> ValidationResult {
        if let before = configuration.hooks.onBeforeValidate {
            do {
                try await before(state.amountSplit)
            } catch {
                throw PurseCheckoutError(
                    .onBeforeValidateHookFailed, message: "onBeforeValidate threw \(type(of: error))")
            }
        }
        let (items, uiLessPrimary) = try await validationItems(primaryItem: build)
        let key = idempotencyKey(for: items, uiLessPrimary: uiLessPrimary, replaying: replaying)
        sent = true
        let result = try await paymentAPI.validate(sessionID: state.session.id, items: items, idempotencyKey: key)
        guard result.globalStatus == .success || result.globalStatus == .waiting else {
            // A definitive refusal: the next submit is a new attempt with a new key.
            mutate { $0.attempt = nil }
            let refusal = result.refusal
            let participant = refusal.map { itemID($0.partner, $0.method) }
            throw PurseCheckoutError(
                .validateFailed,
                message: "the payment was refused"
                    + (refusal.map { ": \(itemID($0.partner, $0.method)) \($0.status.code)" } ?? ""),
                serverCode: refusal.map { $0.status.code.isEmpty ? $0.status.state.rawValue : $0.status.code },
                participant: participant)
        }
        return result
    }

    /// The key of this attempt: reused while the split is unchanged (a retry after a lost answer), new
    /// otherwise.
    /// A replay of an attempt of unknown outcome always reuses its key, even when the items were rebuilt (a
    /// restored checkout): the server then answers the attempt it holds, or refuses another body under that key.
    private func idempotencyKey(
        for items: [ItemPayload], uiLessPrimary: UILessPrimaryItem?, replaying: Bool
    ) -> String {
        var hasher = Hasher()
        hasher.combine(items)
        let fingerprint = hasher.finalize()
        if let attempt = state.attempt, attempt.fingerprint == fingerprint || replaying { return attempt.key }
        let key = configuration.makeIdempotencyKey()
        mutate { $0.attempt = PaymentAttempt(key: key, fingerprint: fingerprint, uiLessPrimary: uiLessPrimary) }
        return key
    }

    /// One item per participant of the split: the gift cards in the order applied, then the primary when it
    /// pays a share. Also returns the primary's item when it was built without a payment element (it holds no
    /// card data), so a retry of this attempt can send it again.
    ///
    /// A retry after a lost answer must send exactly what it sent before: a primary that runs an `/init` when
    /// built (a redirection method, a fresh PayPal payment) would otherwise get a new `step_id`, hence a new
    /// idempotency key, and a payment that went through would answer `SESSION_ALREADY_SUBMITTED` instead of its
    /// stored answer.
    private func validationItems(
        primaryItem build: ((Int64) async throws(PurseCheckoutError) -> ItemPayload)?
    ) async throws(PurseCheckoutError) -> (items: [ItemPayload], uiLessPrimary: UILessPrimaryItem?) {
        var items: [ItemPayload] = try secondaryValidationItems()
        var uiLessPrimary: UILessPrimaryItem?
        // An information request sends its card with amount 0: the card is what it is for.
        if let primary = state.primary, state.split.primaryShare > 0 || isInformationRequest {
            let amount = state.split.primaryShare
            if let build {
                items.append(try await build(amount))
            } else if let sent = state.attempt?.uiLessPrimary, sent.primaryID == primary.id, sent.item.amount == amount
            {
                items.append(sent.item)
                uiLessPrimary = sent
            } else {
                let strategy = try makeStrategy(for: primary)
                guard !strategy.hasUI else {
                    throw PurseCheckoutError(
                        .elementNotFulfilled, message: "\(primary.id) needs input: pay it through its payment element")
                }
                let item = try await strategy.primaryItem(amount: amount, context: elementContext)
                items.append(item)
                uiLessPrimary = UILessPrimaryItem(primaryID: primary.id, item: item)
            }
        }
        return (items, uiLessPrimary)
    }
}

/// The idempotency key of the current payment attempt and the split it was made for.
struct PaymentAttempt: Sendable, Equatable {
    let key: String
    let fingerprint: Int
    /// The primary's item when `submitPayment()` built it without a payment element (no card data in it).
    var uiLessPrimary: UILessPrimaryItem?
}

/// A primary's `/validate` item built without a payment element, and which primary it was built for.
struct UILessPrimaryItem: Sendable, Equatable {
    let primaryID: String
    let item: ItemPayload
}
