import PurseLock

/// A value behind a lock: every read and every update of the sandbox state happens inside one `withLock`.
///
/// The lock is the package's `Locked` (a `pthread_mutex_t` on Linux, `os_unfair_lock` on Apple platforms), which
/// ThreadSanitizer can see. The closure is synchronous: nothing can `await` while holding the lock, so a slow card
/// or injected latency never blocks other requests.
final class SandboxLock<Value: Sendable>: Sendable {
    private let locked: Locked<Value>

    init(_ value: Value) {
        locked = Locked(value)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        locked.withLock { value in body(&value) }
    }
}
