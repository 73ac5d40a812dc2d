import Foundation
import Testing

@testable import PurseHeadlessCheckout

struct DecimalParsingTests {
    private static let kwd = Currency(code: "KWD")
    private static let bhd = Currency(code: "BHD")
    private static let clf = Currency(code: "CLF")

    @Test(
        "JSON number text parses to exact minor units",
        arguments: [
            ("10.2", Currency.eur, 1020 as Int64),
            ("99999.99", .eur, 9_999_999),
            ("9999999999.99", .eur, 999_999_999_999),
            ("999999999999", .eur, 99_999_999_999_900),
            ("0.01", .eur, 1),
            ("0.1", .eur, 10),
            ("1e2", .eur, 10_000),
            ("1E2", .eur, 10_000),
            ("1e+2", .eur, 10_000),
            ("-0", .eur, 0),
            ("0", .eur, 0),
            ("-0.00", .eur, 0),
            ("0e-400", .eur, 0),
            ("1.50", .eur, 150),
            ("15e-1", .eur, 150),
            ("1.005e1", .eur, 1005),
            ("0.000000000000000000000000001e27", .eur, 100),
            ("-12.34", .eur, -1234),
            ("1000", .jpy, 1000),
            ("1.000", .jpy, 1),
            ("1.234", kwd, 1234),
            ("0.001", bhd, 1),
            ("1.2345", clf, 12_345),
            ("92233720368547758.07", .eur, Int64.max),
            ("-92233720368547758.08", .eur, Int64.min),
            ("9223372036854775807", .jpy, Int64.max),
        ])
    func parses(text: String, currency: Currency, minorUnits: Int64) throws {
        #expect(try Money(exactDecimalString: text, currency: currency).minorUnits == minorUnits)
    }

    @Test(
        "text that is not an exact amount is rejected",
        arguments: [
            ("1.005", Currency.eur, MoneyError.tooManyFractionDigits),
            ("1.0050", .eur, .tooManyFractionDigits),
            ("0.5", .jpy, .tooManyFractionDigits),
            ("1.2345", kwd, .tooManyFractionDigits),
            ("1e-3", .eur, .tooManyFractionDigits),
            ("1e-400", .eur, .tooManyFractionDigits),
            ("abc", .eur, .notANumber),
            ("", .eur, .notANumber),
            ("-", .eur, .notANumber),
            ("--1", .eur, .notANumber),
            ("+1", .eur, .notANumber),
            ("01", .eur, .notANumber),
            (".5", .eur, .notANumber),
            ("5.", .eur, .notANumber),
            ("1e", .eur, .notANumber),
            ("1e+", .eur, .notANumber),
            (" 1", .eur, .notANumber),
            ("1 ", .eur, .notANumber),
            ("1,5", .eur, .notANumber),
            ("1.2.3", .eur, .notANumber),
            ("12 EUR", .eur, .notANumber),
            ("NaN", .eur, .notANumber),
            ("Infinity", .eur, .notANumber),
            ("0x10", .eur, .notANumber),
            ("\u{FF11}", .eur, .notANumber),  // a full-width digit one
            ("1e400", .eur, .outOfRange),
            ("1e999999999999999999999", .eur, .outOfRange),
            ("92233720368547758.08", .eur, .outOfRange),
            ("-92233720368547758.09", .eur, .outOfRange),
            ("9223372036854775808", .jpy, .outOfRange),
            ("100000000000000000000", .jpy, .outOfRange),
        ])
    func rejects(text: String, currency: Currency, error: MoneyError) {
        #expect(throws: error) { try Money(exactDecimalString: text, currency: currency) }
    }

    @Test("0.1 + 0.2 is exactly 0.3")
    func pointOnePlusPointTwo() throws {
        let sum =
            try Money(exactDecimalString: "0.1", currency: .eur) + Money(exactDecimalString: "0.2", currency: .eur)
        #expect(sum == (try Money(exactDecimalString: "0.3", currency: .eur)))
        #expect(sum.decimal == Decimal(string: "0.3"))
        #expect(sum.format() == "0.30 EUR")
    }

    @Test("a very long exact number is read digit by digit")
    func longText() throws {
        let text = "12.34" + String(repeating: "0", count: 10_000)
        #expect(try Money(exactDecimalString: text, currency: .eur).minorUnits == 1234)
        let tiny = "0." + String(repeating: "0", count: 10_000) + "1"
        #expect(throws: MoneyError.tooManyFractionDigits) { try Money(exactDecimalString: tiny, currency: .eur) }
    }

    @Test("an out-of-table exponent is clamped, never a trap")
    func clampedExponent() throws {
        #expect(try MinorUnitsParser.minorUnits(fromJSONNumber: "0", exponent: Int.max) == 0)
        #expect(throws: MoneyError.outOfRange) {
            try MinorUnitsParser.minorUnits(fromJSONNumber: "1", exponent: Int.max)
        }
        #expect(try MinorUnitsParser.minorUnits(fromJSONNumber: "12", exponent: Int.min) == 12)
    }
}
