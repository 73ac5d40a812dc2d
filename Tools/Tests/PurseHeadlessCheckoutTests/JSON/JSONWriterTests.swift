import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Serialization: parse → serialize → parse is the identity, keys come out sorted, strings are escaped.
struct JSONWriterTests {
    static let roundTripDocuments: [String] = [
        "{}",
        "[]",
        "null",
        "true",
        "\"\"",
        "0",
        "-0",
        "10.2",
        "99999.99",
        "9999999999.99",
        "0.1",
        "1e2",
        "-12.5e-1",
        "1E+30",
        "1e100",
        "-123e50",
        "1e-100",
        "12345678901234567890123456789012345678",
        "0.00000000000000000000000000000000000001",
        #"{"b":1,"a":[true,false,null],"c":{"z":"é","y":"😀"}}"#,
        #"["\u0000\u001f\"\\\/\b\f\n\r\t", "\uD83D\uDE00", "\u2028\u2029", "\u007f"]"#,
        #"{"":{"":[[],{}]}}"#,
        #"{"amount":1234.56,"contracts":{"APPLY":{"mandatory":{"amount":10.2}}},"max":9999999999.99}"#,
        #"[1, -1, 0.5, -0.5, 100, 1e-5, 123456789012345678]"#,
        #"{"Z":1,"a":2,"_":3,"0":4,"é":5}"#,
    ]

    @Test("parse → serialize → parse gives the same value", arguments: roundTripDocuments)
    func roundTrip(text: String) throws {
        let value = try JSONValue.parse(text)
        let serialized = value.serialized()
        let reparsed = try JSONValue.parse(serialized)
        #expect(reparsed == value)
        // And the bytes are stable: serializing the re-parsed value gives the same bytes.
        #expect(reparsed.serialized() == serialized)
        #expect(String(decoding: serialized, as: UTF8.self) == value.jsonText)
    }

    @Test("round trip keeps numbers exact: the serialized text of 10.2 is 10.2")
    func exactNumberText() throws {
        let value = try JSONValue.parse(#"[10.2,99999.99,9999999999.99,0.1,1e2,-0,1234.56]"#)
        #expect(value.jsonText == "[10.2,99999.99,9999999999.99,0.1,100,0,1234.56]")
    }

    @Test("object keys are written sorted, at every level")
    func sortedKeys() throws {
        let value = try JSONValue.parse(#"{"b":1,"a":{"z":1,"y":[{"d":1,"c":2}]},"C":3}"#)
        #expect(value.jsonText == #"{"C":3,"a":{"y":[{"c":2,"d":1}],"z":1},"b":1}"#)
    }

    @Test("equal values give equal bytes, whatever order the members were inserted in")
    func equalValuesEqualBytes() {
        var forward: [String: JSONValue] = [:]
        var backward: [String: JSONValue] = [:]
        let keys = (0..<50).map { "key\($0)" }
        for (offset, key) in keys.enumerated() { forward[key] = .integer(Int64(offset)) }
        for (offset, key) in keys.enumerated().reversed() { backward[key] = .integer(Int64(offset)) }
        #expect(JSONValue.object(forward).serialized() == JSONValue.object(backward).serialized())
    }

    @Test("control characters, quotes and backslashes are escaped")
    func escapesControlCharacters() {
        let value = JSONValue.string("\u{0}\u{1}\u{8}\u{C}\u{1F}\n\r\t\"\\/é😀\u{7F}")
        #expect(value.jsonText == #""\u0000\u0001\u0008\u000c\u001f\n\r\t\"\\/é😀"# + "\u{7F}\"")
    }

    @Test("every control character U+0000…U+001F is escaped and survives a round trip")
    func everyControlCharacter() throws {
        let all = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        let value = JSONValue.array([.string(all), .object([all: .string(all)])])
        let text = value.jsonText
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(try JSONValue.parse(text) == value)
    }

    @Test("member names are escaped like strings")
    func escapesKeys() {
        let value: JSONValue = ["a\"b\n": 1]
        #expect(value.jsonText == #"{"a\"b\n":1}"#)
    }

    @Test("serialized output is compact: no whitespace between tokens")
    func compact() throws {
        let value = try JSONValue.parse("{ \"a\" : [ 1 , 2 ] , \"b\" : { } }")
        #expect(value.jsonText == #"{"a":[1,2],"b":{}}"#)
    }
}
