internal import Foundation

/// Small text codecs the router needs: base64url, percent-decoding, `application/x-www-form-urlencoded`.
enum SandboxEncoding {
    /// `name` with ASCII capitals lowered: HTTP field names, whose case does not matter. A name with none (the
    /// usual case) is returned as it is, without building a new string.
    /// Whether two field names are the same, ignoring ASCII case.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return left.elementsEqual(right) {
            ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == ($1 >= 65 && $1 <= 90 ? $1 | 0x20 : $1)
        }
    }

    static func lowercasedName(_ name: String) -> String {
        let utf8 = name.utf8
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return name }
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return name.lowercased() }
        return String(unsafeUninitializedCapacity: utf8.count) { text in
            for (offset, byte) in utf8.enumerated() {
                text[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return utf8.count
        }
    }

    /// Base64url without padding (RFC 4648 §5), as used for `purse-redirection-data`.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes standard or URL-safe base64, with or without padding.
    static func decodeBase64(_ text: String) -> Data? {
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normalized.count % 4 != 0 { normalized += "=" }
        return Data(base64Encoded: normalized)
    }

    /// Percent-decodes `text`; with `plusIsSpace` a `+` is a space (form bodies and query strings).
    static func percentDecode(_ text: String, plusIsSpace: Bool) -> String? {
        // Most path segments and values have nothing to decode: they are their own decoding.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    /// Percent-encodes everything outside the RFC 3986 unreserved set.
    static func percentEncode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }

    /// Parses `a=1&b=two` (form bodies and query strings). Later duplicates win; undecodable pairs are skipped.
    static func parseForm(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecode(String(parts[0]), plusIsSpace: true) else { continue }
            let value = parts.count > 1 ? percentDecode(String(parts[1]), plusIsSpace: true) : ""
            if let value { fields[name] = value }
        }
        return fields
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// HTML escaping for every value interpolated into a hosted page (DESIGN.md §7).
enum HTML {
    /// Escapes `& < > " '` so the text is safe in element content and in quoted attribute values.
    ///
    /// By Unicode scalar, not by `Character`: a `"` followed by a combining mark is one `Character` that is not
    /// `"`, yet a browser still reads the quote, which would end the attribute.
    static func escape(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "'": output.append(contentsOf: "&#39;".unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
