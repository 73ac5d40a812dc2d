public import Foundation
import PurseHTTPServer
public import PurseSandbox
import ToolsLock

/// The sandbox over HTTP/1.1 on 127.0.0.1: what `purse sandbox` runs, and what integration tests and other
/// processes (a browser, an app on the simulator, `curl`) talk to.
///
/// ```swift
/// let server = try SandboxServer(sandbox: PurseSandbox())
/// let baseURL = try server.start()          // http://127.0.0.1:<ephemeral port>
/// defer { server.stop() }
/// ```
/// Starting sets the sandbox's base URL, so every URL it hands out (service roots in widget data, hosted
/// pages, return redirects) points at the server. Only loopback addresses can be bound.
///
/// A request whose `Host` names anything but the bound address (`127.0.0.1:PORT`, or `127.0.0.1`) is refused with
/// 421 `MISDIRECTED_REQUEST` before the sandbox sees it: a page on another site that has its own name resolve
/// to 127.0.0.1 (DNS rebinding) cannot read or change the sandbox. A request without `Host` (HTTP/1.0) is served.
public final class SandboxServer: Sendable {
    /// The sandbox the server answers for.
    public let sandbox: PurseSandbox
    private let server: HTTPServer
    private let host: String
    /// `host:port` once bound, lower-cased: the only `Host` served.
    private let authority: Locked<String?>

    /// A server for `sandbox` on `host:port` (port 0: an ephemeral port, reported by ``start()``).
    /// `readTimeout` bounds how long a client may take to send a whole request (then 408).
    ///
    /// `requestLog`, when given, is called once per request the sandbox answered, after the answer is made,
    /// with its method, path, status and duration only (``ServedRequest``): never the query, the headers or the
    /// body, which can carry card data and credentials. Requests the HTTP layer refuses before they reach the
    /// sandbox (408, 413, 431, 503 at capacity) are not reported. It runs on the request's task: keep it quick.
    public init(
        sandbox: PurseSandbox, host: String = "127.0.0.1", port: UInt16 = 0, readTimeout: Duration = .seconds(10),
        requestLog: (@Sendable (ServedRequest) -> Void)? = nil
    ) {
        self.sandbox = sandbox
        self.host = host
        // A request that needs no waiting is answered on the connection's event loop (no thread hop); latency
        // faults, `/init` and, with a state file, every request (its write blocks) finish in a `Task`.
        let writesStateFile = sandbox.writesStateFile
        let authority = Locked<String?>(nil)
        self.authority = authority
        server = HTTPServer(configuration: .init(host: host, port: port, readTimeout: readTimeout)) { request in
            if let refusal = Self.misdirected(request, authority: authority) { return .now(refusal) }
            let start = requestLog == nil ? nil : ContinuousClock.now
            let sandboxRequest = Self.sandboxRequest(request)
            guard !writesStateFile else {
                return .later { Self.answer(await sandbox.handle(sandboxRequest), to: request, start, requestLog) }
            }
            switch sandbox.begin(sandboxRequest) {
            case .answered(let response): return .now(Self.answer(response, to: request, start, requestLog))
            case .pending(let pending):
                return .later { Self.answer(await sandbox.finish(pending), to: request, start, requestLog) }
            }
        }
    }

    /// Binds and starts serving; returns the base URL (`http://127.0.0.1:PORT`).
    /// - Throws: ``SandboxServerError`` when the address cannot be bound or is not a loopback address.
    @discardableResult
    public func start() throws(SandboxServerError) -> URL {
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            throw SandboxServerError(
                message: error.description, isAddressInUse: error.code == .bindFailed && error.errorNumber == EADDRINUSE
            )
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        authority.withLock { $0 = "\(hostPart):\(port)".lowercased() }
        let base = "http://\(hostPart):\(port)"
        sandbox.setBaseURL(base)
        return URL(string: base) ?? URL(fileURLWithPath: "/")
    }

    /// The bound port, once started.
    public var port: UInt16? { server.port }

    /// Stops serving and closes every connection. Idempotent.
    public func stop() { server.stop() }

    /// 421 when `request` names a `Host` other than the bound `host:port`; `nil` when it may be served.
    static func misdirected(_ request: HTTPServerRequest, authority: Locked<String?>) -> HTTPServerResponse? {
        let hosts = request.headers.values(for: "host")
        guard !hosts.isEmpty else { return nil }
        let expected = authority.withLock { $0 }
        if hosts.count == 1, let expected {
            let host = hosts[0].trimmingCharacters(in: .whitespaces).lowercased()
            // The bound address with its port, or the address alone (an IP literal cannot be rebound).
            if host == expected || expected.hasPrefix(host + ":") && !host.isEmpty { return nil }
        }
        let body =
            #"{"code":"MISDIRECTED_REQUEST","message":"This server answers only for Host "#
            + #"\#(expected ?? "its bound address")"}"#
        return HTTPServerResponse(
            status: 421, headers: HTTPHeaders([(name: "Content-Type", value: "application/json; charset=utf-8")]),
            body: Array(body.utf8))
    }

    /// The sandbox's view of `request`: its target split and decoded once, by the sandbox's own rules (so a path
    /// is percent-decoded once, segment by segment, as in process), and its header fields as received.
    static func sandboxRequest(_ request: HTTPServerRequest) -> SandboxRequest {
        SandboxRequest(
            method: request.method, target: request.target, fields: request.headers.map { $0 }, body: Data(request.body)
        )
    }

    /// `response` for the server, once logged (with the time since `start`) when there is a log.
    private static func answer(
        _ response: SandboxResponse, to request: HTTPServerRequest, _ start: ContinuousClock.Instant?,
        _ requestLog: (@Sendable (ServedRequest) -> Void)?
    ) -> HTTPServerResponse {
        if let requestLog, let start {
            requestLog(ServedRequest(request: request, response: response, duration: start.duration(to: .now)))
        }
        return serverResponse(response)
    }

    static func serverResponse(_ response: SandboxResponse) -> HTTPServerResponse {
        let headers =
            HTTPHeaders(response.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) })
        return HTTPServerResponse(
            status: response.status, headers: headers, body: Array(response.body),
            dropConnection: response.dropConnection, resetConnection: response.resetConnection,
            announcedBodyLength: response.announcedBodyLength)
    }
}

/// Why the sandbox server could not start.
public struct SandboxServerError: Error, Sendable, CustomStringConvertible {
    /// The reason, from the HTTP server (e.g. the bind error).
    public let message: String
    /// Whether the port asked for is taken by another process (`bind(2)` answered `EADDRINUSE`), so a caller can
    /// say so in its own words rather than show the system's.
    public let isAddressInUse: Bool

    /// Creates an error; the server creates these, tests may too.
    public init(message: String, isAddressInUse: Bool = false) {
        self.message = message
        self.isAddressInUse = isAddressInUse
    }

    public var description: String { message }
}
