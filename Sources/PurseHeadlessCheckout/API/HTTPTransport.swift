public import Foundation

/// The one seam every network call of the SDK goes through.
///
/// A transport sends bytes and returns bytes: it never interprets status codes (the API layer above
/// does). ``URLSessionTransport`` is the default; `PurseCheckoutTesting` provides an in-process sandbox
/// transport. Implementations must honour task cancellation and throw ``TransportError`` for failures
/// where no HTTP answer arrived.
///
/// ```swift
/// struct RecordingTransport: HTTPTransport {
///     let base: any HTTPTransport
///     func send(_ request: HTTPRequest) async throws -> HTTPResponse {
///         print(request.method, request.url.path)   // never log bodies: they can hold card data
///         return try await base.send(request)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the answer, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// An HTTP request as the SDK builds it.
public struct HTTPRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields (names as written; compare case-insensitively).
    public var headers: [String: String]
    /// The JSON body of a `POST`, `PUT` or `PATCH`, or `nil`. It may hold card data: never log it.
    public var body: Data?
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    /// - Parameters:
    ///   - method: The HTTP method, upper case.
    ///   - url: The absolute URL.
    ///   - headers: Header fields.
    ///   - body: The body; `nil` sends none.
    ///   - timeout: How long the whole exchange may take before the transport throws
    ///     ``TransportError/Kind-swift.struct/timedOut``.
    public init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(30)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// An HTTP answer, whatever its status: the checkout's API layer, not the transport, turns a 4xx or 5xx into a
/// ``PurseCheckoutError``.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code, e.g. `200` or `503`.
    public var status: Int
    /// Header fields as received; read them with ``header(_:)``, which ignores case.
    public var headers: [String: String]
    /// The body, empty when the answer has none. It may hold card data: never log it.
    public var body: Data

    /// Creates an answer, as a transport (or a test double) received it: the status is never interpreted here.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why a request got no HTTP answer.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        /// A short phrase for logs, e.g. `timed out`.
        public let rawValue: String
        /// Wraps a kind; a transport of your own may use kinds beyond the five constants (the checkout takes them
        /// for "sent, no answer").
        public init(rawValue: String) { self.rawValue = rawValue }
        /// No answer within the request's timeout. The request may have reached the server.
        public static let timedOut = Kind(rawValue: "timed out")
        /// The connection was reset or closed before the answer ended, or failed in a way the transport cannot
        /// place: the request may have reached the server.
        public static let connectionFailed = Kind(rawValue: "connection failed")
        /// The request was never sent: no connection could be made (refused, host not found, no route, offline).
        /// Use it only when the transport knows that no byte of the request left, never after a write (a
        /// connection reset once the request was written is ``connectionFailed``): the checkout then tells the
        /// caller that nothing reached the server, `API_UNREACHABLE`.
        public static let cannotConnect = Kind(rawValue: "could not connect")
        /// The task was cancelled.
        public static let cancelled = Kind(rawValue: "cancelled")
        /// Anything else.
        public static let other = Kind(rawValue: "failed")
    }

    /// What kind of failure: the checkout reports ``Kind-swift.struct/cancelled`` as `REQUEST_CANCELLED`,
    /// ``Kind-swift.struct/cannotConnect`` (never sent) as `API_UNREACHABLE`, and every other kind (sent, no answer)
    /// as `NETWORK_ERROR`.
    public let kind: Kind
    /// Detail for developers (never card data: transports see no payload semantics and must not log bodies).
    public let detail: String

    /// Creates a transport failure.
    /// - Parameters:
    ///   - kind: What kind of failure.
    ///   - detail: Words for developers; never put a request or response body (card data) in it.
    public init(_ kind: Kind, detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// The kind and the detail, e.g. `connection failed: the sandbox dropped the connection`.
    public var description: String { detail.isEmpty ? kind.rawValue : "\(kind.rawValue): \(detail)" }
}
