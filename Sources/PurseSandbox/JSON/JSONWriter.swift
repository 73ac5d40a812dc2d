internal import Foundation

extension SandboxJSON {
    /// The compact UTF-8 serialization, object keys sorted (deterministic, so replays are byte-for-byte equal).
    var data: Data { Data(bytes) }

    /// The compact serialization as text, object keys sorted.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Written as UTF-8 bytes: every answer and every session's widget data goes through here, and appending
    /// scalar by scalar to a `String` was the sandbox's largest cost (`purse-bench --profile-open`, perf).
    private var bytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .number(let literal): output += literal.utf8
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]?.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings (names, codes, ids, dates) hold nothing to escape: copied whole.
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte != 0xE2
        }
        if plain {
            output += text.utf8
            output.append(UInt8(ascii: "\""))
            return
        }
        var utf8 = text.utf8.makeIterator()
        // U+2028 and U+2029 are E2 80 A8 / E2 80 A9: the two bytes after an E2 are held back until known.
        var held: [UInt8] = []
        while let byte = held.isEmpty ? utf8.next() : held.removeFirst() {
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            case 0x08: output += #"\b"#.utf8
            case 0x0C: output += #"\f"#.utf8
            // `<`, `>` and `&` are escaped too, so a JSON answer pasted into a page can never open a tag.
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0x00..<0x20:
                writeEscape(UInt32(byte), to: &output)
            case 0xE2:
                let second = utf8.next()
                let third = second == 0x80 ? utf8.next() : nil
                if second == 0x80, let third, third == 0xA8 || third == 0xA9 {
                    writeEscape(0x2000 | UInt32(third - 0x80), to: &output)
                } else {
                    output.append(byte)
                    held = [second, third].compactMap { $0 }
                }
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hex digits.
    private static func writeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output += #"\u"#.utf8
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
