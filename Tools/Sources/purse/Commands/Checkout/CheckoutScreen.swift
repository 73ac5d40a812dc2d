import Foundation

/// Where the checkout's dialogue goes: standard output, or standard error with `--json` (standard output
/// then carries only the final JSON object, so a script can parse it). Whatever is written keeps the command's own
/// styles and loses every other control character (``TerminalText/printable(_:)``).
struct CheckoutScreen: Sendable {
    let console: Console
    let toStandardError: Bool

    /// A line of the dialogue.
    func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Text without a line ending (a prompt).
    func write(_ text: String) {
        (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(
            Data(TerminalText.printable(text).utf8))
    }

    /// A problem the shopper can fix (a wrong PIN format, a refused amount): always on standard error.
    func problem(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.printable(console.red("✗") + " " + text + "\n").utf8))
    }

    /// A section title.
    func title(_ text: String) { line("\n" + console.bold(text)) }
}
