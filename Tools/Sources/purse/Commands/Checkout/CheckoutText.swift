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
        return parts.joined(separator: " ")
    }

    /// A saved gift card: its name and last four digits.
    static func describe(_ token: SavedSecondaryToken) -> String {
        var parts: [String] = [token.name ?? token.methodID]
        if let last4 = lastFour(token.maskedPAN) { parts.append("•••• \(last4)") }
        return parts.joined(separator: " ")
    }

    /// A session update's report as the shopper is told it: the new amount, what each gift card pays now, the
    /// primary kept or dropped (with the reason the checkout gives for it on the new session), one line each.
    @MainActor
    static func describe(_ update: SessionUpdate, on checkout: PurseHeadlessCheckout) -> [String] {
        let exponent = Currency(code: update.currency).exponent
        func money(_ amount: Decimal) -> String { Self.money(amount, exponent: exponent) }
        var lines = ["order \(money(update.previousAmount)) → \(money(update.amount)) \(update.currency)"]
        for share in update.secondaryShares {
            let reread = share.balanceReread ? " (balance read again)" : ""
            switch share.outcome {
            case .kept(let amount):
                lines.append("\(share.methodID) still pays \(money(amount)) \(update.currency)\(reread)")
            case .clamped(let from, let to):
                lines.append(
                    "\(share.methodID) now pays \(money(to)) \(update.currency) instead of \(money(from))\(reread)")
            case .released(let reason):
                lines.append("\(share.methodID) was taken out: \(describe(reason))")
            }
        }
        switch update.primary {
        case .kept(let id): lines.append("\(id) still pays the rest")
        case .dropped(let id, let reason):
            let method = checkout.paymentMethods.first { $0.id == id }
            let why = method.flatMap { checkout.availability(of: .primaryMethod($0)).reason }.map { whyUnavailable($0) }
            lines.append("\(id) no longer pays the rest: \(why ?? describe(reason, exponent: exponent))")
        case nil: break
        }
        if !update.methodsAdded.isEmpty { lines.append("now offered: " + update.methodsAdded.joined(separator: ", ")) }
        if !update.methodsRemoved.isEmpty {
            lines.append("no longer offered: " + update.methodsRemoved.joined(separator: ", "))
        }
        return lines
    }

    private static func describe(_ reason: SecondaryShareUpdate.ReleaseReason) -> String {
        switch reason {
        case .methodRemoved: return "the new session does not offer its method"
        case .tokenRemoved: return "the saved card is no longer in the wallet"
        case .nothingLeftToPay: return "the cards before it pay the whole order"
        case .refused(let code): return "the new session's rules refuse it (\(code.rawValue))"
        case .emptyBalance: return "its balance is empty"
        case .currencyChanged: return "the order is in another currency now"
        }
    }

    private static func describe(_ reason: SessionUpdate.DropReason, exponent: Int) -> String {
        switch reason {
        case .notOffered: return "the new session does not offer it"
        case .notImplemented: return "not payable here"
        case .belowMinimum(let minimum):
            return "what is left is below its minimum of \(money(minimum, exponent: exponent))"
        case .aboveMaximum(let maximum):
            return "what is left is above its maximum of \(money(maximum, exponent: exponent))"
        }
    }

    /// `text` padded with spaces to `width`.
    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// A short phrase for an SDK error: its message and code (the SDK never puts card data in either).
    static func reason(_ error: any Error) -> String {
        if let error = error as? PurseCheckoutError { return "\(error.message) (\(error.code.rawValue))" }
        return "\(error)"
    }
}
