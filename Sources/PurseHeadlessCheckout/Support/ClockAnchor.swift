import Foundation

/// The device's time at a point, moved on by the injected clock: how far the checkout's clock says time went.
///
/// The checkout's server-time estimate takes the later of the device's clock and this one, so a test clock that
/// is advanced expires a session like the passing of real time does; with a real clock the device's time decides.
struct ClockAnchor: Sendable {
    /// The device time when the anchor was set.
    let device: Date
    private let elapsed: @Sendable () -> TimeInterval

    /// Anchors `clock` at `device`, now. A real clock (`ContinuousClock`, `SuspendingClock`) moves with the device's
    /// own, which stays the authority: only an injected clock (a test clock) moves the anchor.
    init(clock: any Clock<Duration>, device: Date) {
        self.device = device
        if clock is ContinuousClock || clock is SuspendingClock {
            elapsed = { 0 }
        } else {
            elapsed = Self.elapsed(on: clock)
        }
    }

    /// `device` moved on by the time the clock has moved since the anchor was set.
    var now: Date { device.addingTimeInterval(elapsed()) }

    private static func elapsed<C: Clock<Duration>>(on clock: C) -> @Sendable () -> TimeInterval {
        let origin = clock.now
        return {
            let components = origin.duration(to: clock.now).components
            return TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
        }
    }
}
