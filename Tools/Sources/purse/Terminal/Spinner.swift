import Foundation

/// A progress spinner on standard error while a network call runs: only when standard error is a terminal
/// (never in a pipe, a log file or `--json` output), and erased before anything else is printed.
@MainActor
final class Spinner {
    /// Whether frames are drawn at all.
    let isEnabled: Bool
    /// While true (a hosted page is waited on, a question is asked), no frame is drawn.
    var isSuspended = false {
        didSet { if isEnabled && isSuspended && !oldValue { Self.write("\r\u{1B}[K") } }
    }
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// A spinner drawn only when standard error is a terminal (not `TERM=dumb`) and `allowed` (false with `--json`).
    init(allowed: Bool) {
        isEnabled = allowed && Console.escapesAllowed(on: STDERR_FILENO)
    }

    /// Runs `body` with the spinner turning next to `label`, then erases the line.
    func during<Result>(_ label: String, _ body: () async throws -> Result) async rethrows -> Result {
        guard isEnabled else { return try await body() }
        let drawing = Task { @MainActor in
            var index = 0
            while !Task.isCancelled {
                if !self.isSuspended {
                    Self.write("\r\(Self.frames[index % Self.frames.count]) \(label)…")
                    index += 1
                }
                try? await Task.sleep(for: .milliseconds(80))
            }
        }
        defer {
            drawing.cancel()
            Self.write("\r\u{1B}[K")
        }
        return try await body()
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
