import Foundation

/// Ctrl-C (SIGINT) and SIGTERM as an async sequence, so the command decides what an interruption means at
/// each moment (cancel at a prompt; keep waiting while a payment is being sent).
///
/// The handler does the only async-signal-safe thing it needs: it writes the signal number into a pipe (the
/// self-pipe pattern). A thread of its own reads the pipe and hands each signal to the stream. The handler is
/// installed process-wide, so it runs whichever thread the kernel picks.
enum InterruptSignals {
    /// Installs the handlers (once) and returns the signals received from now on.
    static func install() -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream<Int32>.makeStream(bufferingPolicy: .bufferingNewest(8))
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return stream }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        // A full pipe must never block the handler: drop the byte instead (a signal is pending anyway).
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        interruptPipeWriteEnd = writeEnd
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { return }
                continuation.yield(Int32(byte))
            }
        }
        // The thread's name, which only a debugger shows.
        reader.name = "purse signals"  // not shopper text
        reader.start()
        for signalNumber in [SIGINT, SIGTERM] {
            _ = signal(signalNumber, interruptHandler)
        }
        return stream
    }
}

/// The write end of the self-pipe. Set once, before the handlers are installed, and only read afterwards (by
/// the handler): a plain global is what a signal handler can read safely (no lock, no lazy initialisation).
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// The signal handler: one byte, the signal's number, into the pipe. `errno` is saved and restored, as POSIX
/// asks of handlers that call functions which may set it.
private let interruptHandler: @convention(c) (Int32) -> Void = { signalNumber in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(interruptPipeWriteEnd, &byte, 1)
    errno = savedErrno
}
