/// The endpoints of the sandbox. Every path is under the configured base URL `B`.
///
/// The layout is fixed; the SDK is written against it. Purse publishes the merchant API paths and the vault
/// paths; the gateway, wallet, datetime and logs paths are not public, so CONTRACT.md decides them and the
/// widget data hands their roots to the SDK in `apiPaths` (payment = `B/gateway`, wallet = `B/wallet`,
/// datetime = `B/clock`, logs = `B/logs`, vault = `B/vault`).
///
/// | method | path | route |
/// |---|---|---|
/// | POST | `/oauth/token` | ``SandboxRoute/oauth`` |
/// | POST | `/payment/v2/client-sessions` | ``SandboxRoute/clientSessions`` |
/// | GET | `/payment/v2/client-sessions/{id}` | ``SandboxRoute/clientSessions`` |
/// | POST | `/gateway/sessions/{session_id}/init` | ``SandboxRoute/gatewayInit`` |
/// | POST | `/gateway/sessions/{session_id}/validate` | ``SandboxRoute/gatewayValidate`` |
/// | POST | `/gateway/sessions/{session_id}/init-xpay` | ``SandboxRoute/gatewayInitXPay`` |
/// | POST | `/gateway/sessions/{session_id}/simulations/{partner}/{method}` (and `…/multi`) | ``SandboxRoute/gatewaySimulation`` |
/// | GET | `/clock/datetime` | ``SandboxRoute/datetime`` |
/// | GET, DELETE | `/wallet/customers/{owner}/sessions/{wallet_session}/tokens` | ``SandboxRoute/wallet`` |
/// | PATCH, DELETE | `/wallet/customers/{owner}/sessions/{wallet_session}/tokens/{id}` | ``SandboxRoute/wallet`` |
/// | PUT | `/wallet/customers/{owner}/sessions/{wallet_session}/tokens/{id}/favorite` | ``SandboxRoute/wallet`` |
/// | POST | `/vault/v1/tenants/{tenant_id}/bin-lookup` | ``SandboxRoute/vault`` |
/// | POST | `/vault/v1/tenants/{tenant_id}/forms/secure-fields` | ``SandboxRoute/vault`` |
/// | POST | `/logs/…`, `/widget/secure_fields` | ``SandboxRoute/logs`` |
/// | GET, POST | `/pages/psp/{payment_id}`, `/pages/3ds/{payment_id}` | ``SandboxRoute/pages`` |
/// | POST | `/pages/{psp or 3ds}/{payment_id}/decision` | ``SandboxRoute/pages`` |
/// | GET | `/sandbox/catalogue` (`?format=text`), `/sandbox/stats` | ``SandboxRoute/admin`` |
/// | POST | `/sandbox/reset`; POST, DELETE `/sandbox/faults` | ``SandboxRoute/admin`` |
/// | GET | `/cdn/headless-checkout/purse.js` (the `widget.js_url`; a stub) | ``SandboxRoute/admin`` |
///
/// An unknown path answers 404 `NOT_FOUND`, a known path with another method 405 `METHOD_NOT_ALLOWED`.
enum SandboxEndpoint: Equatable {
    case oauthToken
    case createClientSession
    case getClientSession(id: String)
    case gatewayInit(session: String)
    case gatewayValidate(session: String)
    case gatewayInitXPay(session: String)
    case gatewaySimulation(session: String, partner: String, method: String, multi: Bool)
    case datetime
    case walletTokens(owner: String, walletSession: String)
    case walletToken(owner: String, walletSession: String, token: String)
    case walletFavorite(owner: String, walletSession: String, token: String)
    case binLookup(tenant: String)
    case secureFields(tenant: String)
    case logs
    case page(kind: String, payment: String)
    case pageDecision(kind: String, payment: String)
    case catalogue
    case stats
    case reset
    case faults
    case script

    /// The route whose counters and faults apply.
    var route: SandboxRoute {
        switch self {
        case .oauthToken: .oauth
        case .createClientSession, .getClientSession: .clientSessions
        case .gatewayInit: .gatewayInit
        case .gatewayValidate: .gatewayValidate
        case .gatewayInitXPay: .gatewayInitXPay
        case .gatewaySimulation: .gatewaySimulation
        case .datetime: .datetime
        case .walletTokens, .walletToken, .walletFavorite: .wallet
        case .binLookup, .secureFields: .vault
        case .logs: .logs
        case .page, .pageDecision: .pages
        case .catalogue, .stats, .reset, .faults, .script: .admin
        }
    }

    /// The HTTP methods the endpoint answers.
    /// Whether `method` is one of ``methods`` (without building the set).
    func allows(_ method: String) -> Bool {
        switch self {
        case .getClientSession, .datetime, .catalogue, .stats, .script: method == "GET"
        case .walletTokens: method == "GET" || method == "DELETE"
        case .walletToken: method == "PATCH" || method == "DELETE"
        case .walletFavorite: method == "PUT"
        case .page: method == "GET" || method == "POST"
        case .faults: method == "POST" || method == "DELETE"
        default: method == "POST"
        }
    }

