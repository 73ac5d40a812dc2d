public import Foundation

/// A Purse environment, as named in the widget data (`development`, `test`, `sandbox`, `production`).
public struct PurseEnvironment: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name as the widget data spells it, e.g. `production`.
    public let rawValue: String
    /// Wraps a name; a name other than the four below decodes as `SESSION_MALFORMED`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The name, e.g. `sandbox`.
    public var description: String { rawValue }

    /// Purse's development environment; it uses the test hosts (`purse-test.com`).
    public static let development = PurseEnvironment(rawValue: "development")
    /// Purse's test environment (`purse-test.com`).
    public static let test = PurseEnvironment(rawValue: "test")
    /// Purse's own sandbox environment (`purse-sandbox.com`), not the local sandbox of `PurseSandbox`.
    public static let sandbox = PurseEnvironment(rawValue: "sandbox")
    /// Production (`purse-secure.com`): real payments.
    public static let production = PurseEnvironment(rawValue: "production")

    /// The environments widget data may name.
    static let known: Set<PurseEnvironment> = [.development, .test, .sandbox, .production]

    /// The domain the environment's hosts live on. Development uses the test hosts.
    var domain: String {
        switch self {
        case .production: return "purse-secure.com"
        case .sandbox: return "purse-sandbox.com"
        default: return "purse-test.com"
        }
    }

    /// The default service roots of the environment (purse-facts §1).
    public var defaultRoots: APIRoots {
        // Force-unwrap free: these literals are valid URLs; a fallback keeps the type total.
        func url(_ text: String) -> URL { URL(string: text) ?? URL(fileURLWithPath: "/") }
        let api = url("https://api.\(domain)")
        return APIRoots(payment: api, wallet: api, datetime: api, logs: api, vault: url("https://api.vault.\(domain)"))
    }

    /// The CDN host that serves icons for this environment.
    var cdnHost: String { "cdn.\(domain)" }
}

/// The service roots every call is relative to (CONTRACT §1): the widget data may override each one.
public struct APIRoots: Sendable, Hashable {
    /// Root of the payment gateway (`/sessions/{id}/init`, `/validate`).
    public var payment: URL
    /// Root of the wallet API.
    public var wallet: URL
    /// Root of the server-time service (`/datetime`).
    public var datetime: URL
    /// Root of the remote-logs service.
    public var logs: URL
    /// Root of the card vault (BIN look-up, tokenization).
    public var vault: URL

    /// Creates service roots, one per service; ``sandbox(base:)`` builds the local sandbox's.
    public init(payment: URL, wallet: URL, datetime: URL, logs: URL, vault: URL) {
        self.payment = payment
        self.wallet = wallet
        self.datetime = datetime
        self.logs = logs
        self.vault = vault
    }

    /// Every service under one base URL, as the sandbox lays them out:
    /// `base/gateway`, `base/wallet`, `base/clock`, `base/logs`, `base/vault`.
    public static func sandbox(base: URL) -> APIRoots {
        APIRoots(
            payment: base.appendingPathComponent("gateway"),
            wallet: base.appendingPathComponent("wallet"),
            datetime: base.appendingPathComponent("clock"),
            logs: base.appendingPathComponent("logs"),
            vault: base.appendingPathComponent("vault")
        )
    }
}
