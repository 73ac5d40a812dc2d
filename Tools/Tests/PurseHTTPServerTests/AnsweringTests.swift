import Foundation
import NIOPosix
import PurseHTTPServer
import TestProcess
import Testing
import ToolsLock

/// `HTTPServer(configuration:answering:)`: what the closure answers at once goes out from the event loop, what it
/// leaves for later runs in a `Task` off the loop, and a slow `.later` never holds up a `.now` answer.
struct AnsweringTests {
    /// Where each piece of work ran: on an event loop or not.
    final class Places: Sendable {
        private let places = Locked<[String: Bool]>([:])
        func record(_ name: String) {
            let onLoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
            places.withLock { $0[name] = onLoop }
        }
        subscript(_ name: String) -> Bool? { places.withLock { $0[name] } }
    }

    static func withAnsweringServer<T>(
        _ answering: @escaping @Sendable (HTTPServerRequest) -> HTTPServerAnswer, _ body: (UInt16) async throws -> T
    ) async throws -> T {
        let server = HTTPServer(answering: answering)
        let port = try server.start()
        defer { server.stop() }
        return try await body(port)
    }

    /// Blocks the calling thread, as blocking I/O would.
    static func block(for seconds: TimeInterval) { Thread.sleep(forTimeInterval: seconds) }

    static func get(_ target: String, port: UInt16) async throws -> RawResponse {
        try await onThread {
            let client = try RawClient(port: port)
            try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return try client.readResponse()
        }
    }

    @Test("a .now answer is made on the event loop; .later work runs off it; both reach the client")
    func nowOnTheLoopLaterOffIt() async throws {
        let places = Places()
        let (now, later) = try await Self.withAnsweringServer({ request in
            places.record("closure")
            guard request.path == "/later" else { return .now(.text("now")) }
            return .later {
                places.record("later")
                return .text("later")
            }
        }) { port in
            (try await Self.get("/now", port: port), try await Self.get("/later", port: port))
        }
        #expect(now.status == 200 && now.text == "now")
        #expect(later.status == 200 && later.text == "later")
        #expect(places["closure"] == true)
        #expect(places["later"] == false)
    }

    /// The slow work blocks its thread (as the sandbox's state-file write does): were it run on an event loop,
    /// the quick requests that land on that loop would wait for it, and the client's 30 s timeout would fail them.
    @Test("a .later that blocks does not hold up .now answers on other connections")
    func slowLaterDoesNotBlock() async throws {
        let release = Locked(false)
        let blocking = Locked(false)
        try await Self.withAnsweringServer({ request in
            guard request.path == "/slow" else { return .now(.text("quick")) }
            return .later {
                blocking.withLock { $0 = true }
                while !release.withLock({ $0 }) { Self.block(for: 0.01) }
                return .text("slow")
            }
        }) { port in
            async let slow = Self.get("/slow", port: port)
            for _ in 0..<3000 where !blocking.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            #expect(blocking.withLock { $0 })
            // Twenty answers, each on a new connection (spread over the loops), while the slow one still blocks.
            for _ in 0..<20 {
                let quick = try await Self.get("/quick", port: port)
                #expect(quick.text == "quick")
            }
            release.withLock { $0 = true }
            #expect(try await slow.text == "slow")
        }
    }

    /// While a `.later` answer is made, the server stops reading: what a client pipelines behind it waits in the
    /// kernel's buffers, not in the server's memory, so a client that sends without end is held back by TCP.
    @Test("pipelined requests behind a .later answer wait in the kernel, not in memory")
    func readingPausesWhileAnAnswerIsMadeLater() async throws {
        let gate = Locked(false)
        let sent = try await Self.withAnsweringServer({ request in
            guard request.path == "/slow" else { return .now(.text("fast")) }
            return .later {
                while !gate.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
                return .text("slow")
            }
        }) { port in
            try await onThread {
                let client = try RawClient(port: port, timeoutSeconds: 2)
                try client.send("GET /slow HTTP/1.1\r\nHost: h\r\n\r\n")
                // 64 MiB of pipelined requests: far more than the kernel buffers of a loopback connection hold.
                let chunk = Array(String(repeating: "GET /x HTTP/1.1\r\nHost: h\r\n\r\n", count: 32_768).utf8)
                var total = 0
                while total < 64 << 20 {
                    do { try client.send(chunk) } catch { break }  // the send times out once the buffers are full
                    total += chunk.count
                }
                gate.withLock { $0 = true }
                return total
            }
        }
        #expect(sent < 64 << 20, "the client could send \(sent) bytes while the answer was being made")
    }
}
