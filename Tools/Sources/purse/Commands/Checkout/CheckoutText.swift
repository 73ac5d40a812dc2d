import Foundation
import PurseHeadlessCheckout

/// How the checkout prints amounts and instruments: exact decimals (no floating point on money), and never
/// more of a card number than its last four digits.
enum CheckoutText {
    /// `22.5` in EUR → `"22.50"`; `1000` in JPY → `"1000"`.
    static func money(_ amount: Decimal, exponent: Int) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, exponent, .plain)
        let text = "\(rounded)"
        guard exponent > 0 else { return text }
        let parts = text.split(separator: ".", maxSplits: 1)
        let whole = parts.first.map(String.init) ?? "0"
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        return whole + "." + fraction + String(repeating: "0", count: max(0, exponent - fraction.count))
    }

    /// Why an item the session offers cannot pay now, for a menu row: the SDK's reason and its code, `not payable
    /// here` when no plugin pays it on this platform (with the plugin's own explanation), and a note when an app
    /// would leave the row out.
    static func whyUnavailable(
        _ reason: UnavailableReason, text: CLIText = CLIText(locale: Locale(identifier: "en"))
    )
        -> String
    {
        let line: String
        let code = PurseMessage.Value.text(reason.code)
        if case .pluginUnavailable(let explanation) = reason.cause {
            // The plugin's explanation is developer text: English keeps it, another language says it for a shopper.
            let why: PurseMessage.Value = text.isEnglish ? .text(explanation) : .message(reason.localizedMessage)
            line = text("cli.unavailable.notPayableHere", [("explanation", why), ("code", code)])
        } else {
            // English keeps the SDK's developer account (with `.`-figures); another language the shopper's message.
            let message: PurseMessage.Value = text.isEnglish ? .text(reason.message) : .message(reason.localizedMessage)
            line = text("cli.unavailable.reason", [("message", message), ("code", code)])
        }
        return reason.shouldBeHidden ? text("cli.unavailable.hidden", [("text", .text(line))]) : line
    }

    /// `"10.5"` → 10.5: digits, an optional point and at most `exponent` decimals, more than zero; `nil`
    /// otherwise.
    static func amount(_ text: String, exponent: Int) -> Decimal? {
        guard let units = try? CheckoutOptions.minorUnits(text, exponent: exponent) else { return nil }
        var value = Decimal(units)
        for _ in 0..<exponent { value /= 10 }
        return value
    }

    /// The last four digits of a masked or full number, never more.
    static func lastFour(_ pan: String?) -> String? {
        guard let digits = pan?.filter(\.isNumber), digits.count >= 4 else { return nil }
        return String(digits.suffix(4))
    }

    /// A saved card or account as the shopper knows it: its name, brand and last four digits.
    static func describe(_ token: PaymentToken) -> String {
        var parts: [String] = [token.name ?? token.brand ?? token.methodID]
        if let brand = token.brand, token.name != nil { parts.append(brand) }
        if let last4 = lastFour(token.maskedPAN) { parts.append("•••• \(last4)") }
        return TerminalText.safeLine(parts.joined(separator: " "))
    }

    /// A saved gift card: its name and last four digits.
    static func describe(_ token: SavedSecondaryToken) -> String {
        var parts: [String] = [token.name ?? token.methodID]
        if let last4 = lastFour(token.maskedPAN) { parts.append("•••• \(last4)") }
        return TerminalText.safeLine(parts.joined(separator: " "))
    }

    /// A session update's report as the shopper is told it, one line each: the SDK's messages
    /// (``SessionUpdate/localizedMessages(name:)``: the new amount, what each gift card pays now or why it was taken
    /// out, the primary kept or dropped) in the dialogue's language, a note on each balance read again, and the
    /// methods the new session adds or no longer offers.
    @MainActor
    static func describe(
        _ update: SessionUpdate, on checkout: PurseHeadlessCheckout,
        text: CLIText = CLIText(locale: Locale(identifier: "en"))
    ) -> [String] {
        var lines: [String] = []
        if let message = update.amountMessage { lines.append(text(message)) }
        for share in update.secondaryShares {
            let line = text(update.message(for: share, name: share.methodID))
            lines.append(share.balanceReread ? text("cli.update.reread", [("line", .text(line))]) : line)
        }
        if let primary = update.primary, let message = update.primaryMessage(name: primary.id) {
            lines.append(text(message))
        }
        if !update.methodsAdded.isEmpty {
            lines.append(
                text("cli.update.methodsAdded", [("methods", .text(update.methodsAdded.joined(separator: ", ")))]))
        }
        if !update.methodsRemoved.isEmpty {
            let methods = update.methodsRemoved.joined(separator: ", ")
            lines.append(text("cli.update.methodsRemoved", [("methods", .text(methods))]))
        }
        return lines
    }

    /// `text` padded with spaces to `width`.
    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// A short phrase for an SDK error: its message and code (the SDK never puts card data in either). It goes into
    /// a sentence as a value, which ``CLIText`` makes safe for the terminal (a message may quote a server's).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PurseCheckoutError { return "\(error.message) (\(error.code.rawValue))" }
        return "\(error)"
    }
}
