import Foundation

/// The plain ASCII strings of one document up to ``longest`` bytes, made once each and then shared, looked up by
/// their bytes (an open table that keeps the first occurrence's place in the input). Only strings without escapes
/// come here, so equal bytes are equal strings.
///
/// Hashed by the parser's ``JSONParser/Cursor/nameKey(_:_:)`` (the first and last eight bytes and the length: a
/// constant cost, where hashing every byte was most of a look-up), and probed at most ``probes`` slots: a string
/// whose slots are all taken by others is simply made again, so no document, however its strings collide, makes a
/// look-up cost more than a few comparisons.
struct StringCache {
    static let longest = 48
    static let probes = 8
    private struct Entry {
        var key: UInt64
        var start: Int
        var count: Int
        var text: String
    }
    private var slots: [Entry?] = []
    private var filled = 0

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let key = JSONParser.Cursor.nameKey(bytes, range)
        if slots.isEmpty { slots = Array(repeating: nil, count: 1024) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        var free: Int? = nil
        for _ in 0..<Self.probes {
            guard let entry = slots[slot] else {
                free = slot
                break
            }
            // Both ranges lie inside `bytes` (the entry's was checked when it was added).
            if entry.key == key, entry.count == range.count,
                let base = bytes.baseAddress, memcmp(base + entry.start, base + range.lowerBound, range.count) == 0
            {
                return entry.text
            }
            slot = (slot + 1) & mask
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        // Half full at most: past that, new strings are simply not shared (a hostile document cannot make it grow).
        if let free, filled < slots.count / 2 {
            slots[free] = Entry(key: key, start: range.lowerBound, count: range.count, text: text)
            filled += 1
        }
        return text
    }
}
