import Foundation

/// The payment gateway calls (CONTRACT §2) and server time (§1).
struct PaymentAPI: Sendable {
    let client: APIClient
    let roots: APIRoots
    let apiKey: String

    private var headers: [String: String] { ["x-api-key": apiKey] }

    /// `GET {datetime}/datetime` → the server's clock.
    func serverTime() async throws(PurseCheckoutError) -> Date {
        let what = "Datetime API GET /datetime"
        let body = try await client.send(
            service: "Datetime API", method: "GET", url: roots.datetime.appendingPathComponent("datetime"),
            display: "/datetime", headers: headers)
        let reader = try APIClient.reader(body, what: what)
        let date: Date
        if let millis = try reader.decimal("utc"), let exact = JSONValue.exactInt64(millis) {
            guard ClockBounds.serverTimeMillis.contains(exact) else {
                throw PurseCheckoutError(
                    .invalidResponse, message: "\(what): utc \(exact) is not a time between 1970 and 9999")
            }
            date = Date(timeIntervalSince1970: TimeInterval(exact) / 1000)
        } else {
            date = try reader.required("iso").date()
        }
        guard ClockBounds.acceptsServerTime(date) else {
            throw PurseCheckoutError(.invalidResponse, message: "\(what): iso is not a time between 1970 and 9999")
        }
        return date
    }

    /// `POST /sessions/{session_id}/init` with one item.
    func initialize(sessionID: String, item: ItemPayload) async throws(PurseCheckoutError) -> InitData {
        let body = try await client.send(
            service: "Payment API", method: "POST",
            url: roots.payment.appending(segments: ["sessions", sessionID, "init"]), display: "/init",
            headers: headers, body: item.json, effect: .chargesNothing)
        return try InitData(reading: APIClient.reader(body, what: "Payment API POST /init"))
    }

    /// `POST /sessions/{session_id}/init-xpay` with one wallet item (Apple Pay, CONTRACT §8): the payment data goes
    /// to the vault, the answer's `plugin_result.vault_vendor_token_id` pays at `/validate`.
    func initializeXPay(sessionID: String, item: ItemPayload) async throws(PurseCheckoutError) -> InitData {
        let body = try await client.send(
            service: "Payment API", method: "POST",
            url: roots.payment.appending(segments: ["sessions", sessionID, "init-xpay"]), display: "/init-xpay",
            headers: headers, body: item.json, effect: .chargesNothing)
        return try InitData(reading: APIClient.reader(body, what: "Payment API POST /init-xpay"))
    }

    /// `POST /sessions/{session_id}/simulations/{partner}/{method}` (or `…/multi`) with `{ amount (minor), currency_code }`:
    /// the web SDK's `getSimulation` / `getSimulationMulti`. A refusal keeps the server's code
    /// (`METHOD_IS_NOT_SIMULABLE`, `INVALID_LOAN_SIMULATION`) as the error's code.
    func simulation(
        sessionID: String, partner: Partner, method: PaymentMethodType, amount: Int64, currency: String, multi: Bool
    ) async throws(PurseCheckoutError) -> JSONValue? {
        var segments = ["sessions", sessionID, "simulations", partner.rawValue, method.rawValue]
        if multi { segments.append("multi") }
        let display = "/simulations/\(partner.rawValue)/\(method.rawValue)" + (multi ? "/multi" : "")
        do {
            return try await client.send(
                service: "Payment API", method: "POST", url: roots.payment.appending(segments: segments),
                display: display, headers: headers,
                body: .object(["amount": .integer(amount), "currency_code": .string(currency)]),
                quotesServerMessage: true, effect: .chargesNothing)
        } catch {
            guard let server = error.serverCode,
                server == PurseCheckoutError.Code.methodIsNotSimulable.rawValue
                    || server == PurseCheckoutError.Code.invalidLoanSimulation.rawValue
            else { throw error }
            throw PurseCheckoutError(
                PurseCheckoutError.Code(rawValue: server), message: error.message, httpStatus: error.httpStatus,
                serverCode: server)
        }
    }

    /// `POST /sessions/{session_id}/validate` with every split participant, under an idempotency key that a
    /// retry of the same attempt reuses.
    func validate(
        sessionID: String, items: [ItemPayload], idempotencyKey: String
    ) async throws(PurseCheckoutError) -> ValidationResult {
        var headers = self.headers
        headers["Idempotency-Key"] = idempotencyKey
        let body = try await client.send(
            service: "Payment API", method: "POST",
            url: roots.payment.appending(segments: ["sessions", sessionID, "validate"]), display: "/validate",
            headers: headers, body: .array(items.map(\.json)), effect: .pays)
        return try ValidationResult(reading: APIClient.reader(body, what: "Payment API POST /validate"))
    }
}
