import Foundation
import PurseSandbox
import PurseSandboxServer
import TestProcess
import Testing

/// The fault kinds the matrix added to the sandbox, checked on the wire with a raw socket (what `URLSession`
/// hides: a reset is a reset, a stalled body stays open) and through the router.
/// Serialized: the socket tests block their thread on `recv` while the server's handler needs a thread of the
/// same (2-thread) pool.
@Suite("Fault matrix: the sandbox's new fault kinds", .serialized)
struct FaultMatrixSandboxTests {
    @Test("the header reads the new settings and refuses a bad code")
    func header() throws {
        let status = try SandboxFault(headerValue: "status=409; code=TOKEN_NAME_EXISTS")
        #expect(status.status == 409 && status.errorCode == "TOKEN_NAME_EXISTS" && !status.emptyErrorBody)
        #expect(try SandboxFault(headerValue: "status=404,no-body").emptyErrorBody)
        #expect(try SandboxFault(headerValue: "reset").resetConnection)
        #expect(try SandboxFault(headerValue: "stall;count=2") == SandboxFault(stallBody: true, count: 2))
        #expect(try SandboxFault(headerValue: "html").htmlPage)
        #expect(throws: SandboxFaultParseError.self) { try SandboxFault(headerValue: "status=400;code=not a code") }
    }

    @Test("a status without a body, a status with a code, and broken answers to a 204")
    func router() async throws {
        let sandbox = try PurseSandbox()
        let datetime = SandboxRequest(method: "GET", path: "/clock/datetime")
        sandbox.faults.inject(.statusWithoutBody(404, count: 1), on: .datetime)
        let empty = await sandbox.handle(datetime)
        #expect(empty.status == 404 && empty.body.isEmpty)
        sandbox.faults.inject(.status(409, code: "TOKEN_NAME_EXISTS", count: 1), on: .datetime)
        #expect(await sandbox.handle(datetime).bodyText.contains(#""code":"TOKEN_NAME_EXISTS""#))
        sandbox.faults.inject(.html(count: 1), on: .datetime)
        let page = await sandbox.handle(datetime)
        #expect(page.status == 200 && page.header("content-type")?.hasPrefix("text/html") == true)
        sandbox.faults.inject(.stall(count: 1), on: .datetime)
        let stalled = await sandbox.handle(datetime)
        #expect((stalled.announcedBodyLength ?? 0) > stalled.body.count)
        sandbox.faults.inject(.reset(count: 1), on: .datetime)
        #expect(await sandbox.handle(datetime).resetConnection)

        // `POST /sandbox/reset` answers 204: a malformed or stalled answer to it goes out as a 200 with a body.
        let reset = SandboxRequest(
            method: "POST", path: "/sandbox/reset", headers: ["content-type": "application/json"])
        sandbox.faults.inject(.malformed(count: 1), on: .admin)
        let malformed = await sandbox.handle(reset)
        #expect(malformed.status == 200 && malformed.bodyText == #"{"code":"#)
        sandbox.faults.inject(.stall(count: 1), on: .admin)
        let stalledEmpty = await sandbox.handle(reset)
        #expect(stalledEmpty.status == 200 && (stalledEmpty.announcedBodyLength ?? 0) > stalledEmpty.body.count)
    }

    @Test("POST /sandbox/faults sets the new kinds")
    func adminEndpoint() async throws {
        let sandbox = try PurseSandbox()
        let body =
            #"{"route":"wallet","status":404,"empty_body":true,"code":"MISSING_TOKEN","reset":true,"stall":true,"html":true}"#
        let answer = await sandbox.handle(
            SandboxRequest(
                method: "POST", path: "/sandbox/faults", headers: ["content-type": "application/json"],
                body: Data(body.utf8)))
        #expect(answer.status == 204)
        #expect(
            sandbox.faults.fault(on: .wallet)
                == SandboxFault(
                    status: 404, errorCode: "MISSING_TOKEN", emptyErrorBody: true, resetConnection: true,
                    stallBody: true, htmlPage: true))
    }

    @Test("over a socket: a stalled body is announced whole, half sent, and the connection stays open")
    func stallOnTheWire() async throws {
        let server = SandboxServer(sandbox: try PurseSandbox())
        let port = try #require(try server.start().port)
        defer { server.stop() }
        let (head, next) = try await onThread {
            let socket = try RawSocket(port: UInt16(port))
            try socket.send("GET /clock/datetime HTTP/1.1\r\nHost: 127.0.0.1\r\nx-sandbox-fault: stall\r\n\r\n")
            let head = try socket.receiveUntilHeadEnds()
            return (head, socket.receiveOnce())
        }
        let length = try #require(
            head.text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
        #expect(head.text.hasPrefix("HTTP/1.1 200"))
        #expect(head.body.count < length)
        // Nothing more comes, and the server does not close: the read times out (EAGAIN), it does not end (0).
        #expect(next == .timedOut)
    }

    @Test("over a socket: a reset fault resets the connection")
    func resetOnTheWire() async throws {
        let server = SandboxServer(sandbox: try PurseSandbox())
        let port = try #require(try server.start().port)
        defer { server.stop() }
        let first = try await onThread {
            let socket = try RawSocket(port: UInt16(port))
            try socket.send("GET /clock/datetime HTTP/1.1\r\nHost: 127.0.0.1\r\nx-sandbox-fault: reset\r\n\r\n")
            return socket.receiveFirst()
        }
        #expect(first == .reset)
    }
}

/// A blocking loopback TCP client with a 300 ms receive timeout.
///
/// Its reads block, so the tests run it on a thread of their own (`onThread`, from TestProcess): blocking one of Swift's
/// cooperative threads (two on this machine) can keep the server's handler from running at all — under the
/// sanitizers, with the whole suite running, a read on the pool waited out its deadline (seen in CI).
private final class RawSocket {
    enum Read: Equatable { case data(Int), closed, reset, timedOut, failed(Int32) }
    struct SocketError: Error { let what: String }

    private let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(what: "socket") }
        var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw SocketError(what: "connect")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw SocketError(what: "send")
        }
    }

    private var buffer: [UInt8] = []

    func receiveOnce() -> Read {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count > 0 {
            buffer += chunk[0..<count]
            return .data(count)
        }
        if count == 0 { return .closed }
        switch errno {
        case EAGAIN, EWOULDBLOCK: return .timedOut
        case ECONNRESET: return .reset
        default: return .failed(errno)
        }
    }

    /// The first thing that is not a 300 ms timeout, within 15 s (the server's handler may be slow to run).
    func receiveFirst() -> Read {
        for _ in 0..<50 {
            let read = receiveOnce()
            if read != .timedOut { return read }
        }
        return .timedOut
    }

    /// Reads until the end of the head; returns the head's text and the body bytes that came with it.
    func receiveUntilHeadEnds() throws -> (text: String, body: [UInt8]) {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        for _ in 0..<50 {
            if let range = buffer.firstRange(of: end) {
                return (
                    String(decoding: buffer[..<range.lowerBound], as: UTF8.self), Array(buffer[range.upperBound...])
                )
            }
            guard case .data = receiveFirst() else { throw SocketError(what: "no head") }
        }
        throw SocketError(what: "head too long")
    }
}
