import Foundation
import PurseHeadlessCheckout
import TestProcess
import Testing

/// The command line itself, on swift-argument-parser: version, help, usage errors, completion scripts, and no
/// escape sequences where a terminal cannot show them.
@Suite("purse: version, help, usage errors, completion")
struct CommandLineTests {
    /// Every option of every command, as `--help` must list it.
    static let options: [String: [String]] = [
        "demo": ["--json", "--inject-fault", "--locale"],
        "checkout": ["--amount", "--currency", "--shopper", "--api-base", "--widget-data", "--no-browser", "--json"],
        "sandbox": ["--port", "--state", "--latency", "--catalogue", "--json", "--quiet"],
    ]

    @Test("--version prints the version alone on stdout, exit 0")
    func version() async throws {
        let output = try await PurseBinary.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout == "0.2.0\n")
        #expect(output.stderr.isEmpty)
    }

    @Test("--help of the tool lists every command, the version flag and the exit statuses")
    func rootHelp() async throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let output = try await PurseBinary.run(arguments)
            #expect(output.status == 0, "\(arguments)")
            #expect(output.stderr.isEmpty)
            #expect(output.stdout.hasPrefix("Usage: purse <subcommand>"), "\(output.stdout)")
            for command in ["demo", "checkout", "sandbox"] { #expect(output.stdout.contains("  \(command) ")) }
            #expect(output.stdout.contains("--version"))
            #expect(output.stdout.contains("64 usage error"))
            #expect(output.stdout.contains("Commands:"))
            #expect(!output.stdout.contains("OVERVIEW:"))
        }
    }

    @Test(
        "--help of every command: the usage line first, then every option", arguments: ["demo", "checkout", "sandbox"])
    func commandHelp(command: String) async throws {
        let output = try await PurseBinary.run([command, "--help"])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("Usage: purse \(command) "), "\(output.stdout)")
        #expect(output.stdout.contains("\nOptions:\n"))
        for option in Self.options[command] ?? [] { #expect(output.stdout.contains(option), "\(option)") }
        // The same text from `purse help <command>` and `-h`.
        #expect(try await PurseBinary.run(["help", command]).stdout == output.stdout)
        #expect(try await PurseBinary.run([command, "-h"]).stdout == output.stdout)
    }

    @Test(
        "an unknown option is named, with the one-line usage and a hint, exit 64, never the whole help",
        arguments: [
            (["demo", "-j"], "Unknown option '-j'", "purse demo"),
            (["sandbox", "--nope"], "Unknown option '--nope'", "purse sandbox"),
            (["checkout", "--bogus"], "Unknown option '--bogus'", "purse checkout"),
            (["sandbox", "--quite"], "Unknown option '--quite'. Did you mean '--quiet'?", "purse sandbox"),
            (["--frobnicate"], "Unknown option '--frobnicate'", "purse"),
        ])
    func unknownOption(arguments: [String], message: String, command: String) async throws {
        let output = try await PurseBinary.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("\(command): \(message)") == true, "\(output.stderr)")
        #expect(lines.count == 4 && lines[3].isEmpty, "three lines: \(output.stderr)")
        #expect(lines.count > 1 && lines[1].hasPrefix("Usage: \(command)"))
        #expect(lines.count > 2 && lines[2] == "Run '\(command) --help' for more information.")
        #expect(!output.stderr.contains("Options:"))
    }

    @Test(
        "a bad value or a missing command names what is wrong, exit 64",
        arguments: [
            (
                ["sandbox", "--port", "70000"],
                "purse sandbox: --port expects a whole number from 0 to 65535, got '70000'"
            ),
            (["sandbox", "--port", "abc"], "purse sandbox: The value 'abc' is invalid for '--port <n>'"),
            (["sandbox", "--port"], "purse sandbox: Missing value for '--port <n>'"),
            (
                ["demo", "--json=yes"],
                "purse demo: The option '--json' does not take any value, but 'yes' was specified."
            ),
            (["demo", "extra"], "purse demo: Unexpected argument 'extra'"),
            (["frobnicate"], "purse: unknown command 'frobnicate' (commands: demo, checkout, sandbox)"),
            // A typo gets the nearest command; something far from every command gets none.
            (["dmeo"], "purse: unknown command 'dmeo'; did you mean 'demo'? (commands: demo, checkout, sandbox)"),
            (
                ["chekout"],
                "purse: unknown command 'chekout'; did you mean 'checkout'? (commands: demo, checkout, sandbox)"
            ),
            (
                ["sandbx"],
                "purse: unknown command 'sandbx'; did you mean 'sandbox'? (commands: demo, checkout, sandbox)"
            ),
            (["dem"], "purse: unknown command 'dem'; did you mean 'demo'? (commands: demo, checkout, sandbox)"),
            (["pay"], "purse: unknown command 'pay' (commands: demo, checkout, sandbox)"),
            ([], "purse: missing a command (demo, checkout, sandbox)"),
            (
                ["checkout", "--amount", "0"],
                "purse checkout: --amount: the amount must be above zero, such as 42.50; got '0'"
            ),
            // A negative amount is a value, not an option: refused as below zero, never "Missing value".
            (
                ["checkout", "--amount", "-5"],
                "purse checkout: --amount: the amount must be above zero, such as 42.50; got '-5'"
            ),
            (
                ["checkout", "--amount=-5"],
                "purse checkout: --amount: the amount must be above zero, such as 42.50; got '-5'"
            ),
            (
                ["checkout", "--amount", "-0.5", "--new-amount", "10"],
                "purse checkout: --amount: the amount must be above zero, such as 42.50; got '-0.5'"
            ),
            (
                ["checkout", "--new-amount", "-3"],
                "purse checkout: --new-amount: the amount must be above zero, such as 42.50; got '-3'"
            ),
            (
                ["checkout", "--amount", "abc"],
                "purse checkout: --amount must be an amount above zero such as 42.50, got 'abc'"
            ),
            (
                ["checkout", "--amount", "-"],
                "purse checkout: --amount must be an amount above zero such as 42.50, got '-'"
            ),
            (
                ["checkout", "--amount", "1000000000000"],
                "purse checkout: --amount must be less than 10^12, got '1000000000000'"
            ),
        ])
    func badValue(arguments: [String], firstLine: String) async throws {
        let output = try await PurseBinary.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").first.map(String.init) == firstLine, "\(output.stderr)")
        #expect(output.stderr.contains("--help' for more information."))
    }

    @Test("a port in use: one line naming the port and --port 0, exit 69 (EX_UNAVAILABLE), no system call's text")
    func busyPort() async throws {
        let holder = try await SandboxProcess.start()
        let port = try #require(URL(string: holder.base)?.port)
        let output = try await PurseBinary.run(["sandbox", "--port", String(port)])
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr
                == "purse sandbox: port \(port) is already in use on 127.0.0.1: choose another with --port N, "
                + "or --port 0 for any free port\n")
        // The sandbox that holds the port is untouched.
        #expect(holder.process.isRunning)
    }

    @Test(
        "completion scripts for bash, zsh and fish name every command and option",
        arguments: [("bash", "-F _purse purse"), ("zsh", "#compdef purse"), ("fish", "complete -c 'purse'")])
    func completionScript(shell: String, marker: String) async throws {
        let output = try await PurseBinary.run(["--generate-completion-script", shell])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.contains(marker), "\(output.stdout.prefix(300))")
        for command in ["demo", "checkout", "sandbox"] { #expect(output.stdout.contains(command)) }
        for option in Self.options.values.joined() {
            #expect(output.stdout.contains(String(option.dropFirst(2))), "\(shell): \(option)")
        }
        // The value lists given to argument-parser reach the script.
        #expect(output.stdout.contains("demo-shopper"))
    }

    @Test("the bash completion script is valid bash (bash -n)")
    func bashCompletionParses() async throws {
        let script = try await PurseBinary.run(["--generate-completion-script", "bash"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("purse-completion-\(UUID()).bash")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let bash = "/bin/bash"
        try #require(FileManager.default.isExecutableFile(atPath: bash))
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["-n", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        await process.exited()
        #expect(process.terminationStatus == 0)
    }

    @Test("an unknown shell for completion is a usage error")
    func unknownShell() async throws {
        let output = try await PurseBinary.run(["--generate-completion-script", "tcsh"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("tcsh"))
    }

    @Test("output to a pipe has no escape sequences, even with colours asked for by the terminal type")
    func pipesHaveNoEscapes() async throws {
        for arguments in [
            ["sandbox", "--catalogue"], ["--help"], ["demo", "-j"], ["demo", "--inject-fault", "init:500"],
        ] {
            let output = try await PurseBinary.run(arguments, environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
            #expect(!output.stdout.contains("\u{1B}"), "\(arguments)")
            #expect(!output.stderr.contains("\u{1B}"), "\(arguments)")
        }
    }

    @Test(
        "on a terminal: colours with TERM=xterm, none with TERM=dumb or NO_COLOR",
        arguments: [("xterm-256color", "", true), ("dumb", "", false), ("xterm-256color", "1", false)])
    func terminalStyling(term: String, noColor: String, styled: Bool) async throws {
        let terminal = try PseudoTerminal.open()
        let purse = try InteractivePurse(
            ["sandbox", "--port", "0"], terminal: terminal, environment: ["TERM": term, "NO_COLOR": noColor])
        // The banner's last line is dimmed on a terminal that takes colours.
        let shown = try await purse.waitFor("Ctrl-C")
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 0)
        #expect(shown.contains("\u{1B}[") == styled, "TERM=\(term) NO_COLOR=\(noColor): \(shown.debugDescription)")
    }
}
