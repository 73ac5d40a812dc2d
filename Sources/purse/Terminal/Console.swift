import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the terminal: colour only on a terminal and when `NO_COLOR` is not set, a spinner only on a
/// terminal, errors to stderr.
struct Console: Sendable {
    let colors: Bool
    let interactive: Bool
    /// Story lines (steps, checks, details) are dropped; `print` and `error` still write.
    var silent = false

    /// The same console without the story lines (for `--json`, where a summary replaces them).
    func silenced() -> Console {
        var copy = self
        copy.silent = true
        return copy
    }

    static func standard() -> Console {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Console(colors: tty && !noColor, interactive: tty)
    }

    func print(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func bold(_ text: String) -> String { colors ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colors ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { colors ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colors ? "\u{1B}[31m\(text)\u{1B}[0m" : text }

    /// A section title.
    func step(_ title: String) { if !silent { print("\n" + bold("▸ " + title)) } }
    /// A line that says a check passed or failed.
    func check(_ passed: Bool, _ text: String) {
        if !silent { print("  " + (passed ? green("✓") : red("✗")) + " " + text) }
    }
    /// An indented detail line.
    func detail(_ text: String) { if !silent { print("    " + text) } }
}
