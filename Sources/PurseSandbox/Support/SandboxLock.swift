#if canImport(Darwin)
    import os
#else
    import Synchronization
#endif

/// A value behind a lock: every read and every update of the sandbox state happens inside one `withLock`.
///
/// On Linux this is `Synchronization.Mutex`. On Apple platforms it is `OSAllocatedUnfairLock`, because the
/// package still supports iOS 17 / macOS 14 and `Mutex` needs iOS 18 / macOS 15. The closure is synchronous:
/// nothing can `await` while holding the lock, so a slow card or injected latency never blocks other requests.
final class SandboxLock<Value: Sendable>: Sendable {
    #if canImport(Darwin)
        private let lock: OSAllocatedUnfairLock<Value>
    #else
        private let mutex: Mutex<Value>
    #endif

    init(_ value: Value) {
        #if canImport(Darwin)
            lock = OSAllocatedUnfairLock(initialState: value)
        #else
            mutex = Mutex(value)
        #endif
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        #if canImport(Darwin)
            return lock.withLockUnchecked { value in body(&value) }
        #else
            return mutex.withLock { value in body(&value) }
        #endif
    }
}
