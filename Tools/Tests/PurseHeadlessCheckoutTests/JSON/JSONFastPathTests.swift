import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The parser's shortcuts give what the general paths give: numbers built from their bytes against
/// `ExactDecimal.parse` (the same `Decimal`, byte for byte), long member names shared through the name cache,
/// duplicate names found past the one-by-one comparison, `exactInt64` without rounding.
struct JSONFastPathTests {
    /// The `Decimal`'s bytes: equal bytes mean the same mantissa, exponent, sign and flags, not only equal values.
    static func representation(_ value: Decimal) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    static let numberSpellings: [String] = [
        "0", "-0", "0.0", "-0.000", "1", "-1", "7", "10", "480", "480.00", "10.2", "10.20", "0.1", "0.05", "-0.05",
        "1234.56", "99999.99", "9999999999.99", "100", "1000000", "120000000000000000000000",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
        "18446744073709551616", "9999999999999999999", "99999999999999999999", "1234567890123456789.5",
        "0.0000000000000000000000000000000000000001", "0." + String(repeating: "0", count: 127) + "1",
        "0." + String(repeating: "0", count: 126) + "1", "1" + String(repeating: "0", count: 127),
        "1" + String(repeating: "0", count: 128), "12345678901234567890123456789012345678",
        "123456789012345678901234567890123456789", "1e2", "1.5e-3", "0e999",
    ]

    @Test("a number read from its bytes is the Decimal ExactDecimal.parse gives", arguments: numberSpellings)
    func numbersMatchTheGeneralPath(text: String) {
        let general = ExactDecimal.parse(text)
        let parsed = try? JSONValue.parse(text).decimalValue
        #expect(parsed.map(Self.representation) == general.map(Self.representation), "\(text)")
    }

    @Test("random numbers: the same Decimal as ExactDecimal.parse, and exactInt64 as rounding says")
    func randomNumbers() throws {
        var random = MoneyTestRandom(seed: 18)
        for _ in 0..<20_000 {
            var text = random.int(in: 0...3) == 0 ? "-" : ""
            let integerDigits = random.int(in: 1...22)
            let leading = random.int(in: 0...9)
            text += leading == 0 && integerDigits > 1 ? "1" : String(leading)
            for _ in 1..<integerDigits { text += String(random.int(in: 0...9) < 4 ? 0 : random.int(in: 0...9)) }
            if random.int(in: 0...1) == 0 {
                text += "."
                for _ in 0..<random.int(in: 1...12) {
                    text += String(random.int(in: 0...9) < 4 ? 0 : random.int(in: 0...9))
                }
            }
            let general = ExactDecimal.parse(text)
            let parsed = try? JSONValue.parse(text).decimalValue
            #expect(parsed.map(Self.representation) == general.map(Self.representation), "\(text)")
            if let parsed {
                #expect(JSONValue.exactInt64(parsed) == Self.roundedInt64(parsed), "\(text)")
            }
        }
    }

