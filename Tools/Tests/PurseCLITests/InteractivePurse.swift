import Foundation
import TestProcess

/// The `purse` binary driven as a shopper would: answers written as the questions appear, output read as it
/// comes, signals sent, with a bounded wait for everything (a hung binary fails the test instead of hanging it).
///
/// Standard input is a pipe, or the slave side of a ``PseudoTerminal`` (then standard output and standard
/// error are the terminal too, and ``output`` is what the terminal showed).
final class InteractivePurse {
    let process = ChildProcess()
    private let input: Int32
    /// The pipes' ends, kept open for as long as the test runs (a `FileHandle` closes its descriptor when freed).
    private var handles: [FileHandle] = []
    private let outputStream: OutputCollector
    private let errorStream: OutputCollector?

    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `purse arguments` with pipes on stdin, stdout and stderr.
    init(_ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"]) throws {
        guard let url = PurseBinary.url else { throw PurseBinary.MissingBinary() }
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        handles = [stdin.fileHandleForWriting, stdout.fileHandleForReading, stderr.fileHandleForReading]
        input = stdin.fileHandleForWriting.fileDescriptor
        outputStream = OutputCollector(stdout.fileHandleForReading.fileDescriptor)
        errorStream = OutputCollector(stderr.fileHandleForReading.fileDescriptor)
    }

    /// Starts `purse arguments` on a pseudo-terminal: its slave is stdin, stdout and stderr.
    init(_ arguments: [String], terminal: PseudoTerminal, environment: [String: String] = ["NO_COLOR": "1"]) throws {
        guard let url = PurseBinary.url else { throw PurseBinary.MissingBinary() }
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let slave = try terminal.openSlave()
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        defer { close(slave) }  // the child has its copies; the master sees EOF once the child is gone
        try process.run()
        input = terminal.master
        outputStream = OutputCollector(terminal.master)
        errorStream = nil
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything written on standard output so far (on a terminal: everything the terminal showed).
    var output: String { outputStream.text }
    /// Everything written on standard error so far (empty on a terminal: see ``output``).
    var errors: String { errorStream?.text ?? "" }

    /// Types `text` (include the line feed).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in _ = write(input, buffer.baseAddress, buffer.count) }
    }

    /// Closes standard input (a pipe): the end of the script's answers.
    func closeInput() {
        try? handles.first?.close()
    }

    /// Waits until `text` appears `count` times on stdout and stderr together; returns both, joined.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(30)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let seen = output + errors
            if seen.components(separatedBy: text).count - 1 >= count { return seen }
            if !process.isRunning && outputStream.isFinished && (errorStream?.isFinished ?? true) {
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Timeout(description: "'\(text)' never appeared.\n--- stdout\n\(output)\n--- stderr\n\(errors)")
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; kills it and throws after `timeout`.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw Timeout(description: "the process did not exit.\n--- stdout\n\(output)\n--- stderr\n\(errors)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        // Let the readers drain what the process wrote last.
        let drained = ContinuousClock.now + .seconds(5)
        while !(outputStream.isFinished && (errorStream?.isFinished ?? true)) && ContinuousClock.now < drained {
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }
}

/// Reads a file descriptor to its end on a thread of its own. Its state is guarded by an `NSLock`.
final class OutputCollector: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var finished = false
    private let lock = NSLock()

    init(_ descriptor: Int32) {
        // The thread holds the collector until the end of the stream.
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // 0: end of a pipe; -1 with EIO: the last holder of a pseudo-terminal's slave closed it.
                guard count > 0 else { break }
                self.lock.withLock { self.bytes.append(contentsOf: buffer[0..<count]) }
            }
            self.lock.withLock { self.finished = true }
        }
        thread.start()
    }

    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    var isFinished: Bool { lock.withLock { finished } }
}

/// A pseudo-terminal pair for a test: the test holds the master; the binary gets the slave as its terminal.
struct PseudoTerminal {
    let master: Int32
    let slavePath: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`.
    static func open() throws -> PseudoTerminal {
        let functions = try PseudoTerminalFunctions()
        let master = functions.openPT(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure(description: "posix_openpt failed: errno \(errno)") }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        guard functions.grantPT(master) == 0, functions.unlockPT(master) == 0, let name = functions.ptsName(master)
        else {
            closeDescriptor(master)
            throw Failure(description: "grantpt/unlockpt/ptsname failed: errno \(errno)")
        }
        return PseudoTerminal(master: master, slavePath: String(cString: name))
    }

    /// Opens the slave side (not as the test's controlling terminal).
    func openSlave() throws -> Int32 {
        let slave = openDescriptor(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "cannot open \(slavePath): errno \(errno)") }
        return slave
    }

    /// Whether the terminal echoes what is typed now (the binary turns `ECHO` off for secrets).
    var echoes: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    func close() {
        closeDescriptor(master)
    }
}

/// The C library's pseudo-terminal calls. Swift's Glibc module leaves them out (they sit behind
/// `_XOPEN_SOURCE` in `stdlib.h`), so on Linux they are looked up by name.
private struct PseudoTerminalFunctions {
    let openPT: (Int32) -> Int32
    let grantPT: (Int32) -> Int32
    let unlockPT: (Int32) -> Int32
    let ptsName: (Int32) -> UnsafeMutablePointer<CChar>?

    init() throws {
        #if canImport(Darwin)
            openPT = { posix_openpt($0) }
            grantPT = { grantpt($0) }
            unlockPT = { unlockpt($0) }
            ptsName = { ptsname($0) }
        #else
            typealias OnDescriptor = @convention(c) (Int32) -> Int32
            typealias PTSName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
                guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                    throw PseudoTerminal.Failure(description: "\(name) is not in the C library")
                }
                return unsafeBitCast(address, to: type)
            }
            let openPT = try symbol("posix_openpt", as: OnDescriptor.self)
            let grantPT = try symbol("grantpt", as: OnDescriptor.self)
            let unlockPT = try symbol("unlockpt", as: OnDescriptor.self)
            let ptsName = try symbol("ptsname", as: PTSName.self)
            self.openPT = { openPT($0) }
            self.grantPT = { grantPT($0) }
            self.unlockPT = { unlockPT($0) }
            self.ptsName = { ptsName($0) }
        #endif
    }
}

/// `open(2)` and `close(2)`, outside the types whose methods share their names.
private func openDescriptor(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
