#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that one thread at a time may read or change: the package's only lock.
///
/// Why not `Synchronization.Mutex`: on Linux it waits on a raw futex inside the unsanitized standard
/// library, so ThreadSanitizer cannot see it order anything and reports every guarded access as a race
/// (measured: a four-thread counter under `Mutex` ends correct yet draws a "Swift access race" report).
/// `Locked` takes a `pthread_mutex_t` on Linux and an `os_unfair_lock` on Apple platforms — both
/// understood by the sanitizer — so `swift test --sanitize=thread` reports only real races. It also
/// works on iOS 17 / macOS 14, where `Mutex` is unavailable.
///
/// The closure is synchronous: nothing can `await` while holding the lock.
package final class Locked<Value>: @unchecked Sendable {
    #if canImport(Darwin)
        private let lock: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    /// Read and written only between `lock` and `unlock`.
    private var value: Value

    /// Creates the lock around its first value.
    package init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
        #else
            lock.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(lock, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns; what it throws is
    /// rethrown after the lock is released.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}

extension Locked: CustomReflectable {
    /// Reflection (`dump`, `Mirror`, a debugger's summary) shows no guarded value: reading it outside the lock
    /// would race with the thread that holds it (a `dump()` of a checkout crashed under ThreadSanitizer).
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
