import Foundation

/// Parses the ISO 8601 timestamps Purse sends (`2026-01-22T17:23:33.592122Z`, any number of fraction
/// digits, `Z` or a `±HH:MM` offset) without locale or formatter state.
enum ISO8601 {
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else {
            return nil
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = TimeInterval(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if index == bytes.count { return Date(timeIntervalSince1970: seconds) }
        guard expect("T") || expect("t") || expect(" "),
            let hour = number(2), expect(":"), let minute = number(2)
        else { return nil }
        var second = 0
        if expect(":") {
            guard let parsed = number(2) else { return nil }
            second = parsed
        }
        guard hour < 24, minute < 60, second < 61 else { return nil }
        var fraction: TimeInterval = 0
        if expect(".") || expect(",") {
            var scale: TimeInterval = 0.1
            var sawDigit = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += TimeInterval(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
                sawDigit = true
            }
            guard sawDigit else { return nil }
        }
        seconds += TimeInterval(hour * 3600 + minute * 60 + second) + fraction
        if expect("Z") || expect("z") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: TimeInterval = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            _ = expect(":")
            guard let offsetMinutes = number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            seconds -= sign * TimeInterval(offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Formats as `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC. Total: a date beyond ±100,000,000 days of 1970 (or not
    /// finite) is written as that bound, never converted past `Int64`'s range.
    static func format(_ date: Date) -> String {
        let limit = 8_640_000_000_000_000.0
        let scaled = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let millis = scaled.isNaN ? 0 : Int64(min(max(scaled, -limit), limit))
        let days = Int(millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000)
        let rest = Int(millis - Int64(days) * 86_400_000)
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600_000, 2)):"
            + "\(pad(rest / 60_000 % 60, 2)):\(pad(rest / 1000 % 60, 2)).\(pad(rest % 1000, 3))Z"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm, restated).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
