/// Why an amount could not be turned into an exact ``Money`` value, or combined with another.
///
/// Internal to the money layer: the checkout maps these to `PurseCheckoutError` codes
/// (`INVALID_TAKE_AMOUNT` for a shopper's amount, a decoding error for a session's).
enum MoneyError: Error, Equatable, Sendable {
    /// The value has more fraction digits than the currency's exponent allows (1.005 EUR, 0.5 JPY).
    case tooManyFractionDigits
    /// The value does not fit `Int64` minor units, or a sum or difference overflowed.
    case outOfRange
    /// The text is not a JSON number (`""`, `"abc"`, `"--1"`, `"1."`), or the `Decimal` is NaN.
    case notANumber
    /// The value is negative where only zero or more is allowed (see ``Money/nonNegative()``).
    case negative
    /// The two amounts are in different currencies and cannot be added, subtracted or compared.
    case currencyMismatch
}
