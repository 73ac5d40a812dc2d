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
    /// Parses JSON number text exactly, or returns `nil` when `Decimal` cannot hold it exactly (more than
    /// 38 significant digits, or an exponent outside its range). Leading and trailing zeros do not count:
    /// `480.000…0` and `0e999` are exact.
    static func parse(_ text: String) -> Decimal? {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var sawPoint = false
        var explicitExponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                if !(digits.isEmpty && byte == 0x30) { digits.append(byte) }
                if sawPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: ".") {
                sawPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                var rest = String(decoding: bytes[(index + 1)...], as: UTF8.self)
                if rest.hasPrefix("+") { rest.removeFirst() }
                guard let value = Int(rest) else {
                    // An exponent too long for Int: only a zero mantissa survives it.
                    return digits.isEmpty ? Decimal(0) : nil
                }
                explicitExponent = value
                break
            } else {
                return nil
            }
            index += 1
        }
        guard !digits.isEmpty else { return Decimal(0) }
        while digits.last == 0x30 {
            digits.removeLast()
            exponent += 1
        }
        let (total, overflow) = exponent.addingReportingOverflow(explicitExponent)
        guard !overflow, digits.count <= 38, total >= -128, total <= 127 else { return nil }
        guard let significand = Decimal(string: String(decoding: digits, as: UTF8.self)) else { return nil }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: total, significand: significand)
        return value.isFinite ? value : nil
    }

    /// The number `significand` × 10^`exponent`, negated when `negative`: what ``parse(_:)`` gives for the text of
    /// such a number whose significand has no trailing zero, built without going through text (the parser's fast
    /// path; `Decimal(string:)` was most of reading a number). `nil` when `Decimal` cannot hold it.
    static func make(negative: Bool, significand: UInt64, exponent: Int) -> Decimal? {
        guard significand != 0 else { return Decimal(0) }
        guard exponent >= -128, exponent <= 127 else { return nil }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        return value.isFinite ? value : nil
    }

    /// Plain decimal text for a value (no exponent, no grouping), as JSON wants it.
    static func text(_ value: Decimal) -> String {
        guard value.isFinite else { return "null" }
        return NSDecimalNumber(decimal: value).description(withLocale: Locale(identifier: "en_US_POSIX"))
    }
}
