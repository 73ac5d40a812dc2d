internal import Foundation

/// `POST /gateway/sessions/{session_id}/init` (CONTRACT.md §2): one `ItemPayload` in, `InitData` out.
///
/// - Secondaries read the card and answer its balance (`plugin_result.balance = min(balance, amount)`).
///   Refusals are HTTP 200 with `status.state FAILED` and a code (`UNKNOWN_CARD`, `WRONG_CARD_DATA`,
///   `BLOCKED_CARD`, …).
/// - ANCV Connect answers `WAITING` / `WAITING_PARTNER_RESPONSE` with a `step_id`; calling again with that
///   `step_id` advances the poll until `SUCCESS` or a terminal code.
/// - Card, PayPal and redirection methods answer `SUCCESS` with a `step_id` that `/validate` of a
///   redirection or fresh PayPal payment requires.
/// - HTTP errors: 401 `UNAUTHORIZED` (x-api-key), 404 `SESSION_NOT_FOUND`, 410 `EXPIRED_SESSION`,
///   400 `INVALID_JSON` / `INVALID_PAYLOAD` / `INVALID_AMOUNT` / `INVALID_PAYMENT_DATA` / `UNKNOWN_METHOD` /
///   `UNKNOWN_STEP`.
extension PurseSandbox {
    /// The one item of an `/init` or `init-xpay` body, once the caller's `x-api-key` is the entity's: 401
    /// `UNAUTHORIZED`, or the body's 400 / 415, otherwise.
    func authorizedItem(_ request: SandboxRequest) -> Result<GatewayItem, SandboxAPIError> {
        guard request.header("x-api-key") == catalogue.entity.apiKey else {
            return .failure(SandboxAPIError(401, "UNAUTHORIZED", "Missing or wrong x-api-key"))
        }
        return request.jsonBody().flatMap(GatewayItem.parse)
    }

    func gatewayInit(session sessionId: String, _ request: SandboxRequest) async -> SandboxResponse {
        let item: GatewayItem
        switch authorizedItem(request) {
        case .success(let parsed): item = parsed
        case .failure(let error): return error.response
        }
        // A slow issuer answers late; the wait happens outside the state lock.
        await wait(issuerDelay(for: item, sessionId: sessionId))
        let now = self.now
        // Serializing the answer happens after the lock is released: concurrent look-ups then only queue for the
        // state change itself.
        switch mutate({ state in initLocked(item, sessionId: sessionId, now: now, state: &state) }) {
        case .success(let json): return .json(200, json)
        case .failure(let error): return error.response
        }
    }

    private func initLocked(
        _ item: GatewayItem, sessionId: String, now: Date, state: inout SandboxState
    ) -> Result<SandboxJSON, SandboxAPIError> {
        guard let session = state.clientSessions[sessionId] else {
            return .failure(SandboxAPIError(404, "SESSION_NOT_FOUND", "No payment session \(sessionId)"))
        }
        guard session.status(at: now) != "EXPIRED" else {
            return .failure(SandboxAPIError(410, "EXPIRED_SESSION", "The payment session has expired"))
        }
        guard let method = catalogue.method(partner: item.partner, method: item.method), session.offers(method) else {
            return .failure(SandboxAPIError(400, "UNKNOWN_METHOD", "\(item.id) is not offered in this session"))
        }
        let answer: InitAnswer
        switch method.kind {
        case .secondary:
            switch resolveGiftCard(item, method: method, session: session, state: state) {
            case .failure(.rejected(let error)): return .failure(error)
            case .failure(.failed(let code, let message)):
                answer = InitAnswer(stepId: state.takeStepId(), state: "FAILED", code: code, description: message)
            case .success(let resolved):
                let balance = state.balances[resolved.card.slug] ?? 0
                let stepId = state.takeStepId()
                state.steps[String(stepId)] = StepRecord(
                    id: stepId, sessionId: sessionId, partner: item.partner, method: item.method,
                    cardSlug: resolved.card.slug, waitsLeft: 0, state: "SUCCESS", code: "SUCCEEDED")
                answer = InitAnswer(
                    stepId: stepId, state: "SUCCESS", code: "SUCCEEDED",
                    pluginResult: balanceResult(
                        resolved, balance: balance, amount: item.amount, method: method, currency: session.currency))
            }
        case .pollingSecondary:
            switch poll(item, method: method, session: session, state: &state) {
            case .success(let polled): answer = polled
            case .failure(let error): return .failure(error)
            }
        case .card, .paypal, .redirection, .applePay:
            let stepId = state.takeStepId()
            state.steps[String(stepId)] = StepRecord(
                id: stepId, sessionId: sessionId, partner: item.partner, method: item.method, cardSlug: nil,
                waitsLeft: 0, state: "SUCCESS", code: "SUCCEEDED")
            answer = InitAnswer(stepId: stepId, state: "SUCCESS", code: "SUCCEEDED")
        case .unavailable:
            answer = InitAnswer(
                stepId: state.takeStepId(), state: "FAILED", code: "TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT",
                description: "\(item.id) is not available in the sandbox")
        }
        return .success(answer.json(id: newID(), date: now, sessionId: sessionId, item: item))
    }

