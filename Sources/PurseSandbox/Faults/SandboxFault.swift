/// A group of sandbox endpoints that share fault settings and request counters.
public enum SandboxRoute: String, Sendable, Equatable, Hashable, CaseIterable {
    /// `POST /oauth/token`.
    case oauth
    /// `POST /payment/v2/client-sessions` and `GET /payment/v2/client-sessions/{id}`.
    case clientSessions
    /// `POST /gateway/sessions/{id}/init`.
    case gatewayInit = "init"
    /// `POST /gateway/sessions/{id}/validate`.
    case gatewayValidate = "validate"
    /// `POST /gateway/sessions/{id}/init-xpay` (Apple Pay).
    case gatewayInitXPay = "init-xpay"
    /// `POST /gateway/sessions/{id}/simulations/{partner}/{method}` (and `…/multi`): loan simulations.
    case gatewaySimulation = "simulation"
    /// `GET /clock/datetime`.
    case datetime
    /// Every `/wallet/…` call.
    case wallet
    /// Every `/vault/…` call.
    case vault
    /// `POST /logs/…`.
    case logs
    /// The hosted pages `/pages/…` (PSP page, 3-D Secure challenge, decisions).
    case pages
    /// The test endpoints `/sandbox/…` and the static script.
    case admin
}

/// A misbehaviour to inject into answers, to test how a client copes (DESIGN.md §2: tests never touch a real
/// network, so this is where timeouts, 5xx and broken bodies come from).
///
/// ```swift
/// sandbox.faults.inject(.status(503, count: 1), on: .gatewayValidate)   // the next validate answers 503
/// sandbox.faults.globalLatency = .milliseconds(50)                       // every call, through the clock
/// ```
/// The same can be asked per request with the header `x-sandbox-fault` (see ``init(headerValue:)``).
///
/// What each one does:
/// - `latency`: waits on the sandbox's injected clock before handling the request.
/// - `status`: answers this status with `{ "code": "INJECTED_FAULT", "message": … }` **without** handling
///   the request (nothing is charged); `errorCode` replaces the code, `emptyErrorBody` sends no body at all.
/// - `dropConnection`: handles the request (it *is* charged), then asks the server to close the connection
///   without answering: the dangerous "did it go through?" case that idempotency keys exist for.
/// - `resetConnection`: handles the request, then the server resets the connection (TCP RST) without answering.
/// - `stallBody`: handles the request, then sends the headers with a `Content-Length` larger than the body it
///   sends (half of it), and holds the connection open: the client's timeout has to end the wait.
/// - `malformedBody`: handles the request, then truncates the body.
/// - `wrongContentType`: handles the request, then labels the body `text/plain`.
/// - `htmlPage`: handles the request, then answers `200 text/html` with an HTML page instead (a proxy or
///   captive portal in the way).
///
/// An after-handling fault on a `204` answer turns it into a `200` so that the broken body is sent.
public struct SandboxFault: Sendable, Equatable {
    /// Waited on the injected clock before handling.
    public var latency: Duration
    /// An error status answered instead of handling (for example 503).
    public var status: Int?
    /// The `code` of the JSON body answered with ``status`` (`INJECTED_FAULT` when `nil`).
    public var errorCode: String?
    /// Answer ``status`` with no body at all.
    public var emptyErrorBody: Bool
    /// Close the connection without an answer (after handling).
    public var dropConnection: Bool
    /// Reset the connection without an answer (after handling).
    public var resetConnection: Bool
    /// Announce more body than is sent and hold the connection open (after handling).
    public var stallBody: Bool
    /// Truncate the body (after handling).
    public var malformedBody: Bool
    /// Answer with `content-type: text/plain` (after handling).
    public var wrongContentType: Bool
    /// Answer `200 text/html` with an HTML page (after handling).
    public var htmlPage: Bool
    /// How many requests it applies to (`nil`: until cleared).
    public var count: Int?

    /// Creates a fault; by default it does nothing.
    public init(
        latency: Duration = .zero, status: Int? = nil, errorCode: String? = nil, emptyErrorBody: Bool = false,
        dropConnection: Bool = false, resetConnection: Bool = false, stallBody: Bool = false,
        malformedBody: Bool = false, wrongContentType: Bool = false, htmlPage: Bool = false, count: Int? = nil
    ) {
        self.latency = latency
        self.status = status
        self.errorCode = errorCode
        self.emptyErrorBody = emptyErrorBody
        self.dropConnection = dropConnection
        self.resetConnection = resetConnection
        self.stallBody = stallBody
        self.malformedBody = malformedBody
        self.wrongContentType = wrongContentType
        self.htmlPage = htmlPage
        self.count = count
    }

