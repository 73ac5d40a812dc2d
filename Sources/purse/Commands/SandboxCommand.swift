import Foundation
import PurseSandbox
import PurseSandboxServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `purse sandbox`: serves the sandbox on 127.0.0.1 until interrupted, or prints its catalogue.
struct SandboxCommand {
    static let spec = CommandSpec(
        name: "sandbox",
        summary: "Run the local Purse sandbox: a stateful imitation of Purse's APIs on 127.0.0.1.",
        usage: "purse sandbox [--port N] [--state FILE] [--latency MS] [--catalogue] [--json]",
        options: [
            OptionSpec(name: "port", value: "N", help: "Port to listen on (default 8080; 0 picks a free one)."),
            OptionSpec(
                name: "state", value: "FILE",
                help: "Keep the state in FILE (mode 0600, written atomically) across restarts; its folder must exist."),
            OptionSpec(name: "latency", value: "MS", help: "Add this many milliseconds to every answer."),
            OptionSpec(
                name: "catalogue", value: nil, help: "Print the test data (cards, gift cards, shoppers) and exit."),
            OptionSpec(name: "json", value: nil, help: "Machine-readable output."),
        ],
        details: """
            The sandbox is a simulation: payments, balances and wallets are kept in memory (or in --state FILE), \
            hosted pages are plain HTML, and return data is not signed. Point the SDK at it with the widget data \
            of a client session it creates (POST /payment/v2/client-sessions); see the README.
            """)

    let options: ParsedOptions
    let console: Console

    func run() throws -> Int32 {
        let port = try options.integer("port", in: 0...65535) ?? 8080
        let latency = try options.integer("latency", in: 0...60_000) ?? 0
        let sandbox: PurseSandbox
        do {
            sandbox = try PurseSandbox(configuration: SandboxConfiguration(statePath: options.value("state")))
        } catch {
            // Checked before anything is served, so no state is kept that could not be saved at exit.
            if error.code == "STATE_FILE_NOT_WRITABLE" {
                throw UsageError(description: "--state \(error.path): \(error.message)")
            }
            console.error("purse sandbox: cannot load the state file: \(error)")
            return 1
        }
        if options.flag("catalogue") {
            if options.flag("json") {
                console.print(String(decoding: sandbox.catalogue.jsonData, as: UTF8.self))
            } else {
                console.print(sandbox.catalogue.text)
            }
            return 0
        }
        sandbox.faults.globalLatency = .milliseconds(latency)

        // Block the stop signals before any thread starts, so that only `sigwait` below receives them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let server = SandboxServer(sandbox: sandbox, port: UInt16(port))
        let base: URL
        do {
            base = try server.start()
        } catch {
            console.error("purse sandbox: \(error)")
            return 1
        }
        if options.flag("json") {
            console.print(#"{"base_url":"\#(base.absoluteString)","pid":\#(getpid())}"#)
        } else {
            console.print("Purse sandbox listening on \(base.absoluteString)")
            console.print(console.dim("  catalogue   \(base.absoluteString)/sandbox/catalogue?format=text"))
            console.print(console.dim("  sessions    POST \(base.absoluteString)/payment/v2/client-sessions"))
            console.print(console.dim("  stop        Ctrl-C"))
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        if options.value("state") != nil {
            do {
                try sandbox.saveState()
            } catch {
                console.error("purse sandbox: could not save the state: \(error)")
                return 1
            }
        }
        if !options.flag("json") { console.print("Stopped.") }
        return 0
    }
}
