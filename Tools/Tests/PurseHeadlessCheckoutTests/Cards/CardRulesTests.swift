import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The card rules that run on the device: digits, Luhn, lengths per brand, security codes, expiry, names,
/// the local IIN table.
@Suite("Card rules")
struct CardRulesTests {
    static let now = TestSessions.serverNow  // 2027-01-15 UTC

    @Test(
        "Luhn accepts the sandbox's test cards",
        arguments: [
            "4111111111111111", "5555555555554444", "2223003122003222", "378282246310005", "4970101122334455",
            "4000000000003220", "5200000000001096", "4000000000000002", "5105105105105100", "4000000000009995",
        ])
    func luhnAccepts(pan: String) {
        #expect(CardRules.passesLuhn(pan))
    }

    @Test(
        "Luhn refuses a changed digit, letters and nothing",
        arguments: ["4111111111111112", "5555555555554443", "378282246310006", "411111111111111a", "", "12"])
    func luhnRefuses(pan: String) {
        #expect(!CardRules.passesLuhn(pan))
    }

    @Test(
        "typed or pasted text keeps its ASCII digits only, up to the limit",
        arguments: [
            ("4111 1111 1111 1111", 19, "4111111111111111"),
            ("4111-1111-1111-1111", 19, "4111111111111111"),
            (" 41a11\t", 19, "4111"),
            ("12345678901234567890123", 19, "1234567890123456789"),
            ("١٢٣", 4, ""),  // Arabic-Indic digits are not card digits
            ("12345", 4, "1234"),
        ])
    func digits(text: String, limit: Int, expected: String) {
        #expect(CardRules.digits(text, limit: limit) == expected)
    }

    @Test(
        "numbers are grouped 4-6-5 for American Express, 4-4-4-4(-3) otherwise",
        arguments: [
            ("4111111111111111", "4111 1111 1111 1111"),
            ("378282246310005", "3782 822463 10005"),
            ("41111", "4111 1"),
            ("6200000000000000005", "6200 0000 0000 0000 005"),
            ("", ""),
        ])
    func formatting(digits: String, expected: String) {
        #expect(CardRules.formatted(digits) == expected)
    }

    @Test(
        "a card number is checked against its brand's lengths, then Luhn",
        arguments: [
            ("4111111111111111", [16], nil),
            ("378282246310005", [15], nil),
            ("378282246310005", [16], CardFieldError.lengthOutOfRange),
            ("4111111111111112", [16], .format),
            ("411111111111", [16], .lengthOutOfRange),
            ("", [16], .cannotBeEmpty),
        ] as [(String, [Int], CardFieldError?)])
    func panRule(pan: String, lengths: [Int], expected: CardFieldError?) {
        #expect(CardRules.panError(pan, lengths: lengths) == expected)
    }

    @Test(
        "security codes: 3 digits for most brands, 4 for American Express, none for a brand without",
        arguments: [
            ("123", [3], nil), ("1234", [3], CardFieldError.lengthOutOfRange), ("1234", [4], nil),
            ("123", [4], .lengthOutOfRange), ("", [3], .cannotBeEmpty), ("12", [3, 4], .lengthOutOfRange),
            ("", [], nil), ("123", [], .lengthOutOfRange),
        ] as [(String, [Int], CardFieldError?)])
    func cvvRule(cvv: String, lengths: [Int], expected: CardFieldError?) {
        #expect(CardRules.cvvError(cvv, lengths: lengths) == expected)
    }

    @Test(
        "expiry: valid through its month (UTC), at most 20 years ahead",
        arguments: [
            ("01", "27", nil),  // the current month is still valid
            ("1", "2027", nil),
            ("12", "26", CardFieldError.dateOutOfRange),
            ("12", "2026", .dateOutOfRange),
            ("12", "29", nil),
            ("12", "47", nil),
            ("01", "48", .dateOutOfRange),
            ("13", "29", .format),
            ("00", "29", .format),
            ("12", "2", .format),
            ("12", "202", .format),
            ("", "", .cannotBeEmpty),
            ("12", "", .format),
        ] as [(String, String, CardFieldError?)])
    func expiryRule(month: String, year: String, expected: CardFieldError?) {
        #expect(CardRules.expiryError(month: month, year: year, now: Self.now) == expected)
    }

    @Test("expiry follows the injected clock, not the device's")
    func expiryFollowsClock() {
        let endOfJanuary = Date(timeIntervalSince1970: 1_801_439_999)  // 2027-01-31T23:59:59Z
        let february = endOfJanuary.addingTimeInterval(1)
        #expect(CardRules.expiryError(month: "01", year: "27", now: endOfJanuary) == nil)
        #expect(CardRules.expiryError(month: "01", year: "27", now: february) == .dateOutOfRange)
    }

