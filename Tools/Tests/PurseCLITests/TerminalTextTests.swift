import Foundation
import PurseHeadlessCheckout
import Testing

@testable import purse

/// Server-provided text printed by `purse checkout` loses its control characters: an answer cannot retitle the
/// window, erase a line or fake the command's own green "paid" line.
@Suite("purse checkout: server text without control characters")
struct TerminalTextTests {
    /// An error message as a hostile server could send it: set the title (OSC … BEL), go back to the line's start,
    /// erase it, and print a green tick with a fake outcome.
    static let forged = "refused\u{1B}]0;pwned\u{07}\r\u{1B}[2K\u{1B}[32m✓ Payment accepted\u{1B}[0m\u{9B}31m\u{202E}x"

    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
        }
    }

    @Test("every control character goes, text and line feeds stay")
    func safeRemovesControls() {
        let safe = TerminalText.safe(Self.forged)
        #expect(Self.controls(in: safe).isEmpty)
        #expect(safe == "refused]0;pwned[2K[32m✓ Payment accepted[0m31mx")
        let legal = "Crédit : 19,31 €\nVérifiez\tvos capacités"
        #expect(TerminalText.safe(legal) == "Crédit : 19,31 €\nVérifiez vos capacités")
        #expect(TerminalText.safeLine("a\nb") == "a b")
    }

    @Test("a printed line keeps the command's own styles and nothing else")
    func printableKeepsOwnStyles() {
        let console = Console(colors: true, interactive: false)
        let line = console.green("✓") + " " + Self.forged
        let printed = TerminalText.printable(line)
        #expect(printed.hasPrefix("\u{1B}[32m✓\u{1B}[0m refused"))
        // What is left of the forged part is inert text: no ESC starts a sequence the command did not write.
        let escapes = printed.components(separatedBy: "\u{1B}").count - 1
        #expect(escapes == 4)  // the command's green and reset, and the forged "[32m" and "[0m", both kept as styles
        #expect(!printed.contains("\u{07}") && !printed.contains("\r") && !printed.contains("\u{9B}"))
        #expect(!printed.contains("\u{1B}]") && !printed.contains("\u{1B}[2K"))
    }

    @Test("a sentence's values are made safe: an SDK error quoting a server's message, a saved card's label")
    func sentenceArgumentsAreSafe() {
        let text = CLIText(locale: Locale(identifier: "en"))
        let error = PurseCheckoutError(.validateFailed, message: Self.forged, serverCode: "REFUSED")
        let sentence = text("cli.outcome.refused", [("reason", .text(CheckoutText.reason(error)))])
        #expect(Self.controls(in: sentence).isEmpty)
        #expect(sentence.contains("Payment accepted"))
        let nested = text(PurseMessage("cli.outcome.refused", [.init("reason", .text(Self.forged))]))
        #expect(Self.controls(in: nested).isEmpty)
        let french = CLIText(locale: Locale(identifier: "fr"))
        #expect(Self.controls(in: french.reason(error)).isEmpty)
    }
}
