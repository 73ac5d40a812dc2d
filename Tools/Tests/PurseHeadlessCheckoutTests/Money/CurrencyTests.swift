import Testing

@testable import PurseHeadlessCheckout

struct CurrencyTests {
    @Test(
        "ISO 4217 exponents",
        arguments: [
            ("EUR", 2), ("USD", 2), ("GBP", 2), ("CHF", 2), ("JPY", 0), ("KRW", 0), ("KWD", 3), ("BHD", 3),
            ("TND", 3), ("CLF", 4), ("ISK", 0), ("XOF", 0), ("SEK", 2), ("NOK", 2), ("DKK", 2), ("PLN", 2),
            ("CZK", 2), ("HUF", 2), ("CAD", 2), ("AUD", 2), ("CLP", 0), ("VND", 0), ("JOD", 3), ("OMR", 3),
        ])
    func exponent(code: String, exponent: Int) {
        let currency = Currency(code: code)
        #expect(currency.exponent == exponent)
        #expect(currency.isKnownISO4217)
    }

    @Test("codes are upper-cased")
    func upperCased() {
        #expect(Currency(code: "eur") == .eur)
        #expect(Currency(code: "jPy").code == "JPY")
        #expect(Currency.jpy.description == "JPY")
    }

    @Test("unknown codes default to exponent 2", arguments: ["ZZZ", "XAU", "", "euro"])
    func unknownDefaultsToTwo(code: String) {
        let currency = Currency(code: code)
        #expect(currency.exponent == 2)
        #expect(!currency.isKnownISO4217)
    }

    @Test("presets")
    func presets() {
        #expect([Currency.eur, .usd, .gbp, .chf, .jpy].map(\.code) == ["EUR", "USD", "GBP", "CHF", "JPY"])
        #expect(Currency.jpy.minorUnitsPerMajorUnit == 1)
        #expect(Currency.eur.minorUnitsPerMajorUnit == 100)
        #expect(Currency(code: "CLF").minorUnitsPerMajorUnit == 10_000)
    }

    @Test("every table exponent is between 0 and 4")
    func tableBounds() {
        #expect(Currency.minorUnitDigits.values.allSatisfy { (0...4).contains($0) })
        #expect(Currency.minorUnitDigits.count > 150)
    }
}
