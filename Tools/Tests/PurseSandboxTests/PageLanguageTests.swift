import Testing

@testable import PurseSandbox

/// The hosted pages write amounts as a shopper of their language reads them.
struct PageLanguageTests {
    @Test(
        "amounts by the page's language: grouping, decimal comma and symbol in French; the currency's own digits",
        arguments: [
            (PageLanguage.french, 3299, "EUR", "32,99\u{A0}€"),
            (.french, 123_299, "EUR", "1\u{202F}232,99\u{A0}€"),
            (.french, -1050, "EUR", "-10,50\u{A0}€"),
            (.english, 123_299, "EUR", "€1,232.99"),
            (.english, 3299, "EUR", "€32.99"),
            (.french, 1500, "JPY", "1\u{202F}500\u{A0}JPY"),
        ])
    func amounts(language: PageLanguage, minor: Int, currency: String, expected: String) {
        #expect(language.amount(minor: minor, currency: currency) == expected)
    }
}
