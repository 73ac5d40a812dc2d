import ArgumentParser

/// Runs `purse` with its arguments and returns the exit status: argument-parser parses, this decides what is
/// printed where and with which status.
///
/// - Help, `--version` and completion scripts: stdout, status 0.
/// - A usage error (an unknown option or command, a missing or bad value, a check of `validate()`): stderr, status
///   64, in three parts: `purse <command>: <what was wrong, naming the option>`, the command's one-line usage, and
///   a hint to run `--help`. Never the whole help: the mistake would scroll away.
/// - A command's own status (``ExitStatus``, ``CheckoutReport``): thrown as argument-parser's `ExitCode`.
/// - Anything else: `purse <command>: <error>` on stderr, status 1.
enum PurseMain {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        let invoked = invokedCommand(arguments)
        if let first = arguments.first, invoked == nil, !first.hasPrefix("-"), first != "help" {
            let names = Purse.commandNames.joined(separator: ", ")
            // A usage error, English as argument-parser's own are.
            let suggestion = closestCommand(to: first).map { "; did you mean '\($0)'?" } ?? ""  // not shopper text
            return usageError(
                "unknown command '\(first)'\(suggestion) (commands: \(names))", command: Purse.self, console: console)
        }
        var command: any ParsableCommand
        do {
            command = try Purse.parseAsRoot(arguments)
        } catch {
            return report(error, command: invoked ?? Purse.self, console: console)
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            return 0
        } catch let status as ExitCode {
            return status.rawValue
        } catch let error as UsageError {
            return usageError(error.description, command: type(of: command), console: console)
        } catch {
            return report(error, command: type(of: command), console: console)
        }
    }

    /// The subcommand the arguments name, if any (the first argument; `purse` has one level of commands).
    static func invokedCommand(_ arguments: [String]) -> (any ParsableCommand.Type)? {
        guard let first = arguments.first else { return nil }
        return Purse.configuration.subcommands.first { $0.configuration.commandName == first }
    }

    /// The command `typed` is most likely a typo of (`dmeo` → `demo`, `sandbx` → `sandbox`): the nearest name by
    /// edit distance (a swap of two neighbours counts as one edit), if it is at most two edits away and closer
    /// than any other; `nil` when nothing is that close.
    static func closestCommand(to typed: String) -> String? {
        let typed = typed.lowercased()
        let ranked = Purse.commandNames.map { (name: $0, distance: editDistance(typed, $0)) }
            .sorted { $0.distance < $1.distance }
        guard let best = ranked.first, best.distance <= min(2, max(1, best.name.count / 2)) else { return nil }
        if ranked.count > 1, ranked[1].distance == best.distance { return nil }
        return best.name
    }

    /// Edits (insertion, deletion, substitution, swap of two neighbours) from `a` to `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// What argument-parser threw while parsing (or a built-in command such as `help` threw while running).
    private static func report(_ error: any Error, command: any ParsableCommand.Type, console: Console) -> Int32 {
        let status = Purse.exitCode(for: error)
        if status.isSuccess {
            // Help, the version, a completion script.
            var text = HelpText.restyled(Purse.fullMessage(for: error))
            while text.hasSuffix("\n") { text.removeLast() }
            console.print(text)
            return 0
        }
        if status == .validationFailure {
            // argument-parser's EX_USAGE, mapped explicitly so the documented 64 never depends on its default.
            return usageError(Purse.message(for: error), command: command, console: console)
        }
        console.error("\(prefix(command)): \(Purse.message(for: error))")
        return status == .failure ? ExitStatus.failure : status.rawValue
    }

    /// Prints a usage error (message, one-line usage, hint) and returns 64.
    static func usageError(_ message: String, command: any ParsableCommand.Type, console: Console) -> Int32 {
        let usage =
            command == Purse.self ? Purse.usageString() : Purse.usageString(for: command)
        // A usage error's three parts, English as argument-parser's own messages are.
        console.error(  // not shopper text
            """
            \(prefix(command)): \(message)
            Usage: \(usage)
            Run '\(prefix(command)) --help' for more information.
            """)
        return ExitStatus.usage
    }

    /// `purse` or `purse <command>`.
    private static func prefix(_ command: any ParsableCommand.Type) -> String {
        guard command != Purse.self, let name = command.configuration.commandName else { return "purse" }
        return "purse \(name)"
    }
}
