import Foundation

/// The HTTP exchange with chromedriver, on a socket of its own.
///
/// Why not `URLSession`: chromedriver writes header fields without a space after the colon
/// (`Content-Length:916`), which FoundationNetworking on Linux refuses ("Failed writing header"). This client
/// sends one request per connection (`Connection: close`) and reads the answer until the server closes it,
/// on a dedicated thread (blocking I/O never runs on Swift's cooperative pool), with a bounded socket timeout.
enum WebDriverHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `method path` with a JSON body to 127.0.0.1:`port`; returns the status and the body.
    static func send(
        port: Int, method: String, path: String, body: Data?, timeoutSeconds: Int = 60
    ) async throws -> (status: Int, body: Data) {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        let payload = body ?? Data()
        if body != nil || method == "POST" {
            request += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n"
        }
        let bytes = Array((request + "\r\n").utf8) + Array(payload)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result { try exchange(port: port, bytes: bytes, timeoutSeconds: timeoutSeconds) })
            }
            thread.start()
        }
    }

    private static func exchange(port: Int, bytes: [UInt8], timeoutSeconds: Int) throws -> (status: Int, body: Data) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to chromedriver failed (errno \(errno))") }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write to chromedriver failed (errno \(errno))") }
            sent += written
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        // chromedriver keeps the connection open: the answer ends where its Content-Length says.
        while expectedLength(of: received).map({ received.count < $0 }) ?? true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw Failure(description: "read from chromedriver failed (errno \(errno))") }
            received.append(contentsOf: chunk[0..<count])
        }
        return try parse(received)
    }

    /// The whole answer's length once its head has arrived and names a Content-Length; `nil` before.
    private static func expectedLength(of bytes: [UInt8]) -> Int? {
        guard let end = headEnd(bytes) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        for line in head.split(separator: "\r\n").dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2, field[0].lowercased() == "content-length",
                let length = Int(field[1].trimmingCharacters(in: .whitespaces))
            {
                return end + 4 + length
            }
        }
        return nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }
    }

    /// Status line and body; header fields are read leniently (no space needed after the colon).
    private static func parse(_ bytes: [UInt8]) throws -> (status: Int, body: Data) {
        guard let end = headEnd(bytes) else { throw Failure(description: "no HTTP head in chromedriver's answer") }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "bad status line: \(statusLine)")
        }
        var body = Array(bytes[(end + 4)...])
        for line in head.split(separator: "\r\n").dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2, field[0].lowercased() == "content-length",
                let length = Int(field[1].trimmingCharacters(in: .whitespaces)), length <= body.count
            {
                body = Array(body[0..<length])
            }
        }
        return (status, Data(body))
    }
}
