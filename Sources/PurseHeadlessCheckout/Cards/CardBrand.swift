/// A card scheme, spelled as Purse's vault API spells it (`VISA`, `MASTERCARD`, `AMERICAN_EXPRESS`, …).
///
/// Brands are detected by the vault's BIN look-up as the shopper types (see ``CardForm``); a brand the vault
/// names that the SDK does not list here still works (any string is a brand). The spellings `AMEX` and `CB`
/// are read as `AMERICAN_EXPRESS` and `CARTE_BANCAIRE`.
///
/// ```swift
/// if form.brand == .americanExpress { … }       // 15 digits, 4-digit security code
/// ```
public struct CardBrand: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The API spelling, upper-cased (`AMERICAN_EXPRESS`).
    public let rawValue: String

    /// A brand from its API spelling; `AMEX` and `CB` become `AMERICAN_EXPRESS` and `CARTE_BANCAIRE`.
    public init(rawValue: String) {
        let upper = rawValue.uppercased()
        switch upper {
        case "AMEX": self.rawValue = "AMERICAN_EXPRESS"
        case "CB": self.rawValue = "CARTE_BANCAIRE"
        default: self.rawValue = upper
        }
    }

    /// The API spelling.
    public var description: String { rawValue }

    /// Visa.
    public static let visa = CardBrand(rawValue: "VISA")
    /// Mastercard.
    public static let mastercard = CardBrand(rawValue: "MASTERCARD")
    /// American Express (the iOS secure fields call it `AMEX`).
    public static let americanExpress = CardBrand(rawValue: "AMERICAN_EXPRESS")
    /// Maestro.
    public static let maestro = CardBrand(rawValue: "MAESTRO")
    /// Cartes Bancaires: co-badged on Visa and Mastercard ranges, detectable only through the BIN look-up.
    public static let carteBancaire = CardBrand(rawValue: "CARTE_BANCAIRE")
    /// Discover.
    public static let discover = CardBrand(rawValue: "DISCOVER")
    /// Diners Club.
    public static let dinersClub = CardBrand(rawValue: "DINERS_CLUB")
    /// JCB.
    public static let jcb = CardBrand(rawValue: "JCB")
    /// UnionPay.
    public static let unionPay = CardBrand(rawValue: "UNIONPAY")
    /// The Oney card (Oney Banque Accord's card, method `oneycard`): 19 digits, no security code; its form asks
    /// for the holder's date of birth instead (``CardField/birthDate``).
    public static let oney = CardBrand(rawValue: "ONEY")

    /// The brands listed above, whose rules the SDK knows.
    static let listed: Set<CardBrand> = [
        .visa, .mastercard, .americanExpress, .maestro, .carteBancaire, .discover, .dinersClub, .jcb, .unionPay,
        .oney,
    ]

    /// A name to show a shopper ("American Express").
    public var displayName: String {
        switch self {
        case .visa: return "Visa"
        case .mastercard: return "Mastercard"
        case .americanExpress: return "American Express"
        case .maestro: return "Maestro"
        case .carteBancaire: return "Carte Bancaire"
        case .discover: return "Discover"
        case .dinersClub: return "Diners Club"
        case .jcb: return "JCB"
        case .unionPay: return "UnionPay"
        case .oney: return "Oney"
        default:
            return rawValue.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined(
                separator: " ")
        }
    }

    /// Card-number lengths the brand uses, when the BIN look-up does not say (general industry values).
    var defaultPANLengths: [Int] {
        switch self {
        case .visa: return [13, 16, 19]
        case .americanExpress: return [15]
        case .maestro: return Array(12...19)
        case .dinersClub: return Array(14...19)
        case .discover, .jcb, .unionPay: return Array(16...19)
        case .oney: return [19]
        default: return [16]
        }
    }

    /// Security-code lengths the brand uses, when the BIN look-up does not say: 4 for American Express, none for
    /// Oney (whose form asks for a date of birth instead), else 3.
    var defaultCVVLengths: [Int] {
        switch self {
        case .americanExpress: return [4]
        case .oney: return []
        default: return [3]
        }
    }

    /// Whether the card's form asks for the holder's date of birth instead of a security code (Oney).
    var asksBirthDate: Bool { self == .oney }

    /// The brands a card number's leading digits suggest, from general industry IIN ranges (not Purse data).
    ///
    /// Only used when the vault's BIN look-up fails: Purse detects brands server-side, and Cartes Bancaires and
    /// Oney cannot be told apart from a prefix at all.
    static func localDetection(_ digits: String) -> [CardBrand] {
        func prefix(_ count: Int) -> Int? { digits.count >= count ? Int(digits.prefix(count)) : nil }
        if digits.hasPrefix("4") { return [.visa] }
        if let two = prefix(2), two == 34 || two == 37 { return [.americanExpress] }
        if let four = prefix(4), (2221...2720).contains(four) { return [.mastercard] }
        if let two = prefix(2), (51...55).contains(two) { return [.mastercard] }
        if let four = prefix(4), (3528...3589).contains(four) { return [.jcb] }
        if let three = prefix(3), (300...305).contains(three) { return [.dinersClub] }
        if let two = prefix(2), two == 36 || two == 38 { return [.dinersClub] }
        if digits.hasPrefix("6011") || digits.hasPrefix("65") { return [.discover] }
        if let three = prefix(3), (644...649).contains(three) { return [.discover] }
        if digits.hasPrefix("62") { return [.unionPay] }
        if let two = prefix(2), two == 50 || (56...69).contains(two) { return [.maestro] }
        return []
    }
}

/// One brand a BIN look-up answered for a card range, with the lengths it allows.
struct DetectedCardBrand: Sendable, Hashable {
    /// The brand.
    let brand: CardBrand
    /// Whether the vault calls it the card's main brand (the other ones are co-badges).
    let isMain: Bool
    /// Card-number lengths; `nil` (or empty) when the vault gave none: the brand's defaults apply.
    let panLengths: [Int]?
    /// Security-code lengths; `nil` when the vault gave none (the brand's defaults apply), empty when the
    /// brand has no security code.
    let cvvLengths: [Int]?

    /// A brand detected locally, with its default lengths.
    static func local(_ brand: CardBrand, isMain: Bool) -> DetectedCardBrand {
        DetectedCardBrand(brand: brand, isMain: isMain, panLengths: nil, cvvLengths: nil)
    }

    /// The lengths to check a card number against.
    var acceptedPANLengths: [Int] {
        guard let panLengths, !panLengths.isEmpty else { return brand.defaultPANLengths }
        return panLengths
    }

    /// The lengths to check a security code against; empty when the brand has none.
    var acceptedCVVLengths: [Int] { cvvLengths ?? brand.defaultCVVLengths }
}
