import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Malformed JSON: every input must fail with a ``JSONParseError`` whose offset points at the problem
/// (into the offending token, or just after it when the token is only wrong once it is complete).
struct JSONParserErrorTests {
    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// Acceptable offsets: inside the offending token, or just after it.
        let offsets: ClosedRange<Int>
        /// A word the reason must contain.
        let reason: String

        init(_ name: String, _ text: String, at offsets: ClosedRange<Int>, _ reason: String) {
            self.init(name, bytes: Array(text.utf8), at: offsets, reason)
        }

        init(_ name: String, bytes: [UInt8], at offsets: ClosedRange<Int>, _ reason: String) {
            self.name = name
            self.bytes = bytes
            self.offsets = offsets
            self.reason = reason
        }

        var testDescription: String { name }
    }

    static let malformed: [Malformed] = [
        Malformed("trailing comma in an array", "[1,2,]", at: 5...5, "unexpected character"),
        Malformed("trailing comma in an object", #"{"a":1,}"#, at: 7...7, "member name"),
        Malformed("double comma", "[1,,2]", at: 3...3, "unexpected character"),
        Malformed("missing comma", "[1 2]", at: 3...3, "expected ','"),
        Malformed("missing colon", #"{"a" 1}"#, at: 5...5, "':'"),
        Malformed("single-quoted name", "{'a':1}", at: 1...1, "member name"),
        Malformed("bare name", "{a:1}", at: 1...1, "member name"),
        Malformed("unterminated string", #""abc"#, at: 4...4, "unterminated"),
        Malformed("unterminated string ending in a backslash", #""ab\"#, at: 3...4, "unterminated"),
        Malformed("unterminated array", "[1,2", at: 4...4, "end of input"),
        Malformed("unterminated object", #"{"a":1"#, at: 6...6, "end of input"),
        Malformed("lone opening bracket", "[", at: 1...1, "end of input"),
        Malformed("line feed in a string", "\"a\nb\"", at: 2...2, "control character"),
        Malformed("tab in a string", "\"a\tb\"", at: 2...2, "control character"),
        Malformed("NUL in a string", bytes: [0x22, 0x00, 0x22], at: 1...1, "control character"),
        Malformed("unknown escape \\x", #""\x""#, at: 1...3, "invalid escape"),
        Malformed("unknown escape \\a", #""ok\a""#, at: 3...5, "invalid escape"),
        Malformed("short \\u escape", #""\u12""#, at: 1...6, "\\u"),
        Malformed("non-hex \\u escape", #""\u12G4""#, at: 1...6, "hex"),
        Malformed("lone high surrogate", #""\uD800""#, at: 1...7, "surrogate"),
        Malformed("lone low surrogate", #""\uDC00""#, at: 1...7, "surrogate"),
        Malformed("high surrogate then a plain character", #""\uD800x""#, at: 1...7, "surrogate"),
        Malformed("high surrogate then a non-surrogate escape", #""\uD800\u0041""#, at: 1...13, "surrogate"),
        Malformed("two high surrogates", #""\uD83D\uD83D""#, at: 1...13, "surrogate"),
        Malformed("invalid UTF-8 in a string", bytes: [0x22, 0xFF, 0x22], at: 1...3, "UTF-8"),
        Malformed("leading zero", "01", at: 0...1, "after the document"),
        Malformed("leading zero in an array", "[01]", at: 1...2, "expected ','"),
        Malformed("negative leading zero", "-01", at: 1...2, "after the document"),
        Malformed("plus sign", "+1", at: 0...0, "unexpected character"),
        Malformed("leading dot", ".5", at: 0...0, "unexpected character"),
        Malformed("trailing dot", "1.", at: 1...2, "after '.'"),
        Malformed("dot then exponent", "1.e5", at: 1...2, "after '.'"),
        Malformed("minus alone", "-", at: 0...1, "digit"),
        Malformed("double minus", "--1", at: 0...1, "digit"),
        Malformed("exponent without digits", "1e", at: 1...2, "exponent"),
        Malformed("exponent sign without digits", "1e+", at: 1...3, "exponent"),
        Malformed("hexadecimal", "0x10", at: 1...1, "after the document"),
        Malformed("NaN", "NaN", at: 0...0, "unexpected character"),
        Malformed("NaN in an array", "[NaN]", at: 1...1, "unexpected character"),
        Malformed("Infinity", "Infinity", at: 0...0, "unexpected character"),
        Malformed("-Infinity", "-Infinity", at: 0...1, "digit"),
        Malformed("truncated literal", "tru", at: 0...3, "end of input"),
        Malformed("misspelled literal", "nul1", at: 0...3, "literal"),
        Malformed("capitalised literal", "True", at: 0...0, "unexpected character"),
        Malformed("trailing garbage after an object", "{} x", at: 3...3, "after the document"),
        Malformed("trailing garbage after a literal", "truex", at: 4...4, "after the document"),
        Malformed("two documents", "[1] [2]", at: 4...4, "after the document"),
        Malformed("two numbers", "1 2", at: 2...2, "after the document"),
        Malformed("trailing NUL", bytes: Array("[1]".utf8) + [0], at: 3...3, "after the document"),
        Malformed("empty input", "", at: 0...0, "end of input"),
        Malformed("whitespace only", " \n\t ", at: 0...4, "end of input"),
        Malformed("byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), at: 0...0, "unexpected character"),
    ]

    @Test("malformed JSON fails with an offset at the problem", arguments: malformed)
    func malformedInput(_ row: Malformed) {
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(Data(row.bytes)) }
        guard let error else { return }
        #expect(row.offsets.contains(error.offset), "offset \(error.offset), expected \(row.offsets): \(error)")
        #expect(error.reason.contains(row.reason), "reason: \(error.reason)")
        #expect(error.description == "invalid JSON at byte \(error.offset): \(error.reason)")
    }

    @Test("nesting one deeper than maximumDepth is refused at the bracket that goes too deep")
    func nestingTooDeep() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        #expect(error?.offset == JSONParser.maximumDepth)
        #expect(error?.reason.contains("nesting") == true)
    }

    @Test("objects nested too deep are refused too")
    func objectsTooDeep() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        // The first member value that is one level too deep starts at byte 5 × maximumDepth.
        #expect(error?.offset == 5 * JSONParser.maximumDepth)
    }

    @Test(
        "100 000 opening brackets fail cleanly instead of exhausting the stack",
        arguments: ["[", #"{"k":"#, "[{\"k\":"])
    func deepNestingDoesNotCrash(opener: String) {
        let text = String(repeating: opener, count: 100_000)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        #expect(error?.reason.contains("nesting") == true)
        #expect((error?.offset ?? Int.max) < text.utf8.count)
    }

    @Test("widget data with nesting deeper than the limit is WIDGET_DATA_MALFORMED, not a crash")
    func deepWidgetData() {
        let text = #"{"paymentSession":"# + String(repeating: "[", count: 100_000)
        let widgetData = Data(text.utf8).base64EncodedString()
        let error = #expect(throws: PurseCheckoutError.self) { try SessionDecoder.decode(widgetData: widgetData) }
        #expect(error?.code == .widgetDataMalformed)
    }

    @Test(
        "a member name given twice is refused, including canonically equivalent spellings",
        arguments: [#"{"amount":1,"amount":2}"#, #"{"a":{"x":1,"x":1}}"#, #"{"é":1,"e\u0301":2}"#])
    func duplicateMemberNames(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.reason == "duplicate member name")
        }
    }
}
