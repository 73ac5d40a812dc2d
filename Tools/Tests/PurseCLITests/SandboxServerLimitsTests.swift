import Foundation
import PurseHeadlessCheckout
import TestProcess
import Testing

/// The findings against `purse sandbox` that the move to SwiftNIO fixed, reproduced against the real process
/// (its own memory and descriptors, as a user runs it).
@Suite("purse sandbox under hostile local clients: silent connections, declared bodies")
struct SandboxServerLimitsTests {
    /// Was: 2,000 connections that never send a byte held 1,024 slots and a well-behaved client got resets and
    /// 503s for 61 s. Now a newcomer takes a silent connection's place: the normal request is answered without
    /// waiting for any deadline (its bound here, the sandbox's 10 s head deadline, only limits a failure).
    @Test("2,000 silent connections do not delay a normal request by its head deadline")
    func silentConnectionsDoNotLockOut() async throws {
        let sandbox = try await SandboxProcess.start()
        let port = try #require(URL(string: sandbox.base)?.port.map(UInt16.init))
        let silent = LoopbackConnections()
        defer { silent.closeAll() }
        try await onThread { try silent.open(port: port, count: 2_000) }
        #expect(silent.descriptors.count == 2_000)
        let started = ContinuousClock.now
        let stats = try await sandbox.stats()
        let waited = ContinuousClock.now - started
        #expect(stats.objectValue != nil)
        print("silent connections: 2,000 open, a normal request answered in \(waited)")
        #expect(waited < .seconds(10), "a normal request waited \(waited)")
        #expect(sandbox.process.isRunning)
    }

    /// Was: 300 connections each declaring `Content-Length: 1048576` took the sandbox from 32 to 340 MB (the
    /// parser reserved the declared length up front). Now a body grows with what arrives: 300 declared megabytes
    /// with 1 KiB sent each cost a few megabytes.
    @Test("300 bodies declared at 1 MiB but short add less than 64 MB to the sandbox")
    func declaredBodiesReserveNothing() async throws {
        let sandbox = try await SandboxProcess.start()
        let pid = sandbox.process.processIdentifier
        guard let before = residentBytes(of: pid) else {
            Issue.record("no /proc/\(pid)/status: cannot read the sandbox's memory on this system")
            return
        }
        let port = try #require(URL(string: sandbox.base)?.port.map(UInt16.init))
        let head =
            "POST /payment/v2/client-sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: 1048576\r\n\r\n"
        let prefix = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 1024)
        let short = LoopbackConnections()
        defer { short.closeAll() }
        try await onThread { try short.open(port: port, count: 300, sending: prefix) }
        // Let the sandbox read what was sent (a request it answers proves it is past the backlog), then take
        // the highest of a second's readings.
        _ = try await sandbox.stats()
        var after = before
        for _ in 0..<20 {
            after = max(after, residentBytes(of: pid) ?? after)
            try await Task.sleep(for: .milliseconds(50))
        }
        let grown = after - before
        print("declared bodies: the sandbox grew from \(before / 1_048_576) to \(after / 1_048_576) MB")
        #expect(grown < 64 * 1024 * 1024, "the sandbox grew by \(grown / 1024 / 1024) MB")
        #expect(sandbox.process.isRunning)
    }
}
