import Foundation

/// Your server. It holds the Purse keys, creates the client session for the cart and confirms payments
/// (webhooks, or Get a client session). The app never talks to Purse's merchant API itself.
protocol MerchantBackend: Sendable {
    /// Creates a client session for the current cart and returns its `widget.data`.
    func createClientSession() async throws -> String
    /// The final status of a payment session, as your server knows it (for example `SUCCESS` or `WAITING`).
    func paymentStatus(sessionID: String) async throws -> String
}

/// A backend reached over HTTPS with JSON. The routes are this example's, not Purse's: adapt them to your server.
struct DemoMerchantBackend: MerchantBackend {
    /// PLACEHOLDER: your server's base URL. `.invalid` never resolves, so nothing is sent until you change it.
    let baseURL = URL(string: "https://merchant.example.invalid/api/")

    struct BackendError: Error {}

    private struct SessionResponse: Decodable {
        let widgetData: String
    }

    private struct StatusResponse: Decodable {
        let status: String
    }

    func createClientSession() async throws -> String {
        try await post("checkout-sessions", as: SessionResponse.self).widgetData
    }

    func paymentStatus(sessionID: String) async throws -> String {
        try await post("checkout-sessions/\(sessionID)/status", as: StatusResponse.self).status
    }

    private func post<Response: Decodable>(_ path: String, as type: Response.Type) async throws -> Response {
        guard let url = baseURL.flatMap({ URL(string: path, relativeTo: $0) }) else { throw BackendError() }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            throw BackendError()
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Response.self, from: data)
    }
}
