internal import Foundation
import PurseLock

/// Random version-4 UUIDs for the sandbox's ids, drawn from a pool of system random bytes refilled 4 KiB at a
/// time.
///
/// Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for each one: three system calls, about
/// 3 % of opening a checkout with 20 saved gift cards on the in-process sandbox (`purse-bench --profile-open`,
/// perf). The pool reads the same device once per 256 ids, so they are as unpredictable as before.
final class RandomIDs: Sendable {
    private struct Pool {
        var bytes: [UInt8] = []
        var next = 0
    }

    private let pool = Locked(Pool())
    private static let refill = 4096

    /// `count` bytes from `/dev/urandom`, or from `SystemRandomNumberGenerator` where it cannot be read.
    private static func systemRandomBytes(_ count: Int) -> [UInt8] {
        if let device = FileHandle(forReadingAtPath: "/dev/urandom") {
            defer { try? device.close() }
            if let data = try? device.read(upToCount: count), data.count == count { return Array(data) }
        }
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// A fresh lower-case UUID string, `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`.
    func uuid() -> String {
        var raw = pool.withLock { pool -> [UInt8] in
            if pool.next + 16 > pool.bytes.count {
                pool.bytes = Self.systemRandomBytes(Self.refill)
                pool.next = 0
            }
            defer { pool.next += 16 }
            return Array(pool.bytes[pool.next..<(pool.next + 16)])
        }
        raw[6] = (raw[6] & 0x0F) | 0x40  // version 4
        raw[8] = (raw[8] & 0x3F) | 0x80  // RFC 4122 variant
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (offset, byte) in raw.enumerated() {
            if [4, 6, 8, 10].contains(offset) { text.append(UInt8(ascii: "-")) }
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
