/// Exact conversion of decimal number text into an integer count of minor units.
///
/// The text is read digit by digit with integer arithmetic only: never through `Double`, whose binary
/// fractions turn `10.2` into `10.199999999999999289…`. The grammar is the JSON number grammar
/// (RFC 8259 §6): an optional `-`, an integer part without leading zeros, an optional fraction with at
/// least one digit, an optional exponent (`e`/`E`, optional sign, digits). No `+` prefix, no spaces,
/// no `NaN`/`Infinity`, no `.5` or `5.`.
///
/// The *value* decides, not the spelling: `"1.50"` and `"15e-1"` are both 150 EUR minor units, `"1.000"`
/// is a valid JPY amount, `"-0"` is zero.
///
/// What can go wrong (``MoneyError``):
/// - ``MoneyError/notANumber``: the text is not a JSON number.
/// - ``MoneyError/tooManyFractionDigits``: a non-zero digit falls below the currency's minor unit
///   (`"1.005"` EUR, `"1e-400"`).
/// - ``MoneyError/outOfRange``: the minor-unit count does not fit `Int64` (`"1e400"`).
enum MinorUnitsParser {
    /// Parses JSON number text in major units into minor units for a currency with `exponent` digits.
    ///
    /// Every ISO 4217 exponent is between 0 and 4. An `exponent` outside 0…19 is clamped into it, so a
    /// bad one makes non-zero values ``MoneyError/outOfRange`` rather than trapping.
    static func minorUnits(fromJSONNumber text: String, exponent: Int) throws(MoneyError) -> Int64 {
        let number = try parse(Array(text.utf8))
        return try number.minorUnits(exponent: Swift.min(Swift.max(exponent, 0), 19))
    }

    /// A number split into its sign, its digits and the power of ten that applies to them.
    private struct Parsed {
        var negative: Bool
        /// Digit values (0…9), most significant first, as written (integer then fraction digits).
        var digits: [UInt8]
        /// The value is `digits × 10^scale`.
        var scale: Int

        /// The value scaled by `10^exponent`, exactly, as `Int64`.
        func minorUnits(exponent: Int) throws(MoneyError) -> Int64 {
            guard let first = digits.firstIndex(where: { $0 != 0 }),
                let last = digits.lastIndex(where: { $0 != 0 })
            else { return 0 }  // every digit is zero: "0", "-0", "0.000e-999" are all zero
            let significant = digits[first...last]
            // Trailing zeros move into the scale, so "1.50" reads as 15 × 10^-1.
            let minorScale = scale + (digits.count - 1 - last) + exponent
            guard minorScale >= 0 else { throw .tooManyFractionDigits }
            // Int64.max has 19 digits: anything longer cannot fit.
            guard significant.count + minorScale <= 19 else { throw .outOfRange }
            var magnitude: UInt64 = 0
            for digit in significant {
                magnitude = try appendingDigit(UInt64(digit), to: magnitude)
            }
            for _ in 0..<minorScale {
                magnitude = try appendingDigit(0, to: magnitude)
            }
            if negative {
                let limit = UInt64(Int64.max) + 1
                guard magnitude <= limit else { throw .outOfRange }
                return magnitude == limit ? Int64.min : -Int64(magnitude)
            }
            guard magnitude <= UInt64(Int64.max) else { throw .outOfRange }
            return Int64(magnitude)
        }

        private func appendingDigit(_ digit: UInt64, to value: UInt64) throws(MoneyError) -> UInt64 {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { throw .outOfRange }
            return sum
        }
    }

    /// An exponent beyond this is saturated: it already pushes any non-zero digit out of `Int64` or
    /// below any minor unit, and saturating keeps the arithmetic far from `Int` overflow.
    private static let exponentCap = 1_000_000_000

    private static let minus = UInt8(ascii: "-")
    private static let plus = UInt8(ascii: "+")
    private static let dot = UInt8(ascii: ".")
    private static let zero = UInt8(ascii: "0")

    /// Reads the JSON number grammar; throws ``MoneyError/notANumber`` on anything else.
    private static func parse(_ bytes: [UInt8]) throws(MoneyError) -> Parsed {
        var index = 0
        func digit(at position: Int) -> UInt8? {
            guard position < bytes.count, bytes[position] >= zero, bytes[position] <= zero + 9 else { return nil }
            return bytes[position] - zero
        }

        var negative = false
        if index < bytes.count, bytes[index] == minus {
            negative = true
            index += 1
        }

        var digits: [UInt8] = []
        guard let leading = digit(at: index) else { throw .notANumber }
        if leading == 0 {
            index += 1
            guard digit(at: index) == nil else { throw .notANumber }  // no leading zeros: "01"
            digits.append(0)
        } else {
            while let value = digit(at: index) {
                digits.append(value)
                index += 1
            }
        }

        var fractionDigits = 0
        if index < bytes.count, bytes[index] == dot {
            index += 1
            guard digit(at: index) != nil else { throw .notANumber }  // "1." has no fraction digit
            while let value = digit(at: index) {
                digits.append(value)
                fractionDigits += 1
                index += 1
            }
        }

        var exponent = 0
        if index < bytes.count, (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == minus || bytes[index] == plus {
                exponentNegative = bytes[index] == minus
                index += 1
            }
            guard digit(at: index) != nil else { throw .notANumber }  // "1e" or "1e+"
            while let value = digit(at: index) {
                exponent = Swift.min(exponent * 10 + Int(value), exponentCap)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        guard index == bytes.count else { throw .notANumber }  // trailing text: "1.2.3", "12 EUR"
        return Parsed(negative: negative, digits: digits, scale: exponent - fractionDigits)
    }
}
