import Foundation

/// The card checks that run on the device, before anything is sent (purse-facts §6): digits, Luhn,
/// lengths per brand, security-code lengths, expiry against the checkout's clock.
///
/// Pure functions: ``CardForm`` and ``CVVField`` call them, and the tests drive them with tables.
enum CardRules {
    /// The most digits a card number has.
    static let maxPANDigits = 19
    /// The most digits a security code has.
    static let maxCVVDigits = 4
    /// The most characters a holder name may have.
    static let maxHolderNameLength = 100
    /// How many years ahead an expiry may lie.
    static let maxYearsAhead = 20
    /// The digits of a date of birth: `DDMMYYYY`.
    static let birthDateDigits = 8
    /// How many years back a date of birth may lie.
    static let maxBirthDateAge = 120

    /// The ASCII digits of `text`, in order, at most `limit` of them (spaces, dashes and anything else
    /// typed or pasted are dropped).
    static func digits(_ text: String, limit: Int) -> String {
        var digits = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where (48...57).contains(scalar.value) {  // 0-9
            guard digits.count < limit else { break }
            digits.append(scalar)
        }
        return String(digits)
    }

    /// The standard mod-10 check: double every second digit from the right, subtract 9 above 9.
    static func passesLuhn(_ digits: String) -> Bool {
        guard !digits.isEmpty else { return false }
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard character.isASCII, let digit = character.wholeNumberValue else { return false }
            let value = offset % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0
    }

    /// A card number as shown while typing: American Express (34, 37) groups 4-6-5, numbers longer than 16
    /// digits 4-4-4-4-3, others 4-4-4-4.
    static func formatted(_ digits: String) -> String { grouped(digits, groups: panGroups(digits)) }

    /// The group sizes a card number is shown in: 4-6-5 for American Express (34, 37), 4-4-4-4-3 beyond 16
    /// digits, 4-4-4-4 otherwise (Diners Club's 14 digits read 4-4-4-2).
    static func panGroups(_ digits: String) -> [Int] {
        if digits.hasPrefix("34") || digits.hasPrefix("37") { return [4, 6, 5] }
        return digits.count > 16 ? [4, 4, 4, 4, 3] : [4, 4, 4, 4]
    }

    /// `text` cut into `groups` (characters past the last group form one more), joined by spaces.
    static func grouped(_ text: String, groups: [Int]) -> String {
        var parts: [Substring] = []
        var rest = Substring(text)
        for size in groups where !rest.isEmpty {
            parts.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        if !rest.isEmpty { parts.append(rest) }
        return parts.joined(separator: " ")
    }

    /// Checks a card number (digits only) against the accepted lengths and Luhn.
    static func panError(_ digits: String, lengths: [Int]) -> CardFieldError? {
        if digits.isEmpty { return .cannotBeEmpty }
        if !lengths.contains(digits.count) { return .lengthOutOfRange }
        if !passesLuhn(digits) { return .format }
        return nil
    }

    /// Checks a security code (digits only). An empty `lengths` means the brand has no code: it must be left
    /// empty.
    static func cvvError(_ digits: String, lengths: [Int]) -> CardFieldError? {
        if lengths.isEmpty { return digits.isEmpty ? nil : .lengthOutOfRange }
        if digits.isEmpty { return .cannotBeEmpty }
        if !lengths.contains(digits.count) { return .lengthOutOfRange }
        return nil
    }

    /// A month and a four-digit year from what the shopper typed (`"7"` or `"07"`; `"29"` or `"2029"`).
    static func expiry(month: String, year: String) -> (month: Int, year: Int)? {
        guard (1...2).contains(month.count), let monthValue = Int(month), (1...12).contains(monthValue),
            year.count == 2 || year.count == 4, let yearValue = Int(year)
        else { return nil }
        return (monthValue, year.count == 2 ? 2000 + yearValue : yearValue)
    }

    /// Checks an expiry: valid through the end of its month, in the Gregorian calendar, in UTC (as the
    /// gateway checks it), and at most ``maxYearsAhead`` years ahead.
    static func expiryError(month: String, year: String, now: Date) -> CardFieldError? {
        if month.isEmpty && year.isEmpty { return .cannotBeEmpty }
        guard let expiry = expiry(month: month, year: year) else { return .format }
        let today = currentMonth(now)
        if expiry.year < today.year || (expiry.year == today.year && expiry.month < today.month) {
            return .dateOutOfRange
        }
        if expiry.year > today.year + maxYearsAhead { return .dateOutOfRange }
        return nil
    }

    /// The year and month of `date` in UTC.
    static func currentMonth(_ date: Date) -> (year: Int, month: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        return (parts.year ?? 0, parts.month ?? 0)
    }

    /// A date of birth from its digits, day first (`DDMMYYYY`), when it is a day of the Gregorian calendar
    /// (`31021990` is not).
    static func birthDate(_ digits: String) -> (year: Int, month: Int, day: Int)? {
        guard digits.count == birthDateDigits, digits.allSatisfy(\.isASCII), let value = Int(digits) else {
            return nil
        }
        let (day, month, year) = (value / 1_000_000, value / 10_000 % 100, value % 10_000)
        guard (1...12).contains(month), day >= 1, year >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days ? (year, month, day) : nil
    }

    /// A date of birth's digits (`DDMMYYYY`, or fewer while typed) as the fields show them: `12/04/1985`, `12/04`.
    static func shownBirthDate(_ digits: String) -> String {
        grouped(digits, groups: [2, 2, 4]).replacingOccurrences(of: " ", with: "/")
    }

    /// A date of birth's digits (`DDMMYYYY`) as the API writes a date, `yyyy-MM-dd`; `nil` when not a date.
    static func isoBirthDate(_ digits: String) -> String? {
        guard let date = birthDate(digits) else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(repeating: "0", count: max(0, 4 - "\(date.year)".count)) + "\(date.year)"
        return "\(year)-\(two(date.month))-\(two(date.day))"
    }

    /// Checks a date of birth (digits, day first): required only when the brand asks for one (Oney), and then a
    /// day of the calendar, not after today and at most ``maxBirthDateAge`` years back, in UTC by the checkout's
    /// clock. A date typed for a card that asks none is ignored (never sent).
    static func birthDateError(_ digits: String, required: Bool, now: Date) -> CardFieldError? {
        guard required else { return nil }
        if digits.isEmpty { return .cannotBeEmpty }
        if digits.count != birthDateDigits { return .lengthOutOfRange }
        guard let date = birthDate(digits) else { return .format }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let born = (date.year, date.month, date.day)
        let current = (today.year ?? 0, today.month ?? 0, today.day ?? 0)
        if born > current { return .dateOutOfRange }
        if born < (current.0 - maxBirthDateAge, current.1, current.2) { return .dateOutOfRange }
        return nil
    }

    /// Checks a holder name: optional unless `required`; at most ``maxHolderNameLength`` characters and
    /// no digits (a card number typed into the wrong field never leaves as a name).
    static func holderNameError(_ name: String, required: Bool) -> CardFieldError? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return required ? .cannotBeEmpty : nil }
        if trimmed.count > maxHolderNameLength { return .lengthOutOfRange }
        if trimmed.contains(where: { $0.isNumber || $0.isNewline }) { return .format }
        return nil
    }
}
