public import Foundation

/// A JSON document as a value: what plugins and secondary configs put in a payload, and what the
/// SDK reads from the session and the gateway.
///
/// Numbers are kept as exact `Decimal` values: the SDK parses JSON number text itself and never goes
/// through `Double`, so `10.2` or `9999999999.99` arrive exactly as written.
///
/// ```swift
/// let data: [String: JSONValue] = ["voucher_code": .string("ACME-42")]
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exactly as written in the text (never through `Double`).
    case number(Decimal)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; its member order is not kept (the writer sorts keys).
    case object([String: JSONValue])

    /// The string, when this is a JSON string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, when this is a JSON number.
    public var decimalValue: Decimal? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The members, when this is a JSON object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements, when this is a JSON array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// An integer number, when this is a number with no fraction that fits `Int64`.
    public var int64Value: Int64? {
        guard case .number(let value) = self else { return nil }
        return Self.exactInt64(value)
    }

    /// `Int64.max` as a `Decimal`, parsed once (parsing it at every call was a tenth of session decoding).
    private static let int64Limit = Decimal(string: "9223372036854775807") ?? 0

    static func exactInt64(_ value: Decimal) -> Int64? {
        guard value.isFinite else { return nil }
        if value.exponent >= 0 {
            // Already whole (a significand times a power of ten): every integer the parser reads, as it drops
            // trailing zeros into the exponent. Rounding it first was half of reading an integer member.
            guard value <= int64Limit, value >= -int64Limit else { return nil }
            return Int64(exactly: NSDecimalNumber(decimal: value).int64Value)
        }
        var source = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == value else { return nil }
        guard rounded <= int64Limit, rounded >= -int64Limit else { return nil }
        return Int64(exactly: NSDecimalNumber(decimal: rounded).int64Value)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// `"text"` is a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `42` is a JSON number.
    public init(integerLiteral value: Int) { self = .number(Decimal(value)) }
    /// `true` is a JSON boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `[1, "a"]` is a JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `nil` is JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `["key": value]` is a JSON object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object: [String: JSONValue] = [:]
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue {
    /// A JSON number from an integer.
    public static func integer(_ value: Int64) -> JSONValue { .number(Decimal(value)) }

    /// Parses UTF-8 JSON text.
    ///
    /// Throws ``JSONParseError`` naming the byte offset of the first problem. Nesting deeper than 256 levels
    /// is refused rather than risking the stack.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(data))
    }

    /// Parses UTF-8 JSON text given as a `String`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// Serializes compactly, with object keys sorted so equal values give equal bytes.
    public func serialized() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        JSONWriter.write(self, into: &out)
        return Data(out)
    }

    /// The compact serialization as a `String`.
    public var jsonText: String {
        var out: [UInt8] = []
        JSONWriter.write(self, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// Why JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset of the problem in the input.
    public let offset: Int
    /// What was wrong.
    public let reason: String

    /// `invalid JSON at byte N: reason`. Never quotes the input, which may hold card data.
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
