import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Buy now, pay later after a gift card, and a card saved without paying.
extension DemoTour {
    /// A gift card takes 100.00 EUR of a 250.00 EUR order; Oney 3x prices and pays the 150.00 EUR left: the schedule,
    /// its cost, the APR and the legal text are shown before the shopper approves on Oney's page.
    func payWithGiftCardAndOney() async throws {
        chapter("buy now, pay later", text("cli.demo.oney.title"), order: .next)
        let checkout = try await openOrder(amount: 25000, what: "oney")
        guard let ogloba = checkout.secondaryMethods.first(where: { $0.id == "ogloba-giftcard" }),
            let oney = checkout.paymentMethods.first(where: { $0.id == "oney-cb3x" })
        else { throw notOffered(["ogloba-giftcard", "oney-cb3x"]) }
        let giftCard = try await checkout.getSecondaryToken(
            method: ogloba, pan: TestData.oglobaPAN, cvv: TestData.oglobaPIN)
        let before = try await checkout.simulateLoan(method: oney)
        try checkout.applySecondary(giftCard)
        let plan = try await checkout.simulateLoan(method: oney)
        record(
            "simulated after the gift card",
            checkout.isStale(before) && !checkout.isStale(plan) && plan.amount == checkout.primaryAmount
                && plan.amount == 150,
            text(
                "cli.demo.oney.simulated",
                [
                    ("share", amount(share(of: giftCard.id, in: checkout))), ("left", amount(plan.amount)),
                    ("before", amount(before.amount)),
                ]))
        for installment in plan.schedule {
            story.detail(
                text(
                    "cli.demo.oney.installment",
                    [
                        ("number", .text("\(installment.number)")), ("date", .text(day(installment.dueDate))),
                        ("amount", amount(installment.amount, currency: plan.currency)),
                    ]))
        }
        // English writes the rate as the API gives it (`19.31`), another language as it writes numbers (`19,31`).
        let aprc = plan.aprc.map { text.isEnglish ? "\($0)" : $0.formatted(.number.locale(text.localizer.locale)) }
        story.detail(
            text(
                "cli.demo.oney.total",
                [
                    ("total", amount(plan.totalAmount, currency: plan.currency)),
                    ("cost", amount(plan.totalCost, currency: plan.currency)), ("aprc", .text(aprc ?? "-")),
                ]))
        if let legal = plan.legalText { story.detail(text("cli.loans.legalText", [("text", .text(legal))])) }
        record(
            "schedule adds up", plan.schedule.map(\.amount).reduce(0, +) == plan.totalAmount,
            text(
                "cli.demo.oney.addsUp",
                [
                    ("count", .count(plan.installmentCount)),
                    ("total", amount(plan.totalAmount, currency: plan.currency)),
                ],
                plural: "count"))
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .primaryMethod(oney), redirect: presenter)
        try checkout.setPrimary(oney)
        await element.prepare()
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record(
            "Oney's page", isReturn(outcome), text("cli.demo.oney.approved", [("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    /// A due date, in UTC: `2026-02-28` in English, as the story's language writes a date otherwise (`28/02/2026`).
    func day(_ date: Date) -> String {
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        guard !text.isEnglish else {
            return ISO8601DateFormatter.string(from: date, timeZone: utc, formatOptions: .withFullDate)
        }
        let formatter = DateFormatter()
        formatter.locale = text.localizer.locale
        formatter.timeZone = utc
        formatter.setLocalizedDateFormatFromTemplate("ddMMyyyy")
        return formatter.string(from: date)
    }

    /// A session of amount 0 with `allow_future_usage`: the shopper saves a card for later; nothing is charged.
    func saveCardForLater() async throws {
        chapter("save a card", text("cli.demo.saveCard.title"), order: .next)
        let charges = sandbox?.stats().charges ?? 0
        let checkout = try await openOrder(amount: 0, what: "saveCard", allowFutureUsage: true)
        guard let card = checkout.paymentMethods.first else { throw failure("noCardMethod") }
        record(
            "only off-session methods", checkout.isInformationRequest && checkout.paymentMethods.count == 1,
            text(
                "cli.demo.saveCard.offers",
                [("methods", .text(checkout.paymentMethods.map(\.id).joined(separator: ", ")))]))
        let savedBefore = checkout.paymentTokens.count
        // The name the shopper gives the card, in the shopper's language.
        let name = text("cli.demo.saveCard.name")
        try checkout.registerMethod(card, registered: true, name: name)
        let element = checkout.paymentElement(for: .primaryMethod(card))
        await element.prepare()
        guard let form = element.cardForm else { throw failure("noCardForm", [("method", .text(card.id))]) }
        // What the shopper types into the form: a name, the same in every language.
        form.holderName = "Camille Martin"  // not shopper text
        form.testingFields.pan = TestData.spareCardPAN
        form.expiry = "12/34"
        form.testingFields.cvv = TestData.spareCardCVV
        var waited = 0
        while form.isLookingUpBrand && waited < 250 {  // the vault's BIN look-up, over loopback
            try? await Task.sleep(for: .milliseconds(20))
            waited += 1
        }
        let outcome = await element.submitAndWait()
        let saved = checkout.paymentTokens.first { $0.name == name }
        record(
            "card saved", isSuccess(outcome) && saved != nil && checkout.paymentTokens.count == savedBefore + 1,
            text(
                "cli.demo.saveCard.saved",
                [
                    ("card", .text(saved.map(describe) ?? text("cli.demo.missing"))),
                    ("outcome", .text(describe(outcome))),
                ]))
        let charged = (sandbox?.stats().charges ?? 0) - charges
        record(
            "nothing charged", charged == 0,
            text("cli.demo.saveCard.charges", [("count", .count(charged))], plural: "count"))
    }
}
