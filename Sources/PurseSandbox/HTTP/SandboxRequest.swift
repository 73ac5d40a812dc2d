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
    /// The header fields, names lower-cased, repeated fields joined with `, `. Read one with ``header(_:)``,
    /// which ignores case and builds no dictionary.
    public var headers: [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = SandboxEncoding.lowercasedName(field.name)
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        return headers
    }
    /// The raw body.
    public var body: Data
    /// The header fields as given (a server's, in the order received); names compared ignoring ASCII case.
    private var fields: [(name: String, value: String)]

    /// Creates a request from its parts; header names are compared ignoring case.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.init(method: method, path: path, query: query, fields: headers.map { ($0.key, $0.value) }, body: body)
    }

    private init(
        method: String, path: String, query: [String: String], fields: [(name: String, value: String)], body: Data
    ) {
        let lowercase = method.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        self.method = lowercase ? method.uppercased() : method
        self.path = path
        self.query = query
        self.fields = fields
        self.body = body
    }

    /// Creates a request from an HTTP request target and the header fields as a server received them, in order
    /// (repeated fields are kept; ``header(_:)`` joins them).
    public init(method: String, target: String, fields: [(name: String, value: String)], body: Data = Data()) {
        let (path, query) = Self.split(target)
        self.init(method: method, path: path, query: query, fields: fields, body: body)
    }

    /// Creates a request from an HTTP request target such as `/wallet/…/tokens?status=ACTIVE`.
    ///
    /// An absolute target (`http://127.0.0.1:8080/clock/datetime`) is accepted too; its scheme and authority
    /// are ignored.
    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        let (path, query) = Self.split(target)
        self.init(method: method, path: path, query: query, headers: headers, body: body)
    }

    /// A target's path (still percent-encoded) and decoded query; an absolute target's scheme and authority, and
    /// any fragment, are dropped.
    private static func split(_ target: String) -> (path: String, query: [String: String]) {
        var target = target
        // An origin-form target (`/…`, what clients send) has no scheme, even with `://` in its query.
        if target.utf8.first != UInt8(ascii: "/"), let schemeEnd = target.range(of: "://") {
            let afterScheme = target[schemeEnd.upperBound...]
            target = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? "/"
        }
        if let hash = target.utf8.firstIndex(of: UInt8(ascii: "#")) { target = String(target[..<hash]) }
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (target, [:]) }
        let query = SandboxEncoding.parseForm(String(target[target.utf8.index(after: question)...]))
        return (String(target[..<question]), query)
    }

    /// The value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        var found: String?
        for field in fields where SandboxEncoding.namesEqual(field.name, name) {
            found = found.map { "\($0), \(field.value)" } ?? field.value
        }
        return found
    }

    /// Sets (or with `nil` removes) the header `name`.
    public mutating func setHeader(_ name: String, _ value: String?) {
        fields.removeAll { SandboxEncoding.namesEqual($0.name, name) }
        if let value { fields.append((name: SandboxEncoding.lowercasedName(name), value: value)) }
    }

    /// Two requests are equal when their method, path, query, header fields (names ignoring case) and body are.
    public static func == (lhs: SandboxRequest, rhs: SandboxRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query && lhs.body == rhs.body
            && lhs.headers == rhs.headers
    }
}
