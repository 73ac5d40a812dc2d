/// The sandbox's own JSON value (DESIGN.md §2: the sandbox shares no wire types with the SDK).
///
/// Numbers keep their literal text, so an amount in major units such as `42.99` is written and read back
/// exactly, never through `Double`. Objects are written with their keys sorted, which makes every answer
/// byte-for-byte reproducible (the idempotent replay of `/validate` relies on that).
enum SandboxJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A JSON number, as its literal text (`"4299"`, `"42.99"`).
    case number(String)
    case string(String)
    case array([SandboxJSON])
    case object([String: SandboxJSON])

    /// A number from an integer count (minor units, epoch milliseconds…).
    static func int(_ value: Int) -> SandboxJSON { .number(String(value)) }

    /// The member `key` of an object, or `nil`.
    subscript(key: String) -> SandboxJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string value.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a boolean.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value of a number written as an integer literal (no fraction, no exponent) that fits in `Int`.
    ///
    /// `12.0` and `1e3` are *not* integers here: gateway amounts are integer minor units on the wire.
    var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// The members of an object.
    var objectValue: [String: SandboxJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array.
    var arrayValue: [SandboxJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// `true` for `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SandboxJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: SandboxJSON...) { self = .array(elements) }
    init(nilLiteral: ()) { self = .null }
    init(dictionaryLiteral elements: (String, SandboxJSON)...) {
        var members: [String: SandboxJSON] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension SandboxJSON {
    /// A string, or `null` when `text` is `nil`.
    static func optional(_ text: String?) -> SandboxJSON {
        text.map(SandboxJSON.string) ?? .null
    }

    /// An object without the members whose value is `null` (optional fields are omitted, not `null`).
    static func compact(_ members: [String: SandboxJSON]) -> SandboxJSON {
        .object(members.filter { !$0.value.isNull })
    }
}
