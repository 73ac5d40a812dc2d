import ArgumentParser
import Foundation
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer

/// `purse sandbox`: serves the sandbox on 127.0.0.1 until interrupted, or prints its catalogue.
///
/// Every request served is logged on standard error, one line each, unless `--quiet`: method, path without its
/// query, status and milliseconds (``ServedRequest``); `--json` makes each line a JSON object. Standard error,
/// because standard output is what scripts read (the address, with `--json` one JSON line), and a script that
/// reads only that first line must never find the sandbox blocked on a full pipe.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the local Purse sandbox: a stateful imitation of Purse's APIs on 127.0.0.1.",
        discussion: """
            The sandbox is a simulation: payments, balances and wallets are kept in memory (or in --state FILE), \
            hosted pages are plain HTML, and return data is signed with the sandbox's own key (a compact JWS of \
            Purse's shape, HMAC-SHA256, not Purse's signature). Point the SDK at it with the widget data \
            of a client session it creates (POST /payment/v2/client-sessions); see the README.

            Exit status: 0 stopped by Ctrl-C or SIGTERM (the state saved), 1 the state could not be loaded or \
            saved, 64 usage error, 69 the port is already in use (--port 0 picks a free one; the address is printed \
            on stdout).

            Each request served is logged on stderr as METHOD PATH STATUS MSms (a JSON object with --json): never \
            its query, headers or body. --quiet turns the log off.
            """)

    @Option(help: ArgumentHelp("Port to listen on (0 picks a free one).", valueName: "n"))
    var port: Int = 8080

    @Option(
        help: ArgumentHelp(
            "Keep the state in FILE (mode 0600, written atomically) across restarts; its folder must exist.",
            valueName: "file"),
        completion: .file())
    var state: String?

    @Option(help: ArgumentHelp("Add this many milliseconds (0 to 60000) to every answer.", valueName: "ms"))
    var latency: Int = 0

    @Flag(help: "Print the test data (cards, gift cards, shoppers) and exit.")
    var catalogue = false

    @Flag(help: "Machine-readable output: the address as one JSON line, the request log as JSON lines.")
    var json = false

    @Flag(name: [.short, .long], help: "Do not log the requests served.")
    var quiet = false

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port expects a whole number from 0 to 65535, got '\(port)'")
        }
        guard (0...60_000).contains(latency) else {
            throw ValidationError("--latency expects a whole number from 0 to 60000, got '\(latency)'")
        }
    }

    func run() async throws {
        let status = try await serve(console: Console.standard())
        if status != 0 { throw ExitCode(status) }
    }

    /// One line of the request log, on standard error (a single write, so lines of concurrent requests never
    /// mix).
    static func logLine(_ served: ServedRequest, json: Bool) -> String {
        guard json else { return served.description }
        let status: JSONValue
        switch served.answer {
        case .status(let code): status = .integer(Int64(code))
        case .dropped, .reset: status = .string(served.statusText)
        }
        let line: JSONValue = [
            "method": .string(served.method), "path": .string(served.path), "status": status,
            "ms": .integer(served.milliseconds),
        ]
        return line.jsonText
    }

    /// Serves until SIGINT or SIGTERM (or prints the catalogue); returns the exit status.
    func serve(console: Console) async throws(UsageError) -> Int32 {
        let sandbox: PurseSandbox
        do {
            sandbox = try PurseSandbox(configuration: SandboxConfiguration(statePath: state))
        } catch {
            // Checked before anything is served, so no state is kept that could not be saved at exit.
            if error.code == "STATE_FILE_NOT_WRITABLE" {
                throw UsageError(description: "--state \(error.path): \(error.message)")
            }
            // `purse sandbox` is a developer's server with no --locale: its lines stay English, as its --help.
            console.error("purse sandbox: cannot load the state file: \(error)")  // not shopper text
            return 1
        }
        if catalogue {
            if json {
                console.print(String(decoding: sandbox.catalogue.jsonData, as: UTF8.self))
            } else {
                console.print(sandbox.catalogue.text)
            }
            return 0
        }
        sandbox.faults.globalLatency = .milliseconds(latency)

        // SIGINT and SIGTERM stop the server, whichever thread the kernel delivers them to: a process-wide
        // handler (InterruptSignals, a self-pipe) rather than `sigwait`, whose per-thread mask would have to be
        // set on the main thread before any other thread exists (argument-parser's async `run` gives no such
        // guarantee). Installed before the address is printed, so a signal sent as soon as it is read is caught.
        let signals = InterruptSignals.install()
        let json = json
        var requestLog: (@Sendable (ServedRequest) -> Void)?
        if !quiet {
            requestLog = { @Sendable served in
                FileHandle.standardError.write(Data((Self.logLine(served, json: json) + "\n").utf8))
            }
        }
        let server = SandboxServer(sandbox: sandbox, port: UInt16(port), requestLog: requestLog)
        let base: URL
        do {
            base = try server.start()
        } catch {
            // A port in use is the machine's state, not a mistake in the command: EX_UNAVAILABLE, one line
            // naming the port and the way out, never the system call's text.
            if error.isAddressInUse {
                // `purse sandbox` is a developer's server with no --locale: its lines stay English, as its --help.
                console.error(  // not shopper text
                    "purse sandbox: port \(port) is already in use on 127.0.0.1: choose another with --port N, "
                        + "or --port 0 for any free port")
                return ExitStatus.unavailable
            }
            // `purse sandbox` is a developer's server with no --locale: its lines stay English, as its --help.
            console.error("purse sandbox: cannot listen on 127.0.0.1:\(port): \(error.message)")  // not shopper text
            return ExitStatus.failure
        }
        if json {
            console.print(#"{"base_url":"\#(base.absoluteString)","pid":\#(getpid())}"#)
        } else {
            // `purse sandbox` is a developer's server with no --locale: its lines stay English, as its --help.
            let banner = [  // not shopper text
                "Purse sandbox listening on \(base.absoluteString)",
                console.dim("  catalogue   \(base.absoluteString)/sandbox/catalogue?format=text"),
                console.dim("  sessions    POST \(base.absoluteString)/payment/v2/client-sessions"),
                console.dim("  stop        Ctrl-C"),
            ]
            for line in banner { console.print(line) }
        }
        for await _ in signals { break }
        server.stop()
        if state != nil {
            do {
                try sandbox.saveState()
            } catch {
                // `purse sandbox` is a developer's server with no --locale: its lines stay English, as its --help.
                console.error("purse sandbox: could not save the state: \(error)")  // not shopper text
                return 1
            }
        }
        if !json { console.print("Stopped.") }
        return 0
    }
}
