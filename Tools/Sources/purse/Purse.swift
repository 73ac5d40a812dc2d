import ArgumentParser
import Foundation

/// `purse`: the command-line front of PurseHeadlessCheckout, on swift-argument-parser.
///
/// ```sh
/// purse demo                                     # a guided tour of the SDK
/// purse checkout --amount 12.90                  # pay an order in the terminal
/// purse sandbox --port 8080                      # the sandbox on 127.0.0.1
/// purse --generate-completion-script zsh         # completion for bash, zsh or fish
/// ```
///
/// ``PurseMain`` parses, runs the command and decides the output and the exit status (usage errors 64).
@main
struct Purse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purse",
        abstract: "The Purse headless checkout SDK from the command line.",
        discussion: """
            Exit status: 0 done (paid), 1 failed or not paid, 2 sent but unconfirmed (checkout), 64 usage error, \
            69 unavailable (sandbox: the port is in use), 130 interrupted. \
            Shell completion: purse --generate-completion-script bash|zsh|fish.
            """,
        version: PurseVersion.current,
        subcommands: [DemoCommand.self, CheckoutCommand.self, SandboxCommand.self])

    /// The subcommands' names, for messages.
    static var commandNames: [String] { configuration.subcommands.compactMap { $0.configuration.commandName } }

    /// `purse` alone: a usage error naming the commands (the help is one `--help` away).
    func run() async throws {
        throw UsageError(description: "missing a command (\(Self.commandNames.joined(separator: ", ")))")
    }

    static func main() async {
        let status = await PurseMain.run(Array(CommandLine.arguments.dropFirst()), console: Console.standard())
        Foundation.exit(status)
    }
}
