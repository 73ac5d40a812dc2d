import Foundation
import Testing

/// `purse sandbox --state FILE` checks the file can be written before it serves anything.
@Suite("purse sandbox --state: an unusable path is refused at start")
struct SandboxStatePathTests {
    @Test("--state in a missing directory exits 64 at once, with the reason on stderr")
    func missingDirectory() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/dir/state.json"
        let output = try await PurseBinary.run(["sandbox", "--port", "0", "--state", path], timeout: .seconds(30))
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(path))
        #expect(output.stderr.contains("does not exist"))
    }
}
