import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The deepest JSON the parser accepts, on a thread with Apple's 512 KB secondary-thread stack: the SDK parses
/// gateway answers off the main actor, where a debug build used to overflow that stack at 255 levels.
@Suite("JSON nesting against a 512 KB stack")
struct DeepNestingStackTests {
    /// Runs `work` on a new thread whose stack is `stackSize` bytes, and waits for it.
    static func onThread(stackSize: Int, _ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                work()
                done.resume()
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// The stack the test gives its thread: Apple's 512 KB, except under AddressSanitizer, whose instrumented frames
    /// are several times larger than a plain debug build's (`scripts/sanitizers` sets `ASAN_OPTIONS`; the runtime's
    /// `__asan_init` is looked up too). The 512 KB bound is the plain debug build's property, checked by `swift test`.
    static var stackSize: Int {
        let addressSanitizer =
            ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil || dlsym(nil, "__asan_init") != nil
        return addressSanitizer ? 16 * 1024 * 1024 : 512 * 1024
    }

    /// `depth` nested values, innermost `1`: arrays, objects, or both in turn.
    static func nested(_ depth: Int, shape: String) -> String {
        var open = ""
        var close = ""
        for level in 0..<depth {
            let array = shape == "array" || (shape == "mixed" && level % 2 == 0)
            open += array ? "[" : #"{"k":"#
            close = (array ? "]" : "}") + close
        }
        return open + "1" + close
    }

    @Test(
        "the deepest accepted document is parsed, written, compared, hashed, decoded and freed on a 512 KB stack",
        arguments: ["array", "object", "mixed"])
    func deepestAcceptedDocument(shape: String) async {
        let outcome = Locked<[String]>([])
        await Self.onThread(stackSize: Self.stackSize) {
            var notes: [String] = []
            let deepest = Self.nested(JSONParser.maximumDepth - 1, shape: shape)
            do {
                let value = try JSONValue.parse(deepest)
                let again = try JSONValue.parse(value.serialized())
                if value != again { notes.append("the round trip changed the value") }
                var hasher = Hasher()
                value.hash(into: &hasher)
                _ = hasher.finalize()
                // `plugin_result` sits 3 levels down: as deep as the parser takes there.
                let body =
                    #"{"results":[{"partner":"p","method":"m","status":{"state":"SUCCESS","code":"OK","action":"AUTHORIZE"},"plugin_result":"#
                    + Self.nested(JSONParser.maximumDepth - 4, shape: shape) + #"}],"global_status":"SUCCESS"}"#
                let reader = try APIClient.reader(try JSONValue.parse(body), what: "Payment API POST /validate")
                let result = try ValidationResult(reading: reader)
                var resultHasher = Hasher()
                result.hash(into: &resultHasher)
                _ = resultHasher.finalize()
            } catch {
                notes.append("refused: \(error)")
            }
            // One level more is a parse error, not a crash.
            do {
                _ = try JSONValue.parse(Self.nested(JSONParser.maximumDepth, shape: shape))
                notes.append("one level deeper was accepted")
            } catch {}
            outcome.withLock { $0 = notes }
        }
        #expect(outcome.withLock { $0 } == [])
    }
}
