import Foundation
import PurseHeadlessCheckout

/// The cart changes mid-checkout (`--new-amount`): the merchant backend creates a client session for the new
/// amount and the checkout moves onto it with `updateSession`, keeping the gift cards; the change report is shown.
extension InteractiveCheckout {
    /// A cart change: the new amount, and the backend call that creates its client session.
    struct CartChange {
        let amountMinorUnits: Int64
        let createSession: () async throws -> (id: String, widgetData: String)
    }

    /// Makes the change `--new-amount` asks for, once; `true` when the checkout moved onto the new session. A
    /// failure leaves the checkout on its session, as it was (the update is all or nothing), and is shown.
    func changeCartIfAsked() async -> Bool {
        guard let change = cartChange else { return false }
        cartChange = nil
        screen.title(text("cli.cartChange.title"))
        let previous = checkout.session.id
        do {
            let created = try await spinner.during(text("cli.cartChange.creating")) { try await change.createSession() }
            screen.line(text("cli.cartChange.created", [("session", .text(created.id))]))
            let update = try await spinner.during(text("cli.cartChange.moving")) {
                try await checkout.updateSession(widgetData: created.widgetData)
            }
            for line in CheckoutText.describe(update, on: checkout, text: text) { screen.line("  " + line) }
            forgetReleasedGiftCards(update)
            onSessionChange?(checkout.session.id)
            showSplit()
            return true
        } catch {
            screen.problem(
                text("cli.cartChange.unchanged", [("session", .text(previous)), ("reason", .text(reason(error)))]))
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
