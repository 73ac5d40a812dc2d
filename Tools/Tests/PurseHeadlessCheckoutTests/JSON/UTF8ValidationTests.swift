import Testing

@testable import PurseHeadlessCheckout

/// The parser's UTF-8 check below iOS 18 and macOS 15 (`UTF8Validation.validatedByScalars`), held equal to the
/// standard library's `String(validating:as:)`, which it stands in for on those systems.
struct UTF8ValidationTests {
    /// The standard library's answer, the reference (always available on Linux).
    static func reference(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }

    static let named: [(String, [UInt8], Bool)] = [
        ("empty", [], true),
        ("ASCII", Array("abc".utf8), true),
        ("two-byte é", [0xC3, 0xA9], true),
        ("three-byte €", [0xE2, 0x82, 0xAC], true),
        ("four-byte 😀", [0xF0, 0x9F, 0x98, 0x80], true),
        ("U+10FFFF, the last scalar", [0xF4, 0x8F, 0xBF, 0xBF], true),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], false),
        ("overlong NUL", [0xC0, 0x80], false),
        ("overlong slash, three bytes", [0xE0, 0x80, 0xAF], false),
        ("overlong, four bytes", [0xF0, 0x80, 0x80, 0xAF], false),
        ("surrogate U+D800", [0xED, 0xA0, 0x80], false),
        ("lone continuation byte", [0x80], false),
        ("truncated three-byte sequence", [0xE2, 0x82], false),
        ("truncated at the end of valid text", Array("ok".utf8) + [0xF0, 0x9F], false),
        ("0xFF", [0xFF], false),
        ("0xF5 lead byte", [0xF5, 0x80, 0x80, 0x80], false),
    ]

    @Test("named sequences: the older-system path answers as the standard library does", arguments: named)
    func namedSequences(_ name: String, _ bytes: [UInt8], _ valid: Bool) {
        let ours = UTF8Validation.validatedByScalars(bytes)
        #expect((ours != nil) == valid, "\(name)")
        #expect(ours == Self.reference(bytes), "\(name)")
        #expect(UTF8Validation.string(validating: bytes) == Self.reference(bytes), "\(name)")
    }

    @Test("every sequence of one and two bytes")
    func everyShortSequence() async {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            let one = [UInt8(first)]
            if UTF8Validation.validatedByScalars(one) != Self.reference(one) { disagreements.append(one) }
            for second in 0...255 {
                let two = [UInt8(first), UInt8(second)]
                if UTF8Validation.validatedByScalars(two) != Self.reference(two) { disagreements.append(two) }
            }
            // CPU-bound for seconds under a sanitizer: other suites' HTTP handlers share the cooperative pool.
            await Task.yield()
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    @Test("every three-byte sequence led by 0xE0…0xF4, and 200,000 seeded random strings of up to 12 bytes")
    func leadBytesAndRandomStrings() async {
        var disagreements: [[UInt8]] = []
        for first in 0xE0...0xF4 {
            for second in 0x70...0xC5 {
                for third in [0x00, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                    let bytes = [UInt8(first), UInt8(second), UInt8(third)]
                    if UTF8Validation.validatedByScalars(bytes) != Self.reference(bytes) { disagreements.append(bytes) }
                }
            }
            await Task.yield()
        }
        // A fixed-seed generator (SplitMix64) biased toward the bytes where UTF-8 rules bite.
        var state: UInt64 = 0x5EED_1234
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED,
            0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
        ]
        for index in 0..<200_000 {
            if index % 2_000 == 0 { await Task.yield() }
            let count = Int(next() % 13)
            let bytes = (0..<count).map { _ in
                let roll = next()
                return roll % 2 == 0
                    ? interesting[Int((roll >> 8) % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: roll >> 16)
            }
            if UTF8Validation.validatedByScalars(bytes) != Self.reference(bytes) { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }
}
