import Foundation
import ToolsLock

/// The sandbox's wall clock in tests: a date that only moves when a test says so.
final class TestTime: Sendable {
    private let date: Locked<Date>

    init(_ date: Date) { self.date = Locked(date) }

    var now: Date { date.withLock { $0 } }

    func advance(seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
