import Foundation

/// Lenient base64: standard or URL-safe alphabet, padding optional, whitespace ignored.
enum Base64 {
    /// The decoded bytes, or `nil` for text that is not base64: a character outside both alphabets, `=` other
    /// than at the end, no data at all, or a length no encoding produces (one character left over).
    static func decode(_ text: String) -> Data? {
        decodeBytes(text).map { Data($0) }
    }

    /// ``decode(_:)`` as an array, which the JSON parser reads without another copy.
    ///
    /// Reads the UTF-8 bytes once, straight into the output: widget data is tens of kilobytes, and going through
    /// a normalized copy of the text was a fifth of opening a checkout (`purse-bench --profile-open`, perf). Eight
    /// characters of the alphabet at a time when they come so (always, between line breaks), then four; one at a
    /// time around whitespace, padding and anything wrong.
    static func decodeBytes(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decodeBytes($0) }
    }

    static func decodeBytes(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var valid = true
        let output = sextetValues.withUnsafeBufferPointer { table in
            shiftedSextets.withUnsafeBufferPointer { shifted in
                [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3 + 3) { out, written in
                    (written, valid) = decode(input, table, shifted, into: out)
                }
            }
        }
        // No data at all is not base64 either.
        return valid && !output.isEmpty ? output : nil
    }

    /// Decodes into `out` (at least `input.count / 4 * 3 + 3` bytes): the count written, and whether the input was
    /// base64. Locals only in the loop; every write is checked against `out.count`.
    private static func decode(
        _ input: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<UInt8>,
        _ shifted: UnsafeBufferPointer<UInt32>, into out: UnsafeMutableBufferPointer<UInt8>
    ) -> (Int, Bool) {
        var written = 0
        var accumulator: UInt32 = 0
        var pending = 0  // sextets in `accumulator`, 0...3
        var padding = false
        var index = 0
        let count = input.count
        let limit = out.count
        while index < count {
            if pending == 0, !padding, let source = input.baseAddress, let target = out.baseAddress {
                // Sixteen, then eight characters of the alphabet at once: twelve or six bytes. One load per eight
                // characters (all inside `input`); each character's sextet comes already shifted to its place in
                // its group of four, with a bit of the top byte set for anything else; each eight's six bytes are
                // written as eight (all inside `out`, which has that many left), the last two overwritten by the
                // next group or left past `written`. Wrapping arithmetic: `index <= count`, `written <= limit`.
                let raw = UnsafeRawPointer(source)
                let rawOut = UnsafeMutableRawPointer(target)
                while count &- index >= 16, limit &- written >= 16 {
                    let low = groups(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), shifted)
                    let high = groups(raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self), shifted)
                    guard (low.first | low.second | high.first | high.second) & 0xFF00_0000 == 0 else { break }
                    rawOut.storeBytes(of: bytes(low).bigEndian, toByteOffset: written, as: UInt64.self)
                    rawOut.storeBytes(of: bytes(high).bigEndian, toByteOffset: written &+ 6, as: UInt64.self)
                    written &+= 12
                    index &+= 16
                }
                while count &- index >= 8, limit &- written >= 8 {
                    let eight = groups(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), shifted)
                    guard (eight.first | eight.second) & 0xFF00_0000 == 0 else { break }
                    rawOut.storeBytes(of: bytes(eight).bigEndian, toByteOffset: written, as: UInt64.self)
                    written &+= 6
                    index &+= 8
                }
                // Four characters of the alphabet: three bytes at once.
                while index + 4 <= count, written + 3 <= limit {
                    let a = table[Int(input[index])]
                    let b = table[Int(input[index + 1])]
                    let c = table[Int(input[index + 2])]
                    let d = table[Int(input[index + 3])]
                    guard a | b | c | d < 64 else { break }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: group)
                    written += 3
                    index += 4
                }
                guard index < count else { break }
            }
            let value = table[Int(input[index])]
            index += 1
            if value >= Self.skip {
                switch value {
                case Self.skip: continue
                case Self.pad:
                    padding = true
                    continue
                default: return (written, false)
                }
            }
            guard !padding, written + 3 <= limit else { return (written, false) }  // data after padding
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                out[written] = UInt8(truncatingIfNeeded: accumulator >> 16)
                out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 8)
                out[written + 2] = UInt8(truncatingIfNeeded: accumulator)
                written += 3
                accumulator = 0
                pending = 0
            }
        }
        guard written + 2 <= limit else { return (written, false) }
        switch pending {
        case 0: break
        case 2:
            out[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
            written += 1
        case 3:
            out[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
            out[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
            written += 2
        default: return (written, false)  // one sextet left: no encoding ends so
        }
        return (written, true)
    }

    /// The two groups of four characters in `word` (first character in its lowest byte on every platform), each
    /// the OR of its characters' shifted sextets: 24 bits of output, or a bit of the top byte set.
    @inline(__always)
    private static func groups(
        _ word: UInt64, _ shifted: UnsafeBufferPointer<UInt32>
    ) -> (first: UInt32, second: UInt32) {
        let word = UInt64(littleEndian: word)
        // Each index is a byte (0...255) plus 256 × its place: inside the 1,024 entries.
        let first =
            shifted[Int(truncatingIfNeeded: word & 0xFF)]
            | shifted[256 | Int(truncatingIfNeeded: word >> 8 & 0xFF)]
            | shifted[512 | Int(truncatingIfNeeded: word >> 16 & 0xFF)]
            | shifted[768 | Int(truncatingIfNeeded: word >> 24 & 0xFF)]
        let second =
            shifted[Int(truncatingIfNeeded: word >> 32 & 0xFF)]
            | shifted[256 | Int(truncatingIfNeeded: word >> 40 & 0xFF)]
            | shifted[512 | Int(truncatingIfNeeded: word >> 48 & 0xFF)]
            | shifted[768 | Int(truncatingIfNeeded: word >> 56)]
        return (first, second)
    }

    /// Two valid groups' six bytes, in order from the most significant, then two zero bytes.
    @inline(__always)
    private static func bytes(_ groups: (first: UInt32, second: UInt32)) -> UInt64 {
        (UInt64(groups.first) << 40) | (UInt64(groups.second) << 16)
    }

    /// What each byte is worth: 0...63 for both alphabets' letters, then markers for whitespace, `=` and the rest.
    private static let skip: UInt8 = 64
    private static let pad: UInt8 = 65
    private static let invalid: UInt8 = 66
    private static let sextetValues: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (offset, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            table[Int(byte)] = UInt8(offset)
        }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "-"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        table[Int(UInt8(ascii: "_"))] = 63
        for byte in " \n\r\t".utf8 { table[Int(byte)] = skip }
        table[Int(UInt8(ascii: "="))] = pad
        return table
    }()

    /// ``sextetValues`` for each place in a group of four characters (`256 * place + byte`): the sextet shifted to
    /// its bits of the group's 24, or `0xFF00_0000` for a byte that is not of the alphabet.
    private static let shiftedSextets: [UInt32] = {
        var shifted = [UInt32](repeating: 0xFF00_0000, count: 1024)
        for place in 0..<4 {
            for byte in 0..<256 where sextetValues[byte] < 64 {
                shifted[256 * place + byte] = UInt32(sextetValues[byte]) << UInt32(18 - 6 * place)
            }
        }
        return shifted
    }()

    /// URL-safe base64 without padding.
    static func encodeURLSafe(_ data: Data) -> String {
        var bytes: [UInt8] = []
        let standard = data.base64EncodedString()
        bytes.reserveCapacity(standard.utf8.count)
        for byte in standard.utf8 {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
