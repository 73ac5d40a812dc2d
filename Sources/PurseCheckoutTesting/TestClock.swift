import Foundation
import PurseHeadlessCheckout

/// A clock that only moves when a test advances it.
///
/// Inject it as `PurseCheckoutConfiguration.clock` (and the sandbox's clock): polling, retries and slow
/// answers then wait on this clock, and a test drives them in an instant with ``advance(by:)``.
/// ```swift
/// let clock = TestClock()
/// let polling = Task { try await checkout.getSecondaryToken(method: ancv, pan: account, cvv: nil) }
/// await clock.waitForSleeper(for: .seconds(2))   // a sleeper due in 2 s: the poll's interval
/// await clock.advance(by: .seconds(2))
/// ```
public final class TestClock: Clock, Sendable {
    /// A point on the test clock: the time elapsed since it was created.
    public struct Instant: InstantProtocol, Sendable, Hashable {
        /// Time since the clock's start.
        public let offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (earlier when negative).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`, negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
        /// A checkout's watch (its session's expiry), not a wait the test drives.
        let isWatch: Bool
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelledIDs: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// A clock at offset zero with nobody sleeping.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// The test clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock now, not counting checkouts' expiry watches.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count(where: { !$0.isWatch }) } }

    /// How many checkouts' expiry watches sleep on this clock now.
    ///
    /// A checkout on this clock watches its session's expiry with a sleeper due at the expiry date. It is not
    /// counted by ``sleeperCount`` and ``waitForSleepers(_:limit:)`` (it would be there before the sleeper a test
    /// waits for), and ``advance(by:)`` wakes it like any other: advance past the session's lifetime and the
    /// checkout expires.
    public var watchCount: Int { state.withLock { $0.sleepers.count(where: { $0.isWatch }) } }

    /// Suspends until the clock is advanced to `deadline`, or throws `CancellationError` when the task is
    /// cancelled first. A deadline already reached returns at once.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: UInt64? = state.withLock { state in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return try Task.checkCancellation() }
        let isWatch = ClockWatch.isWatching
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelledEarly = state.withLock { state -> Bool in
                    if state.cancelledIDs.remove(id) != nil { return true }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, continuation: continuation, isWatch: isWatch))
                    return false
                }
                if cancelledEarly { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledIDs.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline is reached, earliest first, letting
    /// each run before the next deadline is considered.
    public func advance(by duration: Duration) async {
        let target = state.withLock { $0.now.advanced(by: duration) }
        await advance(to: target)
    }

    /// Moves the clock to `target` (never backwards), waking sleepers on the way.
    public func advance(to target: Instant) async {
        while true {
            let due = state.withLock { state -> Sleeper? in
                guard let next = state.sleepers.min(by: { $0.deadline < $1.deadline }), next.deadline <= target else {
                    if target > state.now { state.now = target }
                    return nil
                }
                state.sleepers.removeAll { $0.id == next.id }
                if next.deadline > state.now { state.now = next.deadline }
                return next
            }
            guard let due else { return }
            due.continuation.resume()
            for _ in 0..<10 { await Task.yield() }
        }
    }

    /// Waits until a task sleeps on the clock for `duration` from now: its deadline is `now + duration`. Bounded
    /// by `limit` of real time, like ``waitForSleepers(_:limit:)``.
    ///
    /// Use it when other tasks may sleep on the same clock. With a checkout and a sandbox sharing it, the
    /// checkout's background balance look-ups of saved gift cards wait on it too (a slow issuer, polling), so
    /// "a sleeper" may be theirs. Advancing by the sandbox's latency would then start that latency late and
    /// never end it.
    /// ```swift
    /// sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayValidate)
    /// let payment = Task { try await checkout.submitPayment() }
    /// await clock.waitForSleeper(for: .seconds(5))   // the sandbox's latency, not another sleeper
    /// await clock.advance(by: .seconds(5))
    /// ```
    public func waitForSleeper(for duration: Duration, limit: Duration? = nil) async {
        let deadline = now.advanced(by: duration)
        await waitUntil(limit: limit, "a sleeper due in \(duration)") { state in
            state.sleepers.contains { $0.deadline == deadline }
        }
    }

