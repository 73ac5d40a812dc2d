import Foundation

/// Compact JSON serialization with sorted keys (stable bytes for equal values).
enum JSONWriter {
    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .number(let number): out.append(contentsOf: Array(ExactDecimal.text(number).utf8))
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if let member = members[key] { write(member, into: &out) }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Exact conversions between JSON number text and `Decimal`.
enum ExactDecimal {
    /// Parses JSON number text exactly, or returns `nil` when it cannot be represented.
    static func parse(_ text: String) -> Decimal? {
        guard significantDigits(of: text) <= 38 else { return nil }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value.isFinite else {
            return nil
        }
        return value
    }

    /// Digits of the mantissa that `Decimal` must hold (leading zeros do not count).
    static func significantDigits(of text: String) -> Int {
        var count = 0
        var leading = true
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard byte >= 0x30, byte <= 0x39 else { continue }
            if leading && byte == 0x30 { continue }
            leading = false
            count += 1
        }
        return count
    }

    /// Plain decimal text for a value (no exponent, no grouping), as JSON wants it.
    static func text(_ value: Decimal) -> String {
        guard value.isFinite else { return "0" }
        return NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
