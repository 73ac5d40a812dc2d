public import Foundation

/// One HTTP answer of the sandbox router.
///
/// An HTTP server writes `status`, `headers` and `body` as they are. When ``dropConnection`` is `true` it must
/// write nothing and close the connection instead (``resetConnection``: reset it), and with an
/// ``announcedBodyLength`` it announces more body than it sends: that is how the fault injector simulates
/// transport errors.
public struct SandboxResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names lower-cased (`content-type`, `location`, …).
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
    /// `true` when the server must close the connection without answering (injected fault).
    public var dropConnection: Bool
    /// `true` when the server must reset the connection (TCP RST) without answering (injected fault).
    public var resetConnection: Bool
    /// When set (larger than the body), the server announces this `Content-Length`, sends ``body`` and then
    /// nothing more, holding the connection open: a body that never finishes (injected fault). An in-process
    /// transport reports it as a timeout.
    public var announcedBodyLength: Int?

    /// Creates a response.
    public init(
        status: Int, headers: [String: String] = [:], body: Data = Data(), dropConnection: Bool = false,
        resetConnection: Bool = false, announcedBodyLength: Int? = nil
    ) {
        self.status = status
        self.body = body
        self.dropConnection = dropConnection
        self.resetConnection = resetConnection
        self.announcedBodyLength = announcedBodyLength
        if headers.keys.allSatisfy({ SandboxEncoding.lowercasedName($0) == $0 }) {
            self.headers = headers
        } else {
            self.headers = [:]
            for (name, value) in headers { self.headers[SandboxEncoding.lowercasedName(name)] = value }
        }
    }

    /// The value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? { headers[SandboxEncoding.lowercasedName(name)] }

    /// The body decoded as UTF-8 (empty when it is not valid UTF-8).
    public var bodyText: String { String(bytes: body, encoding: .utf8) ?? "" }
}

extension SandboxResponse {
    static let jsonType = "application/json; charset=utf-8"
    static let htmlType = "text/html; charset=utf-8"

    /// A JSON answer.
    static func json(_ status: Int, _ value: SandboxJSON) -> SandboxResponse {
        SandboxResponse(status: status, headers: jsonHeaders, body: value.data)
    }

    /// The header fields of every JSON answer, built once.
    static let jsonHeaders = ["content-type": jsonType]

    /// The error body every failing route answers: `{ "code": "…", "message": "…" }`.
    static func error(_ status: Int, _ code: String, _ message: String) -> SandboxResponse {
        json(status, ["code": .string(code), "message": .string(message)])
    }

    /// An HTML page.
    static func html(_ status: Int, _ page: String) -> SandboxResponse {
        SandboxResponse(
            status: status, headers: ["content-type": htmlType, "cache-control": "no-store"], body: Data(page.utf8))
    }

    /// `204 No Content`.
    static let noContent = SandboxResponse(status: 204)
}
