import Foundation
import PurseHeadlessCheckout

/// The methods French shops add to cards: ANCV Chèques-Vacances Connect.
extension DemoTour {
    /// The sandbox's ANCV Connect account that approves at the checkout's third look (two polls, 2 s apart).
    static let ancvAccount = "ANCV0001"

    /// A chapter: a 95.00 EUR order paid with Chèques-Vacances. The shopper types their ANCV Connect identifier,
    /// approves in the ANCV app, and the checkout polls `/init` until the approval arrives (about 4 s of real time
    /// here); the approved amount then pays the whole order.
    func payWithAncvConnect() async throws {
        chapter("ANCV Connect", text("cli.demo.ancv.title"), order: .next)
        let checkout = try await openOrder(amount: 9500, what: "ancv")
        guard let ancv = checkout.secondaryMethods.first(where: { $0.id == "ancv-connect" }) else {
            throw notOffered(["ancv-connect"])
        }
        story.detail(text("cli.demo.ancv.waiting", [("account", .text(Self.ancvAccount))]))
        let started = ContinuousClock.now
        let token = try await checkout.getSecondaryToken(method: ancv, pan: Self.ancvAccount, cvv: nil)
        let waited = (ContinuousClock.now - started).components.seconds
        try checkout.applySecondary(token)
        record(
            "ancv approval",
            token.balance == 95 && checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0,
            text(
                "cli.demo.ancv.approved",
                [("amount", amount(token.balance)), ("seconds", .text("\(waited)"))]))
        showSplit(of: checkout)
        let result = try await checkout.submitPayment()
        record(
            "ancv payment", result.globalStatus == .success,
            text("cli.demo.ancv.paid", [("status", .text(result.globalStatus.rawValue))]))
        try await confirm(checkout.session.id)
    }
}
