import Foundation

/// The shopper's answers, read from standard input one line at a time.
///
/// When standard input is a terminal, secrets (a CVV, a gift card's PIN) are read with the terminal's echo
/// turned off (termios `ECHO`), so they never appear on the screen; the terminal is restored after the line,
/// and by ``restoreTerminal()`` on every way out (Ctrl-C included). When standard input is a pipe or a file,
/// lines are read as they come, so a script can pipe its answers.
///
/// Reads block a thread of their own, never the main actor: the checkout, the loopback listener and the
/// interrupt handler keep running while the shopper thinks.
///
/// Its one mutable value is guarded by an `NSLock` (`Synchronization.Mutex` needs macOS 15; the package
/// supports macOS 14), hence `@unchecked Sendable`.
final class TerminalInput: @unchecked Sendable {
    /// Whether standard input is a terminal.
    let isTerminal: Bool
    /// The terminal's settings while echo is off, to put back; guarded by `lock`.
    private var savedSettings: termios?
    private let lock = NSLock()

    init() {
        isTerminal = isatty(STDIN_FILENO) == 1
    }

    /// Reads one line (without its line ending); `nil` at the end of the input or when the calling task is
    /// cancelled. `prompt` writes the question once echo is set as asked. With `hidden`, echo is off while
    /// the line is typed (on a terminal), and a line feed is written afterwards in place of the Enter the
    /// terminal did not echo.
    func readLine(hidden: Bool = false, before prompt: @Sendable () -> Void = {}) async -> String? {
        if hidden { disableEcho() }
        prompt()
        let line = await Self.readLineOffTheActor()
        if hidden { restoreTerminal() }
        return line
    }

    /// Puts the terminal's settings back if echo was turned off. Safe to call at any time, more than once.
    func restoreTerminal() {
        let saved = lock.withLock {
            defer { savedSettings = nil }
            return savedSettings
        }
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        // The Enter that ended the hidden line was not echoed either: move to the next line.
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func disableEcho() {
        guard isTerminal else { return }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        let original = settings
        // Echo off, line editing (ICANON) kept: the shopper can still erase what they typed.
        settings.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else { return }
        lock.withLock { savedSettings = original }
    }

    /// Reads a line on a thread of its own; the waiting task resumes with `nil` when it is cancelled (the
    /// thread keeps its `read` until a line comes, and that line is dropped: only the last read of a session
    /// may be cancelled).
    private static func readLineOffTheActor() async -> String? {
        let slot = ResumeOnce()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard slot.install(continuation) else { return }
                let reader = Thread { slot.resume(with: blockingReadLine()) }
                // The thread's name, which only a debugger shows.
                reader.name = "purse stdin"  // not shopper text
                reader.start()
            }
        } onCancel: {
            slot.resume(with: nil)
        }
    }

    /// `read(2)` one byte at a time up to a line feed: nothing beyond the line is consumed, so what follows
    /// stays in the pipe for the next question.
    private static func blockingReadLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : text(of: bytes) }
            if byte == UInt8(ascii: "\n") { return text(of: bytes) }
            bytes.append(byte)
        }
    }

    private static func text(of bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}

/// A continuation resumed exactly once, by whichever comes first: the line or the cancellation. Its state is
/// guarded by `lock` (see ``TerminalInput`` for why not `Mutex`).
private final class ResumeOnce: @unchecked Sendable {
    private var continuation: CheckedContinuation<String?, Never>?
    private var done = false
    private let lock = NSLock()

    /// Installs the continuation; `false` (and resumed with `nil`) when cancellation came first.
    func install(_ continuation: CheckedContinuation<String?, Never>) -> Bool {
        let cancelledFirst = lock.withLock {
            if done { return true }
            self.continuation = continuation
            return false
        }
        if cancelledFirst { continuation.resume(returning: nil) }
        return !cancelledFirst
    }

    func resume(with line: String?) {
        let waiting = lock.withLock { () -> CheckedContinuation<String?, Never>? in
            guard !done else { return nil }
            done = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: line)
    }
}
