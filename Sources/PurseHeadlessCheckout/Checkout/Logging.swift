/// One line the SDK logs, handed to ``PurseCheckoutConfiguration/logHandler``.
///
/// Log lines never carry card data: the SDK logs calls, statuses, timings and codes, never payloads.
public struct PurseLogEntry: Sendable, Hashable {
    /// Severity.
    public enum Level: Int, Sendable, Hashable, Comparable {
        case debug, info, warning, error
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let level: Level
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
