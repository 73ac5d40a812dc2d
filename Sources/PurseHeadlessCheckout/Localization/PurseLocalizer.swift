public import Foundation

/// Renders ``PurseMessage``s in one language: the SDK's own text for the locale's language, with your overrides
/// per key on top.
///
/// A checkout has one, built from ``PurseCheckoutConfiguration/locale`` and
/// ``PurseCheckoutConfiguration/messageOverrides`` (``PurseHeadlessCheckout/localizer``). Make your own to render
/// messages outside a checkout:
/// ```swift
/// let french = PurseLocalizer(locale: Locale(identifier: "fr_FR"),
///                             overrides: ["cardField.cvv.title": "CVC"])
/// french.string(CardField.pan.titleMessage)                  // "Numéro de carte"
/// french.formatAmount(Decimal(string: "12.5")!, currency: .eur) // "12,50 €"
/// ```
///
/// The shipped languages are English, French, German, Spanish, Italian and Dutch (``shippedLanguages``); any
/// other language reads English. A key missing from the language's table reads its English text; a key no
/// table has reads as the key itself. An override is a template in the catalogue's syntax: placeholders are
/// `{name}`, and a plural text is overridden per form with the key's `#one` or `#other` variant
/// (`unavailable.USAGE_LIMIT_ERROR#other`).
public struct PurseLocalizer: Sendable {
    /// The locale amounts and counts are formatted in.
    public let locale: Locale
    /// Your text per key, used before the SDK's.
    public let overrides: [String: String]
    /// The shipped language the text comes from (`fr`): the locale's language, or `en` when the SDK does not
    /// ship it.
    public let language: String

    /// The languages the SDK ships text for: `en`, `fr`, `de`, `es`, `it`, `nl`.
    public static var shippedLanguages: [String] { MessageCatalogue.languages }

    /// The SDK's English text, amounts formatted in English.
    public static let english = PurseLocalizer(locale: Locale(identifier: "en"))

    /// A localizer for `locale`, with `overrides` (key → template) used before the SDK's text.
    public init(locale: Locale, overrides: [String: String] = [:]) {
        self.locale = locale
        self.overrides = overrides
        self.language = Self.shippedLanguage(of: locale)
    }

    /// The shipped language for `locale`: its language code when the SDK ships it, else `en`.
    static func shippedLanguage(of locale: Locale) -> String {
        let code = locale.language.languageCode?.identifier.lowercased() ?? "en"
        return MessageCatalogue.languages.contains(code) ? code : "en"
    }

    /// `message` in this localizer's language, its arguments filled in.
    public func string(_ message: PurseMessage) -> String {
        var key = message.key
        if let name = message.pluralArgument, case .count(let count)? = message[name] {
            let form = PluralCategory.of(count, language: language)
            let variant = "\(message.key)#\(form.rawValue)"
            key = template(forKey: variant) != nil ? variant : "\(message.key)#other"
        }
        guard let template = template(forKey: key) else { return message.key }
        return fill(template, with: message.arguments)
    }

    /// The template of `key`: your override, else the language's text, else the English text.
    public func template(forKey key: String) -> String? {
        overrides[key] ?? MessageCatalogue.table(language)[key] ?? MessageCatalogue.table("en")[key]
    }

    /// `amount` in `currency`, formatted for ``locale`` with the currency's minor digits (`12,50 €` in French,
    /// `€12.50` in English).
    public func formatAmount(_ amount: Decimal, currency: Currency) -> String {
        amount.formatted(
            .currency(code: currency.code).locale(formattingLocale)
                .precision(.fractionLength(currency.exponent)))
    }

    /// `count` formatted for ``locale``.
    public func formatCount(_ count: Int) -> String {
        count.formatted(.number.locale(formattingLocale))
    }

    /// The locale figures are written in: ``locale``, or English when the text falls back to English (so that a
    /// sentence and its figures agree).
    private var formattingLocale: Locale {
        language == "en" && locale.language.languageCode?.identifier != "en" ? Locale(identifier: "en") : locale
    }

    /// `template` with each `{name}` replaced by its argument; a placeholder without an argument stays.
    private func fill(_ template: String, with arguments: [PurseMessage.Argument]) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let argument = arguments.first(where: { $0.name == name }) {
                result += render(argument.value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// One argument as text.
    private func render(_ value: PurseMessage.Value) -> String {
        switch value {
        case .text(let text): text
        case .amount(let amount, let currency): formatAmount(amount, currency: currency)
        case .count(let count): formatCount(count)
        case .message(let message): string(message)
        }
    }
}