    var methods: Set<String> {
        switch self {
        case .getClientSession, .datetime, .catalogue, .stats, .script: ["GET"]
        case .walletTokens: ["GET", "DELETE"]
        case .walletToken: ["PATCH", "DELETE"]
        case .walletFavorite: ["PUT"]
        case .page: ["GET", "POST"]
        case .faults: ["POST", "DELETE"]
        default: ["POST"]
        }
    }

    /// The endpoints whose path has no parameter, by their path as written without a base path, empty segments or
    /// percent-encoding: found with one look-up (``match(_:)`` finds them too, from the segments).
    static let fixedPaths: [String: SandboxEndpoint] = [
        "/oauth/token": .oauthToken, "/clock/datetime": .datetime, "/widget/secure_fields": .logs,
        "/sandbox/catalogue": .catalogue, "/sandbox/stats": .stats, "/sandbox/reset": .reset,
        "/sandbox/faults": .faults, "/payment/v2/client-sessions": .createClientSession,
        "/cdn/headless-checkout/purse.js": .script,
    ]

    /// The endpoint for `path` (components already percent-decoded), ignoring the method.
    static func match(_ parts: [String]) -> SandboxEndpoint? {
        switch parts.count {
        case 2: return matchTwo(parts)
        case 3: return matchThree(parts)
        case 4: return matchFour(parts)
        case 5: return matchFive(parts)
        default: return matchLong(parts)
        }
    }

    private static func matchTwo(_ parts: [String]) -> SandboxEndpoint? {
        switch (parts[0], parts[1]) {
        case ("oauth", "token"): .oauthToken
        case ("clock", "datetime"): .datetime
        case ("widget", "secure_fields"): .logs
        case ("sandbox", "catalogue"): .catalogue
        case ("sandbox", "stats"): .stats
        case ("sandbox", "reset"): .reset
        case ("sandbox", "faults"): .faults
        case ("logs", _): .logs
        default: nil
        }
    }

    private static func matchThree(_ parts: [String]) -> SandboxEndpoint? {
        if parts == ["payment", "v2", "client-sessions"] { return .createClientSession }
        if parts == ["cdn", "headless-checkout", "purse.js"] { return .script }
        if parts[0] == "pages", isPageKind(parts[1]) { return .page(kind: parts[1], payment: parts[2]) }
        if parts[0] == "logs" { return .logs }
        return nil
    }

    private static func matchFour(_ parts: [String]) -> SandboxEndpoint? {
        if parts[0] == "payment", parts[1] == "v2", parts[2] == "client-sessions" {
            return .getClientSession(id: parts[3])
        }
        if parts[0] == "gateway", parts[1] == "sessions" {
            switch parts[3] {
            case "init": return .gatewayInit(session: parts[2])
            case "validate": return .gatewayValidate(session: parts[2])
            case "init-xpay": return .gatewayInitXPay(session: parts[2])
            default: return nil
            }
        }
        if parts[0] == "pages", isPageKind(parts[1]), parts[3] == "decision" {
            return .pageDecision(kind: parts[1], payment: parts[2])
        }
        if parts[0] == "logs" { return .logs }
        return nil
    }

    private static func matchFive(_ parts: [String]) -> SandboxEndpoint? {
        if parts[0] == "vault", parts[1] == "v1", parts[2] == "tenants", parts[4] == "bin-lookup" {
            return .binLookup(tenant: parts[3])
        }
        return matchLong(parts)
    }

    private static func matchLong(_ parts: [String]) -> SandboxEndpoint? {
        if parts.first == "logs" { return .logs }
        if parts.count == 6 || (parts.count == 7 && parts[6] == "multi"), parts[0] == "gateway", parts[1] == "sessions",
            parts[3] == "simulations"
        {
            return .gatewaySimulation(session: parts[2], partner: parts[4], method: parts[5], multi: parts.count == 7)
        }
        if parts.count == 6, parts[0] == "vault", parts[1] == "v1", parts[2] == "tenants", parts[4] == "forms",
            parts[5] == "secure-fields"
        {
            return .secureFields(tenant: parts[3])
        }
        guard parts.count >= 6, parts[0] == "wallet", parts[1] == "customers", parts[3] == "sessions",
            parts[5] == "tokens"
        else { return nil }
        let owner = parts[2]
        let walletSession = parts[4]
        switch parts.count {
        case 6: return .walletTokens(owner: owner, walletSession: walletSession)
        case 7: return .walletToken(owner: owner, walletSession: walletSession, token: parts[6])
        case 8 where parts[7] == "favorite":
            return .walletFavorite(owner: owner, walletSession: walletSession, token: parts[6])
        default: return nil
        }
    }

    private static func isPageKind(_ kind: String) -> Bool { kind == "psp" || kind == "3ds" }
}
