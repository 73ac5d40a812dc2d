import Foundation

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// What a browser reads from a document, written apart from `RedirectHTML` so the gateway invariants check the
/// SDK against a second reading: character references in attribute values (HTML §13.2.5.72–80) and the URL of
/// a `<meta http-equiv="refresh">` (HTML §4.2.5.3, "shared declarative refresh steps"). Only the table of names
/// is shared (``HTMLNamedReferences``: data from the standard, checked on its own against Python's decoder in
/// `CharacterReferenceTests`); the decoding is another algorithm (longest name tried first, digits read as text).
enum FuzzHTMLOracle {
    /// An attribute value with its character references decoded.
    static func decodeAttribute(_ value: String) -> String {
        let scalars = Array(value.unicodeScalars)
        var output = String.UnicodeScalarView()
        var position = 0
        while position < scalars.count {
            guard scalars[position] == "&" else {
                output.append(scalars[position])
                position += 1
                continue
            }
            let after = position + 1
            if after < scalars.count, scalars[after] == "#" {
                position = numeric(scalars, ampersand: position, into: &output)
                continue
            }
            // Named: the longest table entry the text starts with, trying every length from 32 down.
            let window = scalars[after..<min(after + 32, scalars.count)]
            var found: (length: Int, text: String)?
            for length in stride(from: window.count, through: 1, by: -1) {
                let name = String(String.UnicodeScalarView(window.prefix(length)))
                if let text = HTMLNamedReferences.table[name] {
                    found = (length, text)
                    break
                }
            }
            guard let found else {
                output.append("&")
                position += 1
                continue
            }
            let end = after + found.length
            let following = end < scalars.count ? scalars[end] : nil
            let historical =
                scalars[end - 1] != ";"
                && following.map { $0 == "=" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
                    == true
            if historical {
                output.append(contentsOf: scalars[position..<end])
            } else {
                output.append(contentsOf: found.text.unicodeScalars)
            }
            position = end
        }
        return String(output)
    }

    /// `&#…` at `ampersand`: the digits as text, leading zeros dropped, then the standard's replacements.
    private static func numeric(
        _ scalars: [Unicode.Scalar], ampersand: Int, into output: inout String.UnicodeScalarView
    ) -> Int {
        var position = ampersand + 2
        let hex = position < scalars.count && (scalars[position] == "x" || scalars[position] == "X")
        if hex { position += 1 }
        let allowed = hex ? "0123456789abcdefABCDEF" : "0123456789"
        var digits = ""
        while position < scalars.count, allowed.unicodeScalars.contains(scalars[position]) {
            digits.unicodeScalars.append(scalars[position])
            position += 1
        }
        if digits.isEmpty {
            // Not a reference: `&#` (or `&#x`) stays, and what follows is read as text.
            output.append(contentsOf: scalars[ampersand..<(ampersand + (hex ? 3 : 2))])
            return ampersand + (hex ? 3 : 2)
        }
        if position < scalars.count, scalars[position] == ";" { position += 1 }
        let significant = String(digits.drop { $0 == "0" })
        let number = significant.count > 8 ? nil : UInt32(significant.isEmpty ? "0" : significant, radix: hex ? 16 : 10)
        output.append(replacement(number))
        return position
    }

    /// The character a numeric reference names (`nil`: larger than any code point).
    private static func replacement(_ number: UInt32?) -> Unicode.Scalar {
        guard let number, number != 0, number <= 0x10FFFF, !(0xD800...0xDFFF).contains(number) else {
            return "\u{FFFD}"
        }
        // The standard's table for 0x80–0x9F (windows-1252); the five it leaves out stay C1 controls.
        let c1: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x8D,
            0x17D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A,
            0x153, 0x9D, 0x17E, 0x178,
        ]
        let value = (0x80...0x9F).contains(number) ? c1[Int(number - 0x80)] : number
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The URL string a browser navigates to for a refresh with this (decoded) `content`, or `nil` when the
    /// content names none (no time, or a reload of the document itself). The URL parser's own clean-up is applied:
    /// leading and trailing C0 controls and spaces are stripped, tabs and newlines removed.
    static func refreshURL(content: String) -> String? {
        let input = Array(content.unicodeScalars)
        var position = 0
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { ["\t", "\n", "\u{0C}", "\r", " "].contains(scalar) }
        func current() -> Unicode.Scalar? { position < input.count ? input[position] : nil }
        func skipWhitespace() { while let scalar = current(), isWhitespace(scalar) { position += 1 } }
        func isDigit(_ scalar: Unicode.Scalar?) -> Bool { scalar.map { ("0"..."9").contains($0) } ?? false }

        skipWhitespace()
        let timeStart = position
        while isDigit(current()) { position += 1 }
        if position == timeStart, current() != "." { return nil }
        while isDigit(current()) || current() == "." { position += 1 }
        guard let separator = current() else { return nil }  // a time alone: reload
        guard separator == ";" || separator == "," || isWhitespace(separator) else { return nil }
        skipWhitespace()
        if current() == ";" || current() == "," { position += 1 }
        skipWhitespace()
        guard position < input.count else { return nil }
        let urlStart = position
        var quoteCheck = true
        if current() == "U" || current() == "u" {
            position += 1
            quoteCheck = false
            if current() == "R" || current() == "r" {
                position += 1
                if current() == "L" || current() == "l" {
                    position += 1
                    skipWhitespace()
                    if current() == "=" {
                        position += 1
                        skipWhitespace()
                        quoteCheck = true
                    }
                }
            }
            if !quoteCheck { position = urlStart }
        }
        var url = Array(input[position...])
        if quoteCheck, let quote = url.first, quote == "'" || quote == "\"" {
            url.removeFirst()
            if let end = url.firstIndex(of: quote) { url = Array(url[..<end]) }
        }
        // The URL parser: C0 controls and spaces at both ends go, tabs and newlines anywhere go.
        while let first = url.first, first.value <= 0x20 { url.removeFirst() }
        while let last = url.last, last.value <= 0x20 { url.removeLast() }
        url.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(String.UnicodeScalarView(url))
    }

    /// Whether `text` starts like an absolute URL (a scheme: an ASCII letter, then letters, digits, `+`, `-`,
    /// `.`, then `:`), which a browser follows without the document's address.
    static func isAbsolute(_ text: String) -> Bool {
        guard let colon = text.unicodeScalars.firstIndex(of: ":") else { return false }
        let scheme = text.unicodeScalars[..<colon]
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }
}
