import Foundation
import TestProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `purse` binary, as a user would.
struct PurseBinary {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The binary next to the test bundle (SwiftPM builds every product into the same directory).
    static var url: URL? {
        var candidates: [URL] = []
        for argument in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var directory = argument
            for _ in 0..<4 {
                directory = directory.deletingLastPathComponent()
                candidates.append(directory.appendingPathComponent("purse"))
            }
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `purse` with `arguments` to completion (bounded by `timeout`), feeding `stdin`.
    ///
    /// The waiting (pipes read to their end, then the exit) happens on a thread of its own: blocking one of
    /// Swift's cooperative threads for the seconds a demo takes would stall every other suite running in
    /// parallel (the pool has as many threads as cores: two here), among them the HTTP servers' handlers.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String = "",
        timeout: Duration = .seconds(60)
    ) async throws -> Output {
        try await onThread { try runBlocking(arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }

    /// ``run(_:environment:stdin:timeout:)`` on the calling thread.
    private static func runBlocking(
        _ arguments: [String], environment: [String: String] = [:], stdin: String = "",
        timeout: Duration = .seconds(60)
    ) throws -> Output {
        guard let url else { throw MissingBinary() }
        let process = ChildProcess()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Bounded: a hung binary is killed and the test fails with a message instead of hanging.
        let watchdog = Watchdog()
        let pid = process.processIdentifier
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { watchdog.fire { kill(pid, SIGKILL) } }
        // stderr is drained on a thread of its own: a child that fills one pipe while the other is read would
        // otherwise wait for ever.
        let errors = LockedData()
        let errorReader = err.fileHandleForReading
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) { errors.set(errorReader.readDataToEndOfFile()) }
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        guard watchdog.disarm() else { throw TimedOut(arguments: arguments, timeout: timeout) }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: errors.value, as: UTF8.self))
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        let timeout: Duration
        var description: String { "purse \(arguments.joined(separator: " ")) did not finish within \(timeout): killed" }
    }

    /// Kills a child once, unless disarmed first.
    private final class Watchdog: @unchecked Sendable {
        private let lock = NSLock()
        private var disarmed = false
        private var fired = false

        func fire(_ kill: () -> Void) {
            lock.withLock {
                guard !disarmed else { return }
                fired = true
                kill()
            }
        }

        /// Stops the watchdog; `false` when it had already fired.
        func disarm() -> Bool {
            lock.withLock {
                disarmed = true
                return !fired
            }
        }
    }

    /// Bytes one thread writes and another reads after a `DispatchGroup.wait()`.
    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ data: Data) { lock.withLock { self.data = data } }
        var value: Data { lock.withLock { data } }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the purse binary was not found next to the test bundle" }
    }
}
