import Foundation

/// Reading a gift card: local checks, one `/init`, polling for app-approval issuers.
extension PurseHeadlessCheckout {
    /// The issuer's rules for `method`, to validate the form before calling the network: whether this PAN needs
    /// a CVV (``SecondaryConfig/requiresCVV(pan:)``), the PAN and CVV formats, and the
    /// ``SecondaryConfig/takePolicy`` that says whether a partial slice is allowed at all.
    ///
    /// `nil` when no config is registered for the method: `getSecondaryToken` would throw
    /// `METHOD_NOT_IMPLEMENTED` (register one with ``SecondaryConfigs/register(partner:method:config:)``).
    public func secondaryConfig(for method: SecondaryMethod) -> (any SecondaryConfig)? {
        SecondaryConfigs.current.config(partner: method.partner, method: method.method)
    }

    /// Reads a gift card, voucher or loyalty card and its balance.
    ///
    /// First the issuer's rules are checked locally, with **no network call** when one fails; the config sees
    /// the PAN and CVV after ``SecondaryConfig/normalizedInput(_:)`` (the shipped issuers ignore spaces and
    /// dashes; an empty CVV counts as none). Then one `POST /init` asks the card for what the secondary
    /// methods leave unpaid (the order amount minus the gift cards already applied; the primary, which pays
    /// whatever is left, does not count). The issuer answers the balance computed against that amount, so a
    /// card read when nothing is left to pay answers zero. Issuers whose config asks to poll
    /// (``SecondaryConfig/shouldPoll(_:)``) are asked again with the same `step_id` every
    /// ``SecondaryConfig/pollInterval`` of the configured clock.
    ///
    /// Reading a card changes nothing in the split: apply the token with ``applySecondary(_:)-(SecondaryToken)``.
    ///
    /// - Throws: ``PurseCheckoutError``, group `secondaryTokenizationFailed` unless said otherwise:
    ///   - `SECONDARY_METHOD_WRONG_PAN_FORMAT`, `SECONDARY_METHOD_REQUIRED_CVV` (check
    ///     `requiresCVV(pan:)` before calling), `SECONDARY_METHOD_WRONG_CVV_FORMAT`: no network call was made;
    ///   - `METHOD_NOT_IMPLEMENTED` (group `method`): no ``SecondaryConfig`` is registered for the method;
    ///   - `PAYMENT_METHOD_NOT_FOUND` (group `method`): the session does not offer the method;
    ///   - `FAILED_TO_INIT_SECONDARY_TOKEN`: `/init` refused the card (``PurseCheckoutError/serverCode`` is the
    ///     issuer's code, e.g. `BLOCKED_CARD`), or failed (HTTP error, no answer, unreadable answer: the
    ///     message says which, ``PurseCheckoutError/httpStatus`` is set when a server answered), or the issuer
    ///     was still waiting after ``SecondaryConfig/maximumPollCount`` polls;
    ///   - whatever ``SecondaryConfig/classifyInitError(_:)`` maps a refusal to;
    ///   - `SECONDARY_TOKEN_EMPTY_BALANCE`: the card has no balance, or nothing was left to pay;
    ///   - `SECONDARY_METHOD_REQUEST_ABORTED`: the calling task was cancelled;
    ///   - `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION` (group `session`).
    public func getSecondaryToken(
        method: SecondaryMethod, pan: String, cvv: String?
    ) async throws -> SecondaryToken {
        try ensureEditable()
        guard let current = state.session.secondaryMethods.first(where: { $0.id == method.id }) else {
            throw PurseCheckoutError(.paymentMethodNotFound, message: "\(method.id) is not offered by this session")
        }
        guard let config = secondaryConfig(for: current) else {
            throw PurseCheckoutError(
                .methodNotImplemented,
                message: "no SecondaryConfig is registered for \(current.id): register one with "
                    + "SecondaryConfigs.shared.register(partner:method:config:)")
        }
        let pan = config.normalizedInput(pan)
        let cvv = cvv.map(config.normalizedInput).flatMap { $0.isEmpty ? nil : $0 }
        guard config.validatePAN(pan) else {
            throw PurseCheckoutError(
                .secondaryMethodWrongPANFormat, message: "the card number does not match the \(current.id) format")
        }
        if cvv == nil && config.requiresCVV(pan: pan) {
            throw PurseCheckoutError(
                .secondaryMethodRequiredCVV,
                message: "this \(current.id) card needs its CVV (PIN): check requiresCVV(pan:) before calling")
        }
        if let cvv, !config.validateCVV(cvv) {
            throw PurseCheckoutError(
                .secondaryMethodWrongCVVFormat, message: "the CVV (PIN) does not match the \(current.id) format")
        }
        let asked = state.split.remainingForSecondaries()
        let item = ItemPayload(
            partner: current.partner, method: current.method, amount: asked,
            paymentData: config.buildInitPaymentData(pan: pan, cvv: cvv))
        // Bound to the session it starts on: its `/init` calls and the token it makes are that session's, and an
        // answer that comes after the checkout moved on is discarded (SESSION_CHANGED).
        let scope = self.scope
        let session = state.session
        let token: SecondaryToken
        do throws(PurseCheckoutError) {
            let answer = try await initializeSecondary(
                item, config: config, methodID: current.id, on: (paymentAPI, session.id))
            try ensureCurrent(scope, "getSecondaryToken")
            token = try makeToken(
                answer, config: config, method: current, pan: pan, cvv: cvv, asked: asked, session: session)
        } catch {
            // What the shopper typed may come back in a server's words (`VOUCHER50XL refused`): masked wherever it
            // appears, since only runs of digits are recognised as card data otherwise.
            throw error.masking([pan, cvv])
        }
        log.info(
            "gift card read: \(current.id), balance \(Money(minorUnits: token.balanceMinorUnits, currency: token.currency))"
        )
        return token
    }

