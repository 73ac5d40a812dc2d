/// Text from outside the command (a server's error message, a lender's legal text, a saved card's label, an SDK log
/// line) made harmless for a terminal before it is printed.
///
/// A terminal obeys control characters: an answer carrying `ESC` sequences could set the window's title, erase the
/// line, move the cursor or print a fake green "Payment accepted"; `BEL` rings, `CR` overwrites the line. Every C0
/// control but the line feed (a tab becomes a space), `DEL`, every C1 control, and the bidirectional overrides and
/// isolates (which reorder what the reader sees) are removed. The rest, accented letters and `€` included, stays.
enum TerminalText {
    /// `text` without control characters; line feeds stay (a lender's legal text has paragraphs).
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRemoved) || text.contains("\t") else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                kept.append(" ")
            } else if !isRemoved(scalar) {
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// `text` made safe and kept on one line: line feeds become spaces (an error message inside a sentence).
    static func safeLine(_ text: String) -> String {
        safe(text).replacingOccurrences(of: "\n", with: " ")
    }

    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 (ESC, BEL, CR, BS…), DEL, C1 (CSI, OSC…)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional marks and overrides
        default: false
        }
    }

    /// What the command's own styling writes (``Console``): the only escape sequences a printed line may hold.
    static let ownStyles = ["\u{1B}[0m", "\u{1B}[1m", "\u{1B}[2m", "\u{1B}[31m", "\u{1B}[32m"]

    /// A line about to be written: the command's own styles stay, every other control character goes. The last
    /// guard: the values put into the dialogue's sentences are already made ``safe(_:)`` where they come in.
    static func printable(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isRemoved) || line.contains("\t") else { return line }
        var result = ""
        var rest = Substring(line)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += safe(String(rest[..<escape]))
            let tail = rest[escape...]
            if let style = ownStyles.first(where: { tail.hasPrefix($0) }) {
                result += style
                rest = tail.dropFirst(style.count)
            } else {
                rest = tail.dropFirst()  // the ESC goes; what followed it is read as text, without controls
            }
        }
        return result + safe(String(rest))
    }
}
