import Foundation
import Testing

@testable import PurseSandbox

@Suite("Internals: JSON, money, time, escaping")
struct InternalsTests {
    @Test(
        "The parser keeps number literals exactly and refuses what RFC 8259 refuses",
        arguments: [
            (#"{"a":42.99,"b":[1,-0.5e3,true,null],"c":"\u00e9\ud83d\ude00"}"#, true),
            (#"{"a":01}"#, false), (#"{"a":1,}"#, false), (#"[1] x"#, false), (#"NaN"#, false), (#"{"a":"\x"}"#, false),
            (#""\ud800""#, false), ("\"a\u{01}\"", false), (#"[1.]"#, false),
        ])
    func parser(text: String, valid: Bool) {
        let parsed = try? JSONParser.parse(text)
        #expect((parsed != nil) == valid)
        if valid, let parsed {
            #expect(parsed["a"] == .number("42.99"))
            #expect(parsed["c"]?.stringValue == "é😀")
            #expect(parsed.text == #"{"a":42.99,"b":[1,-0.5e3,true,null],"c":"é😀"}"#)
        }
    }

    @Test("Deep nesting is refused, not a stack overflow")
    func depth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

    @Test("Integers only where minor units are expected")
    func integers() throws {
        #expect(try JSONParser.parse("4299").intValue == 4299)
        #expect(try JSONParser.parse("42.0").intValue == nil)
        #expect(try JSONParser.parse("1e3").intValue == nil)
        #expect(try JSONParser.parse("99999999999999999999").intValue == nil)
    }

    @Test("The writer escapes control and markup characters")
    func writer() {
        let value: SandboxJSON = ["k": "<a href=\"x\">&\n\u{01}"]
        #expect(value.text == #"{"k":"\u003ca href=\"x\"\u003e\u0026\n\u0001"}"#)
    }

    @Test(
        "The writer escapes U+2028 and U+2029 only, keeps other text starting with the same byte, and round-trips",
        arguments: [
            ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#), ("\u{2026}€\u{2030}", "\"\u{2026}€\u{2030}\""),
            ("\u{2020}\u{2028}", #""\#u{2020}\u2028""#), ("€\u{2028}", #""€\u2028""#), ("\u{2028}", #""\u2028""#),
            ("é\u{1F642}\\/", #""é\#u{1F642}\\/""#), ("\u{08}\u{0C}\u{1F}\r\t", #""\b\f\u001f\r\t""#),
        ])
    func writerLineSeparators(text: String, expected: String) throws {
        let value = SandboxJSON.string(text)
        #expect(value.text == expected)
        #expect(try JSONParser.parse(value.text) == value)
    }

    @Test(
        "Minor units to major literal and back",
        arguments: [
            (4299, "EUR", "42.99"), (4200, "EUR", "42"), (5, "EUR", "0.05"), (0, "EUR", "0"), (4299, "JPY", "4299"),
            (9_999_999_999_999, "EUR", "99999999999.99"),
        ])
    func money(minor: Int, currency: String, literal: String) {
        #expect(SandboxMoney.majorLiteral(minor: minor, currency: currency) == literal)
        #expect(SandboxMoney.minor(fromMajorLiteral: literal, currency: currency) == minor)
    }

    @Test("Major literals that are not exact are refused")
    func moneyRefusals() {
        #expect(SandboxMoney.minor(fromMajorLiteral: "1.234", currency: "EUR") == nil)
        #expect(SandboxMoney.minor(fromMajorLiteral: "-1", currency: "EUR") == nil)
        #expect(SandboxMoney.minor(fromMajorLiteral: "1e3", currency: "EUR") == nil)
        #expect(SandboxMoney.display(minor: 4200, currency: "EUR") == "42.00 EUR")
    }

    @Test(
        "ISO 8601 formatting without DateFormatter",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000Z"), (951_782_400.5, "2000-02-29T00:00:00.500Z"),
            (1_767_225_599.999, "2025-12-31T23:59:59.999Z"), (-1.0, "1969-12-31T23:59:59.000Z"),
        ])
    func iso(seconds: Double, text: String) {
        #expect(SandboxTime.iso8601(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("HTML escaping and form decoding")
    func escaping() {
        #expect(HTML.escape("<a href='x'>\"&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;")
        #expect(
            SandboxEncoding.parseForm("decision=approve&x=a+b%26c&bad=%zz") == ["decision": "approve", "x": "a b&c"])
        #expect(SandboxEncoding.base64URL(Data([0xfb, 0xff])) == "-_8")
    }

    @Test(
        "HTML escaping goes by Unicode scalar: a combining mark does not hide a markup character",
        arguments: [("\"", "&quot;"), ("<", "&lt;"), (">", "&gt;"), ("&", "&amp;"), ("'", "&#39;")])
    func escapingCombiningMarks(markup: String, escaped: String) {
        let mark = "\u{301}"
        let escapedText = HTML.escape("x" + markup + mark + " onfocus=alert(1)")
        #expect(Array(escapedText.unicodeScalars) == Array(("x" + escaped + mark + " onfocus=alert(1)").unicodeScalars))
    }

    @Test(
        "SHA-256 matches the FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
        ])
    func sha256(text: String, hex: String) {
        #expect(SandboxSHA256.hex(text) == hex)
    }

    @Test("Luhn and BIN rules")
    func cardRules() {
        #expect(CardRules.passesLuhn("4111111111111111"))
        #expect(!CardRules.passesLuhn("4111111111111112"))
        #expect(CardRules.canonicalBrand("amex") == "AMERICAN_EXPRESS")
    }
}

@Suite("Sandbox ids")
struct RandomIDsTests {
    @Test("version-4 UUIDs, lower case, Foundation reads them, no repeat across pool refills")
    func uuids() throws {
        let ids = RandomIDs()
        var seen = Set<String>()
        for _ in 0..<1_000 {  // about four refills of the pool
            let id = ids.uuid()
            let parsed = try #require(UUID(uuidString: id))
            #expect(parsed.uuidString.lowercased() == id)
            #expect(Array(id)[14] == "4")
            #expect("89ab".contains(Array(id)[19]))
            seen.insert(id)
        }
        #expect(seen.count == 1_000)
    }
}
