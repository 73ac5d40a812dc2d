import Foundation

/// Writes to the terminal: colour only on a terminal that is not `TERM=dumb` and when `NO_COLOR` is not set,
/// errors to stderr.
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

    /// The console of standard output: colours as ``colorsAllowed(on:environment:)`` decides for it.
    static func standard() -> Console {
        Console(colors: colorsAllowed(on: STDOUT_FILENO), interactive: isatty(STDOUT_FILENO) == 1)
    }

    /// Whether escape sequences (colours, erasing a line) may be written to `descriptor`: only to a terminal,
    /// and not to one that says it understands none (`TERM=dumb`, as in Emacs shells and some CI logs).
    static func escapesAllowed(
        on descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        isatty(descriptor) == 1 && environment["TERM"] != "dumb"
    }

    /// Whether colours may be written to `descriptor`: ``escapesAllowed(on:environment:)``, and `NO_COLOR`
    /// unset or empty (https://no-color.org).
    static func colorsAllowed(
        on descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        escapesAllowed(on: descriptor, environment: environment) && (environment["NO_COLOR"] ?? "").isEmpty
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
