import Foundation

@testable import PurseHTTPServer

// The invariants of the `fuzz-http` target, and the tests that replay the committed corpus and every kept crash
// input through them. One file for both: the fuzz block of Package.swift compiles it through a symbolic link
// (Fuzz/Targets/FuzzHTTPInvariants) with PURSE_FUZZ_HARNESS defined, which leaves the tests out.

/// An invariant of the request parser that did not hold for an input.
package struct HTTPFuzzViolation: Error, CustomStringConvertible {
    package let description: String
}

package enum HTTPParserFuzzInvariants {
    /// The server's limits, and small ones that the fuzzer can reach with short inputs.
    static let limitSets: [HTTPRequestParser.Limits] = [
        HTTPRequestParser.Limits(),
        HTTPRequestParser.Limits(maxHeaderBytes: 200, maxBodyBytes: 48, maxHeaderCount: 6),
    ]

    /// What the parser found in a byte stream: the complete requests, then the refusal if there was one.
    struct Outcome: Equatable {
        var requests: [ParsedRequest] = []
        var failure: HTTPParseError?
    }

    /// `bytes` is what a client sent on one connection.
    ///
    /// - The parser never consumes more bytes than it was given, and a refusal is final (asked again, it
    ///   repeats the refusal and consumes nothing).
    /// - No request has a body longer than the limit; a `Content-Length` body has exactly that length; an
    ///   HTTP/1.1 request has exactly one `Host`.
    /// - Feeding the same bytes in two pieces split anywhere, or one byte at a time, finds the same requests
    ///   and the same refusal as feeding them at once.
    package static func check(_ bytes: [UInt8]) throws(HTTPFuzzViolation) {
        for limits in limitSets {
            let whole = try feed(bytes, splits: [], limits: limits)
            var splits = Set([bytes.count / 2, bytes.count / 3])
            if let first = bytes.first, !bytes.isEmpty { splits.insert(Int(first) % bytes.count) }
            for split in splits where split > 0 && split < bytes.count {
                let pieces = try feed(bytes, splits: [split], limits: limits)
                try require(pieces == whole, "split at \(split) gives \(pieces), at once \(whole)")
            }
            if bytes.count <= 400 {
                let bytewise = try feed(bytes, splits: Array(1..<max(1, bytes.count)), limits: limits)
                try require(bytewise == whole, "byte by byte gives \(bytewise), at once \(whole)")
            }
        }
    }

    /// Feeds `bytes` in pieces cut at `splits` (ascending), the way a connection does: append what arrived,
    /// parse, drop what was consumed, parse again until the parser needs more.
    static func feed(
        _ bytes: [UInt8], splits: [Int], limits: HTTPRequestParser.Limits
    ) throws(HTTPFuzzViolation)
        -> Outcome
    {
        var parser = HTTPRequestParser(limits: limits)
        var buffer: [UInt8] = []
        var outcome = Outcome()
        var start = 0
        for end in splits + [bytes.count] {
            buffer.append(contentsOf: bytes[start..<end])
            start = end
            // Every step but the last consumes at least one byte (a request has a head; `continueExpected` comes
            // once per request): more steps than bytes plus a few means the parser stopped making progress.
            let maximumSteps = 2 * buffer.count + 3
            var steps = 0
            while true {
                steps += 1
                try require(steps <= maximumSteps, "the parser loops without progress")
                let given = buffer.count
                let step = parser.parse(buffer.span)
                try require(step.consumed >= 0 && step.consumed <= given, "consumed \(step.consumed) of \(given)")
                buffer.removeFirst(step.consumed)
                switch step.event {
                case .needMore:
                    break
                case .continueExpected:
                    try require(buffer.isEmpty, "100-continue asked with body bytes already received")
                    continue
                case .request(let request):
                    try check(request, limits: limits)
                    outcome.requests.append(request)
                    continue
                case .failure(let error):
                    let again = parser.parse(buffer.span)
                    try require(again == .init(consumed: 0, event: .failure(error)), "a refusal is not final")
                    outcome.failure = error
                    return outcome
                }
                break
            }
        }
        return outcome
    }

    static func check(_ request: ParsedRequest, limits: HTTPRequestParser.Limits) throws(HTTPFuzzViolation) {
        try require(request.body.count <= limits.maxBodyBytes, "a body of \(request.body.count) bytes")
        try require(!request.method.isEmpty && !request.target.isEmpty, "a request without method or target")
        try require(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) header fields")
        if let length = request.headers["content-length"], let expected = Int(length) {
            try require(request.body.count == expected, "Content-Length \(expected), body \(request.body.count)")
        }
        if !request.isHTTP10 {
            try require(request.headers.values(for: "host").count == 1, "an HTTP/1.1 request without one Host")
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(HTTPFuzzViolation) {
        if !condition { throw HTTPFuzzViolation(description: message()) }
    }
}

#if !PURSE_FUZZ_HARNESS
    import Testing

    /// Replays the `fuzz-http` seed corpus (Fuzz/corpus/http) and every crash input kept from fuzzing
    /// (Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http) through the fuzz target's invariants.
    @Suite struct HTTPParserFuzzRegressionTests {
        /// The repository root, from this file's path (Tests/PurseHTTPServerTests/FuzzRegressionTests.swift).
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        static func files(in relativePath: String) throws -> [URL] {
            let directory = root.appendingPathComponent(relativePath)
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        }

        @Test func seedCorpusHoldsEveryInvariant() throws {
            let files = try Self.files(in: "Fuzz/corpus/http")
            #expect(files.count >= 5)
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: file))
                #expect(throws: Never.self, "\(file.lastPathComponent)") { try HTTPParserFuzzInvariants.check(bytes) }
            }
        }

        @Test func keptCrashInputsHoldEveryInvariant() throws {
            let files = try Self.files(in: "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http")
            #expect(!files.isEmpty)
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: file))
                #expect(throws: Never.self, "\(file.lastPathComponent)") { try HTTPParserFuzzInvariants.check(bytes) }
            }
        }

        /// Kept crash: garbage in a request line longer than the head limit was refused 400 when it arrived at
        /// once and 431 when it arrived byte by byte; the limit is now checked byte by byte (431 both ways).
        @Test func headLimitRefusalDoesNotDependOnPacketization() throws {
            let file = Self.root.appendingPathComponent(
                "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/http/request-line-garbage-past-header-limit")
            let bytes = try [UInt8](Data(contentsOf: file))
            let limits = HTTPRequestParser.Limits(maxHeaderBytes: 200, maxBodyBytes: 48, maxHeaderCount: 6)
            let whole = try HTTPParserFuzzInvariants.feed(bytes, splits: [], limits: limits)
            let bytewise = try HTTPParserFuzzInvariants.feed(bytes, splits: Array(1..<bytes.count), limits: limits)
            #expect(whole.failure?.status == 431)
            #expect(bytewise == whole)
        }

        /// The checks can fail: a parser that reported a body longer than its limit, or a split that changed
        /// the outcome, would be caught (here with hand-made outcomes rather than a broken parser).
        @Test func invariantsRejectAViolation() throws {
            let limits = HTTPRequestParser.Limits(maxHeaderBytes: 200, maxBodyBytes: 4, maxHeaderCount: 6)
            let oversized = ParsedRequest(
                method: "POST", target: "/", headers: ["Host": "a", "Content-Length": "5"], body: Array("hello".utf8),
                keepAlive: true, isHTTP10: false)
            #expect(throws: HTTPFuzzViolation.self) { try HTTPParserFuzzInvariants.check(oversized, limits: limits) }
            let noHost = ParsedRequest(method: "GET", target: "/", headers: [:], keepAlive: true, isHTTP10: false)
            #expect(throws: HTTPFuzzViolation.self) { try HTTPParserFuzzInvariants.check(noHost, limits: limits) }
        }
    }
#endif
