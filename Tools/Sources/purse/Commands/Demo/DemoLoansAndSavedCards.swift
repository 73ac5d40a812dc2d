import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Buy now, pay later after a gift card, and a card saved without paying.
extension DemoTour {
    /// A gift card takes 100.00 EUR of a 250.00 EUR order; Oney 3x prices and pays the 150.00 EUR left: the schedule,
    /// its cost, the APR and the legal text are shown before the shopper approves on Oney's page.
    func payWithGiftCardAndOney() async throws {
        chapter("buy now, pay later", "a gift card, then Oney 3x pays the rest", order: .next)
        let checkout = try await openOrder(amount: 25000, what: "gift card and Oney 3x")
        guard let ogloba = checkout.secondaryMethods.first(where: { $0.id == "ogloba-giftcard" }),
            let oney = checkout.paymentMethods.first(where: { $0.id == "oney-cb3x" })
        else { throw Failure(description: "the session offers no ogloba gift card or oney-cb3x") }
        let giftCard = try await checkout.getSecondaryToken(
            method: ogloba, pan: TestData.oglobaPAN, cvv: TestData.oglobaPIN)
        let before = try await checkout.simulateLoan(method: oney)
        try checkout.applySecondary(giftCard)
        let plan = try await checkout.simulateLoan(method: oney)
        record(
            "simulated after the gift card",
            checkout.isStale(before) && !checkout.isStale(plan) && plan.amount == checkout.primaryAmount
                && plan.amount == 150,
            "the gift card pays \(money(share(of: giftCard.id, in: checkout))) EUR; Oney prices the "
                + "\(money(plan.amount)) EUR left (the plan for \(money(before.amount)) EUR is now stale)")
        for installment in plan.schedule {
            story.detail(
                "instalment \(installment.number)  \(day(installment.dueDate))  \(money(installment.amount)) EUR")
        }
        story.detail(
            "total \(money(plan.totalAmount)) EUR, of which the loan costs \(money(plan.totalCost)) EUR; TAEG "
                + "\(plan.aprc.map { "\($0)" } ?? "-") %")
        if let legal = plan.legalText { story.detail(legal) }
        record(
            "schedule adds up", plan.schedule.map(\.amount).reduce(0, +) == plan.totalAmount,
            "\(plan.installmentCount) instalments add up to \(money(plan.totalAmount)) EUR, to the cent")
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .primaryMethod(oney), redirect: presenter)
        try checkout.setPrimary(oney)
        await element.prepare()
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record("Oney's page", isReturn(outcome), "the shopper approved the plan on Oney's page: \(describe(outcome))")
        try await confirm(checkout.session.id)
    }

    /// `2026-02-28`: a due date, in UTC.
    func day(_ date: Date) -> String {
        String(
            ISO8601DateFormatter.string(
                from: date, timeZone: TimeZone(secondsFromGMT: 0) ?? .current, formatOptions: .withFullDate))
    }

    /// A session of amount 0 with `allow_future_usage`: the shopper saves a card for later; nothing is charged.
    func saveCardForLater() async throws {
        chapter(
            "save a card", "save a card for later (an information request: amount 0, nothing charged)", order: .next)
        let charges = sandbox?.stats().charges ?? 0
        let checkout = try await openOrder(amount: 0, what: "save a card", allowFutureUsage: true)
        guard let card = checkout.paymentMethods.first else {
            throw Failure(description: "the information request offers no card method")
        }
        record(
            "only off-session methods", checkout.isInformationRequest && checkout.paymentMethods.count == 1,
            "an information request offers \(checkout.paymentMethods.map(\.id).joined(separator: ", ")) "
                + "(registration_mode OFF_SESSION) and no gift cards")
        let savedBefore = checkout.paymentTokens.count
        try checkout.registerMethod(card, registered: true, name: "Spare card")
        let element = checkout.paymentElement(for: .primaryMethod(card))
        await element.prepare()
        guard let form = element.cardForm else { throw Failure(description: "\(card.id) has no card form") }
        form.holderName = "Camille Martin"
        form.pan = TestData.spareCardPAN
        form.expiry = "12/34"
        form.cvv = TestData.spareCardCVV
        var waited = 0
        while form.isLookingUpBrand && waited < 250 {  // the vault's BIN look-up, over loopback
            try? await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        let outcome = await element.submitAndWait()
        let saved = checkout.paymentTokens.first { $0.name == "Spare card" }
        record(
            "card saved", isSuccess(outcome) && saved != nil && checkout.paymentTokens.count == savedBefore + 1,
            "the card is in the wallet: \(saved.map(describe) ?? "missing") (\(describe(outcome)))")
        let charged = (sandbox?.stats().charges ?? 0) - charges
        record("nothing charged", charged == 0, "the sandbox counted \(charged) charges for it")
    }
}
