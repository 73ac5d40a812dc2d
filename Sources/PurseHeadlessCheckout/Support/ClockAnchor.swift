import Foundation

/// A time at a point, moved on by the configuration's clock: the checkout's one time line.
///
/// The checkout reads the device's wall clock once, when it opens or is restored; from then on only the injected
/// clock moves its time (`ContinuousClock` by default, which counts the device's sleep and ignores changes of the
/// wall clock). A test clock therefore decides alone when a session expires: real time passing while a test runs
/// moves nothing.
struct ClockAnchor: Sendable {
    /// The time when the anchor was set.
    let start: Date
    private let elapsed: @Sendable () -> TimeInterval

    /// Anchors `clock` at `start`, now.
    init(clock: any Clock<Duration>, start: Date) {
        self.start = start
        elapsed = Self.elapsed(on: clock)
    }

    /// `start` moved on by the time the clock has moved since the anchor was set.
    var now: Date { start.addingTimeInterval(elapsed()) }

    private static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> TimeInterval {
        let origin = clock.now
        return {
            let components = origin.duration(to: clock.now).components
            return TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
        }
    }
}
