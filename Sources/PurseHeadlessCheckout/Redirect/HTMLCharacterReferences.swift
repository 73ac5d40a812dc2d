/// Decodes character references as the HTML tokenizer does (WHATWG HTML §13.2.5.72–80, "character reference
/// state" and the states after it), so that what the SDK reads from a document is what a browser acts on.
///
/// - `&name;` and the legacy names without `;` from the full table (``HTMLNamedReferences``), longest match
///   first (`&notin;` is `∉`, `&notit;` is `¬it;`). In an attribute value a match without `;` followed by `=` or
///   an ASCII letter or digit is kept as written (`?a=1&copy=2` stays as is), as browsers do.
/// - `&#` digits and `&#x` hex digits, with or without the closing `;`, any number of leading zeros: 0, a
///   surrogate or a value past U+10FFFF is U+FFFD; 0x80–0x9F name the windows-1252 characters the standard maps
///   them to; every other value is that code point.
/// - Anything else (`& `, `&unknown;`, `&#x;`) is kept as written.
enum HTMLCharacterReferences {
    /// `text` with its character references decoded; `inAttribute` applies the attribute-value rule above.
    static func decode(_ text: String, inAttribute: Bool) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "&", index + 1 < scalars.count else {
                result.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "#" {
                index = numeric(scalars, at: index, into: &result)
            } else if isASCIIAlphanumeric(next) {
                index = named(scalars, at: index, inAttribute: inAttribute, into: &result)
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// A named reference at `start` (`&` then an ASCII letter or digit): appends what it stands for, or the text
    /// as written; returns the index after what was consumed.
    private static func named(
        _ scalars: [Unicode.Scalar], at start: Int, inAttribute: Bool, into result: inout String.UnicodeScalarView
    ) -> Int {
        // Names are ASCII letters and digits, then perhaps `;`: the longest one in the table that the text starts
        // with wins.
        var candidate = ""
        var match: (end: Int, characters: String)?
        var index = start + 1
        while index < scalars.count, candidate.utf8.count < HTMLNamedReferences.longestName {
            let scalar = scalars[index]
            guard isASCIIAlphanumeric(scalar) || scalar == ";" else { break }
            candidate.unicodeScalars.append(scalar)
            index += 1
            if let characters = HTMLNamedReferences.table[candidate] { match = (index, characters) }
            if scalar == ";" { break }
        }
        guard let match else {
            result.append("&")
            return start + 1
        }
        let endsWithSemicolon = scalars[match.end - 1] == ";"
        if inAttribute, !endsWithSemicolon, match.end < scalars.count,
            scalars[match.end] == "=" || isASCIIAlphanumeric(scalars[match.end])
        {
            result.append(contentsOf: scalars[start..<match.end])
            return match.end
        }
        result.append(contentsOf: match.characters.unicodeScalars)
        return match.end
    }

    /// A numeric reference at `start` (`&#`): appends its character, or `&#` (`&#x`) as written when no digit
    /// follows; returns the index after what was consumed.
    private static func numeric(
        _ scalars: [Unicode.Scalar], at start: Int, into result: inout String.UnicodeScalarView
    ) -> Int {
        var index = start + 2
        var radix: UInt32 = 10
        if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < scalars.count, let digit = digitValue(scalars[index], radix: radix) {
            // Past U+10FFFF the value no longer matters (it becomes U+FFFD): stop growing it.
            value = min(value * radix + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart else {
            result.append(contentsOf: scalars[start..<digitsStart])
            return digitsStart
        }
        if index < scalars.count, scalars[index] == ";" { index += 1 }
        result.append(character(for: value))
        return index
    }

    /// The character a numeric reference stands for (§13.2.5.80, "numeric character reference end state").
    static func character(for value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        if let mapped = windows1252[value] { return mapped }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The code points 0x80–0x9F that the standard replaces (the others stay C1 controls).
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46 where radix == 16: return scalar.value - 0x41 + 10
        case 0x61...0x66 where radix == 16: return scalar.value - 0x61 + 10
        default: return nil
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
