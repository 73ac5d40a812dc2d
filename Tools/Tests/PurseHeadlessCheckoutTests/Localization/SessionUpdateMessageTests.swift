import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The shopper's messages of a session update (``SessionUpdate/localizedMessages(name:)``): one per change, keyed,
/// with amounts as arguments, in every shipped language.
struct SessionUpdateMessageTests {
    static func share(_ method: String, _ outcome: SecondaryShareUpdate.Outcome) -> SecondaryShareUpdate {
        SecondaryShareUpdate(
            id: "st_\(method)", newID: nil, methodID: method, isSaved: false, balanceReread: false, outcome: outcome)
    }

    static func update(
        from previous: Decimal = 80, to amount: Decimal = Decimal(string: "86.9")!,
        primary: SessionUpdate.PrimaryOutcome? = nil, shares: [SecondaryShareUpdate] = []
    ) -> SessionUpdate {
        SessionUpdate(
            previousSessionID: "cs_old", sessionID: "cs_new", previousAmount: previous, amount: amount,
            currency: "EUR", methodsAdded: [], methodsRemoved: [], primary: primary, secondaryShares: shares,
            savedBalancesReread: [], revived: false)
    }

    /// Every outcome an update can report, each once.
    static var everyOutcome: SessionUpdate {
        let released: [SecondaryShareUpdate.ReleaseReason] = [
            .methodRemoved, .tokenRemoved, .nothingLeftToPay, .refused(.usageLimitError), .emptyBalance,
            .currencyChanged,
        ]
        return update(
            primary: .kept(id: "card"),
            shares: [share("a", .kept(amount: 10)), share("b", .clamped(from: 30, to: 20))]
                + released.map { share("r", .released($0)) })
    }

    @Test("one message per change, in order: the amount, each share, the primary; names from the closure")
    func order() {
        let update = Self.update(
            primary: .dropped(id: "card", reason: .belowMinimum(minimum: 100)),
            shares: [
                Self.share("illicado-giftcard", .clamped(from: 30, to: 45)),
                Self.share("easy2play-giftcard", .released(.nothingLeftToPay)),
            ])
        let messages = update.localizedMessages { $0 == "card" ? "Visa •••• 4242" : $0.uppercased() }
        #expect(
            messages.map(\.key) == [
                "update.amountChanged", "update.share.clamped", "update.share.released.nothingLeftToPay",
                "update.primary.dropped.belowMinimum",
            ])
        #expect(messages[1]["method"] == .text("ILLICADO-GIFTCARD"))
        #expect(messages[1]["amount"] == .amount(45, .eur) && messages[1]["previousAmount"] == .amount(30, .eur))
        #expect(messages[3]["method"] == .text("Visa •••• 4242") && messages[3]["minAmount"] == .amount(100, .eur))
    }

    @Test("the same amount gives no amount message; no primary gives no primary message")
    func nothingToSay() {
        let update = Self.update(from: 50, to: 50, shares: [Self.share("a", .kept(amount: 20))])
        #expect(update.amountMessage == nil)
        #expect(update.primaryMessage(name: "x") == nil)
        #expect(update.localizedMessages().map(\.key) == ["update.share.kept"])
    }

    @Test("English and French read as a shop says it, amounts by locale")
    func wording() {
        let update = Self.update(
            primary: .kept(id: "card"),
            shares: [
                Self.share("illicado-giftcard", .clamped(from: 30, to: 45)),
                Self.share("easy2play-giftcard", .released(.refused(.usageLimitError))),
            ])
        let english = update.localizedMessages().map(PurseLocalizer(locale: Locale(identifier: "en")).string)
        #expect(
            english == [
                "The order is now €86.90 instead of €80.00", "illicado-giftcard now pays €45.00 instead of €30.00",
                "easy2play-giftcard was taken out: No more cards of this kind can be used in this payment",
                "card still pays the rest",
            ])
        let french = update.localizedMessages().map(PurseLocalizer(locale: Locale(identifier: "fr_FR")).string)
            .map { String($0.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 }) }
        #expect(
            french == [
                "La commande est maintenant de 86,90 € au lieu de 80,00 €",
                "illicado-giftcard paie maintenant 45,00 € au lieu de 30,00 €",
                "easy2play-giftcard ne fait plus partie du paiement : Aucune autre carte de ce type ne peut servir à ce paiement",
                "card paie toujours le reste",
            ])
    }

    @Test("every outcome's message has a text in every shipped language, every placeholder filled")
    func everyLanguage() {
        let dropped: [SessionUpdate.DropReason] = [
            .notOffered, .notImplemented, .belowMinimum(minimum: 10), .aboveMaximum(maximum: 500),
        ]
        var messages = Self.everyOutcome.localizedMessages()
        messages += dropped.compactMap { Self.update(primary: .dropped(id: "m", reason: $0)).primaryMessage(name: "m") }
        #expect(Set(messages.map(\.key)).count == 14)
        for language in PurseLocalizer.shippedLanguages {
            let localizer = PurseLocalizer(locale: Locale(identifier: language))
            for message in messages {
                let text = localizer.string(message)
                #expect(text != message.key, "\(language): no text for \(message.key)")
                #expect(!text.contains("{"), "\(language): \(message.key) left a placeholder: \(text)")
            }
        }
    }
}
