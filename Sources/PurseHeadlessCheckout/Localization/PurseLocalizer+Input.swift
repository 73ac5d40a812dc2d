public import Foundation

extension PurseLocalizer {
    /// An amount as a shopper types it, in major units of `currency`, exactly (never through `Double`): `"20,5"`
    /// or `"20.5"` is 20.50 EUR in any locale; spaces (also no-break spaces) and the currency's code or `€` next
    /// to the number are ignored, and so are leading zeros (`"05"` is 5, `"00,50"` is 0.50).
    ///
    /// `nil` for anything else: no digits, more than one separator, more decimals than the currency has, even
    /// zeros (so a German `"1.000"` is never read as one euro: it is refused), a sign, or zero. Thousands
    /// separators are not accepted.
    ///
    /// Three digits after the separator, in a currency with three decimals (KWD, BHD, OMR…), read as a thousand in
    /// the locales that group digits with that separator: they are decimals only when the separator is this
    /// localizer's locale's decimal separator, and the amount is refused otherwise. `"1,000"` is 1 KWD in French
    /// and refused in English; `"1.000"` is 1 KWD in English and refused in German; `"1,5"` is 1.5 KWD in both.
    public func parseAmount(_ text: String, currency: Currency) -> Decimal? {
        var kept = ""
        for character in text where !character.isWhitespace && character != "\u{00A0}" && character != "\u{202F}" {
            kept.append(character)
        }
        for mark in [currency.code, currency.code.lowercased(), "€"] where kept.hasSuffix(mark) || kept.hasPrefix(mark)
        {
            kept = kept.hasSuffix(mark) ? String(kept.dropLast(mark.count)) : String(kept.dropFirst(mark.count))
        }
        let separators = kept.filter { $0 == "," || $0 == "." }.count
        guard !kept.isEmpty, separators <= 1, kept.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") })
        else { return nil }
        var normalized = kept.replacingOccurrences(of: ",", with: ".")
        // Leading zeros are a shopper's, not an error ("05", "00,50"): the number parser below follows JSON, which
        // refuses them, so they go first (one stays before the separator).
        while normalized.count > 1, normalized.first == "0", normalized.dropFirst().first != "." {
            normalized.removeFirst()
        }
        let decimals = normalized.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
        if decimals == 3, let typed = kept.first(where: { $0 == "," || $0 == "." }),
            String(typed) != (locale.decimalSeparator ?? ".")
        {
            return nil  // "1,000" in English: a thousand, or one with three decimals
        }
        guard normalized.first != ".", normalized.last != ".", decimals <= currency.exponent,
            let units = try? MinorUnitsParser.minorUnits(fromJSONNumber: normalized, exponent: currency.exponent),
            units > 0
        else { return nil }
        return Money(minorUnits: units, currency: currency).decimal
    }

    /// The `Localizable.strings` table of `language` in `bundle` (`<language>.lproj/Localizable.strings`), read
    /// through the same path as the SDK's own tables on every platform; empty when the bundle has none. Pass your
    /// app's table as ``PurseCheckoutConfiguration/messageOverrides`` to word the SDK's keys in your catalogue:
    /// ```swift
    /// let overrides = PurseLocalizer.strings(language: "fr", in: .main)
    /// ```
    public static func strings(language: String, in bundle: Bundle) -> [String: String] {
        MessageCatalogue.load(language, from: bundle)
    }
}
