import Foundation
import PurseHeadlessCheckout

/// The words of `purse checkout` in the shopper's language: the command's own table
/// (`Resources/<language>.lproj/Localizable.strings`, English and French) over the SDK's, rendered by the SDK's
/// ``PurseLocalizer`` (so placeholders, plural forms and amounts work the same).
struct CLIText: Sendable {
    /// Renders the command's keys (given as overrides) and the SDK's.
    let localizer: PurseLocalizer

    /// The languages the command's own text ships in; any other reads English (the SDK's text may still be in
    /// that language).
    static let languages = ["en", "fr"]

    init(locale: Locale) {
        let language = locale.language.languageCode?.identifier.lowercased() ?? "en"
        var table = Self.table("en")
        if language != "en", Self.languages.contains(language) {
            table.merge(Self.table(language)) { _, translated in translated }
        }
        localizer = PurseLocalizer(locale: locale, overrides: table)
    }

    /// The checkout's locale: `--locale`, else `PURSE_LOCALE`, else `LC_ALL`, `LC_MESSAGES` or `LANG` (`fr_FR.UTF-8`
    /// reads `fr_FR`; `C` and `POSIX` read English), else English.
    static func locale(option: String?, environment: [String: String]) -> Locale {
        let candidates = [
            option, environment["PURSE_LOCALE"], environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"],
        ]
        for candidate in candidates {
            guard let candidate, !candidate.isEmpty else { continue }
            let identifier = String(candidate.split(separator: ".").first ?? "")
            if identifier == "C" || identifier == "POSIX" { return Locale(identifier: "en") }
            if !identifier.isEmpty { return Locale(identifier: identifier) }
        }
        return Locale(identifier: "en")
    }

    /// Whether the text is English (the command's amounts then read `42.50 EUR`, as the SDK's API writes them).
    var isEnglish: Bool { localizer.language == "en" }

    /// The text of `key` with its arguments.
    func callAsFunction(
        _ key: String, _ arguments: [(String, PurseMessage.Value)] = [], plural: String? = nil
    )
        -> String
    {
        localizer.string(
            PurseMessage(key, arguments.map { PurseMessage.Argument($0.0, $0.1) }, pluralArgument: plural).terminalSafe)
    }

    /// One value (an amount, a count) as the dialogue's language writes it.
    func callAsFunction(_ value: PurseMessage.Value) -> String { self("cli.value", [("value", value)]) }

    /// An SDK message in the checkout's language; in English its amounts read as the dialogue writes them
    /// (`42.50 EUR`).
    func callAsFunction(_ message: PurseMessage) -> String {
        localizer.string((isEnglish ? Self.plainAmounts(message) : message).terminalSafe)
    }

    /// `message` with each amount argument, nested ones included, written `42.50 EUR`.
    private static func plainAmounts(_ message: PurseMessage) -> PurseMessage {
        let arguments = message.arguments.map { argument -> PurseMessage.Argument in
            switch argument.value {
            case .amount(let value, let currency):
                .init(
                    argument.name, .text(CheckoutText.money(value, exponent: currency.exponent) + " " + currency.code))
            case .message(let inner): .init(argument.name, .message(plainAmounts(inner)))
            case .text, .count: argument
            }
        }
        return PurseMessage(message.key, arguments, pluralArgument: message.pluralArgument)
    }

    /// An SDK error for the shopper: in English its message and code (the developer's account), in another
    /// language the SDK's translation of its key, with the code; any other error as it describes itself.
    func reason(_ error: any Error) -> String {
        guard !isEnglish, let error = error as? PurseCheckoutError else { return CheckoutText.reason(error) }
        return "\(self(error.localizedMessage)) (\(error.code.rawValue))"
    }

    /// An amount as the dialogue shows it: `42.50 EUR` in English, by the locale otherwise (`42,50 €`).
    func amount(_ value: Decimal, currency: String) -> PurseMessage.Value {
        let currency = Currency(code: currency)
        guard isEnglish else { return .amount(value, currency) }
        return .text(CheckoutText.money(value, exponent: currency.exponent) + " " + currency.code)
    }

    /// Whether `answer` says yes in the dialogue's language (`y`, `yes`; `o`, `oui` in French).
    func isYes(_ answer: String) -> Bool {
        ["y", "yes", self("cli.answer.yes.short"), self("cli.answer.yes")].contains(answer.lowercased())
    }

    /// Whether `answer` says no (`n`, `no`; `non` in French).
    func isNo(_ answer: String) -> Bool {
        ["n", "no", self("cli.answer.no.short"), self("cli.answer.no")].contains(answer.lowercased())
    }

    /// Reads `Localizable.strings` of `language` from the command's resources.
    private static func table(_ language: String) -> [String: String] {
        PurseLocalizer.strings(language: language, in: .module)
    }
}

extension PurseMessage {
    /// The message with each text argument, nested ones included, made safe for a terminal
    /// (``TerminalText/safeLine(_:)``): the values a sentence takes in (a server's message, a label) come from outside.
    var terminalSafe: PurseMessage {
        let arguments = arguments.map { argument -> PurseMessage.Argument in
            switch argument.value {
            case .text(let value): .init(argument.name, .text(TerminalText.safeLine(value)))
            case .message(let inner): .init(argument.name, .message(inner.terminalSafe))
            case .amount, .count: argument
            }
        }
        return PurseMessage(key, arguments, pluralArgument: pluralArgument)
    }
}
