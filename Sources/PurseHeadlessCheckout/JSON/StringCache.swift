import Foundation

/// The plain ASCII strings of one document up to ``longest`` bytes, made once each and then shared, looked up by
/// their bytes (FNV-1a into an open table that keeps the first occurrence's place in the input). Only strings without
/// escapes come here, so equal bytes are equal strings.
struct StringCache {
    static let longest = 48
    private struct Entry {
        var hash: UInt32
        var start: Int
        var count: Int
        var text: String
    }
    private var slots: [Entry?] = []
    private var filled = 0

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var hash: UInt32 = 2_166_136_261
        for offset in range { hash = (hash ^ UInt32(bytes[offset])) &* 16_777_619 }
        if slots.isEmpty { slots = Array(repeating: nil, count: 1024) }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while let entry = slots[slot] {
            // Both ranges lie inside `bytes` (the entry's was checked when it was added).
            if entry.hash == hash, entry.count == range.count,
                let base = bytes.baseAddress, memcmp(base + entry.start, base + range.lowerBound, range.count) == 0
            {
                return entry.text
            }
            slot = (slot + 1) & mask
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        // Half full at most: past that, new strings are simply not shared (a hostile document cannot make it grow,
        // nor make a look-up probe far).
        if filled < slots.count / 2 {
            slots[slot] = Entry(hash: hash, start: range.lowerBound, count: range.count, text: text)
            filled += 1
        }
        return text
    }
}
