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
        let lowercase = method.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        self.method = lowercase ? method.uppercased() : method
        self.path = path
        self.query = query
        self.body = body
        if headers.keys.allSatisfy({ SandboxEncoding.lowercasedName($0) == $0 }) {
            self.headers = headers
        } else {
            self.headers = [:]
            for (name, value) in headers { self.headers[SandboxEncoding.lowercasedName(name)] = value }
        }
    }

    /// Creates a request from an HTTP request target such as `/wallet/…/tokens?status=ACTIVE`.
    ///
    /// An absolute target (`http://127.0.0.1:8080/clock/datetime`) is accepted too; its scheme and authority
    /// are ignored.
    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        var target = target
        // An origin-form target (`/…`, what clients send) has no scheme, even with `://` in its query.
        if target.utf8.first != UInt8(ascii: "/"), let schemeEnd = target.range(of: "://") {
            let afterScheme = target[schemeEnd.upperBound...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) { target = String(target[..<hash]) }
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            self.init(method: method, path: target, headers: headers, body: body)
            return
        }
        let query = SandboxEncoding.parseForm(String(target[target.utf8.index(after: question)...]))
        self.init(method: method, path: String(target[..<question]), query: query, headers: headers, body: body)
    }

    /// `name` as ``headers`` keys it: ASCII capitals lowered (a name without any is returned as it is).
    public static func fieldName(_ name: String) -> String { SandboxEncoding.lowercasedName(name) }

    /// The value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[SandboxEncoding.lowercasedName(name)] }

    /// Sets (or with `nil` removes) the header `name`.
    public mutating func setHeader(_ name: String, _ value: String?) {
        headers[SandboxEncoding.lowercasedName(name)] = value
    }
}
