import Foundation

/// Reads the JSON document of widget data in one pass straight into what ``SessionDecoder`` builds: each method's
/// configuration into ``MethodConfiguration/Fields`` (no dictionary built, no look-up), its `contracts` and whole
/// `configurations` left as text (``DeferredJSON``), its `integrated_tokens` and the members outside `protocols` built
/// as the general parser builds them, everything else checked and passed over.
///
/// The fast path of `SessionDecoder.decode(widgetData:)`, and only that. It gives up (``scan(_:)`` returns `nil`) on
/// anything it does not read the usual way: malformed JSON, a member it reads of the wrong kind or missing, a member
/// name with an escape or that is not ASCII where it reads names, a repeated name, more unread members in one object
/// than it compares one by one. The decoder then reads the document the general way, which gives the error (the
/// same error, at the same offset, as ever) or the session. So whatever the scanner accepts, the general way must
/// accept and decode to an equal session: the fuzz target compares both entry points on every input, and
/// `WidgetDataScannerTests` variants of the real session, member by member.
///
/// Every step of the JSON itself (strings, numbers, literals, skipped values, nesting depth) is the general parser's
/// own (``JSONParser/Cursor``), so that the two cannot differ in what they accept.
struct WidgetDataScanner {
    /// What the scan found.
    struct Scan {
        /// The root object with `paymentSession` but without its `protocols`, built.
        var params: JSONValue
        /// Every `paymentSession.protocols[partner][method]`, by partner then method (as `JSONReader.members()`
        /// orders them).
        var protocols: [SessionProtocol]
    }

    /// Reads `bytes` (the decoded widget data); `nil` when the general way has to.
    static func scan(_ bytes: [UInt8]) -> Scan? {
        let document = DeferredDocument(bytes: bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = WidgetDataScanner(cursor: JSONParser.Cursor(bytes: buffer), document: document)
            return try? scanner.scanDocument()
        }
    }

    /// One method as read, before sorting.
    private struct Entry {
        var method: String
        var configuration: MethodConfiguration
        var tokens: [JSONValue]
        var contracts: Range<Int>?
    }

    private var cursor: JSONParser.Cursor
    /// The cursor's bytes, held here too: reading them, or calling a helper, through the cursor copied it (and
    /// retained its stacks) at every step.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let document: DeferredDocument
    /// Partners in the order of the text, each with the range of its methods in `entries`.
    private var partners: [(name: String, entries: Range<Int>)] = []
    private var entries: [Entry] = []

    private init(cursor: JSONParser.Cursor, document: DeferredDocument) {
        self.cursor = cursor
        self.bytes = cursor.bytes
        self.document = document
    }

    /// Thrown to give up; never shown (the general way's error is).
    private static let unusual = JSONParseError(offset: 0, reason: "left to the general parser")
    /// Past this many unread members in one object read by name, the scanner gives up rather than compare each new
    /// name with every earlier one.
    private static let unreadLimit = 32

    // MARK: - The document, by level

    private mutating func scanDocument() throws(JSONParseError) -> Scan {
        cursor.skipWhitespace()
        guard at(UInt8(ascii: "{")) else { throw Self.unusual }
        var root: [String: JSONValue] = [:]
        var session: [String: JSONValue]? = nil
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        if try openObject() {
            repeat {
                let name = try memberName()
                if isName(name, "paymentSession") {
                    guard session == nil, at(UInt8(ascii: "{")) else { throw Self.unusual }
                    session = try scanPaymentSession(depth: 1)
                } else {
                    try noteUnread(name, since: base)
                    root[text(name)] = try cursor.parseValue(depth: 1)
                }
            } while try nextMember()
        }
        cursor.skipWhitespace()
        guard cursor.index == bytes.count, let session else { throw Self.unusual }
        root["paymentSession"] = .object(session)
        return Scan(params: .object(root), protocols: try sortedProtocols())
    }

