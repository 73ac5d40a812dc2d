import Foundation
import PurseHeadlessCheckout

/// The chapter where the cart changes while the shopper is on the payment screen.
extension DemoTour {
    /// Catalogue cards this chapter types (never printed): each is used by no other chapter.
    private enum CartCards {
        static let easy2playPAN = "8000000000000011"
        static let easy2playPIN = "111"
        static let mybeezboxPAN = "3000000000000013"
    }

    /// Chapter: two gift cards cover an 80.00 EUR order, then the shopper picks express delivery (+6.90 EUR). The
    /// backend creates a new client session for 86.90 EUR and the checkout moves onto it with `updateSession`:
    /// the cards stay, the one read against the smaller amount is read again and pays the difference.
    func payAfterTheCartChanges() async throws {
        chapter("cart changes", text("cli.demo.cartChange.title"), order: .next)
        let checkout = try await openOrder(amount: 8000, what: "cartChange")
        guard let easy2play = checkout.secondaryMethods.first(where: { $0.id == "easy2play-giftcard" }),
            let mybeezbox = checkout.secondaryMethods.first(where: { $0.id == "mybeezbox-giftcard" })
        else { throw notOffered(["easy2play-giftcard", "mybeezbox-giftcard"]) }
        let first = try await checkout.getSecondaryToken(
            method: easy2play, pan: CartCards.easy2playPAN, cvv: CartCards.easy2playPIN)
        try checkout.applySecondary(first)
        let second = try await checkout.getSecondaryToken(
            method: mybeezbox, pan: CartCards.mybeezboxPAN, cvv: nil)
        try checkout.applySecondary(second)
        record(
            "two gift cards", checkout.isPaymentFulfilled && checkout.amountSplit.count == 2,
            text(
                "cli.demo.cartChange.twoCards",
                [
                    ("first", .text(Self.lastFour(first.pan) ?? "?")),
                    ("second", .text(Self.lastFour(second.pan) ?? "?")),
                    ("amount", amount(checkout.amount)),
                ]))
        showSplit(of: checkout)

        let previous = checkout.session.id
        let reordered = try await reorder(amount: 8690, reference: "demo-cart-express")
        story.detail(
            text(
                "cli.demo.cartChange.express",
                [("fee", amount(Decimal(string: "6.90") ?? 0)), ("session", .text(reordered.id))]))
        let update = try await checkout.updateSession(widgetData: reordered.widgetData)
        for line in CheckoutText.describe(update, on: checkout, text: text) { story.detail(line) }
        record(
            "session updated",
            checkout.session.id == reordered.id && update.previousSessionID == previous
                && checkout.amount == Decimal(string: "86.90")
                && checkout.isPaymentFulfilled && update.secondaryShares.allSatisfy { $0.newID != nil },
            text("cli.demo.cartChange.moved", [("session", .text(reordered.id))]))
        showSplit(of: checkout)

        let result = try await checkout.submitPayment()
        record(
            "submit", result.globalStatus == .success,
            text("cli.demo.cartChange.submit", [("status", .text("\(result.globalStatus)"))]))
        try await confirm(checkout.session.id)
        try await recordConfirmedAmount("new amount confirmed", of: checkout.session.id, expected: 8690)
    }
}
