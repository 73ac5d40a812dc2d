import Foundation

/// Runs blocking code (a socket read, waiting for a child process) on a thread of its own and returns its result,
/// so Swift's cooperative pool — two threads on a 2-core machine — stays free for the HTTP servers' handlers.
package func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
