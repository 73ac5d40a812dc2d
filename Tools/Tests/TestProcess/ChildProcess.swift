package import Foundation

/// A child process for the tests, started with `posix_spawn`: the part of Foundation's `Process` the tests use
/// (executable, arguments, environment, standard streams, run, wait, status, signals).
///
/// Foundation's `Process.run()` on Linux lists `/proc/self/fd` to close the parent's descriptors in the child,
/// and crashes (a read past its buffer) when the parent holds more than about a thousand of them — which the
/// test process does at its peak, with the suites' servers and connections alive in parallel (1,953 measured,
/// 1,602 of them sockets). Here the child closes every descriptor above 2 with glibc's
/// `posix_spawn_file_actions_addclosefrom_np`, which lists nothing in the parent.
package final class ChildProcess: @unchecked Sendable {
    /// The program to run.
    package var executableURL: URL?
    /// Its arguments, without the program itself.
    package var arguments: [String] = []
    /// Its environment; `nil` inherits the test process's.
    package var environment: [String: String]?
    /// A `Pipe` or a `FileHandle` for each standard stream; `nil` inherits the test process's.
    package var standardInput: Any?
    /// See ``standardInput``.
    package var standardOutput: Any?
    /// See ``standardInput``.
    package var standardError: Any?

    private let lock = NSLock()
    private var pid: pid_t = 0
    private var exitStatus: Int32?

    package init() {}

    /// The child's process id (0 before ``run()``).
    package var processIdentifier: pid_t { lock.withLock { pid } }

    /// Starts the child. The parent's copies of the child's pipe ends are closed, so that reading a pipe to its
    /// end finishes when the child exits.
    package func run() throws {
        guard let executableURL else { throw Failure("no executable") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let streams: [(Any?, Int32, Bool)] = [
            (standardInput, 0, true), (standardOutput, 1, false), (standardError, 2, false),
        ]
        var closeAfterSpawn: [FileHandle] = []
        for (stream, target, isInput) in streams {
            let descriptor: Int32
            switch stream {
            case let pipe as Pipe:
                let childEnd = isInput ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                descriptor = childEnd.fileDescriptor
                closeAfterSpawn.append(childEnd)
            case let handle as FileHandle:
                descriptor = handle.fileDescriptor
            case nil:
                continue
            default:
                throw Failure("a standard stream must be a Pipe or a FileHandle")
            }
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        }
        guard Self.addCloseFrom(&actions, 3) == 0 else {
            throw Failure("posix_spawn_file_actions_addclosefrom_np failed")
        }

        let argv = ([executableURL.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let environment = (self.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = environment.map { strdup($0) }
        defer { envp.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executableURL.path, &actions, nil, argv + [nil], envp + [nil])
        guard spawned == 0 else { throw Failure("posix_spawn \(executableURL.path): error \(spawned)") }
        lock.withLock { pid = child }
        for handle in closeAfterSpawn { try? handle.close() }
    }

    /// Whether the child has not exited yet (reaps it once it has).
    package var isRunning: Bool {
        lock.withLock {
            guard pid > 0, exitStatus == nil else { return false }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { exitStatus = status }
            return reaped == 0
        }
    }

    /// Waits for the child to exit.
    package func waitUntilExit() {
        let child = lock.withLock { exitStatus == nil ? pid : 0 }
        guard child > 0 else { return }
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(child, &status, 0) } while reaped == -1 && errno == EINTR
        lock.withLock { if exitStatus == nil, reaped == child { exitStatus = status } }
    }

    /// ``waitUntilExit()`` on a thread of its own: what async code calls, so that no cooperative thread is blocked.
    package func exited() async {
        _ = try? await onThread { self.waitUntilExit() }
    }

    /// Reaps the child on a thread of its own once it exits, without waiting for it: for a `deinit`.
    package func reapInBackground() {
        Thread { self.waitUntilExit() }.start()
    }

    /// The exit status, or the signal that ended the child (as Foundation's `Process` reports it); -1 while
    /// it runs.
    package var terminationStatus: Int32 {
        guard let status = lock.withLock({ exitStatus }) else { return -1 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : signal
    }

    /// Sends SIGTERM.
    package func terminate() {
        let child = processIdentifier
        if child > 0 { kill(child, SIGTERM) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time: Swift's Glibc module does
    /// not declare it.
    private static let addCloseFrom: @Sendable (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        typealias Function = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return { _, _ in -1 } }
        let function = unsafeBitCast(symbol, to: Function.self)
        return { function($0, $1) }
    }()
}
