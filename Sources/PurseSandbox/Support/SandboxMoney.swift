/// Exact conversions between integer minor units and decimal text. No `Double` anywhere.
enum SandboxMoney {
    /// ISO 4217 exponent of the currencies the client-session API accepts (purse-facts §2.1).
    static let exponents: [String: Int] = ["CHF": 2, "EUR": 2, "GBP": 2, "JPY": 0, "USD": 2]

    /// The exponent of `currency` (2 when unknown).
    static func exponent(of currency: String) -> Int { exponents[currency] ?? 2 }

    /// Major units as a JSON number literal, trailing zeros dropped: `4299` → `42.99`, `4290` → `42.9`,
    /// `4200` → `42`, `5` → `0.05`.
    static func majorLiteral(minor: Int, currency: String) -> String {
        let exponent = exponent(of: currency)
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        guard exponent > 0 else { return sign + String(magnitude) }
        var scale: UInt = 1
        for _ in 0..<exponent { scale *= 10 }
        let whole = magnitude / scale
        var fraction = String(magnitude % scale)
        fraction = String(repeating: "0", count: exponent - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Major units for people, all decimals kept: `4200` EUR → `42.00 EUR`.
    static func display(minor: Int, currency: String) -> String {
        let exponent = exponent(of: currency)
        guard exponent > 0 else { return "\(minor) \(currency)" }
        var scale = 1
        for _ in 0..<exponent { scale *= 10 }
        let fraction = String(minor.magnitude % UInt(scale))
        let padded = String(repeating: "0", count: exponent - fraction.count) + fraction
        return (minor < 0 ? "-" : "") + "\(minor.magnitude / UInt(scale)).\(padded) \(currency)"
    }

    /// Minor units from a decimal major-unit literal such as `50` or `99999.99` (`nil` when not exact).
    static func minor(fromMajorLiteral literal: String, currency: String) -> Int? {
        let exponent = exponent(of: currency)
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0]), whole >= 0 else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= exponent, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        fraction += String(repeating: "0", count: exponent - fraction.count)
        var scale = 1
        for _ in 0..<exponent { scale *= 10 }
        let (product, overflow) = whole.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        let (sum, sumOverflow) = product.addingReportingOverflow(Int(fraction) ?? 0)
        return sumOverflow ? nil : sum
    }
}

extension Character {
    /// `0`…`9` only (not other Unicode digits).
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
