import Foundation
import NIOCore
import NIOEmbedded

@testable import PurseHTTPServer

// The invariants of the `fuzz-http` target, and the tests that replay the committed corpus and every kept crash
// input through them. One file for both: the fuzz block of Package.swift compiles it through a symbolic link
// (Fuzz/Targets/FuzzHTTPInvariants) with PURSE_FUZZ_HARNESS defined, which leaves the tests out.
//
// NIO's HTTP parser is fuzzed upstream; what is fuzzed here is ours: the connection handler's limits, refusals
// and framing over whatever bytes a client sends, run synchronously on an `EmbeddedChannel` with the server's
// real pipeline.

/// An invariant of the server's request handling that did not hold for an input.
package struct HTTPFuzzViolation: Error, CustomStringConvertible {
    package let description: String
}

package enum HTTPServerFuzzInvariants {
    /// The server's limits, and small ones that the fuzzer can reach with short inputs.
    static let settingsSets: [HTTPServer.Settings] = [
        try! HTTPServer.Configuration().settings(),
        try! HTTPServer.Configuration(maxHeaderBytes: 200, maxBodyBytes: 48).settings(),
    ]

    /// What one connection's exchange produced.
    struct Outcome: Equatable {
        /// The requests the handler saw: method, target, body size.
        var requests: [String] = []
        /// The status of every final answer written, in order.
        var statuses: [Int] = []
        /// Whether the server closed (or half-closed) the connection.
        var closed = false
    }

    /// `bytes` is what a client sent on one connection.
    ///
    /// - No request reaches the handler with a body over the limit, or with a `Content-Length` other than its
    ///   body's size.
    /// - Every request the handler answered gets exactly one final answer, in order, each a well-formed status
    ///   line with a `Content-Length`; at most one refusal (4xx/5xx the server wrote itself) follows, and then the
    ///   connection is closed.
    /// - Feeding the same bytes in two pieces, or one byte at a time, gives the same requests and answers.
    package static func check(_ bytes: [UInt8]) throws(HTTPFuzzViolation) {
        for settings in settingsSets {
            let whole = try exchange(bytes, splits: [], settings: settings)
            let split = bytes.count / 2
            if split > 0 {
                let pieces = try exchange(bytes, splits: [split], settings: settings)
                try require(pieces == whole, "split at \(split) gives \(pieces), at once \(whole)")
            }
            if bytes.count <= 300 {
                let bytewise = try exchange(bytes, splits: Array(1..<max(1, bytes.count)), settings: settings)
                try require(bytewise == whole, "byte by byte gives \(bytewise), at once \(whole)")
            }
        }
    }

    /// `observe` sees the exchange's channel (a test checks it is freed afterwards).
    static func exchange(
        _ bytes: [UInt8], splits: [Int], settings: HTTPServer.Settings,
        observe: (EmbeddedChannel) -> Void = { _ in }
    ) throws(HTTPFuzzViolation) -> Outcome {
        let channel = EmbeddedChannel()
        observe(channel)
        var outcome = Outcome()
        var handled: [HTTPServerRequest] = []
        do {
            try HTTPServer.installHTTP(
                on: channel, id: 1, settings: settings, shared: ServerShared(maxConnections: 4),
                responder: .immediate { request in
                    handled.append(request)
                    return .text(status: 200, "ok \(request.body.count)")
                })
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        } catch {
            throw HTTPFuzzViolation(description: "the pipeline could not be set up: \(error)")
        }
        var start = 0
        for end in splits + [bytes.count] where channel.isActive {
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: bytes[start..<end]))
            start = end
        }
        var written: [UInt8] = []
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
            written.append(contentsOf: buffer.readableBytesView)
        }
        for request in handled {
            try require(request.body.count <= settings.maxBodyBytes, "a body of \(request.body.count) bytes")
            if let length = request.headers["content-length"], let expected = Int(length) {
                try require(request.body.count == expected, "Content-Length \(expected), body \(request.body.count)")
            }
            outcome.requests.append("\(request.method) \(request.target) \(request.body.count)")
        }
        outcome.statuses = try statuses(in: written, bodiless: handled.map { $0.method == "HEAD" })
        outcome.closed = !channel.isActive
        let answered = outcome.statuses.prefix(handled.count)
        try require(answered.allSatisfy { $0 == 200 }, "the handler's answers are \(Array(answered))")
        let refusals = outcome.statuses.dropFirst(handled.count)
        try require(refusals.count <= 1, "\(refusals.count) refusals")
        if let refusal = refusals.first {
            try require([400, 408, 413, 417, 431, 505].contains(refusal), "refused with \(refusal)")
        }
        _ = try? channel.finish()
        // Fire what is still scheduled (a lingering close, a deadline): each task holds the channel, and the channel
        // owns its embedded loop, so an unfired task would keep the whole exchange alive (the fuzzer ran out of
        // memory before this).
        channel.embeddedEventLoop.advanceTime(by: .hours(1))
        return outcome
    }

    /// The final statuses of a byte stream of responses (100 Continue skipped), checking each is framed.
    ///
    /// `bodiless[i]` tells whether the `i`-th final answer is to a `HEAD`: it carries the `Content-Length` of the
    /// body a `GET` would get, and no body (RFC 9110 §9.3.2). A kept crash of the checker itself: it read the next
    /// answer's first bytes as the body of a `HEAD`'s answer.
    static func statuses(in bytes: [UInt8], bodiless: [Bool] = []) throws(HTTPFuzzViolation) -> [Int] {
        var statuses: [Int] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let end = endOfHead(in: rest) else {
                throw HTTPFuzzViolation(description: "an answer without the end of its head")
            }
            let head = String(decoding: rest[..<end], as: UTF8.self)
            rest = rest[(end + 4)...]
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusLine = lines.first.map(String.init) ?? ""
            guard statusLine.hasPrefix("HTTP/1."), let status = Int(statusLine.dropFirst(9).prefix(3)) else {
                throw HTTPFuzzViolation(description: "a malformed status line \(statusLine)")
            }
            if status == 100 { continue }
            let lengths = lines.dropFirst().filter { $0.lowercased().hasPrefix("content-length:") }
            try require(lengths.count == 1, "\(lengths.count) Content-Length fields")
            let length = Int(lengths[0].dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? -1
            try require(length >= 0, "Content-Length \(length)")
            let headAnswer = statuses.count < bodiless.count && bodiless[statuses.count]
            if !headAnswer {
                try require(length <= rest.count, "Content-Length \(length), \(rest.count) bytes follow")
                rest = rest.dropFirst(length)
            }
            statuses.append(status)
        }
        return statuses
    }

    /// Where the first `CRLF CRLF` of `bytes` starts. A plain scan: Foundation's generic `firstRange(of:)` took a
    /// tenth of the target's time (perf).
    static func endOfHead(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(HTTPFuzzViolation) {
        if !condition { throw HTTPFuzzViolation(description: message()) }
    }
}

