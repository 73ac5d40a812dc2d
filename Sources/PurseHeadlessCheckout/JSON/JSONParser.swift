import Foundation

/// A strict RFC 8259 parser over UTF-8 bytes that keeps numbers exact.
///
/// One file over the usual size: building, skipping and shaped reading are modes of the same recursive descent, so
/// that they cannot drift apart in what they accept or in the errors they give.
///
/// Written here rather than using `JSONSerialization`/`JSONDecoder` because those route numbers
/// through `Double` on some platforms (DESIGN §4), and because decoding errors must name a path.
enum JSONParser {
    /// Deepest nesting accepted; deeper documents are refused instead of exhausting the stack.
    ///
    /// The parser recurses once per level, and the SDK parses gateway answers off the main actor, where Apple's
    /// secondary threads have 512 KB of stack. In a debug build one object level costs about 5 KB
    /// (`parseObject` 3,192 bytes + `parseValue` 1,880 bytes of frame, measured with `objdump` on Linux; an array
    /// level about 3.2 KB), so 64 levels take about 330 KB and leave room for the caller. No document the SDK reads
    /// (widget data, gateway answers, snapshots) nests past about 10.
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try parse(bytes, shape: .all).value
    }

    /// Parses the whole document, checking all of it exactly as ``parse(_:)`` does (same errors, same offsets), but
    /// builds only what `shape` asks for; the byte ranges of the values it marks are returned by their member names
    /// from the root (for ``DeferredJSON``).
    static func parse(
        _ bytes: [UInt8], shape: JSONShape
    ) throws(JSONParseError) -> (value: JSONValue, ranges: [[String]: Range<Int>]) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            var parser = Cursor(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0, shape: shape)
            parser.skipWhitespace()
            guard parser.index == buffer.count else {
                throw JSONParseError(offset: parser.index, reason: "unexpected text after the document")
            }
            return (value, parser.ranges)
        }
    }

    /// Reads the bytes through a buffer pointer, for speed (no array retain, no second bounds check per byte): every
    /// read of `bytes[i]` below comes after a check that `i < bytes.count`, as it did when `bytes` was an array that
    /// would have trapped (debug builds and the tests still check each subscript; the fuzz targets run under ASan).
    ///
    /// Internal rather than private for one reader: `WidgetDataScanner` reads widget data with these same steps.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Names and values of the members of the objects being read, innermost last; an object takes its own off
        /// the top when it ends, so its dictionary is built once at its final size instead of growing (and hashing
        /// every key again) as it fills.
        var memberNames: [String] = []
        var memberValues: [JSONValue] = []
        /// The same for the elements of the arrays being read.
        var elements: [JSONValue] = []
        /// Member names from the root down to the value being read, inside shaped objects only.
        var keyPath: [String] = []
        /// Where the values a shape keeps the range of lie, by ``keyPath``.
        var ranges: [[String]: Range<Int>] = [:]
        /// Short plain strings already made, by their bytes: names and values repeat in every method of a session,
        /// and the copy made the first time costs neither a validation nor an allocation the next times.
        var strings = StringCache()

        /// Keys of the skipped objects being checked, innermost last: a plain ASCII name (compared by ``nameKey(_:)``,
        /// then by bytes), or `nil` for a name with escapes or other characters (then compared as text, see
        /// `skipObject`).
        var skippedNames: [PlainName?] = []

        /// Where a plain ASCII member name lies (without its quotes) and its ``nameKey(_:)``.
        struct PlainName {
            var range: Range<Int>
            var key: UInt64
        }

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        @inline(__always)
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func fail(_ reason: String) -> JSONParseError {
            JSONParseError(offset: index, reason: reason)
        }

        /// The value at `index`, built as `shape` says; a skipped value is checked all the same and gives `.null`.
        mutating func parseValue(depth: Int, shape: JSONShape = .all) throws(JSONParseError) -> JSONValue {
            guard depth < JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth)") }
            guard index < bytes.count else { throw fail("unexpected end of input") }
            let start = index
            let build: Bool
            switch shape {
            case .all, .object: build = true
            case .skip, .skipKeepingRange: build = false
            }
            let value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "{"):
                if build {
                    value = try parseObject(depth: depth, shape: shape)
                } else {
                    try skipObject(depth: depth)
                    value = .null
                }
            case UInt8(ascii: "["): value = try parseArray(depth: depth, build: build)
            case UInt8(ascii: "\""):
                if build {
                    value = .string(try parseString())
                } else {
                    try skipString()
                    value = .null
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = try parseNumber(build: build)
                value = build ? .number(number) : .null
            default: throw fail("unexpected character")
            }
            switch shape {
            case .skipKeepingRange, .object(_, others: _, keepRange: true): ranges[keyPath] = start..<index
            default: break
            }
            return value
        }

        /// ``parseValue(depth:shape:)`` with `.skip`, minus its choices of what to build and what range to keep: the
        /// same checks in the same order, so the same errors.
        mutating func skipValue(depth: Int) throws(JSONParseError) {
            guard depth < JSONParser.maximumDepth else { throw fail("nesting deeper than \(JSONParser.maximumDepth)") }
            guard index < bytes.count else { throw fail("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "{"): try skipObject(depth: depth)
            case UInt8(ascii: "["): _ = try parseArray(depth: depth, build: false)
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber(build: false)
            default: throw fail("unexpected character")
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw fail("unexpected end of input") }
            let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
            for offset in 0..<count where bytes[index + offset] != expected[offset] {
                throw fail("invalid literal")
            }
            index += count
        }

        /// An object: every member checked; built whole (`.all`), not at all (`.skip`), or the members a shape
        /// lists, each by its own shape (`.object`).
        mutating func parseObject(depth: Int, shape: JSONShape) throws(JSONParseError) -> JSONValue {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([:])
            }
            let base = memberNames.count
            // Past this many members, names are checked against a set rather than one by one.
            let linearLimit = 12
            var seen: Set<String> = []
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name")
                }
                let keyOffset = index
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                let memberShape: JSONShape
                var keep = true
                switch shape {
                case .all: memberShape = .all
                case .skip, .skipKeepingRange:
                    memberShape = .skip
                    keep = false
                case .object(let listed, let others, _):
                    memberShape = Self.shape(of: key, in: listed) ?? others
                    switch memberShape {
                    case .skip, .skipKeepingRange: keep = false
                    default: break
                    }
                    keyPath.append(key)
                }
                let value = try parseValue(depth: depth + 1, shape: memberShape)
                if case .object = shape { keyPath.removeLast() }
                // A second member of the same name could be read differently by another parser. Refused here, as
                // soon as its value is read, like a dictionary that grows member by member would.
                let count = memberNames.count - base
                var duplicate = false
                if count < linearLimit {
                    for earlier in base..<memberNames.count where memberNames[earlier] == key {
                        duplicate = true
                        break
                    }
                } else {
                    if count == linearLimit {
                        seen.reserveCapacity(2 * linearLimit)
                        for earlier in base..<memberNames.count { seen.insert(memberNames[earlier]) }
                    }
                    duplicate = !seen.insert(key).inserted
                }
                if duplicate { throw JSONParseError(offset: keyOffset, reason: "duplicate member name") }
                memberNames.append(key)
                memberValues.append(keep ? value : .null)
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    let count = memberNames.count - base
                    defer {
                        for _ in 0..<count {
                            memberNames.removeLast()
                            memberValues.removeLast()
                        }
                    }
                    switch shape {
                    case .skip, .skipKeepingRange: return .null
                    case .all:
                        var object = [String: JSONValue](minimumCapacity: count)
                        for member in base..<memberNames.count { object[memberNames[member]] = memberValues[member] }
                        return .object(object)
                    case .object(let listed, let others, _):
                        // Only the members the shape builds: a skipped one is not in the object at all.
                        var object = [String: JSONValue](minimumCapacity: min(count, listed.count + 1))
                        for member in base..<memberNames.count {
                            let name = memberNames[member]
                            switch Self.shape(of: name, in: listed) ?? others {
                            case .skip, .skipKeepingRange: continue
                            default: object[name] = memberValues[member]
                            }
                        }
                        return .object(object)
                    }
                } else {
                    throw fail("expected ',' or '}'")
                }
            }
        }

        /// An object checked as ``parseObject(depth:shape:)`` checks it, nothing built: plain ASCII names are
        /// compared by their bytes (equal bytes, equal names; different plain names are never canonically
        /// equivalent), and any other name as text against every earlier one, so the same duplicates are refused.
        mutating func skipObject(depth: Int) throws(JSONParseError) {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            let base = skippedNames.count
            // One at a time: `removeLast(_:)` goes through the generic path, a tenth of parsing once.
            defer { while skippedNames.count > base { skippedNames.removeLast() } }
            // Past this many members, or after a name that is not plain, names are compared as text in a set.
            let linearLimit = 12
            var seen: Set<String>? = nil
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name")
                }
                let keyOffset = index
                let end = plainEnd(from: index + 1)
                var plain: Range<Int>? = nil
                if end < bytes.count, bytes[end] == UInt8(ascii: "\"") { plain = (index + 1)..<end }
                var duplicate = false
                if let plain, seen == nil, skippedNames.count - base < linearLimit {
                    index = plain.upperBound + 1
                    let name = PlainName(range: plain, key: nameKey(plain))
                    for earlier in base..<skippedNames.count {
                        guard let other = skippedNames[earlier] else { continue }  // not plain: never equal to `plain`
                        if sameName(other, name) {
                            duplicate = true
                            break
                        }
                    }
                    skippedNames.append(name)
                } else {
                    let key = try parseString()
                    if seen == nil {
                        var names: Set<String> = []
                        for earlier in base..<skippedNames.count {
                            names.insert(name(at: skippedNames[earlier]))
                        }
                        seen = names
                    }
                    duplicate = seen?.insert(key).inserted == false
                    skippedNames.append(nil)
                }
                if duplicate { throw JSONParseError(offset: keyOffset, reason: "duplicate member name") }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return
                } else {
                    throw fail("expected ',' or '}'")
                }
            }
        }

        /// The shape a shaped object lists for `key`: lengths first, which tells most names apart without comparing
        /// text (comparing every member's name with every listed one was a tenth of decoding a session).
        static func shape(of key: String, in listed: [(name: String, shape: JSONShape)]) -> JSONShape? {
            let count = key.utf8.count
            for entry in listed where entry.name.utf8.count == count && entry.name == key { return entry.shape }
            return nil
        }

        /// The text of a plain name; `""` for a name that is not plain, which is never asked for (such names are
        /// put in the set as they are read, and a set is started before the first of them).
        func name(at plain: PlainName?) -> String {
            guard let plain else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[plain.range]), as: UTF8.self)
        }

        /// A plain name's first and last eight bytes (or all of a shorter one) folded with its length: equal names
        /// have equal keys, so names are compared by bytes only when their keys match. A name under eight bytes is
        /// all in its key (and its length in the lowest byte), so equal keys mean equal names.
        func nameKey(_ range: Range<Int>) -> UInt64 { Self.nameKey(bytes, range) }

        static func nameKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
            let count = range.count
            if count >= 8, let base = bytes.baseAddress {
                // Both loads lie inside `range`, itself inside `bytes`.
                let raw = UnsafeRawPointer(base)
                let first = raw.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)
                let last = raw.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self)
                return first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)
            }
            var key = UInt64(count)
            var shift: UInt64 = 8
            for offset in range {
                key |= UInt64(bytes[offset]) << shift
                shift += 8
            }
            return key
        }

        /// Whether two plain names are the same bytes.
        func sameName(_ left: PlainName, _ right: PlainName) -> Bool { Self.sameName(bytes, left, right) }

        static func sameName(_ bytes: UnsafeBufferPointer<UInt8>, _ left: PlainName, _ right: PlainName) -> Bool {
            guard left.key == right.key, left.range.count == right.range.count else { return false }
            if left.range.count < 8 { return true }
            guard let base = bytes.baseAddress else { return false }
            return memcmp(base + left.range.lowerBound, base + right.range.lowerBound, left.range.count) == 0
        }

        mutating func parseArray(depth: Int, build: Bool) throws(JSONParseError) -> JSONValue {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            let base = elements.count
            while true {
                skipWhitespace()
                if build {
                    elements.append(try parseValue(depth: depth + 1))
                } else {
                    try skipValue(depth: depth + 1)
                }
                skipWhitespace()
                guard index < bytes.count else { throw fail("unexpected end of input in an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    guard build else { return .null }
                    let array = Array(elements[base...])
                    while elements.count > base { elements.removeLast() }
                    return .array(array)
                } else {
                    throw fail("expected ',' or ']'")
                }
            }
        }

        /// A number straight from its bytes when its significant digits fit 64 bits and it has no exponent
        /// (every amount, position and limit of a session); ``ExactDecimal/parse(_:)`` otherwise. Both give the same
        /// `Decimal`, field for field (`JSONNumberTests`).
        /// Not `build`: checked the same (a number `Decimal` cannot hold is refused), `0` returned.
        mutating func parseNumber(build: Bool) throws(JSONParseError) -> Decimal {
            let start = index
            var negative = false
            if bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
            // Significant digits (leading zeros skipped), trailing zeros counted apart until a non-zero follows.
            var significand: UInt64 = 0
            var digitCount = 0
            var pendingZeros = 0
            var scale = 0  // the power of ten the digits read so far are multiplied by
            var fits = true
            func take(_ byte: UInt8, fraction: Bool) {
                if fraction { scale -= 1 }
                if byte == 0x30 {
                    if digitCount > 0 { pendingZeros += 1 }
                    return
                }
                digitCount += pendingZeros + 1
                if digitCount > 19 {
                    fits = false
                } else {
                    for _ in 0..<pendingZeros { significand &*= 10 }
                    significand = significand &* 10 &+ UInt64(byte &- 0x30)
                }
                pendingZeros = 0
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                while index < bytes.count, isDigit(bytes[index]) {
                    take(bytes[index], fraction: false)
                    index += 1
                }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
                while index < bytes.count, isDigit(bytes[index]) {
                    take(bytes[index], fraction: true)
                    index += 1
                }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected an exponent") }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                fits = false
            }
            if fits {
                // The digits are `significand` followed by `pendingZeros` zeros, times 10^scale.
                if digitCount == 0 { return Decimal(0) }
                // `make` refuses only an exponent out of range: what it would build is not needed to know that.
                if !build, (-128...127).contains(scale + pendingZeros) { return Decimal(0) }
                if let value = ExactDecimal.make(
                    negative: negative, significand: significand,
                    exponent: scale + pendingZeros)
                {
                    return value
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = ExactDecimal.parse(text) else {
                throw JSONParseError(offset: start, reason: "number out of range")
            }
            return value
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        /// A string checked without being made: plain ASCII is passed over eight bytes at a time and well-formed
        /// escapes where they stand, with no copy. Anything else (a byte that is not ASCII, a control byte, a wrong
        /// escape, no closing quote) is read again from the string's start by ``parseString()``, which checks UTF-8
        /// and gives the error at the same offset as ever.
        mutating func skipString() throws(JSONParseError) {
            let start = index
            var position = index + 1
            while true {
                position = plainEnd(from: position)
                guard position < bytes.count else { break }
                if bytes[position] == UInt8(ascii: "\"") {
                    index = position + 1
                    return
                }
                guard bytes[position] == UInt8(ascii: "\\"), let next = escapeEnd(at: position) else { break }
                position = next
            }
            index = start
            _ = try parseString()
        }

        /// The first position from `start` (at most `bytes.count`) that ends a run of plain string bytes: `"`, `\`,
        /// a control byte, a byte that is not ASCII, or the end of the input. Eight bytes at a time while eight are
        /// left (an unaligned load, only after checking that all eight lie inside `bytes`), then one at a time.
        func plainEnd(from start: Int) -> Int { Self.plainEnd(bytes, from: start) }

        /// ``plainEnd(from:)`` on any bytes (`WidgetDataScanner` holds the buffer itself).
        @inline(__always)
        static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var position = start
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while bytes.count - position >= 8 {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    let stops = Self.stopBytes(word)
                    if stops != 0 { return position + stops.trailingZeroBitCount / 8 }
                    position += 8
                }
            }
            while position < bytes.count {
                let byte = bytes[position]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                position += 1
            }
            return position
        }

        /// The high bit of each byte of `word` (first byte lowest) that is `"`, `\`, below 0x20 or not ASCII. A
        /// byte above a flagged one may be flagged wrongly (a borrow), never one below it: the lowest flag is exact.
        ///
        /// Below the first such byte every byte is 0x20...0x7F but `"` and `\`, so none of the three differences
        /// borrows or has its high bit set there; a byte that is `"` (or `\`) gives 0xFF in its difference, one
        /// below 0x20 gives 0xE0 or more, and one of 0x80 or more has its own high bit.
        @inline(__always)
        static func stopBytes(_ word: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quote = (word ^ (ones &* 0x22)) &- ones
            let backslash = (word ^ (ones &* 0x5C)) &- ones
            let control = word &- ones &* 0x20
            return (quote | backslash | control | word) & (ones &* 0x80)
        }

        /// Where the escape whose backslash is at `position` ends, when it is one ``appendEscape(into:)`` accepts
        /// (a `\u` high surrogate with its low one); `nil` for any other.
        func escapeEnd(at position: Int) -> Int? {
            guard position + 1 < bytes.count else { return nil }
            switch bytes[position + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return position + 2
            case UInt8(ascii: "u"):
                guard let scalar = hex4(at: position + 2) else { return nil }
                if (0xDC00...0xDFFF).contains(scalar) { return nil }
                guard (0xD800...0xDBFF).contains(scalar) else { return position + 6 }
                guard position + 7 < bytes.count, bytes[position + 6] == UInt8(ascii: "\\"),
                    bytes[position + 7] == UInt8(ascii: "u"), let low = hex4(at: position + 8),
                    (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return position + 12
            default: return nil
            }
        }

        /// The four hex digits at `position`, or `nil` when there are not four.
        func hex4(at position: Int) -> UInt32? {
            guard position >= 0, bytes.count - position >= 4 else { return nil }
            var value: UInt32 = 0
            for offset in position..<(position + 4) {
                let byte = bytes[offset]
                switch byte {
                case 0x30...0x39: value = value << 4 | UInt32(byte - 0x30)
                case 0x41...0x46: value = value << 4 | UInt32(byte - 0x41 + 10)
                case 0x61...0x66: value = value << 4 | UInt32(byte - 0x61 + 10)
                default: return nil
                }
            }
            return value
        }

        /// A string without escapes (nearly all of them) becomes text straight from the input's bytes; only an
        /// escape makes a copy to rewrite. ASCII text needs no UTF-8 validation, which is generic and was a tenth
        /// of parsing a session (`purse-bench --profile-open`, perf).
        mutating func parseString() throws(JSONParseError) -> String {
            index += 1
            // Plain ASCII up to the closing quote: from the cache when short enough to be worth sharing.
            let end = plainEnd(from: index)
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text =
                    end - index <= StringCache.longest
                    ? strings.string(bytes, index..<end)
                    : String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                index = end + 1
                return text
            }
            // Bytes of a string with escapes, rewritten in place; empty (no allocation) until the first escape. The
            // bytes before `end` are plain ASCII: nothing to check or rewrite there.
            var rewritten: [UInt8] = []
            var hasEscapes = false
            var plainStart = index
            index = end
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text: String?
                    if hasEscapes {
                        rewritten.append(contentsOf: bytes[plainStart..<index])
                        text = UTF8Validation.string(validating: rewritten)
                    } else if ascii {
                        text = String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]), as: UTF8.self)
                    } else {
                        text = UTF8Validation.string(validating: bytes[plainStart..<index])
                    }
                    index += 1
                    guard let text else { throw fail("string is not valid UTF-8") }
                    return text
                }
                if byte < 0x20 { throw fail("control character in a string") }
                if byte >= 0x80 { ascii = false }
                if byte == UInt8(ascii: "\\") {
                    hasEscapes = true
                    rewritten.append(contentsOf: bytes[plainStart..<index])
                    index += 1
                    guard index < bytes.count else { break }
                    try appendEscape(into: &rewritten)
                    plainStart = index
                    continue
                }
                index += 1
            }
            throw fail("unterminated string")
        }

        mutating func appendEscape(into out: inout [UInt8]) throws(JSONParseError) {
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate") }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid escape") }
                UTF8.encode(unicode) { out.append($0) }
            default:
                throw fail("invalid escape")
            }
        }

        mutating func readHex4() throws(JSONParseError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw fail("invalid hex digit")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
