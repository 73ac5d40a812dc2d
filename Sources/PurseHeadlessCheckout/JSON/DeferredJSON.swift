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

/// The JSON text of a decoded document, shared by the values of it kept as text (``DeferredJSON``), with the values
/// built from it so far.
///
/// One per decoded widget data, rather than a lock and an object per value: a session defers two values per method
/// (106 for the real session), and allocating those was a visible part of decoding (docs/PERFORMANCE.md).
final class DeferredDocument: Sendable {
    /// The document's bytes, as decoded from the widget data.
    let bytes: [UInt8]
    private let built = Locked<[Range<Int>: JSONValue]>([:])

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The value whose text is `range`, built on first use and kept.
    func value(at range: Range<Int>) -> JSONValue {
        built.withLock { values in
            if let value = values[range] { return value }
            // The parser checked these bytes when it read the document, so this parse does not fail; were that
            // ever broken, `null` rather than a trap.
            let value = (try? JSONParser.parse(Array(bytes[range]))) ?? .null
            values[range] = value
            return value
        }
    }
}

/// A JSON value kept as its text, already checked by the parser, and built the first time it is read.
///
/// What the session keeps as received but the SDK does not read itself (a method's `contracts`, its whole
/// `configurations` object) waits here: building those trees was most of decoding a session
/// (docs/PERFORMANCE.md, "Session decoding beside Foundation").
struct DeferredJSON: Sendable {
    /// The document the value lies in (kept alive by the value, as the built value would be).
    let document: DeferredDocument
    /// Where the value's text lies in it.
    let range: Range<Int>

    var value: JSONValue { document.value(at: range) }
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
        if case .deferred(let left) = lhs, case .deferred(let right) = rhs, left.document === right.document,
            left.range == right.range
        {
            return true
        }
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
