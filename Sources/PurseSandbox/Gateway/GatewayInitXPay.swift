internal import Foundation

/// `POST /gateway/sessions/{session_id}/init-xpay` (CONTRACT §8): Apple Pay's payment data in, a
/// `vault_vendor_token_id` out, to pay with at `/validate`.
///
/// There is no Apple cryptogram off device: `payment_data.apple_pay.payment_data` must be base64 of a JSON object
/// whose `sandbox` is one of ``SandboxApplePayTestToken`` (`approve`, `decline`, `insufficient_funds`); other keys are
/// ignored. Anything else is 422 `INVALID_APPLE_PAY_TOKEN`. The test token decides what `/validate` answers:
/// `approve` authorizes, `decline` is refused with `REJECTED_BANK`, `insufficient_funds` with `INSUFFICIENT_FUNDS`.
///
/// HTTP errors: 401 `UNAUTHORIZED`, 404 `SESSION_NOT_FOUND`, 410 `EXPIRED_SESSION`, 400 `INVALID_JSON` /
/// `INVALID_PAYLOAD` / `INVALID_AMOUNT` / `UNKNOWN_METHOD` (not offered, or not an Apple Pay method) /
/// `INVALID_PAYMENT_DATA` (no `payment_data.apple_pay`), 422 `INVALID_APPLE_PAY_TOKEN`. The payment data is never
/// kept: the state holds the test token's outcome only.
extension PurseSandbox {
    func gatewayInitXPay(session sessionId: String, _ request: SandboxRequest) -> SandboxResponse {
        let item: GatewayItem
        switch authorizedItem(request) {
        case .success(let parsed): item = parsed
        case .failure(let error): return error.response
        }
        let outcome: SandboxApplePayTestToken
        let network: String
        switch XPayToken.read(item.paymentData["apple_pay"]) {
        case .success(let read): (outcome, network) = read
        case .failure(let error): return error.response
        }
        let now = self.now
        let tokenId = "xpay_" + newID()
        return mutate { state in
            guard let session = state.clientSessions[sessionId] else {
                return .error(404, "SESSION_NOT_FOUND", "No payment session \(sessionId)")
            }
            guard session.status(at: now) != "EXPIRED" else {
                return .error(410, "EXPIRED_SESSION", "The payment session has expired")
            }
            guard let method = catalogue.method(partner: item.partner, method: item.method), session.offers(method),
                method.kind == .applePay
            else {
                return .error(400, "UNKNOWN_METHOD", "\(item.id) is not an Apple Pay method of this session")
            }
            state.vaultForms[tokenId] = VaultFormRecord(
                token: tokenId, tenantId: XPayToken.tenant(sessionId), bin: "", lastFour: "", brand: network,
                outcome: outcome.cardOutcome.rawValue, expiryMonth: 0, expiryYear: 0, holderName: nil, used: false)
            let stepId = state.takeStepId()
            state.steps[String(stepId)] = StepRecord(
                id: stepId, sessionId: sessionId, partner: item.partner, method: item.method, cardSlug: nil,
                waitsLeft: 0, state: "SUCCESS", code: "SUCCEEDED")
            let answer: SandboxJSON = [
                "id": .string(newID()),
                "date": .string(SandboxTime.iso8601(now)),
                "session_id": .string(sessionId),
                "partner": .string(item.partner),
                "method": .string(item.method),
                "step_id": .int(stepId),
                "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"],
                "plugin_result": ["vault_vendor_token_id": .string(tokenId), "network": .string(network)],
            ]
            return .json(200, answer)
        }
    }
}

/// The sandbox's Apple Pay test tokens: what `payment_data.apple_pay.payment_data` decodes to
/// (`{ "sandbox": "approve" }`, base64).
public enum SandboxApplePayTestToken: String, Sendable, Equatable, CaseIterable {
    /// `/validate` authorizes.
    case approve
    /// `/validate` refuses with `REJECTED_BANK`.
    case decline
    /// `/validate` refuses with `INSUFFICIENT_FUNDS`.
    case insufficientFunds = "insufficient_funds"

    /// The card outcome the token stands for.
    var cardOutcome: SandboxCardOutcome {
        switch self {
        case .approve: .succeeds
        case .decline: .declined
        case .insufficientFunds: .insufficientFunds
        }
    }
}

/// Reading `payment_data.apple_pay` and binding the vault token to its session.
enum XPayToken {
    /// The pseudo vault tenant of a session's Apple Pay tokens: a token pays only in the session that made it.
    static func tenant(_ sessionId: String) -> String { "xpay:" + sessionId }

    static func read(_ applePay: SandboxJSON?) -> Result<(SandboxApplePayTestToken, String), SandboxAPIError> {
        guard let applePay, applePay.objectValue != nil else {
            return .failure(SandboxAPIError(400, "INVALID_PAYMENT_DATA", "payment_data.apple_pay is required"))
        }
        let invalid = SandboxAPIError(
            422, "INVALID_APPLE_PAY_TOKEN",
            "payment_data.apple_pay.payment_data must be base64 of {\"sandbox\": \"approve\" | \"decline\" | "
                + "\"insufficient_funds\"} (no Apple cryptogram off device)")
        guard let text = applePay["payment_data"]?.stringValue, let data = Data(base64Encoded: text),
            let json = try? JSONParser.parse(data), let name = json["sandbox"]?.stringValue,
            let token = SandboxApplePayTestToken(rawValue: name)
        else { return .failure(invalid) }
        let network = applePay["payment_method"]?["network"]?.stringValue ?? "unknown"
        return .success((token, network))
    }
}
