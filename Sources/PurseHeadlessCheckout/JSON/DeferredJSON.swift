import Foundation

/// Which parts of a document ``JSONParser/parse(_:shape:)`` builds. Every part is checked all the same: a shape
/// changes what is built, never what is accepted or the error given.
indirect enum JSONShape: Sendable {
    /// Build the value whole.
    case all
    /// Check the value, build nothing.
    case skip
    /// Check the value, build nothing, and return where it lies (for a ``DeferredJSON``).
    case skipKeepingRange
    /// An object: the `listed` members by their own shape, any other by `others`; a value that is not an object is
    /// built whole. `keepRange` returns where the value lies too.
    case object(_ listed: [(name: String, shape: JSONShape)], others: JSONShape, keepRange: Bool)
}

/// A JSON value kept as its text, already checked by the parser, and built the first time it is read.
///
/// What the session keeps as received but the SDK does not read itself (a method's `contracts`, its whole
/// `configurations` object) waits here: building those trees was most of decoding a session
/// (docs/PERFORMANCE.md, "Session decoding ahead of Foundation").
final class DeferredJSON: Sendable {
    /// The value's bytes inside the decoded widget data (which they keep alive, like the value would).
    private let text: ArraySlice<UInt8>
    private let built = Locked<JSONValue?>(nil)

    init(_ text: ArraySlice<UInt8>) { self.text = text }

    var value: JSONValue {
        built.withLock { cached in
            if let cached { return cached }
            // The parser checked these bytes when it read the document, so this parse does not fail; were that
            // ever broken, `null` rather than a trap.
            let value = (try? JSONParser.parse(Array(text))) ?? .null
            cached = value
            return value
        }
    }
}

extension DeferredJSON: CustomReflectable {
    /// A dump shows the value, as it did when it was built at once; never the bytes, whose decimal codes would read
    /// like numbers (a card code scan of `dump()` output found `123`, the code of `{`).
    var customMirror: Mirror { Mirror(self, children: ["value": value]) }
}

/// A JSON value held by a session type: built already, or deferred until read. Compared and hashed by value.
enum JSONSlot: Sendable, Hashable {
    case built(JSONValue)
    case deferred(DeferredJSON)

    var value: JSONValue {
        switch self {
        case .built(let value): return value
        case .deferred(let deferred): return deferred.value
        }
    }

    static func == (lhs: JSONSlot, rhs: JSONSlot) -> Bool {
        if case .deferred(let left) = lhs, case .deferred(let right) = rhs, left === right { return true }
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
