import Testing

@testable import PurseHTTPServer

/// Feeds bytes to a parser the way a connection does: keep what was not consumed, parse again.
struct ParserFeeder {
    var parser: HTTPRequestParser
    var buffer: [UInt8] = []

    init(limits: HTTPRequestParser.Limits = .init(maxHeaderBytes: 1024, maxBodyBytes: 64)) {
        parser = HTTPRequestParser(limits: limits)
    }

    /// Appends `bytes` and returns every event up to the next `needMore` (or a failure).
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [HTTPRequestParser.Event] {
        buffer.append(contentsOf: bytes)
        var events: [HTTPRequestParser.Event] = []
        while true {
            let bytes = buffer
            let step = parser.parse(bytes.span)
            buffer.removeFirst(step.consumed)
            switch step.event {
            case .needMore:
                return events
            case .failure:
                events.append(step.event)
                return events
            default:
                events.append(step.event)
            }
        }
    }

    /// Feeds everything at once, then one byte at a time, and checks both give the same events.
    static func events(
        for input: [UInt8], limits: HTTPRequestParser.Limits = .init(maxHeaderBytes: 1024, maxBodyBytes: 64)
    )
        -> [HTTPRequestParser.Event]
    {
        var whole = ParserFeeder(limits: limits)
        let wholeEvents = whole.feed(input)
        var bytewise = ParserFeeder(limits: limits)
        var bytewiseEvents: [HTTPRequestParser.Event] = []
        for byte in input {
            bytewiseEvents += bytewise.feed([byte])
            if case .failure = bytewiseEvents.last { break }
        }
        // A 100-continue is only announced when no body byte has arrived yet, which differs by feeding.
        let withoutContinue = wholeEvents.filter { $0 != .continueExpected }
        #expect(withoutContinue == bytewiseEvents.filter { $0 != .continueExpected }, "byte-by-byte feeding differs")
        return wholeEvents
    }
}

struct ValidRequest: Sendable, CustomTestStringConvertible {
    let raw: String
    let method: String
    let target: String
    let body: String
    let keepAlive: Bool
    var testDescription: String { raw.debugDescription }
}

struct MalformedRequest: Sendable, CustomTestStringConvertible {
    let raw: String
    let status: Int
    let code: String
    var testDescription: String { "\(status) ← \(raw.debugDescription)" }
}

