import Foundation
import PurseHeadlessCheckout

/// What a merchant backend does around a checkout, for the demo: OAuth, create a client session, and
/// confirm a payment server-side. Never part of an app: it holds the client secret.
struct MerchantBackend {
    let base: URL
    let apiKey: String
    let entityID: String
    let clientID: String
    let clientSecret: String
    let transport: any HTTPTransport

    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The server's error code (`UNSUPPORTED_CURRENCY`), when it answered with one.
        var code: String?
        /// The server's own words, when it answered with them.
        var message: String?
    }

    /// `POST /oauth/token` (client credentials, HTTP Basic).
    func accessToken() async throws -> String {
        let credentials = Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
        let body = try await call(
            "POST", "oauth/token",
            headers: ["Authorization": "Basic \(credentials)", "Content-Type": "application/x-www-form-urlencoded"],
            body: Data("grant_type=client_credentials".utf8))
        guard let token = body["access_token"]?.stringValue else {
            // A wire diagnostic for the developer, naming the missing field: English, as the SDK's error messages are.
            throw Failure(description: "no access_token")  // not shopper text
        }
        return token
    }

    /// `POST /payment/v2/client-sessions`: the widget data to hand to the app. Hosted pages send the shopper
    /// back to `returnURL` (`purse checkout` passes its loopback listener's address).
    func createClientSession(
        token: String, amount: Int64, currency: String, customer: String?, order: String,
        returnURL: String = "https://shop.example.com/return", allowFutureUsage: Bool = false, locale: String? = nil
    ) async throws -> (id: String, widgetData: String) {
        var request: [String: JSONValue] = [
            "entity_id": .string(entityID), "amount": .integer(amount), "currency": .string(currency),
            "shopper_redirection_url": .string(returnURL),
            "order": ["reference": .string(order)],
        ]
        // `customer.locale_code`: the shopper's language, which the hosted pages and the SDK follow.
        var shopper: [String: JSONValue] = [:]
        if let customer { shopper["reference"] = .string(customer) }
        if let locale { shopper["locale_code"] = .string(locale) }
        if !shopper.isEmpty { request["customer"] = .object(shopper) }
        if allowFutureUsage { request["allow_future_usage"] = .bool(true) }
        let body = try await call(
            "POST", "payment/v2/client-sessions",
            headers: ["Authorization": "Bearer \(token)", "x-api-key": apiKey, "Content-Type": "application/json"],
            body: JSONValue.object(request).serialized())
        guard let id = body["id"]?.stringValue, let data = body["widget"]?["data"]?.stringValue else {
            // A wire diagnostic for the developer, naming the missing fields: English, as the SDK's error messages are.
            throw Failure(description: "the client session answer has no id or widget.data")  // not shopper text
        }
        return (id, data)
    }

    /// `GET /payment/v2/client-sessions/{id}`: the server-side truth about the payment.
    func status(
        token: String, sessionID: String
    ) async throws -> (session: String, authorization: String?, paymentID: String?) {
        let body = try await call(
            "GET", "payment/v2/client-sessions/\(sessionID)",
            headers: ["Authorization": "Bearer \(token)", "x-api-key": apiKey])
        return (
            body["status"]?.stringValue ?? "?", body["payment"]?["authorization_status"]?.stringValue,
            body["payment"]?["id"]?.stringValue
        )
    }

    /// The amount the server recorded for the session's payment, minor units (`nil` when none).
    func paymentAmount(token: String, sessionID: String) async throws -> Int? {
        let body = try await call(
            "GET", "payment/v2/client-sessions/\(sessionID)",
            headers: ["Authorization": "Bearer \(token)", "x-api-key": apiKey])
        return body["payment"]?["amount"]?.int64Value.map(Int.init)
    }

    private func call(
        _ method: String, _ path: String, headers: [String: String], body: Data? = nil
    ) async throws
        -> JSONValue
    {
        let response = try await transport.send(
            HTTPRequest(method: method, url: base.appendingPathComponent(path), headers: headers, body: body))
        guard (200..<300).contains(response.status) else {
            // The error body says why (`{ code, message }`): pass it on, it is what the user can act on.
            let error = try? JSONValue.parse(response.body)
            let code = error?["code"]?.stringValue
            let message = error?["message"]?.stringValue
            let said = [code, message].compactMap { $0 }.joined(separator: ": ")
            // A wire diagnostic for the developer (the route, the HTTP status, the server's own code and message):
            // English, as the SDK's error messages are.
            throw Failure(  // not shopper text
                description: "\(method) /\(path) answered HTTP \(response.status)" + (said.isEmpty ? "" : " \(said)"),
                code: code, message: message)
        }
        return try JSONValue.parse(response.body)
    }
}
