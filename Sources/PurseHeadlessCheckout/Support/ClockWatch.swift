/// Marks the sleeps of a checkout's watches (its session's expiry) on the injected clock.
///
/// A watch sleeps for as long as the session lives and is not a wait a test drives step by step: a test clock
/// (`TestClock` of `PurseCheckoutTesting`) reads this task-local to keep such sleepers out of the counts a test
/// waits on (`waitForSleepers`), while `advance(by:)` still wakes them.
package enum ClockWatch {
    /// Whether the sleep under way belongs to a watch.
    @TaskLocal package static var isWatching = false
}
