import Foundation

/// An exact amount of money: an integer count of minor units in one currency.
///
/// `Money(minorUnits: 1234, currency: .eur)` is 12.34 EUR; `Money(minorUnits: 1234, currency: .jpy)` is
/// 1234 JPY. Conversions from `Decimal` and from JSON number text are exact or they throw: nothing is
/// rounded, and nothing goes through `Double`.
///
/// ```swift
/// let price = try Money(exactDecimalString: "99999.99", currency: .eur)  // 9_999_999 minor units
/// let total = try price + Money(minorUnits: 1, currency: .eur)           // checked: throws on overflow
/// total.format()                                                          // "100000.00 EUR"
/// ```
///
/// What can go wrong (``MoneyError``): too many fraction digits for the currency, a value outside
/// `Int64` minor units, NaN or text that is not a number, and arithmetic across two currencies.
///
/// Ordering (`Comparable`) is only meaningful within one currency; across currencies it orders by
/// currency code first, so that sorting stays deterministic.
struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount as an integer count of the currency's minor units (cents for EUR).
    let minorUnits: Int64
    /// The currency the minor units are counted in.
    let currency: Currency

    /// Wraps a count of minor units. Any `Int64` is valid, negatives included.
    init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Converts an amount in major units (`Decimal(string: "12.34")` EUR) to exact minor units.
    ///
    /// Throws ``MoneyError/notANumber`` for NaN, ``MoneyError/tooManyFractionDigits`` when the value
    /// has digits below the minor unit (`1.005` EUR, `0.5` JPY), ``MoneyError/outOfRange`` when it does not
    /// fit `Int64` minor units. Trailing zeros do not matter (`Decimal(string: "1.50")` is fine).
    init(decimal: Decimal, currency: Currency) throws(MoneyError) {
        guard !decimal.isNaN else { throw .notANumber }
        // `Decimal.description` writes the exact digits, point-separated and locale-free ("-12.5",
        // "1000", "0.0001"): the same grammar as JSON numbers, so one exact parser serves both.
        self.init(
            minorUnits: try MinorUnitsParser.minorUnits(
                fromJSONNumber: decimal.description, exponent: currency.exponent),
            currency: currency
        )
    }

    /// Parses JSON number text in major units (`"10.2"`, `"9999999999.99"`, `"1e2"`, `"-0"`) exactly.
    ///
    /// See ``MinorUnitsParser`` for the accepted grammar. Throws ``MoneyError/notANumber`` for text that is
    /// not a JSON number (`""`, `"abc"`, `"--1"`), ``MoneyError/tooManyFractionDigits`` (`"1.005"` EUR) and
    /// ``MoneyError/outOfRange`` (`"1e400"`).
    init(exactDecimalString text: String, currency: Currency) throws(MoneyError) {
        self.init(
            minorUnits: try MinorUnitsParser.minorUnits(fromJSONNumber: text, exponent: currency.exponent),
            currency: currency
        )
    }

    /// Zero in `currency`.
    static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// The amount in major units, exactly (`1234` EUR minor units → `12.34`).
    var decimal: Decimal {
        Decimal(
            sign: minorUnits < 0 ? .minus : .plus,
            exponent: -currency.exponent,
            significand: Decimal(minorUnits.magnitude)
        )
    }

    /// Whether the amount is exactly zero.
    var isZero: Bool { minorUnits == 0 }

    /// Whether the amount is below zero.
    var isNegative: Bool { minorUnits < 0 }

    /// Returns `self` when it is zero or more; throws ``MoneyError/negative`` otherwise.
    ///
    /// For values that must not be negative, such as an order total or a take amount.
    func nonNegative() throws(MoneyError) -> Money {
        guard minorUnits >= 0 else { throw .negative }
        return self
    }

    /// The checked sum of two amounts in the same currency.
    ///
    /// Throws ``MoneyError/currencyMismatch`` for two currencies and ``MoneyError/outOfRange`` when the
    /// sum overflows `Int64` minor units; it never wraps around and never traps.
    static func + (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        guard lhs.currency == rhs.currency else { throw .currencyMismatch }
        let (sum, overflow) = lhs.minorUnits.addingReportingOverflow(rhs.minorUnits)
        guard !overflow else { throw .outOfRange }
        return Money(minorUnits: sum, currency: lhs.currency)
    }

    /// The checked difference of two amounts in the same currency.
    ///
    /// Throws ``MoneyError/currencyMismatch`` for two currencies and ``MoneyError/outOfRange`` when the
    /// difference overflows `Int64` minor units.
    static func - (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        guard lhs.currency == rhs.currency else { throw .currencyMismatch }
        let (difference, overflow) = lhs.minorUnits.subtractingReportingOverflow(rhs.minorUnits)
        guard !overflow else { throw .outOfRange }
        return Money(minorUnits: difference, currency: lhs.currency)
    }

    /// The smaller of two amounts in the same currency; throws ``MoneyError/currencyMismatch`` otherwise.
    static func min(_ lhs: Money, _ rhs: Money) throws(MoneyError) -> Money {
        guard lhs.currency == rhs.currency else { throw .currencyMismatch }
        return lhs.minorUnits <= rhs.minorUnits ? lhs : rhs
    }

    /// Orders by currency code, then by amount. Only the order within one currency has a meaning.
    static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency.code != rhs.currency.code { return lhs.currency.code < rhs.currency.code }
        return lhs.minorUnits < rhs.minorUnits
    }

    /// A deterministic, locale-free display form: `"12.34 EUR"`, `"-0.05 EUR"`, `"1000 JPY"`, `"1.234 KWD"`.
    ///
    /// Always the currency's full number of fraction digits, a `.` separator, no grouping. For logs, tests
    /// and the command line; apps format with their own locale from ``decimal``.
    func format() -> String {
        "\(formattedNumber) \(currency.code)"
    }

    /// The number part of ``format()`` (`"12.34"`), which is also valid JSON number text.
    var formattedNumber: String {
        let digits = String(minorUnits.magnitude)
        let sign = minorUnits < 0 ? "-" : ""
        let exponent = currency.exponent
        guard exponent > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: Swift.max(0, exponent + 1 - digits.count)) + digits
        let integerPart = padded.dropLast(exponent)
        let fractionPart = padded.suffix(exponent)
        return "\(sign)\(integerPart).\(fractionPart)"
    }

    /// The same as ``format()``.
    var description: String { format() }
}
