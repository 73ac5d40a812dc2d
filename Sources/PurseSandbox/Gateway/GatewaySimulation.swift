internal import Foundation

/// `POST /gateway/sessions/{session_id}/simulations/{partner}/{method}` and `…/multi` (CONTRACT.md §2): the loan
/// simulations the web SDK calls `getSimulation` and `getSimulationMulti`.
///
/// Body `{ "amount": <minor units>, "currency_code": "EUR" }`. The single route answers the preferred plan as
/// `{ partner, method, plugin_result }`; `…/multi` answers a JSON array of them, one per plan, the preferred one first.
/// `plugin_result = { amount, currency, initial_instalment_amount, instalment_amount, final_instalment_amount,
/// instalment_number, total_cost, total_amount, preferred, effective_annual_percentage_rate, legal_text }`, amounts in
/// minor units, worked out by ``SandboxLoanPlan/quote(amount:)``. Nothing is stored and nothing is charged.
///
/// HTTP errors: 401 `UNAUTHORIZED`, 400 `INVALID_JSON` / `INVALID_PAYLOAD` / `INVALID_AMOUNT` (not an integer above
/// 0), 404 `SESSION_NOT_FOUND`, 410 `EXPIRED_SESSION`, 400 `UNKNOWN_METHOD` (not offered in the session),
/// 400 `CURRENCY_MISMATCH` (not the session's currency), 422 `METHOD_IS_NOT_SIMULABLE` (a method without plans),
/// 422 `INVALID_LOAN_SIMULATION` (the amount is outside every plan's range; the message gives the range).
extension PurseSandbox {
    func gatewaySimulation(
        session sessionId: String, partner: String, method: String, multi: Bool, _ request: SandboxRequest
    ) -> SandboxResponse {
        guard request.header("x-api-key") == catalogue.entity.apiKey else {
            return .error(401, "UNAUTHORIZED", "Missing or wrong x-api-key")
        }
        let body: [String: SandboxJSON]
        switch request.jsonObjectBody() {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        guard let amount = body["amount"]?.intValue, amount > 0 else {
            return .error(400, "INVALID_AMOUNT", "amount must be an integer above 0, in minor units")
        }
        guard let currency = body["currency_code"]?.stringValue else {
            return .error(400, "INVALID_PAYLOAD", "currency_code is required")
        }
        let now = self.now
        guard let session = state.withLock({ $0.clientSessions[sessionId] }) else {
            return .error(404, "SESSION_NOT_FOUND", "No payment session \(sessionId)")
        }
        guard session.status(at: now) != "EXPIRED" else {
            return .error(410, "EXPIRED_SESSION", "The payment session has expired")
        }
        let itemId = "\(partner)-\(method)"
        guard let found = catalogue.method(partner: partner, method: method), session.offers(found) else {
            return .error(400, "UNKNOWN_METHOD", "\(itemId) is not offered in this session")
        }
        guard currency == session.currency else {
            return .error(
                400, "CURRENCY_MISMATCH", "currency_code \(currency) is not the session's currency \(session.currency)")
        }
        guard found.isSimulable else {
            return .error(422, "METHOD_IS_NOT_SIMULABLE", "\(itemId) offers no loan simulation")
        }
        let plans = found.loanPlans.filter { $0.accepts(amount: amount, currency: currency) }
        guard !plans.isEmpty else {
            let ranges = found.loanPlans.map {
                "\($0.installmentCount)x: \($0.minAmount) to \($0.maxAmount) \(currency)"
            }
            return .error(
                422, "INVALID_LOAN_SIMULATION",
                "\(SandboxMoney.display(minor: amount, currency: currency)) is outside the range of \(itemId) ("
                    + ranges.joined(separator: "; ") + ")")
        }
        let answers = plans.map { simulationJSON(found, plan: $0, amount: amount, currency: currency) }
        if multi { return .json(200, .array(answers)) }
        let preferred = plans.firstIndex(where: \.preferred) ?? 0
        return .json(200, answers[preferred])
    }

    private func simulationJSON(
        _ method: SandboxMethod, plan: SandboxLoanPlan, amount: Int, currency: String
    ) -> SandboxJSON {
        let quote = plan.quote(amount: amount)
        return [
            "partner": .string(method.partner),
            "method": .string(method.method),
            "plugin_result": [
                "amount": .int(amount),
                "currency": .string(currency),
                "initial_instalment_amount": .int(quote.initialInstallment),
                "instalment_amount": .int(quote.installment),
                "final_instalment_amount": .int(quote.finalInstallment),
                "instalment_number": .int(quote.installmentCount),
                "total_cost": .int(quote.totalCost),
                "total_amount": .int(quote.totalAmount),
                "preferred": .bool(plan.preferred),
                "effective_annual_percentage_rate": .number(plan.aprc),
                "legal_text": .string(plan.legalText),
            ],
        ]
    }
}
