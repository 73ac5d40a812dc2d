import Foundation
import PurseHTTPServer
import TestProcess
import Testing
import ToolsLock

/// End-to-end tests over real loopback sockets, with a raw client so nothing hides the wire format.
struct HTTPServerTests {
    @Test func getRoundTrip() async throws {
        let response = try await withServer { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("GET /hello?name=a%20b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return try client.readResponse()
            }
        }
        #expect(response.status == 200)
        #expect(response.text == "GET /hello?name=a%20b ")
        #expect(response.header("Content-Length") == "22")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(response.header("Date")?.hasSuffix("GMT") == true)
        #expect(response.header("Connection") == nil)
    }

    @Test func handlerSeesDecodedRequest() async throws {
        let seen = Locked<HTTPServerRequest?>(nil)
        let response = try await withServer(handler: { request in
            seen.withLock { $0 = request }
            return .json(status: 201, #"{"ok":true}"#)
        }) { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send(
                    "POST /pay/a%2Fb?x=1&y=two+words HTTP/1.1\r\nHost: h\r\nX-Api-Key: k\r\nContent-Length: 4\r\n\r\nbody"
                )
                return try client.readResponse()
            }
        }
        #expect(response.status == 201)
        #expect(response.text == #"{"ok":true}"#)
        let request = try #require(seen.withLock { $0 })
        #expect(request.method == "POST")
        #expect(request.path == "/pay/a/b")
        #expect(request.queryValue("y") == "two words")
        #expect(request.headers["x-api-key"] == "k")
        #expect(request.body == Array("body".utf8))
        #expect(request.remoteAddress.hasPrefix("127.0.0.1:"))
    }

    @Test func chunkedBodyIsDecoded() async throws {
        let response = try await withServer { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
                try client.send("2;ext\r\nde\r\n0\r\n\r\n")
                return try client.readResponse()
            }
        }
        #expect(response.text == "POST /c abcde")
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let bodies = try await withServer { port in
            try await onThread {
                let client = try RawClient(port: port)
                return try (1...5).map { index in
                    try client.send("GET /\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
                    return try client.readResponse().text
                }
            }
        }
        #expect(bodies == (1...5).map { "GET /\($0) " })
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let responses = try await withServer { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send(
                    "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi"
                        + "HEAD /3 HTTP/1.1\r\nHost: h\r\n\r\nGET /4 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
                let first = try client.readResponse()
                let second = try client.readResponse()
                let third = try client.readResponse(head: true)
                let fourth = try client.readResponse()
                return ([first, second, third, fourth], try client.isClosedByServer())
            }
        }
        #expect(responses.0.map(\.text) == ["GET /1 ", "POST /2 hi", "", "GET /4 "])
        #expect(responses.0[2].header("Content-Length") == "8")
        #expect(responses.0[3].header("Connection") == "close")
        #expect(responses.1)
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        let result = try await withServer { port in
            try await onThread {
                let closing = try RawClient(port: port)
                try closing.send("GET /a HTTP/1.0\r\n\r\n")
                let first = try closing.readResponse()
                let closed = try closing.isClosedByServer()
                let kept = try RawClient(port: port)
                try kept.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let second = try kept.readResponse()
                try kept.send("GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let third = try kept.readResponse()
                return (first, closed, second, third)
            }
        }
        #expect(result.0.header("Connection") == "close")
        #expect(result.1)
        #expect(result.2.header("Connection") == "keep-alive")
        #expect(result.3.text == "GET /c ")
    }

    @Test func expectContinueIsAnswered() async throws {
        let result = try await withServer { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("PUT /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
                let interim = try client.readResponse()
                try client.send("xyz")
                return (interim, try client.readResponse())
            }
        }
        #expect(result.0.status == 100)
        #expect(result.1.text == "PUT /u xyz")
    }

    @Test func handlerAskingToCloseClosesTheConnection() async throws {
        let result = try await withServer(handler: { _ in
            HTTPServerResponse(status: 200, headers: ["Connection": "close"], body: Array("bye".utf8))
        }) { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return (try client.readResponse(), try client.isClosedByServer())
            }
        }
        #expect(result.0.header("Connection") == "close")
        #expect(result.0.text == "bye")
        #expect(result.1)
    }

