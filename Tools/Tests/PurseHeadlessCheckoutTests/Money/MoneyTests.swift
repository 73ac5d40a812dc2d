import Foundation
import Testing

@testable import PurseHeadlessCheckout

struct MoneyTests {
    private static let kwd = Currency(code: "KWD")
    private static let clf = Currency(code: "CLF")

    @Test(
        "Decimal converts to minor units and back exactly",
        arguments: [
            ("12.34", Currency.eur, 1234 as Int64),
            ("10.2", .eur, 1020),
            ("99999.99", .eur, 9_999_999),
            ("9999999999.99", .eur, 999_999_999_999),
            ("-0.05", .eur, -5),
            ("0", .eur, 0),
            ("1000", .jpy, 1000),
            ("1.234", kwd, 1234),
            ("0.0001", clf, 1),
            ("92233720368547758.07", .eur, Int64.max),
            ("-92233720368547758.08", .eur, Int64.min),
        ])
    func decimalRoundTrip(text: String, currency: Currency, minorUnits: Int64) throws {
        let decimal = try #require(Decimal(string: text))
        let money = try Money(decimal: decimal, currency: currency)
        #expect(money.minorUnits == minorUnits)
        #expect(money.decimal == decimal)
        #expect(try Money(decimal: money.decimal, currency: currency) == money)
    }

    @Test(
        "Decimal values that are not exact amounts are rejected",
        arguments: [
            (Decimal(string: "1.005"), Currency.eur, MoneyError.tooManyFractionDigits),
            (Decimal(string: "0.5"), .jpy, .tooManyFractionDigits),
            (Decimal(string: "1e100"), .eur, .outOfRange),
            (Decimal(string: "1e-100"), .eur, .tooManyFractionDigits),
            (Decimal.greatestFiniteMagnitude, .eur, .outOfRange),
            (Decimal.nan, .eur, .notANumber),
        ])
    func decimalRejections(decimal: Decimal?, currency: Currency, error: MoneyError) throws {
        let value = try #require(decimal)
        #expect(throws: error) { try Money(decimal: value, currency: currency) }
    }

    @Test(
        "format is deterministic and locale-free",
        arguments: [
            (Money(minorUnits: 1234, currency: .eur), "12.34 EUR"),
            (Money(minorUnits: -5, currency: .eur), "-0.05 EUR"),
            (Money(minorUnits: 0, currency: .eur), "0.00 EUR"),
            (Money(minorUnits: 100_000_000, currency: .eur), "1000000.00 EUR"),
            (Money(minorUnits: 1000, currency: .jpy), "1000 JPY"),
            (Money(minorUnits: 1234, currency: kwd), "1.234 KWD"),
            (Money(minorUnits: 7, currency: clf), "0.0007 CLF"),
            (Money(minorUnits: Int64.min, currency: .eur), "-92233720368547758.08 EUR"),
        ])
    func format(money: Money, text: String) {
        #expect(money.format() == text)
        #expect(money.description == text)
    }

    @Test("checked arithmetic throws on overflow and on mixed currencies")
    func checkedArithmetic() throws {
        let one = Money(minorUnits: 1, currency: .eur)
        #expect(try one + one == Money(minorUnits: 2, currency: .eur))
        #expect(try one - Money(minorUnits: 3, currency: .eur) == Money(minorUnits: -2, currency: .eur))
        #expect(throws: MoneyError.outOfRange) { try Money(minorUnits: Int64.max, currency: .eur) + one }
        #expect(throws: MoneyError.outOfRange) { try Money(minorUnits: Int64.min, currency: .eur) - one }
        #expect(throws: MoneyError.currencyMismatch) { try one + Money(minorUnits: 1, currency: .usd) }
        #expect(throws: MoneyError.currencyMismatch) { try one - Money(minorUnits: 1, currency: .usd) }
        #expect(throws: MoneyError.currencyMismatch) { try Money.min(one, Money(minorUnits: 1, currency: .usd)) }
        #expect(try Money.min(one, .zero(.eur)) == .zero(.eur))
        #expect(throws: MoneyError.negative) { try Money(minorUnits: -1, currency: .eur).nonNegative() }
        #expect(try Money.zero(.eur).nonNegative().isZero)
    }

    @Test("ordering within a currency follows the amount")
    func ordering() {
        let small = Money(minorUnits: -10, currency: .eur)
        let large = Money(minorUnits: 10, currency: .eur)
        #expect(small < large)
        #expect([large, small].sorted() == [small, large])
        #expect(Money(minorUnits: 5, currency: .usd) > Money(minorUnits: 500, currency: .eur))  // by code first
    }

    @Test("property: Int64 ↔ Decimal ↔ text round trips and checked sums over 10 000 random amounts")
    func roundTripProperty() throws {
        let currencies = [Currency.eur, .jpy, Self.kwd, Self.clf]
        var random = MoneyTestRandom(seed: 0x00C0_FFEE_5EED)
        for index in 0..<10_000 {
            let currency = random.pick(currencies)
            let minor = random.chance(50) ? random.int64(in: Int64.min...Int64.max) : random.magnitude() - 500
            let money = Money(minorUnits: minor, currency: currency)
            let context = "case \(index): \(minor) \(currency)"
            guard try Money(decimal: money.decimal, currency: currency) == money,
                try Money(exactDecimalString: money.formattedNumber, currency: currency) == money,
                Decimal(string: money.formattedNumber) == money.decimal
            else {
                Issue.record("round trip failed, \(context)")
                return
            }
            // One more fraction digit than the currency allows is always refused.
            let finer = money.formattedNumber + (currency.exponent == 0 ? ".1" : "1")
            guard (try? Money(exactDecimalString: finer, currency: currency)) == nil else {
                Issue.record("accepted \(finer), \(context)")
                return
            }
            // Checked addition agrees with Int64's own overflow report.
            let other = Money(minorUnits: random.int64(in: Int64.min...Int64.max), currency: currency)
            let (sum, overflow) = minor.addingReportingOverflow(other.minorUnits)
            let checked = try? money + other
            guard checked == (overflow ? nil : Money(minorUnits: sum, currency: currency)) else {
                Issue.record("checked + disagrees, \(context) + \(other.minorUnits)")
                return
            }
        }
    }
}
