/// One line the SDK logs, handed to ``PurseCheckoutConfiguration/logHandler``.
///
/// Log lines never carry card data: the SDK logs calls, statuses, timings and codes, never payloads.
public struct PurseLogEntry: Sendable, Hashable {
    /// How severe a line is; levels compare, so a handler can keep only warnings and errors.
    public enum Level: Int, Sendable, Hashable, Comparable {
        /// From least to most severe: `debug` (each call with its status and timing), `info` (the checkout's
        /// milestones), `warning` (something degraded, such as server time unavailable), `error`.
        case debug, info, warning, error
        /// Orders levels by severity, so that a handler can filter with `entry.level >= .warning`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How severe the line is.
    public let level: Level
    /// The line's text: calls, statuses, timings and codes; never a request or response body, and card-like
    /// digit runs are masked.
    public let message: String
}

/// The SDK's internal logger: forwards to the configured handler, masking card-like digit runs again.
struct Logger: Sendable {
    let handler: (@Sendable (PurseLogEntry) -> Void)?

    func log(_ level: PurseLogEntry.Level, _ message: @autoclosure () -> String) {
        guard let handler else { return }
        handler(PurseLogEntry(level: level, message: Redaction.scrub(message())))
    }

    func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
}
