import Foundation

/// Reads a ``JSONValue`` while tracking where it is, so that every decoding error names the exact path
/// that was wrong (`paymentSession.protocols.aci.creditcard.configurations.position: expected a number`).
struct JSONReader {
    let value: JSONValue
    let path: String
    /// Builds the error thrown for a wrong or missing value (the code differs per document).
    let makeError: @Sendable (String) -> PurseCheckoutError

    init(_ value: JSONValue, path: String, error: @escaping @Sendable (String) -> PurseCheckoutError) {
        self.value = value
        self.path = path
        self.makeError = error
    }

    func fail(_ reason: String) -> PurseCheckoutError { makeError("\(path): \(reason)") }

    func child(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    private func member(_ key: String) throws(PurseCheckoutError) -> JSONValue? {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.kindName)") }
        guard let member = members[key], member != .null else { return nil }
        return member
    }

    /// The member as a reader, or `nil` when absent or `null`.
    func optional(_ key: String) throws(PurseCheckoutError) -> JSONReader? {
        guard let member = try member(key) else { return nil }
        return JSONReader(member, path: child(key), error: makeError)
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
        guard case .number(let number) = value, let exact = JSONValue.exactInt64(number),
            let small = Int(exactly: exact)
        else { throw fail("expected an integer, found \(value.kindName)") }
        return small
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
        return items.enumerated().map { JSONReader($1, path: "\(path)[\($0)]", error: makeError) }
    }

    /// The members of an object, sorted by key for a stable order.
    func members() throws(PurseCheckoutError) -> [(key: String, reader: JSONReader)] {
        guard case .object(let items) = value else { throw fail("expected an object, found \(value.kindName)") }
        return items.keys.sorted().compactMap { key in
            guard let member = items[key] else { return nil }
            return (key, JSONReader(member, path: child(key), error: makeError))
        }
    }

    func strings() throws(PurseCheckoutError) -> [String] {
        var result: [String] = []
        for element in try elements() { result.append(try element.string()) }
        return result
    }

    // Optional conveniences: absent or null gives nil, a wrong type still throws.
    func string(_ key: String) throws(PurseCheckoutError) -> String? { try optional(key)?.string() }
    func decimal(_ key: String) throws(PurseCheckoutError) -> Decimal? { try optional(key)?.decimal() }
    func int(_ key: String) throws(PurseCheckoutError) -> Int? { try optional(key)?.int() }
    func bool(_ key: String) throws(PurseCheckoutError) -> Bool? { try optional(key)?.bool() }
    func date(_ key: String) throws(PurseCheckoutError) -> Date? { try optional(key)?.date() }
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
