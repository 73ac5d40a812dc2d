import Foundation

/// A strict RFC 8259 parser over UTF-8 bytes that keeps numbers exact.
///
/// Written here rather than using `JSONSerialization`/`JSONDecoder` because those route numbers
/// through `Double` on some platforms (DESIGN §4), and because decoding errors must name a path.
enum JSONParser {
    /// Deepest nesting accepted; deeper documents are refused instead of exhausting the stack.
    static let maximumDepth = 256

    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = Cursor(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONParseError(offset: parser.index, reason: "unexpected text after the document")
        }
        return value
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func fail(_ reason: String) -> JSONParseError {
            JSONParseError(offset: index, reason: reason)
        }

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
            guard depth < JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth)") }
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw fail("unexpected character")
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw fail("unexpected end of input") }
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
            for offset in 0..<count where bytes[index + offset] != expected[offset] {
                throw fail("invalid literal")
            }
            index += count
        }

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
            index += 1
            var object: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name")
                }
                let keyOffset = index
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                guard object.updateValue(value, forKey: key) == nil else {
                    // A second member of the same name could be read differently by another parser.
                    throw JSONParseError(offset: keyOffset, reason: "duplicate member name")
                }
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(object)
                } else {
                    throw fail("expected ',' or '}'")
                }
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
            index += 1
            var array: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                skipWhitespace()
                array.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input in an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(array)
                } else {
                    throw fail("expected ',' or ']'")
                }
            }
        }

        mutating func parseNumber() throws(JSONParseError) -> Decimal {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected an exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = ExactDecimal.parse(text) else {
                throw JSONParseError(offset: start, reason: "number out of range")
            }
            return value
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        /// A string without escapes (nearly all of them) becomes text straight from the input's bytes; only an
        /// escape makes a copy to rewrite. ASCII text needs no UTF-8 validation, which is generic and was a tenth
        /// of parsing a session (`purse-bench --profile-open`, perf).
        mutating func parseString() throws(JSONParseError) -> String {
            index += 1
            // Bytes of a string with escapes, rewritten in place; empty (no allocation) until the first escape.
            var rewritten: [UInt8] = []
            var hasEscapes = false
            var plainStart = index
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text: String?
                    if hasEscapes {
                        rewritten.append(contentsOf: bytes[plainStart..<index])
                        text = String(validating: rewritten, as: UTF8.self)
                    } else if ascii {
                        let range = plainStart..<index
                        text = bytes.withUnsafeBufferPointer {
                            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
                        }
                    } else {
                        text = String(validating: bytes[plainStart..<index], as: UTF8.self)
                    }
                    index += 1
                    guard let text else { throw fail("string is not valid UTF-8") }
                    return text
                }
                if byte < 0x20 { throw fail("control character in a string") }
                if byte >= 0x80 { ascii = false }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    rewritten.append(contentsOf: bytes[plainStart..<index])
                    index += 1
                    guard index < bytes.count else { break }
                    try appendEscape(into: &rewritten)
                    plainStart = index
                    continue
                }
                index += 1
            }
            throw fail("unterminated string")
        }

        mutating func appendEscape(into out: inout [UInt8]) throws(JSONParseError) {
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate") }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid escape") }
                UTF8.encode(unicode) { out.append($0) }
            default:
                throw fail("invalid escape")
            }
        }

        mutating func readHex4() throws(JSONParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw fail("invalid hex digit")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
