/// A small command-line parser: subcommands, `--option value`, `--option=value`, flags, `-h`/`--help`.
///
/// Kept in its own folder and tiny on purpose (no package outside the toolchain can be used); it can be
/// swapped for swift-argument-parser later without touching the commands' logic.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `port`.
    let name: String
    /// The value's placeholder in help (`N`, `FILE`), or `nil` for a flag.
    let value: String?
    let help: String
}

/// What a command accepts, and its help text.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let usage: String
    let options: [OptionSpec]
    let details: String

    var helpText: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        lines += ["", "Options:"]
        let all = options + [OptionSpec(name: "help", value: nil, help: "Show this help and exit.")]
        let width = all.map { "--\($0.name)\($0.value.map { " \($0)" } ?? "")".count }.max() ?? 0
        for option in all {
            let left = "--\(option.name)\(option.value.map { " \($0)" } ?? "")"
            lines.append("  " + left + String(repeating: " ", count: width - left.count + 2) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}

/// A mistake in how the command was called: printed to stderr with the usage, exit status 64 (EX_USAGE).
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The parsed options of one command.
struct ParsedOptions: Sendable {
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    var wantsHelp: Bool { flags.contains("help") }

    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                description:
                    "--\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// Parses `arguments` (after the subcommand) against `spec`.
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError(description: "unexpected argument '\(argument)'")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option '--\(name)' for '\(spec.name)'")
            }
            if option.value == nil {
                guard inlineValue == nil else { throw UsageError(description: "--\(name) takes no value") }
                parsed.flags.insert(name)
            } else if let inlineValue {
                parsed.values[name] = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(description: "--\(name) needs a value (\(option.value ?? "VALUE"))")
                }
                parsed.values[name] = arguments[index]
                index += 1
            }
        }
        return parsed
    }
}
