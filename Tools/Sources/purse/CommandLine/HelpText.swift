/// Argument-parser's generated help, in `purse`'s layout: the usage line first (`Usage: purse demo …`, what the
/// README shows and scripts grep for), then the summary and details, then `Options:` and `Commands:`.
///
/// Only headings move or change case; every line argument-parser wrote (options, defaults, wrapping) is kept.
/// Text without argument-parser's `USAGE:` heading (a version, a completion script) is returned as it is.
enum HelpText {
    static func restyled(_ text: String) -> String {
        var paragraphs = text.components(separatedBy: "\n\n")
        guard let usageIndex = paragraphs.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return text }
        let usage = "Usage: " + paragraphs.remove(at: usageIndex).dropFirst("USAGE: ".count)
        paragraphs = paragraphs.map { paragraph in
            if paragraph.hasPrefix("OVERVIEW: ") { return String(paragraph.dropFirst("OVERVIEW: ".count)) }
            for (heading, replacement) in [
                ("OPTIONS:", "Options:"), ("SUBCOMMANDS:", "Commands:"), ("ARGUMENTS:", "Arguments:"),
            ] where paragraph.hasPrefix(heading + "\n") {
                return replacement + paragraph.dropFirst(heading.count)
            }
            return paragraph
        }
        return ([usage] + paragraphs).joined(separator: "\n\n")
    }
}
