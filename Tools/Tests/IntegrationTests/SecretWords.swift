import Foundation

/// Splitting text into words for the secret scans. A CVV or PIN is short, so it only counts when it stands as a
/// word of its own: timings are longer digit runs and ids mix letters in. Some shapes are masked first, as they
/// break into short words by chance: UUIDs (the third group is four hex digits starting with the version digit 4,
/// so a random one reads "4321" about once in 4096) and decimal numbers (a `Date` in a `dump()` shows seconds
/// with a fraction, whose digits after the point can read like a PIN). So are measured durations: a field whose
/// name ends in `_ms` (a snapshot's `server_clock_offset_ms` read -123 once, the CVV used in the scans) and a number
/// followed by the unit `ms`.
///
/// The unit tests' scans (`CardDataRedactionTests`, `CardSecrecyTests`) compile this same file through a symbolic
/// link, Tests/PurseHeadlessCheckoutTests/Support/SecretWords.swift.
enum SecretWords {
    /// `text` with every UUID replaced by `<uuid>`, every decimal number by `<decimal>` and every duration in
    /// milliseconds by `<millis>`.
    static func maskingIdentifiers(_ text: String) -> String {
        text.replacing(/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/, with: "<uuid>")
            .replacing(/[0-9]+\.[0-9]+(e[-+]?[0-9]+)?/, with: "<decimal>")
            .replacing(/_ms\\?"\s*:\s*-?[0-9]+/, with: "_ms\":<millis>")
            .replacing(/-?[0-9]+ ms\b/, with: "<millis>")
    }

    /// The words of `text`, after masking its identifiers.
    static func words(_ text: String) -> [Substring] {
        maskingIdentifiers(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }

    /// Whether `code` stands as a word of its own in `text`.
    static func holds(_ text: String, code: String) -> Bool {
        words(text).contains { $0 == code }
    }

    /// Up to 60 characters either side of the first place `code` stands alone in `text`, for a failure message.
    static func context(of code: String, in text: String) -> String {
        let masked = maskingIdentifiers(text)
        var searchStart = masked.startIndex
        while let range = masked.range(of: code, range: searchStart..<masked.endIndex) {
            let before = range.lowerBound == masked.startIndex ? nil : masked[masked.index(before: range.lowerBound)]
            let after = range.upperBound == masked.endIndex ? nil : masked[range.upperBound]
            let standsAlone = [before, after].allSatisfy { $0.map { !($0.isLetter || $0.isNumber) } ?? true }
            if standsAlone {
                let lower =
                    masked.index(range.lowerBound, offsetBy: -60, limitedBy: masked.startIndex) ?? masked.startIndex
                let upper = masked.index(range.upperBound, offsetBy: 60, limitedBy: masked.endIndex) ?? masked.endIndex
                return String(masked[lower..<upper])
            }
            searchStart = range.upperBound
        }
        return ""
    }
}
