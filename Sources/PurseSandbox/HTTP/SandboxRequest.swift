public import Foundation

/// One HTTP request as the sandbox router sees it: no socket, no URL loading, just values.
///
/// Build one by hand in a test, or from what an HTTP server parsed:
/// ```swift
/// let request = SandboxRequest(method: "GET", target: "/clock/datetime")
/// let response = await sandbox.handle(request)
/// ```
public struct SandboxRequest: Sendable, Equatable {
    /// The HTTP method, upper-cased (`GET`, `POST`, `PATCH`, `PUT`, `DELETE`).
    public var method: String
    /// The path, still percent-encoded, without the query (`/gateway/sessions/…/init`).
    public var path: String
    /// The decoded query parameters (`?status=ACTIVE` → `["status": "ACTIVE"]`).
    public var query: [String: String]
    /// The header fields, names lower-cased. Read them with ``header(_:)``, which ignores case.
    public private(set) var headers: [String: String]
    /// The raw body.
    public var body: Data

    /// Creates a request from its parts; header names are lower-cased so lookups ignore case.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = [:]
        self.body = body
        for (name, value) in headers { self.headers[name.lowercased()] = value }
    }

    /// Creates a request from an HTTP request target such as `/wallet/…/tokens?status=ACTIVE`.
    ///
    /// An absolute target (`http://127.0.0.1:8080/clock/datetime`) is accepted too; its scheme and authority
    /// are ignored.
    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        var target = target
        if let schemeEnd = target.range(of: "://") {
            let afterScheme = target[schemeEnd.upperBound...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? SandboxEncoding.parseForm(String(parts[1])) : [:]
        self.init(method: method, path: String(parts[0]), query: query, headers: headers, body: body)
    }

    /// The value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Sets (or with `nil` removes) the header `name`.
    public mutating func setHeader(_ name: String, _ value: String?) { headers[name.lowercased()] = value }
}
