import PurseLock

#if canImport(Glibc)
    import Glibc
#endif

/// The part of the event loop other threads may touch: handler results waiting to be written, and the
/// stop request. Everything else of the loop lives on its thread alone.
///
/// Wake-ups go through a non-blocking pipe, written only when the loop is not already due to wake
/// (`wakePending`), so a burst of completions costs one `write` and one `read`. The pipe and the
/// listening socket are only written/shut down under the lock and only while `closed` is false, and
/// the loop closes them only after setting `closed` under the same lock, so no thread can ever touch a
/// descriptor number that was closed and reused.
final class LoopShared: Sendable {
    struct Completion: Sendable {
        let connectionID: UInt64
        let response: HTTPServerResponse
    }

    private struct Inbox {
        var completions: [Completion] = []
        var wakePending = false
        var stopping = false
        var closed = false
    }

    let listenFD: Int32
    let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    private let inbox = Locked(Inbox())

    init(listenFD: Int32) throws(HTTPServerError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Socket.systemError(.socketFailed, "Could not create the wake-up pipe") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.listenFD = listenFD
        wakeReadFD = fds[0]
        wakeWriteFD = fds[1]
    }

    /// Set by the loop thread once it has closed every connection and descriptor.
    private let finished = Locked(false)

    /// Loop thread, last thing it does.
    func markFinished() { finished.withLock { $0 = true } }

    /// Whether the loop has ended (any thread).
    var isFinished: Bool { finished.withLock { $0 } }

    /// Hands a handler's response to the loop (any thread).
    func post(_ completion: Completion) {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            inbox.completions.append(completion)
            wakeLocked(&inbox)
        }
    }

    /// Asks the loop to close everything and exit (any thread). New connections are refused from the
    /// moment this returns: the listening socket is shut down here rather than when the loop gets to it.
    func requestStop() {
        inbox.withLock { inbox in
            guard !inbox.closed, !inbox.stopping else { return }
            inbox.stopping = true
            _ = shutdown(listenFD, Int32(SHUT_RDWR))
            wakeLocked(&inbox)
        }
    }

    private func wakeLocked(_ inbox: inout Inbox) {
        guard !inbox.wakePending else { return }
        inbox.wakePending = true
        var byte: UInt8 = 1
        _ = write(wakeWriteFD, &byte, 1)
    }

    /// Loop thread: empties the wake-up pipe and swaps the pending completions into `buffer` (which
    /// must be empty). Returns whether a stop was requested.
    func takeCompletions(into buffer: inout [Completion]) -> Bool {
        var scratch: (UInt64, UInt64) = (0, 0)
        while withUnsafeMutableBytes(of: &scratch, { read(wakeReadFD, $0.baseAddress, $0.count) }) > 0 {}
        return inbox.withLock { inbox in
            inbox.wakePending = false
            swap(&inbox.completions, &buffer)
            return inbox.stopping
        }
    }

    /// Loop thread, on exit: refuses further posts, then closes the pipe and the listening socket.
    func close() {
        inbox.withLock { inbox in
            inbox.closed = true
            inbox.completions = []
        }
        _ = Glibc.close(wakeReadFD)
        _ = Glibc.close(wakeWriteFD)
        _ = Glibc.close(listenFD)
    }
}
