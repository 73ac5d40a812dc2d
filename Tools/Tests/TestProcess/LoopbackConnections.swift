#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain TCP connections to `127.0.0.1:port` that send `prefix` (nothing by default) and then stay open, silent,
/// until ``closeAll()``: what a hostile local process does to a server's connection slots. Blocking calls;
/// open them on a thread of their own (`onThread`).
package final class LoopbackConnections: @unchecked Sendable {
    /// The open sockets.
    package private(set) var descriptors: [Int32] = []

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package init() {}

    /// Opens `count` more connections, each sending `prefix` once connected.
    package func open(port: UInt16, count: Int, sending prefix: [UInt8] = []) throws {
        for _ in 0..<count {
            #if canImport(Glibc)
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                let fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else {
                let number = errno
                close(fd)
                throw Failure(description: "connect failed after \(descriptors.count) connections: errno \(number)")
            }
            descriptors.append(fd)
            if !prefix.isEmpty {
                #if canImport(Glibc)
                    let flags = Int32(MSG_NOSIGNAL)
                #else
                    let flags: Int32 = 0
                #endif
                let sent = prefix.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
                guard sent == prefix.count else { throw Failure(description: "send failed: errno \(errno)") }
            }
        }
    }

    /// Closes every connection.
    package func closeAll() {
        for fd in descriptors { close(fd) }
        descriptors = []
    }

    deinit {
        closeAll()
    }
}

/// The resident memory of process `pid` in bytes (`VmRSS` of /proc/PID/status), or `nil` where there is no
/// /proc (macOS).
package func residentBytes(of pid: Int32) -> Int? {
    guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix("VmRSS:") else { continue }
        let digits = text.dropFirst(6).filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    return nil
}