    /// ANCV Connect: the first call opens a step, each call with its `step_id` advances it.
    private func poll(
        _ item: GatewayItem, method: SandboxMethod, session: ClientSessionRecord, state: inout SandboxState
    ) -> Result<InitAnswer, SandboxAPIError> {
        var step: StepRecord
        if let stepId = item.stepId {
            guard let existing = state.steps[String(stepId)], existing.sessionId == session.id,
                existing.partner == item.partner, existing.method == item.method, existing.cardSlug != nil
            else {
                return .failure(SandboxAPIError(400, "UNKNOWN_STEP", "step_id \(stepId) is not a poll of this item"))
            }
            step = existing
        } else {
            switch resolveGiftCard(item, method: method, session: session, state: state) {
            case .failure(.rejected(let error)): return .failure(error)
            case .failure(.failed(let code, let message)):
                return .success(
                    InitAnswer(stepId: state.takeStepId(), state: "FAILED", code: code, description: message))
            case .success(let resolved):
                var waits = 0
                if case .polls(let count, _) = resolved.card.behaviour { waits = count }
                step = StepRecord(
                    id: state.takeStepId(), sessionId: session.id, partner: item.partner, method: item.method,
                    cardSlug: resolved.card.slug, waitsLeft: waits, state: "WAITING", code: "WAITING_PARTNER_RESPONSE")
            }
        }
        guard let slug = step.cardSlug, let card = catalogue.giftCard(slug) else {
            return .failure(SandboxAPIError(400, "UNKNOWN_STEP", "The step has no account"))
        }
        if step.state == "WAITING" {
            if step.waitsLeft > 0 {
                step.waitsLeft -= 1
            } else if case .polls(_, let failure?) = card.behaviour {
                step.state = "FAILED"
                step.code = failure
            } else {
                step.state = "SUCCESS"
                step.code = "SUCCEEDED"
            }
        }
        state.steps[String(step.id)] = step
        var answer = InitAnswer(stepId: step.id, state: step.state, code: step.code)
        switch step.state {
        case "SUCCESS":
            answer.pluginResult = balanceResult(
                ResolvedGiftCard(card: card, tokenId: nil), balance: state.balances[slug] ?? 0, amount: item.amount,
                method: method, currency: session.currency)
        case "WAITING": answer.description = "Waiting for the shopper to approve in the ANCV app"
        default: answer.description = "The shopper did not approve in the ANCV app"
        }
        return .success(answer)
    }
}

/// The variable part of an `InitData`.
private struct InitAnswer {
    var stepId: Int
    var state: String
    var code: String
    var description: String?
    var pluginResult: SandboxJSON = .object([:])

    init(stepId: Int, state: String, code: String, description: String? = nil, pluginResult: SandboxJSON? = nil) {
        self.stepId = stepId
        self.state = state
        self.code = code
        self.description = description
        if let pluginResult { self.pluginResult = pluginResult }
    }

    func json(id: String, date: Date, sessionId: String, item: GatewayItem) -> SandboxJSON {
        [
            "id": .string(id),
            "date": .string(SandboxTime.iso8601(date)),
            "session_id": .string(sessionId),
            "partner": .string(item.partner),
            "method": .string(item.method),
            "step_id": .int(stepId),
            "status": .compact([
                "action": "INIT", "state": .string(state), "code": .string(code),
                "description": .optional(description),
            ]),
            "plugin_result": pluginResult,
        ]
    }
}
