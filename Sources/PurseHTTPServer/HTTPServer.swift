import Foundation
import PurseLock

// The event loop is written on Linux's socket API (poll(2), SOCK_NONBLOCK, SOCK_CLOEXEC, MSG_NOSIGNAL). It is kept
// out of every Apple build path: the SDK libraries never depend on it, and only the command-line products
// (purse, purse-bench, PurseSandboxServer, PurseLoopbackRedirect) do, until the server moves to SwiftNIO.
#if !canImport(Glibc)
    #error(
        "PurseHTTPServer runs on Linux only; the SDK libraries (PurseHeadlessCheckout, PurseSandbox, PurseCheckoutTesting, PurseCheckoutPayPal) do not need it"
    )
#endif

/// A small HTTP/1.1 server bound to the loopback interface only.
///
/// It serves `PurseSandbox` (a local imitation of the payment API for integrators' CI) and the loopback
/// redirect presenter (one page and one browser redirect on 127.0.0.1, RFC 8252). One dedicated thread
/// runs the socket I/O with non-blocking sockets and `poll(2)`; each request's `handler` runs in its own
/// `Task`, so a slow handler never holds up other connections and no blocking system call ever runs on
/// Swift's cooperative thread pool.
///
/// ```swift
/// let server = HTTPServer { request in
///     switch (request.method, request.path) {
///     case ("GET", "/health"): .json(#"{"status":"ok"}"#)
///     default: .json(status: 404, #"{"code":"NOT_FOUND","message":"No such route."}"#)
///     }
/// }
/// let port = try server.start()   // port 0 in the configuration: an ephemeral port
/// defer { server.stop() }
/// ```
///
/// HTTP/1.1 behaviour: keep-alive by default (HTTP/1.0 only when asked), `Connection: close` honoured,
/// pipelined requests answered in order, `Content-Length` and chunked request bodies, `Expect:
/// 100-continue` answered, `HEAD` answered without a body. Every answer carries `Content-Length` and `Date`.
/// A request the server refuses gets a JSON body `{"code":"BAD_REQUEST","message":"…"}` with the matching
/// status (400, 408, 413, 417, 431, 501, 505; 503 above `maxConnections`) and its connection is closed;
/// other clients are not affected.
///
/// To test code that uses the server, give it a closure handler and talk to `127.0.0.1:port`; to test a
/// router without sockets, build ``HTTPServerRequest`` values and call the handler directly.
public final class HTTPServer: Sendable {
    /// The settings the server was created with.
    public let configuration: Configuration
    private let handler: @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    private let state = Locked(State.idle)

    private enum State {
        case idle
        case running(port: UInt16, shared: LoopShared)
        case stopped
    }

    /// Creates a server; nothing is bound until ``start()``.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen and the limits that protect the server.
    ///   - handler: Answers one request. It runs in a `Task`; it can suspend (for example to inject latency
    ///     with a clock) without holding up other connections.
    public init(
        configuration: Configuration = Configuration(),
        handler: @escaping @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    ) {
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        stop()
    }

    /// Binds, starts listening and returns the actual port (the ephemeral one when the configured port is 0).
    ///
    /// A server starts once; it cannot be restarted after ``stop()`` (create a new one).
    ///
    /// - Throws: ``HTTPServerError`` with code ``HTTPServerError/Code/nonLoopbackHost`` for a host other than
    ///   127.0.0.0/8, `::1` or `localhost`; ``HTTPServerError/Code/invalidConfiguration`` for an out-of-range
    ///   limit; ``HTTPServerError/Code/bindFailed`` when the port cannot be bound (the message carries the
    ///   system's reason, such as "Address already in use"); ``HTTPServerError/Code/alreadyStarted``;
    ///   ``HTTPServerError/Code/socketFailed`` when socket setup fails.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let configuration = configuration
        let handler = handler
        return try state.withLock { state throws(HTTPServerError) -> UInt16 in
            guard case .idle = state else {
                throw HTTPServerError(
                    code: .alreadyStarted, message: "The server was already started; create a new one.")
            }
            let settings = try configuration.loopSettings()
            let address = try LoopbackAddress.resolve(host: configuration.host, port: configuration.port)
            let listener = try Socket.listen(on: address, displayHost: configuration.host, backlog: 1024)
            let shared: LoopShared
            do throws(HTTPServerError) {
                shared = try LoopShared(listenFD: listener.fd)
            } catch {
                _ = close(listener.fd)
                throw error
            }
            let thread = Thread {
                EventLoop(shared: shared, settings: settings, handler: handler).run()
            }
            thread.name = "PurseHTTPServer:\(listener.port)"
            thread.start()
            state = .running(port: listener.port, shared: shared)
            return listener.port
        }
    }

    /// The port the server listens on, or `nil` before ``start()`` and after ``stop()``.
    public var port: UInt16? {
        state.withLock { state in
            guard case .running(let port, _) = state else { return nil }
            return port
        }
    }

    /// Stops listening and closes every connection; safe to call more than once, from any thread.
    ///
    /// New connections are refused once this returns; open connections are closed by the event loop a
    /// moment later, and answers of handlers still running are discarded.
    public func stop() {
        let shared = state.withLock { state -> LoopShared? in
            defer { state = .stopped }
            guard case .running(_, let shared) = state else { return nil }
            return shared
        }
        shared?.requestStop()
    }

    /// Stops like ``stop()``, then waits until the answers under way have gone out and every connection is
    /// closed (the loop gives them ``Configuration/stopGrace``), or until `timeout` has passed.
    ///
    /// For a process about to exit: a page served just before (a redirect's return page, whose arrival ends the
    /// payment) would otherwise die with the process, and the browser would see an empty answer.
    public func stopAndWait(timeout: Duration = .seconds(3)) {
        let shared = state.withLock { state -> LoopShared? in
            guard case .running(_, let shared) = state else { return nil }
            return shared
        }
        stop()
        guard let shared else { return }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !shared.isFinished, clock.now < deadline {
            usleep(2_000)
        }
    }
}
