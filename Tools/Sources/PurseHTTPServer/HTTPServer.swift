import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ToolsLock

/// A small HTTP/1.1 server bound to the loopback interface only.
///
/// It serves `PurseSandbox` (a local imitation of the payment API for integrators' CI) and the loopback
/// redirect presenter (one page and one browser redirect on 127.0.0.1, RFC 8252). The sockets and the HTTP/1.1
/// request parser are SwiftNIO's (NIOPosix, NIOHTTP1), on its shared event loops; this type adds the
/// loopback-only binding, the answers' framing and the order of pipelined requests, the limits and deadlines
/// (``Configuration``), the admission policy (a silent connection, or one whose request body never comes, gives way
/// to a new one at capacity; 503 with `Retry-After` when every request is complete and being answered) and
/// the fault-injection answers. Each request's `handler` runs in its own `Task`, so a slow handler never holds
/// up other connections; a handler that only computes can answer on the event loop instead
/// (``init(configuration:answering:)``).
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
/// status (400 for anything NIO's parser refuses — conflicting or duplicate lengths, bad chunk sizes, obs-fold,
/// bare CR, NUL —, 408, 413, 417, 431, 505; 503 when every connection is busy) and its connection is closed
/// once the answer is out; other clients are not affected.
///
/// To test code that uses the server, give it a closure handler and talk to `127.0.0.1:port`; to test a
/// router without sockets, build ``HTTPServerRequest`` values and call the handler directly.
public final class HTTPServer: Sendable {
    /// The settings the server was created with.
    public let configuration: Configuration
    private let answering: @Sendable (HTTPServerRequest) -> HTTPServerAnswer
    private let state = Locked(State.idle)

    private enum State {
        case idle
        case running(port: UInt16, listener: any Channel, shared: ServerShared)
        case stopped(shared: ServerShared?)
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
        self.answering = { request in .later { await handler(request) } }
    }