    @Test(
        "date of birth (Oney): a calendar day, not after today, at most 120 years back; ignored when not asked",
        arguments: [
            ("12041985", true, nil), ("29022000", true, nil), ("29021900", true, .format),  // 1900 was no leap year
            ("31041985", true, .format), ("00011985", true, .format), ("01131985", true, .format),
            ("1204198", true, .lengthOutOfRange), ("", true, .cannotBeEmpty),
            ("16012027", true, .dateOutOfRange), ("15012027", true, nil),  // "now" is 2027-01-15: today is valid
            ("15011907", true, nil), ("14011907", true, .dateOutOfRange),
            ("", false, nil), ("31021990", false, nil),
        ] as [(String, Bool, CardFieldError?)])
    func birthDateRule(digits: String, required: Bool, expected: CardFieldError?) {
        #expect(CardRules.birthDateError(digits, required: required, now: Self.now) == expected)
        let isDay = digits.count == 8 && !["29021900", "31041985", "00011985", "01131985", "31021990"].contains(digits)
        #expect((CardRules.isoBirthDate(digits) != nil) == isDay, "\(digits)")
    }

    @Test("a valid date of birth is written as the API writes dates, yyyy-MM-dd")
    func isoBirthDate() {
        #expect(CardRules.isoBirthDate("12041985") == "1985-04-12")
        #expect(CardRules.isoBirthDate("01010999") == "0999-01-01")
        #expect(CardRules.isoBirthDate("31021990") == nil && CardRules.isoBirthDate("1204") == nil)
    }

    @Test(
        "holder names: optional unless required, no digits, at most 100 characters",
        arguments: [
            ("Ada Lovelace", false, nil), ("", false, nil), ("  ", false, nil),
            ("", true, CardFieldError.cannotBeEmpty), ("Zoë O'Brien-Ñúñez", true, nil),
            ("4111111111111111", false, .format), ("Ada 2", false, .format),
            (String(repeating: "a", count: 101), false, .lengthOutOfRange),
        ] as [(String, Bool, CardFieldError?)])
    func holderRule(name: String, required: Bool, expected: CardFieldError?) {
        #expect(CardRules.holderNameError(name, required: required) == expected)
    }

    @Test(
        "the local IIN table used when the BIN look-up fails",
        arguments: [
            ("4111", [CardBrand.visa]), ("5555", [.mastercard]), ("2223", [.mastercard]), ("2721", []),
            ("3782", [.americanExpress]), ("3411", [.americanExpress]), ("6011", [.discover]), ("6445", [.discover]),
            ("6500", [.discover]), ("3530", [.jcb]), ("3011", [.dinersClub]), ("3600", [.dinersClub]),
            ("6200", [.unionPay]), ("5018", [.maestro]), ("6759", [.maestro]), ("1234", []), ("", []),
            ("6015", [.maestro]),  // an Oney range is not known locally: only the vault's look-up says ONEY
        ])
    func localTable(prefix: String, expected: [CardBrand]) {
        #expect(CardBrand.localDetection(prefix) == expected)
    }

    @Test(
        "brands read the API spelling and its aliases",
        arguments: [
            ("AMEX", CardBrand.americanExpress), ("amex", .americanExpress), ("CB", .carteBancaire),
            ("visa", .visa), ("AMERICAN_EXPRESS", .americanExpress),
        ])
    func brandSpelling(raw: String, expected: CardBrand) {
        #expect(CardBrand(rawValue: raw) == expected)
    }

    @Test(
        "brand names for the shopper",
        arguments: [
            (CardBrand.americanExpress, "American Express"), (.carteBancaire, "Carte Bancaire"),
            (.visa, "Visa"), (CardBrand(rawValue: "ELO_DEBIT"), "Elo Debit"),
        ])
    func brandNames(brand: CardBrand, expected: String) {
        #expect(brand.displayName == expected)
    }

    @Test(
        "default lengths per brand when the vault does not give them",
        arguments: [
            (CardBrand.visa, [13, 16, 19], [3]), (.mastercard, [16], [3]), (.americanExpress, [15], [4]),
            (.maestro, Array(12...19), [3]), (.carteBancaire, [16], [3]),
        ])
    func defaultLengths(brand: CardBrand, pan: [Int], cvv: [Int]) {
        #expect(brand.defaultPANLengths == pan)
        #expect(brand.defaultCVVLengths == cvv)
    }
}
