import Foundation
import TestProcess
import ToolsLock

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
        // English unless a test asks for another language: the machine's LANG never changes what a test reads.
        env["PURSE_LOCALE"] = "en"
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
        // Disarmed once the child is reaped; the kill and the disarming exclude each other.
        let watchdog = Locked((disarmed: false, fired: false))
        let pid = process.processIdentifier
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            watchdog.withLock { state in
                guard !state.disarmed else { return }
                state.fired = true
                kill(pid, SIGKILL)
            }
        }
        // stderr is drained on a thread of its own: a child that fills one pipe while the other is read would
        // otherwise wait for ever.
        let errors = Locked(Data())
        let errorReader = err.fileHandleForReading
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) {
            let data = errorReader.readDataToEndOfFile()
            errors.withLock { $0 = data }
        }
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        let fired = watchdog.withLock { state in
            state.disarmed = true
            return state.fired
        }
        guard !fired else { throw TimedOut(arguments: arguments, timeout: timeout) }
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        let timeout: Duration
        var description: String { "purse \(arguments.joined(separator: " ")) did not finish within \(timeout): killed" }
    }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "the purse binary was not found next to the test bundle" }
    }
}
