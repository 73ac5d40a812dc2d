import Foundation

/// The server times and clock offsets the SDK accepts from a server's answer or a snapshot (DESIGN §6): a value
/// outside them is refused before any arithmetic, so no conversion to an integer can trap on it.
enum ClockBounds {
    /// 1970-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z, in milliseconds since 1970: every time an
    /// ISO 8601 text with a four-digit year can name after the epoch.
    static let serverTimeMillis: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The largest server-minus-device offset kept, in milliseconds (the span of ``serverTimeMillis``).
    static let maximumOffsetMillis: Int64 = serverTimeMillis.upperBound

    /// Whether `date` is a server time the SDK accepts.
    static func acceptsServerTime(_ date: Date) -> Bool {
        let millis = date.timeIntervalSince1970 * 1000
        return millis.isFinite && millis >= Double(serverTimeMillis.lowerBound)
            && millis <= Double(serverTimeMillis.upperBound)
    }

    /// `server - device`, or `nil` when it is not finite or larger than ``maximumOffsetMillis``.
    static func offset(server: Date, device: Date) -> TimeInterval? {
        let offset = server.timeIntervalSince(device)
        guard offset.isFinite, abs(offset * 1000) <= Double(maximumOffsetMillis) else { return nil }
        return offset
    }

    /// An offset in whole milliseconds for a snapshot, clamped to ±``maximumOffsetMillis`` (a checkout never holds
    /// a larger one; the clamp only makes the conversion total).
    static func snapshotMillis(_ offset: TimeInterval) -> Int64 {
        let limit = Double(maximumOffsetMillis)
        let millis = (offset * 1000).rounded()
        guard millis.isFinite else { return 0 }
        return Int64(min(max(millis, -limit), limit))
    }

    /// A snapshot's offset, or `nil` when it is larger than ``maximumOffsetMillis``.
    static func offset(snapshotMillis millis: Int64) -> TimeInterval? {
        guard millis >= -maximumOffsetMillis, millis <= maximumOffsetMillis else { return nil }
        return TimeInterval(millis) / 1000
    }
}
