import Foundation
import PurseHeadlessCheckout

/// The methods French shops add to cards: the Oney card and ANCV Chèques-Vacances Connect.
extension DemoTour {
    /// The sandbox's Oney card that pays (19 digits, no security code) and the holder's date of birth typed for it.
    static let oneyCardPAN = "6015000000000000010"
    static let oneyBirthDate = "12041985"

    /// A chapter: a 129.00 EUR order paid with an Oney card. The vault's BIN look-up says ONEY, so the form asks
    /// for the holder's date of birth instead of a security code; the vault receives neither.
    func payWithOneyCard() async throws {
        chapter("Oney card", text("cli.demo.oneyCard.title"), order: .next)
        let checkout = try await openOrder(amount: 12900, what: "oneyCard")
        guard let method = checkout.paymentMethods.first(where: { $0.id == "oneycard-comptant" }) else {
            throw notOffered(["oneycard-comptant"])
        }
        let element = checkout.paymentElement(for: .primaryMethod(method))
        try checkout.setPrimary(method)
        await element.prepare()
        guard let form = element.cardForm else { throw notOffered(["oneycard-comptant"]) }
        form.testingFields.pan = Self.oneyCardPAN
        form.expiry = "12/34"
        // What the scripted shopper types, not a text shown to them.
        form.holderName = "Camille Martin"  // not shopper text
        for _ in 0..<250 where form.isLookingUpBrand {  // the vault's BIN look-up names the brand: at most 5 s
            try? await Task.sleep(for: .milliseconds(20))
        }
        let asksBirthDate = form.brand == .oney && form.requiresBirthDate && form.acceptedCVVLengths.isEmpty
        form.birthDate = Self.oneyBirthDate
        record(
            "date of birth", asksBirthDate && element.isReady && form.isoBirthDate != nil,
            text(
                "cli.demo.oneyCard.form",
                [("card", .text(form.maskedPAN ?? "?")), ("fields", .text(fieldNames(form.shownFields)))]))
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record(
            "Oney card paid", isSuccess(outcome),
            text("cli.demo.oneyCard.paid", [("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    /// The fields' titles in the story's language, joined: "Card number, Expiry date, Date of birth, …".
    private func fieldNames(_ fields: [CardField]) -> String {
        fields.map { text.localizer.string($0.titleMessage) }.joined(separator: ", ")
    }

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