    /// Answer `status` (a 4xx or 5xx) instead of handling.
    public static func status(_ status: Int, count: Int? = nil) -> SandboxFault {
        SandboxFault(status: status, count: count)
    }

    /// Answer `status` with `{ "code": code, "message": … }` instead of handling.
    public static func status(_ status: Int, code: String, count: Int? = nil) -> SandboxFault {
        SandboxFault(status: status, errorCode: code, count: count)
    }

    /// Answer `status` with no body instead of handling.
    public static func statusWithoutBody(_ status: Int, count: Int? = nil) -> SandboxFault {
        SandboxFault(status: status, emptyErrorBody: true, count: count)
    }

    /// Handle, then reset the connection.
    public static func reset(count: Int? = nil) -> SandboxFault { SandboxFault(resetConnection: true, count: count) }

    /// Handle, then send part of the body under a larger `Content-Length` and never finish it.
    public static func stall(count: Int? = nil) -> SandboxFault { SandboxFault(stallBody: true, count: count) }

    /// Handle, then answer `200 text/html` with an HTML page.
    public static func html(count: Int? = nil) -> SandboxFault { SandboxFault(htmlPage: true, count: count) }

    /// Wait `latency` on the injected clock first.
    public static func latency(_ latency: Duration, count: Int? = nil) -> SandboxFault {
        SandboxFault(latency: latency, count: count)
    }

    /// Handle, then drop the connection.
    public static func drop(count: Int? = nil) -> SandboxFault { SandboxFault(dropConnection: true, count: count) }

    /// Handle, then truncate the body.
    public static func malformed(count: Int? = nil) -> SandboxFault { SandboxFault(malformedBody: true, count: count) }

    /// Handle, then answer the body as `text/plain`.
    public static func wrongContentType(count: Int? = nil) -> SandboxFault {
        SandboxFault(wrongContentType: true, count: count)
    }

    /// Parses the `x-sandbox-fault` header: `;`- or `,`-separated settings among `status=503`, `code=NAME`
    /// (the error body's code), `no-body` (the status without a body), `latency=50` (milliseconds), `drop`,
    /// `reset`, `stall`, `malformed`, `content-type` (wrong content type), `html` and `count=N`.
    ///
    /// The header applies to the request that carries it; with `count=N` the fault also stays on that
    /// request's route for the next N−1 requests.
    ///
    /// - Throws: ``SandboxFaultParseError`` for an unknown setting or a bad number (the request is answered
    ///   400 `INVALID_FAULT_HEADER`).
    public init(headerValue: String) throws(SandboxFaultParseError) {
        self.init()
        let settings = headerValue.split(whereSeparator: { $0 == ";" || $0 == "," })
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(Self.trimmed)
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            let number = parts.count == 2 ? Int(parts[1]) : nil
            switch name {
            case "status":
                guard let number, (400...599).contains(number) else { throw SandboxFaultParseError(setting: name) }
                status = number
            case "latency":
                guard let number, number >= 0 else { throw SandboxFaultParseError(setting: name) }
                latency = .milliseconds(number)
            case "count":
                guard let number, number >= 1 else { throw SandboxFaultParseError(setting: name) }
                count = number
            case "code":
                guard parts.count == 2, Self.isCode(parts[1]) else { throw SandboxFaultParseError(setting: name) }
                errorCode = parts[1]
            case "no-body": emptyErrorBody = true
            case "reset": resetConnection = true
            case "stall": stallBody = true
            case "html": htmlPage = true
            case "drop": dropConnection = true
            case "malformed": malformedBody = true
            case "content-type", "wrong-content-type": wrongContentType = true
            default: throw SandboxFaultParseError(setting: name)
            }
        }
    }
}

extension SandboxFault {
    /// An error code: 1 to 64 upper-case letters, digits or `_`.
    static func isCode(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (65...90).contains($0) || (48...57).contains($0) || $0 == 95 }
    }

    fileprivate static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

/// An `x-sandbox-fault` header the sandbox does not understand.
public struct SandboxFaultParseError: Error, Sendable, Equatable {
    /// The setting that could not be read.
    public let setting: String
}