    /// `exactInt64` as it was written before its shortcut: round, compare, convert.
    static func roundedInt64(_ value: Decimal) -> Int64? {
        guard value.isFinite else { return nil }
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, 0, .plain)
        let limit = Decimal(string: "9223372036854775807") ?? 0
        guard rounded == value, rounded <= limit, rounded >= -limit else { return nil }
        return Int64(exactly: NSDecimalNumber(decimal: rounded).int64Value)
    }

    @Test(
        "exactInt64 at the edges",
        arguments: [
            ("9223372036854775807", Int64.max), ("-9223372036854775807", -Int64.max),
            ("1e18", 1_000_000_000_000_000_000),
            ("0", 0), ("-0", 0), ("15", 15), ("480.00", 480),
        ] as [(String, Int64)])
    func exactInt64Edges(text: String, expected: Int64) throws {
        #expect(try JSONValue.parse(text).int64Value == expected)
    }

    @Test(
        "exactInt64 refuses what does not fit or is not whole",
        arguments: ["-9223372036854775808", "9223372036854775808", "1e19", "1e30", "1.5", "-0.001", "1e-3"])
    func exactInt64Refusals(text: String) throws {
        #expect(try JSONValue.parse(text).int64Value == nil)
    }

    @Test("non-finite and built Decimals go the general way", arguments: [Decimal.nan, Decimal(string: "2.50") ?? 0])
    func exactInt64OfOtherDecimals(value: Decimal) {
        #expect(JSONValue.exactInt64(value) == Self.roundedInt64(value))
    }

    @Test("long member names, repeated or not, escaped or not, all read back")
    func longNames() throws {
        var members: [String: JSONValue] = [:]
        var text = "{"
        for index in 0..<600 {
            let name = "a_member_name_longer_than_fifteen_\(index % 300)_\(index)"
            members[name] = .integer(Int64(index))
            text +=
                "\"\(name)\":{\"external_three_ds_enabled\":\(index),\"supported_brands_é\":1,"
                + "\"escaped_\\u0041_name_that_is_long\":2},"
        }
        text.removeLast()
        text += "}"
        let value = try JSONValue.parse(text)
        let object = try #require(value.objectValue)
        #expect(Set(object.keys) == Set(members.keys))
        for (name, number) in members {
            let inner = object[name]
            #expect(inner?["external_three_ds_enabled"] == number)
            #expect(inner?["supported_brands_é"] == 1)
            #expect(inner?["escaped_A_name_that_is_long"] == 2)
        }
    }

    @Test(
        "a duplicate name is refused at its second occurrence, among few members or many",
        arguments: [1, 5, 11, 12, 13, 40])
    func duplicatesAmongManyMembers(position: Int) {
        var text = "{"
        var offset = 0
        for index in 0..<50 {
            let name = index == position ? "member_2_with_a_long_name" : "member_\(index)_with_a_long_name"
            if index == position { offset = text.utf8.count }
            text += "\"\(name)\":\(index),"
        }
        text.removeLast()
        text += "}"
        let error = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        if position > 2 {
            #expect(error?.offset == offset)
            #expect(error?.reason == "duplicate member name")
        }
    }

    @Test("canonically equivalent names are duplicates past the one-by-one comparison too")
    func equivalentNamesAmongMany() {
        let members = (0..<20).map { "\"m\($0)\":\($0)," }.joined()
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{" + members + #""é":1,"e\u0301":2}"#) }
    }

    @Test("shared strings that share their length and first and last eight bytes still come out as their own text")
    func sharedStringsThatCollide() throws {
        // Hundreds of distinct strings of one length, equal but for their middle, each twice: the cache looks them up
        // by a key of their ends, so they all collide; past its probes it makes them again, never mixes them up.
        let texts = (0..<600).map { "prefix--" + String(format: "%08d", $0) + "--suffix" }
        let document = "[" + (texts + texts).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let parsed = try JSONValue.parse(document)
        #expect(parsed == .array((texts + texts).map(JSONValue.string)))
    }

    @Test("the eight-bytes-at-a-time scan stops at the first quote, backslash, control byte or non-ASCII byte")
    func plainEndStopsAtTheFirstStopByte() {
        func isStop(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80
        }
        // Every byte value at every place of two words and of the one-at-a-time tail, from several starts, after
        // a plain run and followed by another stop byte (which a borrow could otherwise report first).
        for length in [7, 16, 19] {
            for place in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[place] = UInt8(value)
                    if place + 1 < length { bytes[place + 1] = 0x01 }
                    bytes.withUnsafeBufferPointer { buffer in
                        for start in 0...min(place, 3) {
                            let expected = isStop(UInt8(value)) ? place : (place + 1 < length ? place + 1 : length)
                            #expect(
                                JSONParser.Cursor.plainEnd(buffer, from: start) == expected,
                                "byte \(value) at \(place) of \(length), from \(start)")
                        }
                    }
                }
            }
        }
    }
}
