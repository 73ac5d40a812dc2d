/// The values that bind the shopper's return to a return URL the loopback presenter issued (the `state` of
/// RFC 8252 §8.9), and the returns already delivered.
///
/// Anything on the machine can send a request to `http://127.0.0.1:<port>/<path>`: another process, or a web page
/// the shopper has open. So each return URL the presenter hands out ends in a value nobody else can guess,
/// `/<path>/<state>`, and the listener takes a return only with a value it issued. A return is used once: the
/// first time a waiting presentation receives it (value and `purse-redirection-data` together) it is spent, and
/// the same return again (a reload of the return page, a replay from the history) delivers nothing.
///
/// The value is per return URL, so per client session, not per presentation: a session whose payment was
/// declined on the PSP's page can be paid again, and that second payment's page sends the shopper back to the
/// same URL, with other return data. Someone who saw an earlier return URL could therefore send the value back
/// with return data of their own; the return never decides a payment's outcome (it is confirmed server-side),
/// so that ends a wait early at worst.
///
/// A value is 16 bytes from the system's random generator (128 bits), written as 22 characters of base64url.
/// It rides in the path rather than the query, so it survives however the gateway appends
/// `?purse-redirection-data=…`. At most ``capacity`` values and ``capacity`` spent returns are kept, oldest
/// forgotten first.
struct LoopbackReturnStates: Sendable {
    /// How many issued values, and how many spent returns, are kept.
    static let capacity = 32
    /// The length of a value: 16 bytes in base64url without padding.
    static let length = 22

    /// What a request is to the listener.
    enum Verdict: Equatable {
        /// An issued value, and a return not delivered before.
        case fresh
        /// A return delivered before.
        case spent
        /// A value this listener did not issue (or has forgotten): not a return.
        case unknown
    }

    /// Issued values, oldest first.
    private(set) var issued: [String] = []
    /// Returns delivered (``returnKey(state:data:)``), oldest first.
    private(set) var spent: [String] = []

    /// A fresh value from `generator`.
    static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return base64URL(bytes)
    }

    /// Whether `text` has the shape of a value (22 base64url characters, the last one of the 4 that end 128 bits).
    static func isWellFormed(_ text: Substring) -> Bool {
        guard text.utf8.count == length, text.utf8.allSatisfy({ alphabetIndex[Int($0)] >= 0 }) else { return false }
        // 22 characters carry 132 bits: the last one's low 4 bits are padding and must be zero.
        return alphabetIndex[Int(text.utf8.last ?? 0)] & 0x0F == 0
    }

    /// The path of the return URL for `state` on the destination's `path` (`/return` → `/return/<state>`).
    static func returnPath(_ path: String, state: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + state
    }

    /// The value a request path carries when it is the destination's `path` followed by one well-formed value.
    static func state(inRequestPath requestPath: Substring, destinationPath path: String) -> Substring? {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        guard requestPath.hasPrefix(prefix) else { return nil }
        let state = requestPath.dropFirst(prefix.count)
        return isWellFormed(state) ? state : nil
    }

    /// Issues a fresh value.
    mutating func issue() -> String {
        var generator = SystemRandomNumberGenerator()
        let state = Self.make(using: &generator)
        adopt(state)
        return state
    }

    /// Takes `state` as issued (a return URL issued before a restart).
    mutating func adopt(_ state: String) {
        guard !issued.contains(state) else { return }
        issued.append(state)
        if issued.count > Self.capacity { issued.removeFirst(issued.count - Self.capacity) }
    }

    /// What identifies a return: its value and its `purse-redirection-data` percent-decoded (so the same data
    /// encoded another way is the same return).
    static func returnKey(state: Substring, data: String?) -> String { state + "?" + (data ?? "") }

    /// What a return carrying `state`, identified by `key` (``returnKey(state:data:)``), is.
    func verdict(state: Substring, key: String) -> Verdict {
        guard issued.contains(where: { $0 == state }) else { return .unknown }
        return spent.contains(key) ? .spent : .fresh
    }

    /// Records the return identified by `key` as delivered.
    mutating func spend(key: String) {
        guard !spent.contains(key) else { return }
        spent.append(key)
        if spent.count > Self.capacity { spent.removeFirst(spent.count - Self.capacity) }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's place in the base64url alphabet, or -1.
    private static let alphabetIndex: [Int] = {
        var index = [Int](repeating: -1, count: 256)
        for (position, byte) in alphabet.enumerated() { index[Int(byte)] = position }
        return index
    }()

    private static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * position)) & 0x3F]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
