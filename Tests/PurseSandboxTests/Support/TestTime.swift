import Foundation
import Synchronization

/// The sandbox's wall clock in tests: a date that only moves when a test says so.
final class TestTime: Sendable {
    private let date: Mutex<Date>

    init(_ date: Date) { self.date = Mutex(date) }

    var now: Date { date.withLock { $0 } }

    func advance(seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
