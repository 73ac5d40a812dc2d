/// The plural forms of the shipped languages, after the Unicode CLDR plural rules for whole numbers.
enum PluralCategory: String, Sendable {
    /// One: `1` in English, German, Spanish, Italian and Dutch; `0` and `1` in French.
    case one
    /// Every other count.
    case other

    /// The form of `count` in `language` (an ISO 639 code); a language without its own rule follows English.
    static func of(_ count: Int, language: String) -> PluralCategory {
        switch language {
        case "fr": return count == 0 || count == 1 ? .one : .other
        default: return count == 1 ? .one : .other
        }
    }
}
