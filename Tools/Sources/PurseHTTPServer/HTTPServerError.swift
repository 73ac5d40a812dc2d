/// An error that stops an ``HTTPServer`` from starting.
///
/// Errors are structs with static codes (not an enum), so a new kind of failure never breaks a caller's
/// `switch`. Compare ``code`` to the static members, and show ``message`` to a person:
///
/// ```swift
/// do {
///     _ = try HTTPServer(configuration: .init(host: "0.0.0.0")) { _ in .text("hi") }.start()
/// } catch let error as HTTPServerError where error.code == .nonLoopbackHost {
///     print(error.message)  // the server only ever binds to 127.0.0.0/8, ::1 or localhost
/// }
/// ```
///
/// Errors in requests are not thrown: the server answers them itself with a 4xx/5xx JSON body
/// (`{"code":"BAD_REQUEST","message":"…"}`) and keeps serving other clients.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code as an upper-case string, for example `NON_LOOPBACK_HOST`.
        public let rawValue: String

        /// Creates a code from its string form.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The configured host is not a loopback address (127.0.0.0/8, `::1` or `localhost`).
        public static let nonLoopbackHost = Code("NON_LOOPBACK_HOST")
        /// A configuration value is out of range (for example a zero timeout or `maxConnections` below 1).
        public static let invalidConfiguration = Code("INVALID_CONFIGURATION")
        /// ``HTTPServer/start()`` was called on a server that was already started (a server starts once).
        public static let alreadyStarted = Code("ALREADY_STARTED")
        /// `bind(2)` failed, typically because the port is in use (`EADDRINUSE`) or needs privileges.
        public static let bindFailed = Code("BIND_FAILED")
        /// Creating or setting up a socket or the event loop's wake-up pipe failed (see ``errorNumber``).
        public static let socketFailed = Code("SOCKET_FAILED")

        /// The code's string form.
        public var description: String { rawValue }
    }

    /// What went wrong, as a stable code.
    public let code: Code
    /// A sentence a person can act on, including the system error text where there is one.
    public let message: String
    /// The `errno` value of the failed system call, when a system call failed.
    public let errorNumber: Int32?

    /// Creates an error; the server creates these, tests may too.
    public init(code: Code, message: String, errorNumber: Int32? = nil) {
        self.code = code
        self.message = message
        self.errorNumber = errorNumber
    }

    /// `CODE: message`.
    public var description: String { "\(code): \(message)" }
}
