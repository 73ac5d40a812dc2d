/// An ISO 4217 currency and the number of minor-unit digits its amounts carry.
///
/// The SDK keeps every amount as an exact integer count of minor units (cents for EUR, yen for JPY,
/// fils for KWD); `exponent` says how many of those digits sit after the decimal point.
///
/// ```swift
/// let euro = Currency(code: "eur")   // code "EUR", exponent 2
/// let yen = Currency.jpy             // exponent 0: 1000 JPY is 1000 minor units
/// ```
///
/// What can go wrong: nothing throws. A code the built-in ISO 4217 table does not know (a new
/// currency, a typo, a fund or metal code such as `XAU` that has no minor unit in ISO 4217) gets
/// exponent 2, the most common value.
public struct Currency: Sendable, Hashable, CustomStringConvertible {
    /// The upper-cased ISO 4217 alphabetic code, for example `"EUR"`.
    public let code: String

    /// The number of minor-unit digits: 2 for EUR, 0 for JPY, 3 for KWD, 4 for CLF.
    public let exponent: Int

    /// Creates a currency from its ISO 4217 code, upper-casing it and looking up its exponent.
    ///
    /// Unknown codes default to exponent 2 (documented on the type); the code is kept as given,
    /// upper-cased, so it still travels to the server unchanged.
    public init(code: String) {
        let normalized = code.uppercased()
        self.code = normalized
        self.exponent = Currency.minorUnitDigits[normalized] ?? Currency.defaultExponent
    }

    /// Euro, exponent 2.
    public static let eur = Currency(code: "EUR")
    /// US dollar, exponent 2.
    public static let usd = Currency(code: "USD")
    /// Pound sterling, exponent 2.
    public static let gbp = Currency(code: "GBP")
    /// Swiss franc, exponent 2.
    public static let chf = Currency(code: "CHF")
    /// Japanese yen, exponent 0.
    public static let jpy = Currency(code: "JPY")

    /// The code, for example `"EUR"`.
    public var description: String { code }

    /// Whether the code is in the built-in ISO 4217 table (otherwise its exponent is the default 2).
    var isKnownISO4217: Bool { Currency.minorUnitDigits[code] != nil }

    /// `10^exponent`: the number of minor units in one major unit (100 for EUR, 1 for JPY).
    ///
    /// Every exponent in the table is at most 4, so this never overflows.
    var minorUnitsPerMajorUnit: Int64 {
        var scale: Int64 = 1
        for _ in 0..<exponent { scale *= 10 }
        return scale
    }

    /// The exponent used for codes the table does not know.
    static let defaultExponent = 2

    /// ISO 4217 minor-unit digits of the active currencies (list one, 2025).
    ///
    /// Codes with "N.A." minor units in ISO 4217 (metals, funds, `XXX`, `XTS`) are deliberately absent:
    /// no payment is taken in them, and they fall back to ``defaultExponent``.
    static let minorUnitDigits: [String: Int] = {
        var table: [String: Int] = [:]
        let zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
        let three = "BHD IQD JOD KWD LYD OMR TND"
        let four = "CLF UYW"
        let two = """
            AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD \
            CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS \
            GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL \
            MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK \
            PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS \
            TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG
            """
        for (codes, digits) in [(zero, 0), (two, 2), (three, 3), (four, 4)] {
            for code in codes.split(separator: " ") { table[String(code)] = digits }
        }
        return table
    }()
}