    @Test func hundredConcurrentConnectionsEachDoSeveralRequests() async throws {
        let connections = 100
        let rounds = 5
        let count = Locked(0)
        let answered = try await withServer(handler: { request in
            count.withLock { $0 += 1 }
            return await echo(request)
        }) { port in
            try await onThread {
                let clients = try (0..<connections).map { _ in try RawClient(port: port) }
                var answered = 0
                for round in 0..<rounds {
                    for (index, client) in clients.enumerated() {
                        try client.send("GET /\(index)/\(round) HTTP/1.1\r\nHost: h\r\n\r\n")
                    }
                    for (index, client) in clients.enumerated() {
                        let response = try client.readResponse()
                        if response.text == "GET /\(index)/\(round) " {
                            answered += 1
                        }
                    }
                }
                return answered
            }
        }
        #expect(answered == connections * rounds)
        #expect(count.withLock { $0 } == connections * rounds)
    }

    @Test func dropConnectionClosesWithoutWritingAnything() async throws {
        let closedSilently = try await withServer(handler: { _ in HTTPServerResponse(dropConnection: true) }) { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
                return try client.isClosedByServer()
            }
        }
        #expect(closedSilently)
    }

    @Test func handlersRunConcurrently() async throws {
        // The first request's handler waits until the second one has run: only possible when the loop does
        // not wait for one handler before reading the next connection.
        let gate = AsyncGate()
        let result = try await withServer(handler: { request in
            if request.path == "/wait" {
                await gate.wait()
            } else {
                gate.open()
            }
            return .text(request.path)
        }) { port in
            try await onThread {
                let waiting = try RawClient(port: port)
                try waiting.send("GET /wait HTTP/1.1\r\nHost: h\r\n\r\n")
                let opener = try RawClient(port: port)
                try opener.send("GET /open HTTP/1.1\r\nHost: h\r\n\r\n")
                return [try opener.readResponse().text, try waiting.readResponse().text]
            }
        }
        #expect(result == ["/open", "/wait"])
    }

    @Test func largeResponseIsWrittenCompletelyAcrossPartialWrites() async throws {
        // Two pipelined 4 MiB answers cannot fit the socket buffers: the server has to wait for POLLOUT.
        let size = 4 * 1024 * 1024
        var body = [UInt8](repeating: 0x5A, count: size)
        for index in stride(from: 0, to: size, by: 4099) {
            body[index] = UInt8(truncatingIfNeeded: index / 4099)
        }
        let received = try await withServer(handler: { [body] _ in HTTPServerResponse(body: body) }) { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("GET /big HTTP/1.1\r\nHost: h\r\n\r\nGET /big HTTP/1.1\r\nHost: h\r\n\r\n")
                return [try client.readResponse().body, try client.readResponse().body]
            }
        }
        #expect(received.count == 2)
        #expect(received.allSatisfy { $0 == body })
    }

    @Test func requestBodyAtTheLimitIsAccepted() async throws {
        let limit = 256 * 1024
        let length = try await withServer(
            .init(maxBodyBytes: limit), handler: { .text("\($0.body.count)") }
        ) { port in
            try await onThread {
                let client = try RawClient(port: port)
                try client.send("POST /up HTTP/1.1\r\nHost: h\r\nContent-Length: \(limit)\r\n\r\n")
                try client.send([UInt8](repeating: 7, count: limit))
                return try client.readResponse().text
            }
        }
        #expect(length == "\(limit)")
    }

    @Test func ipv6LoopbackServes() async throws {
        let response = try await withServer(.init(host: "::1")) { port in
            try await onThread {
                let client = try RawClient(port: port, host: "::1")
                try client.send("GET /v6 HTTP/1.1\r\nHost: [::1]\r\n\r\n")
                return try client.readResponse()
            }
        }
        #expect(response.text == "GET /v6 ")
    }
}

/// Opens once; every waiter (before or after) continues.
final class AsyncGate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow {
                continuation.resume()
            }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }
}
