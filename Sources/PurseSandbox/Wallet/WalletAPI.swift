internal import Foundation

/// The wallet API (CONTRACT.md §3) under `B/wallet/customers/{owner_reference}/sessions/{wallet_session_id}`.
///
/// Headers `x-api-key` (401 `UNAUTHORIZED`) and `x-merchant-id` (401 `MISSING_MERCHANT_ID`, 403
/// `MERCHANT_MISMATCH`). The wallet session must exist (404 `WALLET_SESSION_NOT_FOUND`), belong to the owner
/// in the path (403 `WALLET_SESSION_OWNER_MISMATCH`) and not be expired (410 `WALLET_SESSION_EXPIRED`).
///
/// | call | answer |
/// |---|---|
/// | `GET …/tokens?status=ACTIVE` | 200, JSON array of tokens (integrated-token shape) |
/// | `PATCH …/tokens/{id}` `{ "name" }` | 200 the token; 400 `INVALID_TOKEN_NAME`, 409 `TOKEN_NAME_EXISTS` |
/// | `PUT …/tokens/{id}/favorite` `{ "favorite" }` | 200 the token |
/// | `DELETE …/tokens/{id}` | 204; 404 `MISSING_TOKEN` |
/// | `DELETE …/tokens` | 204 (saved gift cards included) |
///
/// Wallets are shared state: a change shows in the widget data of the next client session.
extension PurseSandbox {
    func walletEndpoint(_ endpoint: SandboxEndpoint, _ request: SandboxRequest) -> SandboxResponse {
        guard request.header("x-api-key") == catalogue.entity.apiKey else {
            return .error(401, "UNAUTHORIZED", "Missing or wrong x-api-key")
        }
        guard let merchant = request.header("x-merchant-id") else {
            return .error(401, "MISSING_MERCHANT_ID", "The x-merchant-id header is required")
        }
        guard merchant == catalogue.entity.merchantId else {
            return .error(403, "MERCHANT_MISMATCH", "x-merchant-id does not match this entity")
        }
        let now = self.now
        let operation: WalletOperation
        switch WalletOperation.parse(endpoint, request) {
        case .success(let parsed): operation = parsed
        case .failure(let error): return error.response
        }
        let isRead = if case .list = operation.kind { true } else { false }
        let perform = { (state: inout SandboxState) -> SandboxResponse in
            if let error = self.checkWalletSession(operation, state: state, now: now) { return error.response }
            return self.apply(operation, state: &state, now: now)
        }
        if isRead {
            return read { state in
                var copy = state
                return perform(&copy)
            }
        }
        return mutate(perform)
    }

    private func checkWalletSession(_ operation: WalletOperation, state: SandboxState, now: Date) -> SandboxAPIError? {
        guard let session = state.walletSessions[operation.walletSession] else {
            return SandboxAPIError(404, "WALLET_SESSION_NOT_FOUND", "No wallet session \(operation.walletSession)")
        }
        guard session.ownerReference == operation.owner else {
            return SandboxAPIError(
                403, "WALLET_SESSION_OWNER_MISMATCH", "The wallet session belongs to another shopper")
        }
        guard now < session.expiresAt else {
            return SandboxAPIError(410, "WALLET_SESSION_EXPIRED", "The wallet session has expired")
        }
        return nil
    }

    private func apply(_ operation: WalletOperation, state: inout SandboxState, now: Date) -> SandboxResponse {
        let owner = operation.owner
        var wallet = state.wallets[owner] ?? []
        let missing = SandboxResponse.error(404, "MISSING_TOKEN", "The token is not in the wallet")
        switch operation.kind {
        case .list(let status):
            let tokens = wallet.filter { status == nil || $0.status == status }
            return .json(200, .array(tokens.map(\.json)))
        case .deleteAll:
            state.wallets[owner] = []
            return .noContent
        case .delete(let id):
            guard let index = wallet.firstIndex(where: { $0.id == id }) else { return missing }
            wallet.remove(at: index)
            state.wallets[owner] = wallet
            return .noContent
        case .rename(let id, let name):
            guard let index = wallet.firstIndex(where: { $0.id == id }) else { return missing }
            guard TokenLabel.isValid(name) else {
                return .error(400, "INVALID_TOKEN_NAME", "A label is 1 to 25 letters, digits or spaces")
            }
            guard !TokenLabel.isTaken(name, in: wallet, except: id) else {
                return .error(409, "TOKEN_NAME_EXISTS", "Another saved instrument uses this label")
            }
            wallet[index].name = name
            wallet[index].updatedAt = SandboxTime.iso8601(now)
            state.wallets[owner] = wallet
            return .json(200, wallet[index].json)
        case .favorite(let id, let favorite):
            guard let index = wallet.firstIndex(where: { $0.id == id }) else { return missing }
            wallet[index].favorite = favorite
            wallet[index].updatedAt = SandboxTime.iso8601(now)
            state.wallets[owner] = wallet
            return .json(200, wallet[index].json)
        }
    }
}

/// A parsed wallet call.
private struct WalletOperation {
    enum Kind {
        case list(status: String?)
        case deleteAll
        case delete(id: String)
        case rename(id: String, name: String)
        case favorite(id: String, favorite: Bool)
    }

    var owner: String
    var walletSession: String
    var kind: Kind

    static func parse(_ endpoint: SandboxEndpoint, _ request: SandboxRequest) -> Result<Self, SandboxAPIError> {
        switch endpoint {
        case .walletTokens(let owner, let walletSession):
            if request.method == "DELETE" {
                return .success(Self(owner: owner, walletSession: walletSession, kind: .deleteAll))
            }
            let status = request.query["status"]
            if let status, status != "ACTIVE", status != "INACTIVE" {
                return .failure(SandboxAPIError(400, "INVALID_PAYLOAD", "status must be ACTIVE or INACTIVE"))
            }
            return .success(Self(owner: owner, walletSession: walletSession, kind: .list(status: status)))
        case .walletToken(let owner, let walletSession, let token):
            if request.method == "DELETE" {
                return .success(Self(owner: owner, walletSession: walletSession, kind: .delete(id: token)))
            }
            return request.jsonObjectBody().flatMap { body in
                guard let name = body["name"]?.stringValue else {
                    return .failure(SandboxAPIError(400, "INVALID_TOKEN_NAME", "name is required (a string)"))
                }
                return .success(Self(owner: owner, walletSession: walletSession, kind: .rename(id: token, name: name)))
            }
        case .walletFavorite(let owner, let walletSession, let token):
            return request.jsonObjectBody().flatMap { body in
                guard let favorite = body["favorite"]?.boolValue else {
                    return .failure(SandboxAPIError(400, "INVALID_PAYLOAD", "favorite is required (a boolean)"))
                }
                return .success(
                    Self(owner: owner, walletSession: walletSession, kind: .favorite(id: token, favorite: favorite)))
            }
        default:
            return .failure(SandboxAPIError(404, "NOT_FOUND", "Not a wallet endpoint"))
        }
    }
}