    /// Waits until at least `count` tasks sleep on the clock. Bounded by `limit` of real time (`nil`:
    /// ``defaultWaitLimit``), so that a test expecting a sleeper that never comes fails on its own assertions
    /// instead of hanging; the bound is in real time (not in yields) because a request may take a while to reach a
    /// loaded machine's server.
    ///
    /// Checkouts' expiry watches are not counted (see ``watchCount``).
    public func waitForSleepers(_ count: Int = 1, limit: Duration? = nil) async {
        await waitUntil(limit: limit, "\(count) sleeper(s)") { state in
            state.sleepers.count(where: { !$0.isWatch }) >= count
        }
    }

    /// Waits until at least `count` tasks sleep on the clock, or until `ended` says the work that would sleep is
    /// over (a polling that stopped on an answer): a loop that advances the clock at each of a polling's sleeps
    /// stops at once when the polling ends instead of waiting the whole bound for a sleeper that never comes.
    /// Bounded like ``waitForSleepers(_:limit:)``. `ended` is read between checks, from any thread: typically a
    /// lock-guarded flag the polling task sets as it returns. A loop then reads
    /// `while await clock.waitForSleepers(orUntil: ended) { await clock.advance(by: interval) }`.
    /// - Returns: `true` when the sleepers came, `false` when `ended` held first (or the bound passed).
    @discardableResult
    public func waitForSleepers(
        _ count: Int = 1, orUntil ended: @Sendable () -> Bool, limit: Duration? = nil
    ) async -> Bool {
        await waitUntil(limit: limit, "\(count) sleeper(s)", or: ended) { state in
            state.sleepers.count(where: { !$0.isWatch }) >= count
        }
    }

    /// Waits until at least `count` checkouts watch their session's expiry on the clock, bounded by `limit` of
    /// real time. A checkout starts its watch as it opens (and again after `updateSession` or `restore`), a
    /// moment later: wait for it before advancing the clock past the session's lifetime.
    /// ```swift
    /// await clock.waitForWatches()
    /// await clock.advance(by: .seconds(30 * 60))   // the sandbox's session lifetime
    /// #expect(checkout.sessionState == .expired)
    /// ```
    public func waitForWatches(_ count: Int = 1, limit: Duration? = nil) async {
        await waitUntil(limit: limit, "\(count) expiry watch(es)") { state in
            state.sleepers.count(where: { $0.isWatch }) >= count
        }
    }

    /// The real-time bound of the waits above when a test gives none: 30 s, or the seconds in the environment
    /// variable `PURSE_TEST_CLOCK_WAIT_LIMIT` (a slow runner: a sanitizer build, a loaded CI machine).
    ///
    /// A wait that reaches its bound lets the test go on, and says so on standard error: the advance that
    /// follows then wakes nobody, and the sleeper that comes later sleeps for good.
    public static var defaultWaitLimit: Duration {
        let seconds = ProcessInfo.processInfo.environment["PURSE_TEST_CLOCK_WAIT_LIMIT"].flatMap(Int.init)
        return .seconds(seconds.map { max($0, 1) } ?? 30)
    }

    /// Yields, then waits in real time, until `condition` holds of the state (`true`), `ended` holds (`false`) or
    /// `limit` has passed (`false`, said on standard error).
    @discardableResult
    private func waitUntil(
        limit: Duration?, _ what: String, or ended: () -> Bool = { false }, _ condition: (State) -> Bool
    ) async -> Bool {
        let limit = limit ?? Self.defaultWaitLimit
        let deadline = ContinuousClock.now + limit
        var spins = 0
        while !state.withLock({ condition($0) }) {
            if ended() { return false }
            guard ContinuousClock.now < deadline else {
                let line =
                    "TestClock: waited \(limit) of real time for \(what); none came (the next advance wakes nobody; "
                    + "PURSE_TEST_CLOCK_WAIT_LIMIT raises the bound on a slow machine)\n"
                FileHandle.standardError.write(Data(line.utf8))
                return false
            }
            spins += 1
            if spins < 1000 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))  // a real wait only while the machine is busy
            }
        }
        return true
    }
}
