import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The widget-data base64 decoder reads bytes straight into its output; Foundation's `Data(base64Encoded:)`,
/// given the same text normalized (URL-safe letters mapped, whitespace dropped, padding completed), is the oracle,
/// with one difference: data after a `=` is refused outright (Foundation reads `ab=c` as two bytes).
@Suite("Base64 decoding agrees with Foundation's")
struct Base64Tests {
    /// What the decoder must answer for `text`: Foundation's decoding of its normalized form.
    static func oracle(_ text: String) -> Data? {
        var normalized = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "-": normalized += "+"
            case "_": normalized += "/"
            case " ", "\n", "\r", "\t": continue
            default: normalized.unicodeScalars.append(scalar)
            }
        }
        while normalized.hasSuffix("=") { normalized.removeLast() }
        guard !normalized.contains("=") else { return nil }
        guard !normalized.isEmpty, normalized.count % 4 != 1 else { return nil }
        normalized += String(repeating: "=", count: (4 - normalized.count % 4) % 4)
        return Data(base64Encoded: normalized)
    }

    @Test("every byte string round-trips through both alphabets, with and without padding")
    func roundTrips() {
        var random = MoneyTestRandom(seed: 1)  // the suite's seeded generator: failures reproduce
        for length in 0...64 {
            for _ in 0..<8 {
                let bytes = Data((0..<length).map { _ in UInt8(random.int(in: 0...255)) })
                let standard = bytes.base64EncodedString()
                let urlSafe = Base64.encodeURLSafe(bytes)
                if length == 0 {
                    #expect(Base64.decode(standard) == nil, "no data at all is not widget data")
                } else {
                    #expect(Base64.decode(standard) == bytes)
                    #expect(Base64.decode(urlSafe) == bytes)
                    #expect(Base64.decode(" \(standard.prefix(4))\n\(standard.dropFirst(4))\r\t") == bytes)
                }
            }
        }
    }

    @Test("on arbitrary text over the alphabets, padding and whitespace, it answers what Foundation answers")
    func agreesWithFoundation() {
        let alphabet = Array("AQgw/+_-=  \n\tZz09é$")
        var random = MoneyTestRandom(seed: 7)
        var accepted = 0
        for _ in 0..<20_000 {
            let length = random.int(in: 0...13)
            let text = String((0..<length).map { _ in random.pick(alphabet) })
            let expected = Self.oracle(text)
            #expect(Base64.decode(text) == expected, "\(text.debugDescription)")
            if expected != nil { accepted += 1 }
        }
        // The generator reaches both answers often: the comparison is not all refusals.
        #expect(accepted > 1_000)
    }

    @Test("longer texts, where groups of four are decoded at once between whitespace, answer as Foundation does")
    func longerTextsAgreeWithFoundation() {
        let alphabet = Array("AQgw/+_-Zz09AQgw/+_-Zz09AQgw/+_-Zz09=  \n\t$")
        var random = MoneyTestRandom(seed: 18)
        var accepted = 0
        for _ in 0..<5_000 {
            let length = random.int(in: 14...90)
            let text = String((0..<length).map { _ in random.pick(alphabet) })
            let expected = Self.oracle(text)
            #expect(Base64.decode(text) == expected, "\(text.debugDescription)")
            if expected != nil { accepted += 1 }
        }
        #expect(accepted > 100)
    }

    @Test("a wrong character, a line break or a '=' at every place of eight-character groups: Foundation's answer")
    func everyPlaceOfTheEightCharacterGroups() {
        var random = MoneyTestRandom(seed: 8)
        let bytes = Data((0..<60).map { _ in UInt8(random.int(in: 0...255)) })
        let text = Array(bytes.base64EncodedString())  // 80 characters, no padding: ten groups of eight
        for place in text.indices {
            var wrong = text
            wrong[place] = "$"
            #expect(Base64.decode(String(wrong)) == nil, "$ at \(place)")
            for inserted in ["\n", "=", " ", "_", "é"] as [Character] {
                var edited = text
                edited.insert(inserted, at: place)
                let result = Base64.decode(String(edited))
                #expect(result == Self.oracle(String(edited)), "\(inserted.debugDescription) at \(place)")
                if inserted == "\n" || inserted == " " { #expect(result == bytes) }
            }
        }
    }

    @Test(
        "refusals: padding inside, a lone sextet, characters outside both alphabets",
        arguments: [
            "e30=e30=", "ab=c", "a", "abcde", "ab\u{00A0}cd", "abc$", "абвг", "====", "",
        ])
    func refusals(_ text: String) {
        #expect(Base64.decode(text) == nil)
        #expect(Self.oracle(text) == nil)
    }
}
