/// The answer a handler gives to one ``HTTPServerRequest``.
///
/// The server adds `Content-Length` (always, from ``body``), `Date`, and `Connection: close` when it closes
/// the connection after this response; a `Content-Length`, `Transfer-Encoding` or `Connection` header set
/// here is replaced. A `Connection: close` header set here makes the server close after answering. Header
/// fields whose name is not an HTTP token or whose value holds CR, LF or NUL are dropped, so a value taken
/// from a request can never split the response.
///
/// ```swift
/// let server = HTTPServer { request in
///     request.path == "/health" ? .json(status: 200, #"{"ok":true}"#) : .text(status: 404, "not found")
/// }
/// ```
///
/// Printing a response shows its status and body size only: bodies may carry tokens (DESIGN.md §7).
public struct HTTPServerResponse: Sendable, Equatable, CustomStringConvertible {
    /// The status code. A value outside 200...599 is sent as 500 (1xx answers are the server's business).
    public var status: Int
    /// Header fields to send, in order.
    public var headers: HTTPHeaders
    /// The body bytes; not sent for `HEAD` requests and 204/304 answers.
    public var body: [UInt8]
    /// When `true`, the server closes the connection without writing anything (fault injection: lets a
    /// sandbox imitate a network failure after the request was received).
    public var dropConnection: Bool
    /// When `true`, the server resets the connection (TCP RST) without writing anything (fault injection: a
    /// connection reset after the request was received).
    public var resetConnection: Bool
    /// When larger than the body's size, the server announces this `Content-Length`, writes ``body``, then sends
    /// nothing more and keeps the connection open until the client closes it or the idle timeout ends (fault
    /// injection: a body that never finishes). `nil` (the default): the body's size.
    public var announcedBodyLength: Int?

    /// Creates a response.
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], dropConnection: Bool = false,
        resetConnection: Bool = false, announcedBodyLength: Int? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.dropConnection = dropConnection
        self.resetConnection = resetConnection
        self.announcedBodyLength = announcedBodyLength
    }

    /// Whether this answer stalls: it announces more body bytes than it has.
    var stallsBody: Bool { (announcedBodyLength ?? 0) > body.count }

    /// A JSON response (`Content-Type: application/json`) from encoded bytes, such as `Data` from a `JSONEncoder`.
    public static func json(status: Int = 200, _ body: some Sequence<UInt8>) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(body))
    }

    /// A JSON response (`Content-Type: application/json`) from JSON text.
    public static func json(status: Int = 200, _ text: String) -> HTTPServerResponse {
        json(status: status, text.utf8)
    }

    /// An HTML page (`Content-Type: text/html; charset=utf-8`); the caller escapes what it interpolates.
    public static func html(status: Int = 200, _ html: String) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// A plain-text response (`Content-Type: text/plain; charset=utf-8`).
    public static func text(status: Int = 200, _ text: String) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A redirect (302 by default; use 303 after a POST) to `location`, with an empty body.
    ///
    /// A `location` holding CR, LF or NUL is dropped by the server (see the type's notes), leaving a redirect
    /// without a target rather than a split response.
    public static func redirect(status: Int = 302, location: String) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Location": location])
    }

    /// `HTTP <status> (N body bytes)`, `dropped connection` or `reset connection`.
    public var description: String {
        if dropConnection { return "dropped connection" }
        if resetConnection { return "reset connection" }
        return "HTTP \(status) (\(body.count) body bytes)"
    }
}

/// How a server's `answering` closure answers a request (``HTTPServer/init(configuration:answering:)``).
public enum HTTPServerAnswer: Sendable {
    /// The answer, made on the event loop.
    case now(HTTPServerResponse)
    /// The rest of the work, run in a `Task` of its own (it may suspend or block); its answer is written when it
    /// returns.
    case later(@Sendable () async -> HTTPServerResponse)
}
