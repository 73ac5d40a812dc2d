import Foundation
import PurseHeadlessCheckout

/// The cart changes mid-checkout (`--new-amount`): the merchant backend creates a client session for the new
/// amount and the checkout moves onto it with `updateSession`, keeping the gift cards; the change report is shown.
extension InteractiveCheckout {
    /// How the cart can change: the embedded backend's call that creates a client session for a new amount, and
    /// the amount `--new-amount` asks for after the gift cards (`nil`: only the shopper's own change, at the
    /// confirmation).
    struct CartChange {
        var scriptedAmount: Int64?
        let createSession: (_ amountMinorUnits: Int64) async throws -> (id: String, widgetData: String)
    }

    /// Makes the change `--new-amount` asks for, once; `true` when the checkout moved onto the new session.
    func changeCartIfAsked() async -> Bool {
        guard let amount = cartChange?.scriptedAmount else { return false }
        cartChange?.scriptedAmount = nil
        return await changeCart(to: amount)
    }

    /// Whether `answer`, at the confirmation, asks to change the order's amount (`c`, `change`; `m`, `modifier` in
    /// French).
    func asksForCartChange(_ answer: String) -> Bool {
        guard cartChange != nil else { return false }
        return ["c", "change", text("cli.cartChange.answer.short"), text("cli.cartChange.answer")]
            .contains(answer.lowercased())
    }

    /// Asks the new amount (typed as the shopper's language writes it: `45,5` in French) and makes the change;
    /// `true` when the checkout moved onto the new session.
    func changeCartInteractively() async throws(InputEnded) -> Bool {
        let currency = Currency(code: checkout.currency)
        while true {
            let answer = try await ask(text("cli.cartChange.askAmount", [("currency", .text(currency.code))]))
            if answer.isEmpty { return false }
            guard let amount = text.localizer.parseAmount(answer, currency: currency), amount > 0 else {
                screen.problem(text("cli.giftCards.notAnAmount", [("answer", .text(answer))]))
                continue
            }
            var minor = amount
            for _ in 0..<currency.exponent { minor *= 10 }
            return await changeCart(to: NSDecimalNumber(decimal: minor).int64Value)
        }
    }

    /// The backend creates a client session for `amountMinorUnits` and the checkout moves onto it with
    /// `updateSession`; the change report is shown. A failure leaves the checkout on its session, as it was (the
    /// update is all or nothing), and is shown.
    private func changeCart(to amountMinorUnits: Int64) async -> Bool {
        guard let change = cartChange else { return false }
        screen.title(text("cli.cartChange.title"))
        let previous = checkout.session.id
        do {
            let created = try await spinner.during(text("cli.cartChange.creating")) {
                try await change.createSession(amountMinorUnits)
            }
            screen.line(text("cli.cartChange.created", [("session", .text(created.id))]))
            let update = try await spinner.during(text("cli.cartChange.moving")) {
                try await checkout.updateSession(widgetData: created.widgetData)
            }
            for line in CheckoutText.describe(update, on: checkout, text: text) { screen.line("  " + line) }
            forgetReleasedGiftCards(update)
            onSessionChange?(checkout.session.id)
            return true  // the new split is shown once, under "To pay", before the next question
        } catch {
            screen.problem(
                text("cli.cartChange.unchanged", [("session", .text(previous)), ("reason", .text(text.reason(error)))]))
            return false
        }
    }

    /// The split's labels follow the shares: a typed card read again has a new id, a released one has none.
    private func forgetReleasedGiftCards(_ update: SessionUpdate) {
        var labels: [String: SecondaryToken] = [:]
        for share in update.secondaryShares {
            if let newID = share.newID, let token = appliedGiftCards[share.id] { labels[newID] = token }
        }
        appliedGiftCards = labels
    }
}

/// The order references of the cart changes: `-2`, `-3`…
actor OrderCounter {
    private var last = 1

    func next() -> Int {
        last += 1
        return last
    }
}
