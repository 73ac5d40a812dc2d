import NIOCore

extension HTTPServer {
    /// The validated limits the connections enforce.
    struct Settings: Sendable {
        let maxHeaderBytes: Int
        let maxHeaderFields: Int
        let maxBodyBytes: Int
        let readTimeout: TimeAmount
        let idleTimeout: TimeAmount
        let maxConnections: Int
    }

    /// Where an ``HTTPServer`` listens and the limits that protect it from slow or hostile clients.
    ///
    /// ```swift
    /// let configuration = HTTPServer.Configuration(port: 0, readTimeout: .seconds(5))
    /// ```
    public struct Configuration: Sendable, Equatable {
        /// The address to bind: a 127.0.0.0/8 address, `::1` (also `[::1]`) or `localhost` (= 127.0.0.1).
        /// Anything else makes ``HTTPServer/start()`` throw ``HTTPServerError/Code/nonLoopbackHost``.
        public let host: String
        /// The port to bind; 0 picks a free ephemeral port (read it from ``HTTPServer/start()``).
        public let port: UInt16
        /// The most bytes a request line plus its header fields may take; more is answered 431.
        public let maxHeaderBytes: Int
        /// The largest request body accepted (after de-chunking); more is answered 413.
        public let maxBodyBytes: Int
        /// How long a client may take to send a complete request head, counted from the accept (or, on a
        /// kept-alive connection, from the first byte of its next request), and again how long it may take to
        /// send that request's body; then it gets 408 and the connection is closed.
        public let readTimeout: Duration
        /// How long a kept-alive connection may sit with no request before it is closed (silently).
        public let idleTimeout: Duration
        /// The most connections open at once. At the limit a new connection replaces the oldest one that has
        /// not sent a complete request head yet, or else the one whose request body has been awaited longest;
        /// when every connection's request is complete and being answered, it gets 503 with `Retry-After` and is
        /// closed.
        public let maxConnections: Int
        /// How long a stop waits for the answers under way (a handler still running, an answer being written)
        /// before closing their connections.
        public let stopGrace: Duration

        /// Creates a configuration; every value has a default suited to a local sandbox.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 1024 * 1024, readTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60),
            maxConnections: Int = 1024, stopGrace: Duration = .seconds(2)
        ) {
            self.host = host
            self.port = port
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.readTimeout = readTimeout
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
            self.stopGrace = stopGrace
        }

        /// Validates the values and converts them to NIO's units.
        func settings() throws(HTTPServerError) -> Settings {
            func invalid(_ message: String) -> HTTPServerError {
                HTTPServerError(code: .invalidConfiguration, message: message)
            }
            guard maxHeaderBytes >= 64 else { throw invalid("maxHeaderBytes must be at least 64.") }
            guard maxBodyBytes >= 0 else { throw invalid("maxBodyBytes must not be negative.") }
            guard maxConnections >= 1 else { throw invalid("maxConnections must be at least 1.") }
            guard readTimeout >= .milliseconds(1), idleTimeout >= .milliseconds(1) else {
                throw invalid("readTimeout and idleTimeout must be at least 1 ms.")
            }
            guard stopGrace >= .zero else { throw invalid("stopGrace must not be negative.") }
            return Settings(
                maxHeaderBytes: maxHeaderBytes, maxHeaderFields: 100, maxBodyBytes: maxBodyBytes,
                readTimeout: .nanoseconds(Int64(clamping: Self.nanoseconds(readTimeout))),
                idleTimeout: .nanoseconds(Int64(clamping: Self.nanoseconds(idleTimeout))),
                maxConnections: maxConnections)
        }

        /// Whole nanoseconds, saturating at about 292 years.
        private static func nanoseconds(_ duration: Duration) -> UInt64 {
            let (seconds, attoseconds) = duration.components
            guard seconds < Int64(UInt64.max / 1_000_000_000 - 1) else { return UInt64.max / 2 }
            return UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
        }
    }
}
