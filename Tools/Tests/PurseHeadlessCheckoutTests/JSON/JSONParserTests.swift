import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Valid documents and exact numbers: what `JSONValue.parse` must accept, and what it must produce.
struct JSONParserTests {
    // MARK: Valid documents

    @Test("a nested document parses into the matching value")
    func nestedDocument() throws {
        let text = """
            { "a" : [ 1, { "b" : [ true, false, null ] } ],
              "c" : { "d" : {}, "e" : [], "f" : "" },
              "g" : -3 }
            """
        let expected: JSONValue = [
            "a": [1, ["b": [true, false, nil]]],
            "c": ["d": [:], "e": [], "f": ""],
            "g": -3,
        ]
        #expect(try JSONValue.parse(text) == expected)
    }

    static let smallDocuments: [(String, JSONValue)] = [
        ("{}", .object([:])),
        ("[]", .array([])),
        ("\"\"", .string("")),
        ("[[]]", .array([.array([])])),
        ("[{}]", .array([.object([:])])),
        ("{\"a\":{}}", .object(["a": .object([:])])),
        ("{\"\":[]}", .object(["": .array([])])),
        ("0", .number(0)),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("null", .null),
        (" \t\r\n[ \t\r\n] \t\r\n", .array([])),
    ]

    @Test("empty containers and scalars are whole documents", arguments: smallDocuments)
    func emptyContainersAndScalars(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test(
        "string escapes decode to the characters they name",
        arguments: [
            (#""\u0041""#, "A"),
            (#""\u00e9""#, "é"),
            (#""\u00E9""#, "é"),
            (#""\u20AC""#, "€"),
            (#""\u0000""#, "\u{0}"),
            (#""\uD83D\uDE00""#, "😀"),
            (#""\ud834\udd1e""#, "𝄞"),
            (#""x\uD83D\uDE00y\u00e9z""#, "x😀yéz"),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""é😀 raw UTF-8""#, "é😀 raw UTF-8"),
            (#""e\u0301""#, "e\u{301}"),
        ])
    func escapes(text: String, expected: String) throws {
        let value = try JSONValue.parse(text)
        #expect(value == .string(expected))
        // Compare scalars too: `String ==` is canonical equivalence, the parser must keep the exact scalars.
        #expect(value.stringValue.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars))
    }

    @Test("a surrogate pair becomes one scalar, encoded as four UTF-8 bytes")
    func surrogatePairIsOneScalar() throws {
        let text = try #require(try JSONValue.parse(#""\uD83D\uDE00""#).stringValue)
        #expect(text.unicodeScalars.count == 1)
        #expect(text.unicodeScalars.first?.value == 0x1F600)
        #expect(Array(text.utf8) == [0xF0, 0x9F, 0x98, 0x80])
    }

    @Test("Data and String inputs parse the same")
    func dataAndStringAgree() throws {
        let text = #"{"amount":10.2,"label":"caf\u00e9","list":[1,2,3]}"#
        #expect(try JSONValue.parse(Data(text.utf8)) == JSONValue.parse(text))
    }

    @Test("nesting up to maximumDepth is accepted")
    func nestingAtTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONValue.parse(text)
        var levels = 0
        while let inner = value.arrayValue {
            levels += 1
            guard let first = inner.first else { break }
            value = first
        }
        #expect(levels == depth)
    }

    // MARK: Exact numbers

    @Test(
        "numbers are exact decimals, never rounded through Double",
        arguments: [
            ("10.2", Decimal(sign: .plus, exponent: -1, significand: 102)),
            ("99999.99", Decimal(sign: .plus, exponent: -2, significand: 9_999_999)),
            ("9999999999.99", Decimal(sign: .plus, exponent: -2, significand: 999_999_999_999)),
            ("0.1", Decimal(sign: .plus, exponent: -1, significand: 1)),
            ("0.01", Decimal(sign: .plus, exponent: -2, significand: 1)),
            ("1234.56", Decimal(sign: .plus, exponent: -2, significand: 123_456)),
            ("1e2", Decimal(100)),
            ("1E2", Decimal(100)),
            ("1e+2", Decimal(100)),
            ("15e-1", Decimal(sign: .plus, exponent: -1, significand: 15)),
            ("-12.5", Decimal(sign: .minus, exponent: -1, significand: 125)),
            ("-0", Decimal(0)),
            ("-0.0", Decimal(0)),
            ("0", Decimal(0)),
            ("480", Decimal(480)),
            ("9223372036854775807", Decimal(Int64.max)),
            ("-9223372036854775808", Decimal(Int64.min)),
            (
                "12345678901234567890123456789012345678",
                Decimal(string: "12345678901234567890123456789012345678", locale: Locale(identifier: "en_US_POSIX"))
                    ?? .nan
            ),
        ])
    func exactNumbers(text: String, expected: Decimal) throws {
        let value = try JSONValue.parse(text)
        let number = try #require(value.decimalValue)
        #expect(number == expected)
        #expect(!number.isNaN)
    }

    static let longSpellings: [(String, Decimal)] = [
        // Trailing zeros are not significant digits: each of these fits `Decimal` exactly.
        ("1.0000000000000000000000000000000000000000", Decimal(1)),
        ("100000000000000000000000000000000000000", sessionDecimal(1, exponent: 38)),
        ("480.000000000000000000000000000000000000000000", Decimal(480)),
        // Zero with any exponent is zero.
        ("0e999", Decimal(0)),
        ("-0.0e-999", Decimal(0)),
    ]

    @Test("a number Decimal holds exactly is accepted, however long its spelling", arguments: longSpellings)
    func longSpellingsOfExactNumbers(text: String, expected: Decimal) throws {
        #expect(try JSONValue.parse(text).decimalValue == expected)
    }

    @Test("0.1 stays exactly one tenth: ten of them make exactly 1")
    func oneTenthIsExact() throws {
        let tenth = try #require(try JSONValue.parse("0.1").decimalValue)
        var sum = Decimal(0)
        for _ in 0..<10 { sum += tenth }
        #expect(sum == 1)
        #expect(tenth * 10 == 1)
        #expect(tenth == Decimal(1) / Decimal(10))
    }

    @Test("10.2 inside a document keeps its exact digits, whatever the nesting")
    func exactNumberInsideDocument() throws {
        let value = try JSONValue.parse(#"{"contracts":{"APPLY":{"mandatory":{"amount":10.2}}}}"#)
        let amount = value["contracts"]?["APPLY"]?["mandatory"]?["amount"]?.decimalValue
        #expect(amount == Decimal(sign: .plus, exponent: -1, significand: 102))
        #expect(amount.map { ExactDecimal.text($0) } == "10.2")
    }

    @Test("-0 is zero, not a negative or NaN value, and serializes as 0")
    func negativeZero() throws {
        let value = try JSONValue.parse("-0")
        #expect(value == .number(0))
        #expect(value.decimalValue?.isNaN == false)
        #expect(value.decimalValue?.isZero == true)
        #expect(value.jsonText == "0")
    }

    @Test("int64Value is exact for integers and nil for fractions")
    func int64Values() throws {
        #expect(try JSONValue.parse("480").int64Value == 480)
        #expect(try JSONValue.parse("1e2").int64Value == 100)
        #expect(try JSONValue.parse("-7").int64Value == -7)
        #expect(try JSONValue.parse("10.2").int64Value == nil)
        #expect(try JSONValue.parse("\"480\"").int64Value == nil)
    }

    // MARK: Large inputs

    @Test("a 100 000-digit number is refused with an error, not a crash")
    func hugeNumber() {
        let digits = "1" + String(repeating: "0", count: 99_999)
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(digits) }
        #expect(error?.offset == 0)
        let nested = #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"n\":" + digits + "}") }
        #expect(nested?.offset == 5)
        let fraction = "0." + String(repeating: "0", count: 99_998) + "1"
        #expect(throws: JSONParseError.self) { try JSONValue.parse(fraction) }
    }

    @Test("a 1 MB string parses whole")
    func megabyteString() throws {
        let count = 1 << 20
        let body = String(repeating: "a", count: count)
        let value = try JSONValue.parse("\"" + body + "\"")
        #expect(value.stringValue?.utf8.count == count)
        #expect(value.stringValue == body)
    }

    @Test("a 1 MB string made of escapes and multi-byte characters parses whole")
    func megabyteEscapedString() throws {
        let unit = #"\n\u00e9é\"😀"#  // decodes to "\n", "é", "é", "\"", "😀"
        let repeats = (1 << 20) / unit.utf8.count
        let value = try JSONValue.parse("[\"" + String(repeating: unit, count: repeats) + "\"]")
        let text = try #require(value.arrayValue?.first?.stringValue)
        #expect(text == String(repeating: "\néé\"😀", count: repeats))
    }
}
