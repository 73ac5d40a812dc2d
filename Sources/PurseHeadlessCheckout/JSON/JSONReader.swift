import Foundation

/// Reads a ``JSONValue`` while tracking where it is, so that every decoding error names the exact path
/// that was wrong (`paymentSession.protocols.aci.creditcard.configurations.position: expected a number`).
///
/// The path is kept as steps and written out only for an error: building the text of every member's path as it
/// was read was the largest single cost of decoding a session (callgrind, docs/PERFORMANCE.md). Reading a scalar
/// member (`string("template")`) makes no reader at all unless the member is wrong.
struct JSONReader {
    let value: JSONValue
    private let location: Location
    /// Builds the error thrown for a wrong or missing value (the code differs per document).
    let makeError: @Sendable (String) -> PurseCheckoutError

    /// Where a value sits: a root named by the caller, then member names and array positions.
    private enum Location {
        case root(String)
        indirect case member(Location, String)
        indirect case element(Location, Int)

        var text: String {
            switch self {
            case .root(let path): return path
            case .member(let parent, let key):
                let prefix = parent.text
                return prefix.isEmpty ? key : prefix + "." + key
            case .element(let parent, let offset): return "\(parent.text)[\(offset)]"
            }
        }
    }

    init(_ value: JSONValue, path: String, error: @escaping @Sendable (String) -> PurseCheckoutError) {
        self.init(value, location: .root(path), error: error)
    }

    private init(_ value: JSONValue, location: Location, error: @escaping @Sendable (String) -> PurseCheckoutError) {
        self.value = value
        self.location = location
        self.makeError = error
    }

    /// The dot-separated path of this value (`paymentSession.protocols.aci`).
    var path: String { location.text }

    func fail(_ reason: String) -> PurseCheckoutError { makeError("\(path): \(reason)") }

    func child(_ key: String) -> String { Location.member(location, key).text }

    private func member(_ key: String) throws(PurseCheckoutError) -> JSONValue? {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.kindName)") }
        guard let member = members[key] else { return nil }
        if case .null = member { return nil }
        return member
    }

    /// The reader of a member that is already known to be there.
    private func reader(_ member: JSONValue, at key: String) -> JSONReader {
        JSONReader(member, location: .member(location, key), error: makeError)
    }

    /// The member as a reader, or `nil` when absent or `null`.
    func optional(_ key: String) throws(PurseCheckoutError) -> JSONReader? {
        guard let member = try member(key) else { return nil }
        return reader(member, at: key)
    }

    /// The member as a reader; throws when absent.
    func required(_ key: String) throws(PurseCheckoutError) -> JSONReader {
        guard let reader = try optional(key) else { throw makeError("\(child(key)): missing") }
        return reader
    }

    func string() throws(PurseCheckoutError) -> String {
        guard case .string(let text) = value else { throw fail("expected a string, found \(value.kindName)") }
        return text
    }

    func decimal() throws(PurseCheckoutError) -> Decimal {
        guard case .number(let number) = value else { throw fail("expected a number, found \(value.kindName)") }
        return number
    }

    func int() throws(PurseCheckoutError) -> Int {
        guard let small = Self.int(value) else { throw fail("expected an integer, found \(value.kindName)") }
        return small
    }

    private static func int(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, let exact = JSONValue.exactInt64(number) else { return nil }
        return Int(exactly: exact)
    }

    func bool() throws(PurseCheckoutError) -> Bool {
        guard case .bool(let flag) = value else { throw fail("expected true or false, found \(value.kindName)") }
        return flag
    }

    func date() throws(PurseCheckoutError) -> Date {
        let text = try string()
        guard let date = ISO8601.parse(text) else { throw fail("expected an ISO 8601 date") }
        return date
    }

    func url() throws(PurseCheckoutError) -> URL {
        let text = try string()
        guard let url = URL(string: text), url.scheme != nil else { throw fail("expected an absolute URL") }
        return url
    }

    /// The elements of an array, each as a reader.
    func elements() throws(PurseCheckoutError) -> [JSONReader] {
        guard case .array(let items) = value else { throw fail("expected an array, found \(value.kindName)") }
        return items.enumerated().map { JSONReader($1, location: .element(location, $0), error: makeError) }
    }

    /// The members of an object, sorted by key for a stable order.
    func members() throws(PurseCheckoutError) -> [(key: String, reader: JSONReader)] {
        guard case .object(let items) = value else { throw fail("expected an object, found \(value.kindName)") }
        return items.sorted { $0.key < $1.key }.map { ($0.key, reader($0.value, at: $0.key)) }
    }

    func strings() throws(PurseCheckoutError) -> [String] {
        guard case .array(let items) = value else { throw fail("expected an array, found \(value.kindName)") }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw JSONReader(item, location: .element(location, offset), error: makeError).fail(
                    "expected a string, found \(item.kindName)")
            }
            result.append(text)
        }
        return result
    }

    // Optional conveniences: absent or null gives nil, a wrong type still throws. The right type is read in place;
    // only a wrong one makes the member's reader, whose own accessor then throws with the member's path.
    func string(_ key: String) throws(PurseCheckoutError) -> String? {
        guard let member = try member(key) else { return nil }
        if case .string(let text) = member { return text }
        return try reader(member, at: key).string()
    }

    func decimal(_ key: String) throws(PurseCheckoutError) -> Decimal? {
        guard let member = try member(key) else { return nil }
        if case .number(let number) = member { return number }
        return try reader(member, at: key).decimal()
    }

    func int(_ key: String) throws(PurseCheckoutError) -> Int? {
        guard let member = try member(key) else { return nil }
        if let small = Self.int(member) { return small }
        return try reader(member, at: key).int()
    }

    func bool(_ key: String) throws(PurseCheckoutError) -> Bool? {
        guard let member = try member(key) else { return nil }
        if case .bool(let flag) = member { return flag }
        return try reader(member, at: key).bool()
    }

    func date(_ key: String) throws(PurseCheckoutError) -> Date? {
        guard let member = try member(key) else { return nil }
        if case .string(let text) = member, let date = ISO8601.parse(text) { return date }
        return try reader(member, at: key).date()
    }
}

extension JSONValue {
    /// A word for the kind of value, used in decoding errors.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