    /// Creates a server whose `answering` closure runs on the connection's event loop and answers at once when it
    /// can (``HTTPServerAnswer/now(_:)``), or hands the rest to a `Task` (``HTTPServerAnswer/later(_:)``).
    ///
    /// An answer made on the loop costs no thread hop: for a handler that only computes (takes a lock, builds a
    /// body), about twice the requests per second of the `Task` path. `answering` must not block and must be
    /// quick: every other connection of its loop waits while it runs. Anything that waits (a clock, a file, a
    /// lock held for long) belongs in `.later`.
    public init(
        configuration: Configuration = Configuration(),
        answering: @escaping @Sendable (HTTPServerRequest) -> HTTPServerAnswer
    ) {
        self.configuration = configuration
        self.answering = answering
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
    ///   system's reason, such as "Address already in use"); ``HTTPServerError/Code/alreadyStarted``.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let configuration = configuration
        let answering = answering
        return try state.withLock { state throws(HTTPServerError) -> UInt16 in
            guard case .idle = state else {
                throw HTTPServerError(
                    code: .alreadyStarted, message: "The server was already started; create a new one.")
            }
            let settings = try configuration.settings()
            let address = try LoopbackAddress.literal(for: configuration.host)
            let shared = ServerShared(maxConnections: settings.maxConnections)
            let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelOption(.allowRemoteHalfClosure, value: true)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try Self.install(on: channel, settings: settings, shared: shared, answering: answering)
                    }
                }
            let listener: any Channel
            do {
                listener = try bootstrap.bind(host: address, port: Int(configuration.port)).wait()
            } catch {
                let number = (error as? IOError)?.errnoCode
                throw HTTPServerError(
                    code: .bindFailed,
                    message: "Could not listen on \(configuration.host):\(configuration.port): \(error)",
                    errorNumber: number)
            }
            let port = UInt16(listener.localAddress?.port ?? Int(configuration.port))
            state = .running(port: port, listener: listener, shared: shared)
            return port
        }
    }

    /// The pipeline of one accepted connection: refused (503), or NIO's HTTP/1.1 request decoder and ours.
    private static func install(
        on channel: any Channel, settings: Settings, shared: ServerShared,
        answering: @escaping @Sendable (HTTPServerRequest) -> HTTPServerAnswer
    ) throws {
        let (id, admission, evicted) = shared.admit(channel)
        evicted?.close(promise: nil)
        let operations = channel.pipeline.syncOperations
        guard admission != .refuse else {
            try operations.addHandler(OverCapacityHandler(date: shared.date()))
            return
        }
        try installHTTP(on: channel, id: id, settings: settings, shared: shared, responder: .answering(answering))
    }

    /// NIO's HTTP/1.1 request decoder and the connection handler, on an admitted connection (also used by tests and the
    /// fuzz target on an `EmbeddedChannel`).
    static func installHTTP(
        on channel: any Channel, id: UInt64, settings: Settings, shared: ServerShared,
        responder: HTTPConnectionHandler.Responder
    ) throws {
        let received = ReceivedBytes(capacity: 2 * settings.maxHeaderBytes + 8 * 1024)
        let connection = HTTPConnectionHandler(
            id: id, settings: settings, shared: shared, responder: responder, received: received)
        try channel.pipeline.syncOperations.addHandlers([
            received, ByteToMessageHandler(decoder(settings)), connection,
        ])
    }

    /// NIO's request decoder with the server's limits.
    static func decoder(_ settings: Settings) -> HTTPRequestDecoder {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = settings.maxHeaderBytes
        limits.maxHeaderListSize = settings.maxHeaderBytes
        limits.maxHeaderFieldCount = settings.maxHeaderFields
        return HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)
    }

    /// The port the server listens on, or `nil` before ``start()`` and after ``stop()``.
    public var port: UInt16? {
        state.withLock { state in
            guard case .running(let port, _, _) = state else { return nil }
            return port
        }
    }

    /// Stops listening and closes every connection; safe to call more than once, from any thread.
    ///
    /// New connections are refused once this returns; open connections are closed a moment later, and
    /// answers of handlers still running are discarded.
    public func stop() {
        guard let shared = beginStop() else { return }
        let (idle, busy) = shared.beginStop()
        for channel in idle { channel.close(promise: nil) }
        // An answer under way goes out (its connection closes once it is written), within the grace.
        let grace = TimeAmount.nanoseconds(Int64(clamping: configuration.stopGrace.components.seconds) * 1_000_000_000)
        for channel in busy {
            channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
        }
    }

    /// Stops like ``stop()``, then waits until the answers under way have gone out and every connection is
    /// closed (at most ``Configuration/stopGrace``), or until `timeout` has passed.
    ///
    /// For a process about to exit: a page served just before (a redirect's return page, whose arrival ends the
    /// payment) would otherwise die with the process, and the browser would see an empty answer.
    public func stopAndWait(timeout: Duration = .seconds(3)) {
        guard let shared = beginStop() else { return }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: min(timeout, configuration.stopGrace))
        for channel in shared.beginStop().idle { channel.close(promise: nil) }
        while shared.openConnections > 0, clock.now < end {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let (idle, busy) = shared.beginStop()
        for channel in idle + busy { Self.closeAndWait(channel) }
    }

    /// Closes the listening socket (once) and returns what the connections share.
    private func beginStop() -> ServerShared? {
        let (listener, shared) = state.withLock { state -> ((any Channel)?, ServerShared?) in
            switch state {
            case .running(_, let listener, let shared):
                state = .stopped(shared: shared)
                return (listener, shared)
            case .stopped(let shared):
                return (nil, shared)
            case .idle:
                state = .stopped(shared: nil)
                return (nil, nil)
            }
        }
        if let listener { Self.closeAndWait(listener) }
        return shared
    }

    /// Closes `channel` and waits for it, unless this runs on an event loop (where waiting would deadlock).
    private static func closeAndWait(_ channel: any Channel) {
        guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
            channel.close(promise: nil)
            return
        }
        _ = try? channel.close().wait()
    }
}