struct RequestParserTests {
    static let valid: [ValidRequest] = [
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\n\r\n", method: "GET", target: "/", body: "", keepAlive: true),
        .init(raw: "GET /x HTTP/1.0\r\n\r\n", method: "GET", target: "/x", body: "", keepAlive: false),
        .init(
            raw: "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n", method: "GET", target: "/", body: "",
            keepAlive: true),
        .init(
            raw: "GET / HTTP/1.1\r\nHost: a\r\nConnection: foo, close\r\n\r\n", method: "GET", target: "/", body: "",
            keepAlive: false),
        .init(
            raw: "POST /p?q=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", method: "POST", target: "/p?q=1",
            body: "hello", keepAlive: true),
        .init(
            raw: "PUT /p HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\ncontent-length: 3\r\n\r\nabc", method: "PUT",
            target: "/p", body: "abc", keepAlive: true),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n5;name=value\r\nhello\r\n"
                + "6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n",
            method: "POST", target: "/", body: "hello world", keepAlive: true),
        .init(
            raw: "POST / HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\nA\nabcdefghij\n0\n\n", method: "POST",
            target: "/",
            body: "abcdefghij", keepAlive: true),
        .init(
            raw: "\r\n\r\nGET /after-blank-lines HTTP/1.1\r\nHost: a\r\n\r\n", method: "GET",
            target: "/after-blank-lines", body: "", keepAlive: true),
        .init(
            raw: "OPTIONS * HTTP/1.1\r\nHost: a\r\nX-Empty:\r\nX-Spaced: \t v \t\r\n\r\n", method: "OPTIONS",
            target: "*",
            body: "", keepAlive: true),
        .init(
            raw: "GET http://127.0.0.1:8080/abs?x=1 HTTP/1.1\r\nHost: a\r\n\r\n", method: "GET",
            target: "http://127.0.0.1:8080/abs?x=1", body: "", keepAlive: true),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok", method: "POST",
            target: "/", body: "ok", keepAlive: true),
        .init(raw: "GET / HTTP/1.9\r\nHost: a\r\n\r\n", method: "GET", target: "/", body: "", keepAlive: true),
    ]

    @Test("a valid request parses the same whole and byte by byte", arguments: valid)
    func parsesValidRequest(_ example: ValidRequest) throws {
        let events = ParserFeeder.events(for: Array(example.raw.utf8)).filter { $0 != .continueExpected }
        try #require(events.count == 1, "events: \(events)")
        guard case .request(let request) = events[0] else {
            Issue.record("expected a request, got \(events[0])")
            return
        }
        #expect(request.method == example.method)
        #expect(request.target == example.target)
        #expect(String(decoding: request.body, as: UTF8.self) == example.body)
        #expect(request.keepAlive == example.keepAlive)
    }

    static let malformed: [MalformedRequest] = [
        .init(raw: "GARBAGE\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET /\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET /\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / http/1.1\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1x\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/2.0\r\nHost: a\r\n\r\n", status: 505, code: "HTTP_VERSION_NOT_SUPPORTED"),
        .init(raw: "GET / HTTP/0.9\r\nHost: a\r\n\r\n", status: 505, code: "HTTP_VERSION_NOT_SUPPORTED"),
        .init(raw: "GET foo HTTP/1.1\r\nHost: a\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\n: empty-name\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n folded\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 6\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", status: 501, code: "NOT_IMPLEMENTED"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(raw: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400, code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 65\r\n\r\n", status: 413, code: "PAYLOAD_TOO_LARGE"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", status: 413,
            code: "PAYLOAD_TOO_LARGE"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcd\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n"
                + String(repeating: "a", count: 32)
                + "\r\n21\r\n",
            status: 413, code: "PAYLOAD_TOO_LARGE"),
        .init(
            raw: "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n", status: 400,
            code: "BAD_REQUEST"),
        .init(
            raw: "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 1100) + "\r\n\r\n", status: 431,
            code: "REQUEST_HEADER_FIELDS_TOO_LARGE"),
        .init(
            raw: "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: 1\r\n", count: 101) + "\r\n", status: 431,
            code: "REQUEST_HEADER_FIELDS_TOO_LARGE"),
        .init(
            raw: "GET /" + String(repeating: "a", count: 1100) + " HTTP/1.1\r\n", status: 431,
            code: "REQUEST_HEADER_FIELDS_TOO_LARGE"),
        .init(raw: "GET / HTTP/1.1\r\nHost: a\r\nExpect: teapot\r\n\r\n", status: 417, code: "EXPECTATION_FAILED"),
        .init(raw: "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}", status: 400, code: "BAD_REQUEST"),
    ]

    @Test("a malformed request is refused with the right status, whole and byte by byte", arguments: malformed)
    func refusesMalformedRequest(_ example: MalformedRequest) throws {
        let events = ParserFeeder.events(for: Array(example.raw.utf8))
        let last = try #require(events.last, "no event for \(example.raw.debugDescription)")
        guard case .failure(let error) = last else {
            Issue.record("expected a failure, got \(events)")
            return
        }
        #expect(error.status == example.status)
        #expect(error.code == example.code)
        #expect(!error.message.isEmpty)
    }

    @Test func pipelinedRequestsComeOutInOrderAndAPartialOneWaits() {
        var feeder = ParserFeeder()
        let raw =
            "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
            + "GET /3 HTTP/1.1\r\nHost: a\r\n\r\nGET /4 HTTP/1.1\r\nHo"
        let events = feeder.feed(raw.utf8)
        let targets = events.compactMap { event -> String? in
            if case .request(let request) = event { return request.target }
            return nil
        }
        #expect(targets == ["/1", "/2", "/3"])
        #expect(feeder.parser.isMidRequest)
        let rest = feeder.feed("st: a\r\n\r\n".utf8)
        #expect(rest.count == 1)
        #expect(!feeder.parser.isMidRequest)
        #expect(feeder.buffer.isEmpty)
    }

    @Test func expectContinueIsAnnouncedBeforeTheBodyArrives() {
        var feeder = ParserFeeder()
        let head = feeder.feed("PUT / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 4\r\n\r\n".utf8)
        #expect(head == [.continueExpected])
        let body = feeder.feed("data".utf8)
        guard case .request(let request)? = body.first else {
            Issue.record("expected the request, got \(body)")
            return
        }
        #expect(request.body == Array("data".utf8))
    }

    @Test func expectContinueIsNotAnnouncedWithoutABody() {
        var feeder = ParserFeeder()
        let events = feeder.feed("GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n".utf8)
        #expect(events.count == 1)
        #expect(events.first != .continueExpected)
    }

    @Test func garbageIsRefusedAsSoonAsItArrives() {
        var generator = SeededGenerator(seed: 42)
        let garbage = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var feeder = ParserFeeder()
        var fed = 0
        var failed = false
        for chunk in stride(from: 0, to: garbage.count, by: 16) {
            fed += 16
            if case .failure(let error)? = feeder.feed(garbage[chunk..<min(chunk + 16, garbage.count)]).last {
                #expect(error.status == 400)
                failed = true
                break
            }
        }
        #expect(failed)
        #expect(fed <= 64, "the parser should not wait for more garbage")
    }

    @Test func longPrintableGarbageWithoutSpacesIsRefusedAfterAMethodsWorth() {
        var feeder = ParserFeeder()
        let events = feeder.feed(Array(repeating: UInt8(ascii: "A"), count: 10_000))
        guard case .failure(let error)? = events.last else {
            Issue.record("expected a failure, got \(events)")
            return
        }
        #expect(error.status == 400)
    }

    @Test func headersKeepOrderDuplicatesAndTrimmedValues() throws {
        var feeder = ParserFeeder()
        let events = feeder.feed("GET / HTTP/1.1\r\nHost: a\r\nX-A: 1\r\nx-a:  2 \r\nX-B:\t3\r\n\r\n".utf8)
        guard case .request(let request)? = events.first else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.headers.values(for: "x-a") == ["1", "2"])
        #expect(request.headers["X-B"] == "3")
        #expect(request.headers.map(\.name) == ["Host", "X-A", "x-a", "X-B"])
    }

    @Test func afterAFailureTheParserKeepsFailing() {
        var feeder = ParserFeeder()
        _ = feeder.feed("BAD\u{1}\r\n".utf8)
        let events = feeder.feed("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        guard case .failure? = events.last else {
            Issue.record("expected the failure to stick, got \(events)")
            return
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so garbage inputs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