#if !PURSE_FUZZ_HARNESS
    import Testing

    /// Replays the `fuzz-http` seed corpus (Fuzz/corpus/http) and every crash input kept from fuzzing
    /// (Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http) through the fuzz target's invariants.
    @Suite struct HTTPServerFuzzRegressionTests {
        /// The repository root, from this file's path (Tests/PurseHTTPServerTests/FuzzRegressionTests.swift).
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        static func files(in relativePath: String) throws -> [URL] {
            let directory = root.appendingPathComponent(relativePath)
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        }

        @Test func seedCorpusHoldsEveryInvariant() async throws {
            let files = try Self.files(in: "Fuzz/corpus/http")
            #expect(files.count >= 5)
            for file in files {
                await Task.yield()  // long under a sanitizer; the cooperative pool is shared
                let bytes = try [UInt8](Data(contentsOf: file))
                #expect(throws: Never.self, "\(file.lastPathComponent)") { try HTTPServerFuzzInvariants.check(bytes) }
            }
        }

        @Test func keptCrashInputsHoldEveryInvariant() async throws {
            let files = try Self.files(in: "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http")
            #expect(!files.isEmpty)
            for file in files {
                await Task.yield()  // long under a sanitizer; the cooperative pool is shared
                let bytes = try [UInt8](Data(contentsOf: file))
                #expect(throws: Never.self, "\(file.lastPathComponent)") { try HTTPServerFuzzInvariants.check(bytes) }
            }
        }

        /// Kept crash of the hand-written parser: garbage in a request line longer than the head limit was
        /// refused 400 when it arrived at once and 431 when it arrived byte by byte. The refusal must not depend
        /// on how the bytes were cut.
        @Test func headLimitRefusalDoesNotDependOnPacketization() throws {
            let file = Self.root.appendingPathComponent(
                "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http/request-line-garbage-past-header-limit")
            let bytes = try [UInt8](Data(contentsOf: file))
            let settings = HTTPServerFuzzInvariants.settingsSets[1]
            let whole = try HTTPServerFuzzInvariants.exchange(bytes, splits: [], settings: settings)
            let bytewise = try HTTPServerFuzzInvariants.exchange(
                bytes, splits: Array(1..<bytes.count), settings: settings)
            #expect(whole.statuses.count == 1)
            #expect([400, 431].contains(whole.statuses.first ?? 0))
            #expect(bytewise == whole)
        }

        /// A header value past the head limit, then a byte the decoder refuses: one request, one refusal, the
        /// same whether it arrives at once, in two pieces or byte by byte (NIO's decoder counts a header's bytes
        /// only when their span ends or a read ends, so at once it saw the bad byte first, 400, and byte by byte
        /// the size first, 431).
        @Test(arguments: [
            "GET / HTTP/1.1\r\nA: " + String(repeating: "a", count: 250) + "\u{1}\r\n\r\n",
            "GET / HTTP/1.1\r\n" + String(repeating: "b", count: 250) + "\u{1}: x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nA: " + String(repeating: "a", count: 230) + "\r\n\r",
        ])
        func headerOverflowAndABadByteGiveOneRefusal(text: String) throws {
            let bytes = Array(text.utf8)
            let settings = HTTPServerFuzzInvariants.settingsSets[1]
            let whole = try HTTPServerFuzzInvariants.exchange(bytes, splits: [], settings: settings)
            #expect(whole.statuses.count == 1)
            #expect(throws: Never.self) { try HTTPServerFuzzInvariants.check(bytes) }
        }

        /// Nothing outlives an exchange: a refusal schedules a lingering close and the connection had deadlines,
        /// and until the exchange fired them each kept its channel and event loop alive (the fuzzer ran out of its
        /// 2 GB after about 23,000 inputs).
        @Test func anExchangeLeavesNothingAlive() throws {
            weak var refused: EmbeddedChannel?
            let garbage = Array("GET /\u{1}x HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
            let outcome = try HTTPServerFuzzInvariants.exchange(
                garbage, splits: [], settings: HTTPServerFuzzInvariants.settingsSets[0], observe: { refused = $0 })
            #expect(outcome.statuses == [400])
            #expect(refused == nil)
            weak var answered: EmbeddedChannel?
            let keepAlive = Array("GET /a HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
            _ = try HTTPServerFuzzInvariants.exchange(
                keepAlive, splits: [], settings: HTTPServerFuzzInvariants.settingsSets[0], observe: { answered = $0 })
            #expect(answered == nil)
        }

        /// The checks can fail: an answer stream with two Content-Lengths, a body shorter than announced, or a
        /// status line that is not HTTP would be caught.
        @Test func invariantsRejectAViolation() throws {
            let twoLengths = Array("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx".utf8)
            #expect(throws: HTTPFuzzViolation.self) { try HTTPServerFuzzInvariants.statuses(in: twoLengths) }
            let short = Array("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nx".utf8)
            #expect(throws: HTTPFuzzViolation.self) { try HTTPServerFuzzInvariants.statuses(in: short) }
            let notHTTP = Array("ICY 200 OK\r\nContent-Length: 0\r\n\r\n".utf8)
            #expect(throws: HTTPFuzzViolation.self) { try HTTPServerFuzzInvariants.statuses(in: notHTTP) }
            let good = Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 413 X\r\nContent-Length: 2\r\n\r\n{}".utf8)
            #expect(try HTTPServerFuzzInvariants.statuses(in: good) == [413])
        }
    }
#endif