    /// `/init`, then polls while the config asks to; every failure is a tokenization error. `target` is the API
    /// and session to read on (a session update reads on the new session); `nil`: the checkout's own.
    func initializeSecondary(
        _ item: ItemPayload, config: any SecondaryConfig, methodID: String,
        on target: (api: PaymentAPI, sessionID: String)? = nil
    ) async throws(PurseCheckoutError) -> InitData {
        var item = item
        var answer = try await sendSecondaryInit(item, methodID: methodID, on: target)
        var polls = 0
        while config.shouldPoll(answer) {
            guard polls < config.maximumPollCount else {
                throw PurseCheckoutError(
                    .failedToInitSecondaryToken,
                    message: "the \(methodID) issuer was still waiting after \(polls) polls",
                    serverCode: answer.status.code)
            }
            polls += 1
            do {
                try await configuration.clock.sleep(for: config.pollInterval)
            } catch {
                throw Self.aborted(methodID)
            }
            if let stepID = answer.stepID { item.stepID = stepID }
            log.debug("polling /init for \(methodID) (\(polls))")
            answer = try await sendSecondaryInit(item, methodID: methodID, on: target)
        }
        guard answer.status.state == .success else {
            if let precise = config.classifyInitError(answer) { throw precise }
            throw PurseCheckoutError(
                .failedToInitSecondaryToken,
                message:
                    "the \(methodID) issuer refused the card at /init: \(answer.status.state) \(answer.status.code)",
                serverCode: answer.status.code)
        }
        return answer
    }

    /// One `/init`, its failures regrouped as `secondaryTokenizationFailed`.
    private func sendSecondaryInit(
        _ item: ItemPayload, methodID: String, on target: (api: PaymentAPI, sessionID: String)?
    ) async throws(PurseCheckoutError) -> InitData {
        if Task.isCancelled { throw Self.aborted(methodID) }
        let answer: InitData
        do {
            answer = try await (target?.api ?? paymentAPI).initialize(
                sessionID: target?.sessionID ?? state.session.id, item: item)
        } catch {
            if error.code == .requestCancelled || Task.isCancelled { throw Self.aborted(methodID) }
            throw PurseCheckoutError(
                .failedToInitSecondaryToken, message: "reading the \(methodID) card failed: \(error.message)",
                httpStatus: error.httpStatus, serverCode: error.serverCode)
        }
        if Task.isCancelled { throw Self.aborted(methodID) }
        return answer
    }

    private static func aborted(_ methodID: String) -> PurseCheckoutError {
        PurseCheckoutError(.secondaryMethodRequestAborted, message: "reading the \(methodID) card was cancelled")
    }

    /// The token of a successful answer, or the reason there is none; read for `session` (`nil`: the checkout's).
    func makeToken(
        _ answer: InitData, config: any SecondaryConfig, method: SecondaryMethod, pan: String, cvv: String?,
        asked: Int64, session: ClientSession? = nil
    ) throws(PurseCheckoutError) -> SecondaryToken {
        let session = session ?? state.session
        let currency = session.currency
        let details: SecondaryTokenDetails
        do {
            details = try config.parseToken(answer, currency: currency)
        } catch let error as PurseCheckoutError {
            throw error
        } catch {
            throw PurseCheckoutError(
                .failedToInitSecondaryToken, message: "the \(method.id) config could not read /init: \(type(of: error))"
            )
        }
        if let code = details.currencyCode, code.uppercased() != currency.code {
            throw PurseCheckoutError(
                .failedToInitSecondaryToken,
                message: "the \(method.id) card holds \(code); the order is in \(currency.code)")
        }
        let balance: Int64
        do {
            balance = try Money(decimal: details.balance, currency: currency).minorUnits
        } catch {
            throw PurseCheckoutError(
                .failedToInitSecondaryToken,
                message: "the \(method.id) balance \(details.balance) is not an exact \(currency.code) amount")
        }
        guard balance > 0 else {
            let askedMoney = Money(minorUnits: asked, currency: currency)
            throw PurseCheckoutError(
                .secondaryTokenEmptyBalance,
                message: askedMoney.isZero
                    ? "the \(method.id) card was read when nothing was left to pay, so its balance is 0: the issuer "
                        + "computes it against the amount asked"
                    : "the \(method.id) card has no balance (asked for \(askedMoney))")
        }
        let id = answer.id.flatMap { $0.isEmpty || state.secondaryTokens[$0] != nil ? nil : $0 } ?? UUID().uuidString
        return SecondaryToken(
            id: id, partner: method.partner, method: method.method, pan: pan, cvv: cvv, balanceMinorUnits: balance,
            totalBalance: details.totalBalance, currency: currency,
            canBeRegistered: details.canBeRegistered && method.canBeRegistered, expirationDate: details.expirationDate,
            partnerReference: details.partnerReference, stepID: answer.stepID, pluginResult: answer.pluginResult,
            sessionID: session.id)
    }
}
