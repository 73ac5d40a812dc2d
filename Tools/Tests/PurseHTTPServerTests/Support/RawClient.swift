import Foundation
import PurseHTTPServer
import TestProcess

/// A failure of the raw test client, with the step and `errno`.
struct RawClientError: Error, CustomStringConvertible {
    let description: String

    init(_ step: String, errorNumber: Int32 = errno) {
        description = "\(step) failed: \(String(cString: strerror(errorNumber))) (errno \(errorNumber))"
    }

    init(message: String) {
        description = message
    }
}

/// One HTTP answer as read off the wire by ``RawClient``.
struct RawResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking POSIX client socket for tests: raw bytes in, raw bytes out, nothing interpreted beyond what a
/// test asks for. Every read and write times out (``defaultTimeout``) so a server bug fails a test instead of
/// hanging the suite. The deadline is generous on purpose: the server's handlers run on Swift's cooperative
/// pool, which other suites' CPU-bound tests (property tests, fuzz-corpus replays) may keep busy for seconds
/// on a 2-core machine, more under a sanitizer. Use it only inside ``onThread(_:)``, never directly on the
/// cooperative pool.
final class RawClient {
    /// 30 s, or `PURSE_TEST_IO_TIMEOUT` seconds: `scripts/sanitizers` sets 120, since ThreadSanitizer slows every
    /// test of the run several times and a handler may wait that much longer for a cooperative thread.
    static let defaultTimeout =
        ProcessInfo.processInfo.environment["PURSE_TEST_IO_TIMEOUT"].flatMap(Int.init).map { max($0, 1) } ?? 30

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, host: String = "127.0.0.1", timeoutSeconds: Int = RawClient.defaultTimeout) throws {
        // `self.fd` is assigned only once connected: a throwing init that had initialized every property
        // would still run `deinit`, and a second close of a reused descriptor number hits another test.
        let isV6 = host.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError("socket") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let number = errno
            Glibc.close(fd)
            throw RawClientError("connect", errorNumber: number)
        }
        self.fd = fd
    }

    deinit {
        Glibc.close(fd)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawClientError("send") }
            offset += sent
        }
    }

    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads more bytes into the buffer; returns false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            throw RawClientError("recv")
        }
        buffer.append(contentsOf: chunk[0..<count])
        return count > 0
    }

    /// Reads one response (a `100 Continue` counts as one), using `Content-Length` for the body; a HEAD
    /// answer's body is not read.
    func readResponse(head: Bool = false) throws -> RawResponse {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headLength: Int?
        while headLength == nil {
            if buffer.count >= 4 {
                headLength = (0...(buffer.count - 4)).first { Array(buffer[$0..<($0 + 4)]) == terminator }
            }
            if headLength == nil, try !fill() {
                throw RawClientError(message: "connection closed before a response head")
            }
        }
        let end = headLength ?? 0
        let headEnd = end + 4
        let headText = String(decoding: buffer[0..<end], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw RawClientError(message: "bad status line in \(headText)")
        }
        let headers = lines.map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
        }
        let response = RawResponse(status: status, headers: headers, body: [])
        let length = head || status == 100 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < headEnd + length {
            guard try fill() else { throw RawClientError(message: "connection closed inside a body") }
        }
        let body = Array(buffer[headEnd..<(headEnd + length)])
        buffer.removeFirst(headEnd + length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Reads until the server closes; returns every byte not yet consumed. Throws on a timeout.
    func readToEnd() throws -> [UInt8] {
        while try fill() {}
        defer { buffer = [] }
        return buffer
    }

    /// Whether the server closed the connection (no more bytes, end of stream) without sending anything.
    func isClosedByServer() throws -> Bool {
        try readToEnd().isEmpty
    }
}

/// Starts a server on an ephemeral port, runs `body` with its port, then stops it.
func withServer<T>(
    _ configuration: HTTPServer.Configuration = .init(),
    handler: @escaping @Sendable (HTTPServerRequest) async -> HTTPServerResponse = echo,
    _ body: (UInt16) async throws -> T
) async throws -> T {
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    defer { server.stop() }
    return try await body(port)
}

/// Answers `METHOD target body` as text.
@Sendable func echo(_ request: HTTPServerRequest) async -> HTTPServerResponse {
    .text("\(request.method) \(request.target) \(String(decoding: request.body, as: UTF8.self))")
}
