import Foundation

/// The wallet calls of CONTRACT §3, on behalf of the session's wallet session.
///
/// Errors are `walletOperationFailed`: the server's code (`MISSING_TOKEN`, `TOKEN_NAME_EXISTS`,
/// `INVALID_TOKEN_NAME`, …) becomes the error's code when it is one the SDK knows, else `API_ERROR`.
struct WalletAPI: Sendable {
    let client: APIClient
    let root: URL
    let apiKey: String
    let walletSession: WalletSession

    private var base: URL {
        root.appending(segments: ["customers", walletSession.ownerReference, "sessions", walletSession.sessionID])
    }
    private var headers: [String: String] { ["x-api-key": apiKey, "x-merchant-id": walletSession.merchant] }

    /// `GET …/tokens?status=ACTIVE`: the raw token objects.
    func listTokens() async throws(PurseCheckoutError) -> [JSONValue] {
        var components = URLComponents(url: base.appendingPathComponent("tokens"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "status", value: "ACTIVE")]
        let url = components?.url ?? base.appendingPathComponent("tokens")
        let body = try await call("GET", url: url, display: "/tokens")
        let reader = try APIClient.reader(body, what: "Wallet API GET /tokens")
        if case .array = reader.value { return try reader.elements().map(\.value) }
        return try reader.required("tokens").elements().map(\.value)
    }

    /// `PATCH …/tokens/{id}` `{ "name": … }`.
    func rename(tokenID: String, name: String) async throws(PurseCheckoutError) {
        _ = try await call(
            "PATCH", url: base.appending(segments: ["tokens", tokenID]), display: "/tokens/{id}",
            body: ["name": .string(name)])
    }

    /// `PUT …/tokens/{id}/favorite` `{ "favorite": … }`.
    func setFavorite(tokenID: String, favorite: Bool) async throws(PurseCheckoutError) {
        _ = try await call(
            "PUT", url: base.appending(segments: ["tokens", tokenID, "favorite"]), display: "/tokens/{id}/favorite",
            body: ["favorite": .bool(favorite)])
    }

    /// `DELETE …/tokens/{id}`.
    func delete(tokenID: String) async throws(PurseCheckoutError) {
        _ = try await call("DELETE", url: base.appending(segments: ["tokens", tokenID]), display: "/tokens/{id}")
    }

    /// `DELETE …/tokens`.
    func deleteAll() async throws(PurseCheckoutError) {
        _ = try await call("DELETE", url: base.appendingPathComponent("tokens"), display: "/tokens")
    }

    private func call(
        _ method: String, url: URL, display: String, body: JSONValue? = nil
    ) async throws(PurseCheckoutError) -> JSONValue? {
        do {
            return try await client.send(
                service: "Wallet API", method: method, url: url, display: display, headers: headers, body: body)
        } catch {
            throw Self.walletError(error)
        }
    }

    static let knownServerCodes: Set<PurseCheckoutError.Code> = [
        .missingToken, .invalidTokenName, .tokenNameExists, .tokenNotRegisterable, .methodNotRegisterable,
        .missingWalletSession,
    ]

    /// Regroups an API error as `walletOperationFailed`, adopting the server's code when the SDK knows it.
    static func walletError(_ error: PurseCheckoutError) -> PurseCheckoutError {
        var code = error.code
        if let server = error.serverCode.map(PurseCheckoutError.Code.init(rawValue:)), knownServerCodes.contains(server)
        {
            code = server
        }
        return PurseCheckoutError(
            code, message: error.message, kind: .walletOperationFailed, httpStatus: error.httpStatus,
            serverCode: error.serverCode)
    }
}
