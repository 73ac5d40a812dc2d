/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and duplicates are kept as received, so a router sees exactly what the client sent. Names
/// compare ASCII case-insensitively (`Content-Type` finds `content-type`).
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add(name: "Set-Cookie", value: "a=1")
/// headers["content-type"]  // "application/json"
/// ```
///
/// The ``description`` masks credentials (`Authorization`, `Cookie`, `x-api-key`, …), so printing headers
/// in a log never leaks a secret.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field: its name as sent and its value without surrounding whitespace.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates an empty list.
    public init() {
        fields = []
    }

    /// Creates a list from fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// Creates a list from a literal such as `["Content-Type": "text/html"]`, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public subscript(_ name: String) -> String? {
        fields.first { Self.namesEqual($0.name, name) }?.value
    }

    /// The values of every field named `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is named `name` (case-insensitive).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesEqual($0.name, name) }
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with one field holding `value` (appended if there was none).
    public mutating func set(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) {
            fields[index].value = value
            var next = index + 1
            while next < fields.count {
                if Self.namesEqual(fields[next].name, name) {
                    fields.remove(at: next)
                } else {
                    next += 1
                }
            }
        } else {
            fields.append((name: name, value: value))
        }
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Two lists are equal when they hold the same fields in the same order (names compared exactly).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The fields as `Name: value` lines, with credential values replaced by `<redacted>`.
    public var description: String {
        let lines = fields.map { field in
            let masked = Self.redactedNames.contains { Self.namesEqual($0, field.name) }
            return "\(field.name): \(masked ? "<redacted>" : field.value)"
        }
        return "[" + lines.joined(separator: ", ") + "]"
    }

    /// Header names whose values never appear in ``description`` (DESIGN.md §7).
    private static let redactedNames = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "idempotency-key",
    ]

    /// ASCII case-insensitive comparison without allocating lower-cased copies.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return left.elementsEqual(right) { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}

/// Byte classes of RFC 9110/9112 used by the parser and the serializer.
enum ASCII {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }

    /// `tchar` of RFC 9110 §5.6.2: the characters of a method or header name.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: return true
        case 33, 35, 36, 37, 38, 39, 42, 43, 45, 46, 94, 95, 96, 124, 126: return true
        default: return false
        }
    }

    /// A byte allowed in a field value: visible ASCII, space, tab or obs-text; never CR, LF, NUL or DEL.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 32 && byte != 127)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }
}