    /// `paymentSession`'s members but `protocols`, built; `protocols` read into `partners` and `entries`.
    private mutating func scanPaymentSession(depth: Int) throws(JSONParseError) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        var sawProtocols = false
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        if try openObject() {
            repeat {
                let name = try memberName()
                if isName(name, "protocols") {
                    guard !sawProtocols, at(UInt8(ascii: "{")) else { throw Self.unusual }
                    sawProtocols = true
                    try scanProtocols(depth: depth + 1)
                } else {
                    try noteUnread(name, since: base)
                    members[text(name)] = try cursor.parseValue(depth: depth + 1)
                }
            } while try nextMember()
        }
        guard sawProtocols else { throw Self.unusual }
        return members
    }

    /// Partners, then their methods. A repeated name at either level is found once they are sorted.
    private mutating func scanProtocols(depth: Int) throws(JSONParseError) {
        guard try openObject() else { return }
        repeat {
            let partner = text(try memberName())
            guard at(UInt8(ascii: "{")) else { throw Self.unusual }
            let first = entries.count
            if try openObject() {
                repeat {
                    let method = text(try memberName())
                    guard at(UInt8(ascii: "{")) else { throw Self.unusual }
                    entries.append(try scanEntry(method: method, depth: depth + 2))
                } while try nextMember()
            }
            partners.append((partner, first..<entries.count))
        } while try nextMember()
    }

    /// `protocols[partner][method]`: `configurations` (required, an object), `contracts` (any value, kept as text),
    /// `integrated_tokens` (an array, built); any other member checked and passed over.
    private mutating func scanEntry(method: String, depth: Int) throws(JSONParseError) -> Entry {
        var configuration: MethodConfiguration? = nil
        var tokens: [JSONValue]? = nil
        var contracts: Range<Int>? = nil
        var seen = KnownNames()
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        if try openObject() {
            repeat {
                let name = try memberName()
                if isName(name, "configurations") {
                    try seen.insert(0)
                    guard at(UInt8(ascii: "{")) else { throw Self.unusual }
                    configuration = try scanConfiguration(depth: depth + 1)
                } else if isName(name, "contracts") {
                    try seen.insert(1)
                    let start = cursor.index
                    try cursor.skipValue(depth: depth + 1)
                    if bytes[start] != UInt8(ascii: "n") { contracts = start..<cursor.index }
                } else if isName(name, "integrated_tokens") {
                    try seen.insert(2)
                    switch try cursor.parseValue(depth: depth + 1) {
                    case .null: break
                    case .array(let items): tokens = items
                    default: throw Self.unusual
                    }
                } else {
                    try noteUnread(name, since: base)
                    try cursor.skipValue(depth: depth + 1)
                }
            } while try nextMember()
        }
        guard let configuration else { throw Self.unusual }
        return Entry(method: method, configuration: configuration, tokens: tokens ?? [], contracts: contracts)
    }

    /// `configurations`: the members ``MethodConfiguration/init(reading:)`` reads, read the same way.
    private mutating func scanConfiguration(depth: Int) throws(JSONParseError) -> MethodConfiguration {
        let start = cursor.index
        var fields = MethodConfiguration.Fields()
        var seen = KnownNames()
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        if try openObject() {
            repeat {
                let name = try memberName()
                if isName(name, "template") {
                    try seen.insert(0)
                    fields.template = try optionalString()
                } else if isName(name, "labels") {
                    try seen.insert(1)
                    fields.labels = try optionalStrings()
                } else if isName(name, "position") {
                    try seen.insert(2)
                    fields.position = try optionalInt(depth: depth + 1)
                } else if isName(name, "stable") {
                    try seen.insert(3)
                    fields.stable = try optionalBool()
                } else if isName(name, "accepted_decimals") {
                    try seen.insert(4)
                    fields.acceptedDecimals = try optionalInt(depth: depth + 1)
                } else if isName(name, "vault") {
                    try seen.insert(5)
                    if try !isNull() {
                        guard at(UInt8(ascii: "{")) else { throw Self.unusual }
                        fields.vault = try scanVault(depth: depth + 1)
                    }
                } else if isName(name, "settings") {
                    try seen.insert(6)
                    if try !isNull() {
                        guard at(UInt8(ascii: "{")) else { throw Self.unusual }
                        try scanSettings(depth: depth + 1, into: &fields)
                    }
                } else {
                    try noteUnread(name, since: base)
                    try cursor.skipValue(depth: depth + 1)
                }
            } while try nextMember()
        }
        let raw = DeferredJSON(document: document, range: start..<cursor.index)
        return MethodConfiguration(fields: fields, rawSlot: .deferred(raw))
    }

    private mutating func scanVault(depth: Int) throws(JSONParseError) -> MethodConfiguration.VaultFields {
        var vault = MethodConfiguration.VaultFields()
        var seen = KnownNames()
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        if try openObject() {
            repeat {
                let name = try memberName()
                if isName(name, "vendor") {
                    try seen.insert(0)
                    vault.vendor = try optionalString()
                } else if isName(name, "supported_brands") {
                    try seen.insert(1)
                    vault.supportedBrands = try optionalStrings()
                } else if isName(name, "token_scope") {
                    try seen.insert(2)
                    vault.tokenScope = try optionalString()
                } else if isName(name, "external_three_ds_enabled") {
                    try seen.insert(3)
                    vault.externalThreeDSEnabled = try optionalBool()
                } else {
                    try noteUnread(name, since: base)
                    try cursor.skipValue(depth: depth + 1)
                }
            } while try nextMember()
        }
        return vault
    }

    private mutating func scanSettings(
        depth: Int, into fields: inout MethodConfiguration.Fields
    ) throws(JSONParseError) {
        var seen = KnownNames()
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        guard try openObject() else { return }
        repeat {
            let name = try memberName()
            if isName(name, "merchant_specifics") {
                try seen.insert(0)
                if try !isNull() {
                    guard at(UInt8(ascii: "{")) else { throw Self.unusual }
                    fields.integrationMode = try scanMerchantSpecifics(depth: depth + 1)
                }
            } else if isName(name, "save_token") {
                try seen.insert(1)
                fields.saveToken = try optionalBool()
            } else if isName(name, "save_token_mode") {
                try seen.insert(2)
                fields.saveTokenMode = try optionalString()
            } else if isName(name, "pay_token") {
                try seen.insert(3)
                fields.payToken = try optionalBool()
            } else if isName(name, "registration_mode") {
                try seen.insert(4)
                fields.registrationMode = try optionalString()
            } else if isName(name, "payment_min_amount") {
                try seen.insert(5)
                fields.minAmount = try optionalDecimal(depth: depth + 1)
            } else if isName(name, "payment_max_amount") {
                try seen.insert(6)
                fields.maxAmount = try optionalDecimal(depth: depth + 1)
            } else if isName(name, "usage_per_session_limit") {
                try seen.insert(7)
                let limit = try optionalInt(depth: depth + 1)
                if let limit, limit < 0 { throw Self.unusual }  // refused, with its message, by the general way
                fields.usagePerSessionLimit = limit
            } else {
                try noteUnread(name, since: base)
                try cursor.skipValue(depth: depth + 1)
            }
        } while try nextMember()
    }

    /// `settings.merchant_specifics`: its `integration_mode`.
    private mutating func scanMerchantSpecifics(depth: Int) throws(JSONParseError) -> String? {
        var mode: String? = nil
        var seen = KnownNames()
        let base = cursor.skippedNames.count
        defer { dropNames(to: base) }
        guard try openObject() else { return nil }
        repeat {
            let name = try memberName()
            if isName(name, "integration_mode") {
                try seen.insert(0)
                mode = try optionalString()
            } else {
                try noteUnread(name, since: base)
                try cursor.skipValue(depth: depth + 1)
            }
        } while try nextMember()
        return mode
    }

    /// Partners sorted by name, each one's methods sorted by name; a repeated name at either level gives up (the
    /// general parser refuses it, naming where).
    private func sortedProtocols() throws(JSONParseError) -> [SessionProtocol] {
        let byName = partners.sorted { $0.name < $1.name }
        var protocols: [SessionProtocol] = []
        protocols.reserveCapacity(entries.count)
        var previousPartner: String? = nil
        for (name, range) in byName {
            guard name != previousPartner else { throw Self.unusual }
            previousPartner = name
            let partner = Partner(rawValue: name)
            if range.count == 1 {  // most partners have one method: nothing to sort, no array of indices
                protocols.append(sessionProtocol(partner, entries[range.lowerBound]))
                continue
            }
            var previousMethod: String? = nil
            for index in range.sorted(by: { entries[$0].method < entries[$1].method }) {
                guard entries[index].method != previousMethod else { throw Self.unusual }
                previousMethod = entries[index].method
                protocols.append(sessionProtocol(partner, entries[index]))
            }
        }
        return protocols
    }

    private func sessionProtocol(_ partner: Partner, _ entry: Entry) -> SessionProtocol {
        SessionProtocol(
            partner: partner, method: PaymentMethodType(rawValue: entry.method), configuration: entry.configuration,
            integratedTokens: entry.tokens,
            contractsSlot: entry.contracts.map { .deferred(DeferredJSON(document: document, range: $0)) })
    }

    // MARK: - Values read by kind (`null` is absent, as `JSONReader` reads it; another kind gives up)

    private mutating func optionalString() throws(JSONParseError) -> String? {
        if try isNull() { return nil }
        guard at(UInt8(ascii: "\"")) else { throw Self.unusual }
        return try cursor.parseString()
    }

    private mutating func optionalBool() throws(JSONParseError) -> Bool? {
        guard cursor.index < bytes.count else { throw Self.unusual }
        switch bytes[cursor.index] {
        case UInt8(ascii: "t"):
            try cursor.expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try cursor.expectLiteral("false")
            return false
        case UInt8(ascii: "n"):
            try cursor.expectLiteral("null")
            return nil
        default: throw Self.unusual
        }
    }

    private mutating func optionalDecimal(depth: Int) throws(JSONParseError) -> Decimal? {
        if try isNull() { return nil }
        guard case .number(let number) = try cursor.parseValue(depth: depth) else { throw Self.unusual }
        return number
    }

    /// An integer as `JSONReader.int` reads one: a number that is whole and fits `Int`. The usual spelling (an
    /// optional `-`, then up to 18 digits without a leading zero, no fraction or exponent) is read from its bytes;
    /// any other through the parser's `Decimal`, as the general way reads it.
    private mutating func optionalInt(depth: Int) throws(JSONParseError) -> Int? {
        if try isNull() { return nil }
        var position = cursor.index
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let digitsStart = position
        var value = 0
        while position < bytes.count, position - digitsStart < 18, isDigit(bytes[position]) {
            value = value * 10 + Int(bytes[position] &- 0x30)
            position += 1
        }
        let digits = position - digitsStart
        let ends = position == bytes.count || !(isDigit(bytes[position]) || isNumberPart(bytes[position]))
        if digits > 0, ends, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") {
            cursor.index = position
            return negative ? -value : value
        }
        guard case .number(let number) = try cursor.parseValue(depth: depth), let exact = JSONValue.exactInt64(number),
            let small = Int(exactly: exact)
        else { throw Self.unusual }
        return small
    }

    /// An array of strings, or `null`.
    private mutating func optionalStrings() throws(JSONParseError) -> [String]? {
        if try isNull() { return nil }
        guard at(UInt8(ascii: "[")) else { throw Self.unusual }
        cursor.index += 1
        cursor.skipWhitespace()
        var strings: [String] = []
        strings.reserveCapacity(4)  // labels and brands: three or four, nearly always
        if at(UInt8(ascii: "]")) {
            cursor.index += 1
            return strings
        }
        while true {
            cursor.skipWhitespace()
            guard at(UInt8(ascii: "\"")) else { throw Self.unusual }
            strings.append(try cursor.parseString())
            cursor.skipWhitespace()
            guard cursor.index < bytes.count else { throw Self.unusual }
            let byte = bytes[cursor.index]
            cursor.index += 1
            if byte == UInt8(ascii: "]") { return strings }
            guard byte == UInt8(ascii: ",") else { throw Self.unusual }
        }
    }

    // MARK: - Steps

    /// Whether the byte at the cursor is `byte`.
    @inline(__always)
    private func at(_ byte: UInt8) -> Bool {
        cursor.index < bytes.count && bytes[cursor.index] == byte
    }

    /// Passes a `null` at the cursor.
    @inline(__always)
    private mutating func isNull() throws(JSONParseError) -> Bool {
        guard at(UInt8(ascii: "n")) else { return false }
        try cursor.expectLiteral("null")
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func isNumberPart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// Passes the `{` at the cursor and any whitespace: `false` for an empty object, whose `}` is passed too.
    @inline(__always)
    private mutating func openObject() throws(JSONParseError) -> Bool {
        cursor.index += 1
        cursor.skipWhitespace()
        if at(UInt8(ascii: "}")) {
            cursor.index += 1
            return false
        }
        return true
    }

    /// After a member's value: `true` when another member follows (its `,` passed), `false` at the `}` (passed).
    @inline(__always)
    private mutating func nextMember() throws(JSONParseError) -> Bool {
        cursor.skipWhitespace()
        guard cursor.index < bytes.count else { throw Self.unusual }
        let byte = bytes[cursor.index]
        cursor.index += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == UInt8(ascii: "}") else { throw Self.unusual }
        return false
    }

    /// The plain ASCII name at the cursor, which is then past its `:` and whitespace; any other name gives up.
    @inline(__always)
    private mutating func memberName() throws(JSONParseError) -> Range<Int> {
        cursor.skipWhitespace()
        guard at(UInt8(ascii: "\"")) else { throw Self.unusual }
        let start = cursor.index + 1
        let end = JSONParser.Cursor.plainEnd(bytes, from: start)
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { throw Self.unusual }
        cursor.index = end + 1
        cursor.skipWhitespace()
        guard at(UInt8(ascii: ":")) else { throw Self.unusual }
        cursor.index += 1
        cursor.skipWhitespace()
        return start..<end
    }

    /// Whether the name at `range` is `name` (plain ASCII), by length then bytes.
    private func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + range.lowerBound, name.utf8Start, range.count) == 0
    }

    /// The text of a plain name, shared through the parser's cache.
    private mutating func text(_ range: Range<Int>) -> String {
        range.count <= StringCache.longest
            ? cursor.strings.string(bytes, range)
            : String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Records an unread member's name among those of its object (from `base` in the cursor's name stack); gives
    /// up when the object already has it, or has too many to compare one by one.
    private mutating func noteUnread(_ range: Range<Int>, since base: Int) throws(JSONParseError) {
        guard cursor.skippedNames.count - base < Self.unreadLimit else { throw Self.unusual }
        let name = JSONParser.Cursor.PlainName(range: range, key: JSONParser.Cursor.nameKey(bytes, range))
        for earlier in base..<cursor.skippedNames.count {
            if let other = cursor.skippedNames[earlier], JSONParser.Cursor.sameName(bytes, other, name) {
                throw Self.unusual
            }
        }
        cursor.skippedNames.append(name)
    }

    private mutating func dropNames(to base: Int) {
        while cursor.skippedNames.count > base { cursor.skippedNames.removeLast() }
    }

    /// The members an object reads by name, found once each: a second one gives up.
    private struct KnownNames {
        private var bits: UInt32 = 0

        mutating func insert(_ member: Int) throws(JSONParseError) {
            let bit: UInt32 = 1 << UInt32(member)
            guard bits & bit == 0 else { throw WidgetDataScanner.unusual }
            bits |= bit
        }
    }
}
