import Foundation

/// Masks card-like data in text that may come from outside the SDK (a server's error message).
///
/// A run of 12 or more digits (spaces and dashes allowed between them) is a possible PAN or gift-card
/// number: all but its last four digits become `•`. The SDK's own messages never interpolate card data;
/// this is the second line of defence for text it does not write itself.
enum Redaction {
    static func scrub(_ text: String) -> String {
        // A first pass over the UTF-8 bytes: every ASCII digit, space or dash character is one such byte, and any
        // other character holds a byte that is none of them, so a run found among characters is also a run here.
        // Most text has no run and is returned without the (slower) pass over characters.
        var digitCount = 0
        var sawDigitRun = false
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digitCount += 1
                if digitCount >= 12 {
                    sawDigitRun = true
                    break
                }
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "-") {
                digitCount = 0
            }
        }
        guard sawDigitRun else { return text }
        return maskRuns(text)
    }

    private static func maskRuns(_ text: String) -> String {
        var output: [Character] = []
        var run: [Character] = []
        func flush() {
            let digits = run.filter { $0.isASCII && $0.isNumber }.count
            if digits >= 12 {
                var remaining = digits
                for character in run {
                    if character.isASCII, character.isNumber {
                        output.append(remaining > 4 ? "•" : character)
                        remaining -= 1
                    } else {
                        output.append(character)
                    }
                }
            } else {
                output.append(contentsOf: run)
            }
            run.removeAll()
        }
        for character in text {
            if (character.isASCII && character.isNumber) || (!run.isEmpty && (character == " " || character == "-")) {
                run.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return String(output)
    }
}

extension Redaction {
    /// `text` with every occurrence of what the shopper typed (a voucher code, a gift-card number, a PIN) masked
    /// with `•`, compared case-insensitively: a server may echo `VOUCHER50XL` or `ACME-0001` in an error, which
    /// the digit-run rule of ``scrub(_:)`` cannot recognise. Secrets shorter than 3 characters are left alone
    /// (they would mask ordinary words and numbers; no issuer uses one).
    static func masking(_ secrets: [String], in text: String) -> String {
        var result = text
        for secret in secrets where secret.count >= 3 {
            while let range = result.range(of: secret, options: [.caseInsensitive, .literal]) {
                result.replaceSubrange(range, with: String(repeating: "•", count: secret.count))
            }
        }
        return result
    }
}

extension PurseCheckoutError {
    /// This error with `secrets` (what the shopper typed) masked in its message and server code.
    func masking(_ secrets: [String?]) -> PurseCheckoutError {
        let typed = secrets.compactMap { $0 }
        return PurseCheckoutError(
            code, message: Redaction.masking(typed, in: message), kind: kind, httpStatus: httpStatus,
            serverCode: serverCode.map { Redaction.masking(typed, in: $0) },
            participant: participant.map { Redaction.masking(typed, in: $0) })
    }
}
