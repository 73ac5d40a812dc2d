internal import Foundation

/// Time formatting without `DateFormatter` (not `Sendable`, and slow to create per request).
enum SandboxTime {
    /// Milliseconds since 1970, rounded down.
    static func epochMilliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-01-22T17:23:33.592Z`.
    static func iso8601(_ date: Date) -> String {
        let milliseconds = epochMilliseconds(date)
        var days = milliseconds / 86_400_000
        var rest = milliseconds % 86_400_000
        if rest < 0 {
            rest += 86_400_000
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        let hour = rest / 3_600_000
        let minute = rest / 60_000 % 60
        let second = rest / 1000 % 60
        let millisecond = rest % 1000
        if (0...9999).contains(year) {
            // Written digit by digit: this runs for every `/clock/datetime` and every date of every answer.
            return String(unsafeUninitializedCapacity: 24) { text in
                var at = 0
                func put(_ value: Int, _ width: Int) {
                    var divisor = 1
                    for _ in 1..<width { divisor *= 10 }
                    while divisor > 0 {
                        text[at] = UInt8(ascii: "0") + UInt8(value / divisor % 10)
                        at += 1
                        divisor /= 10
                    }
                }
                func put(_ byte: Unicode.Scalar) {
                    text[at] = UInt8(ascii: byte)
                    at += 1
                }
                put(year, 4)
                put("-")
                put(month, 2)
                put("-")
                put(day, 2)
                put("T")
                put(hour, 2)
                put(":")
                put(minute, 2)
                put(":")
                put(second, 2)
                put(".")
                put(millisecond, 3)
                put("Z")
                return at
            }
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2)
            + ":" + pad(second, 2) + "." + pad(millisecond, 3) + "Z"
    }

    /// A date from calendar fields in UTC (used to seed the catalogue's fixed dates).
    static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        let days = days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
