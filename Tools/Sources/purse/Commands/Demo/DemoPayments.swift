import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// The paying chapters: what the shopper sees, two gift cards and a saved card with its CVV, a 3-D Secure
/// challenge, and a redirection method.
extension DemoTour {
    /// Catalogue test data (`purse sandbox --catalogue`). Numbers are typed into the SDK, never printed.
    enum TestData {
        static let illicadoPAN = "6003580000000000011"
        static let illicadoPIN = "1234"
        static let buyboxPAN = "9250000000000018"
        static let buyboxCVV = "123"
        static let savedVisaCVV = "123"
        static let oglobaPAN = "7000000000000000014"
        static let oglobaPIN = "4321"
        static let spareCardPAN = "5555555555554444"
        static let spareCardCVV = "123"
        static let cvvCardSlug = "visa-requires-cvv"
        static let threeDSCardSlug = "visa-3ds-no-label"
    }

    /// The demo shopper's saved instrument `slug`, as `checkout` lists it.
    func savedInstrument(_ slug: String, in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        let id = sandbox?.catalogue.shopper(PurseSandbox.demoShopper)?.token(slug)?.id
        guard let token = checkout.paymentTokens.first(where: { $0.id == id }) else {
            throw failure("instrumentNotListed", [("slug", .text(slug))])
        }
        return token
    }

    /// A chapter: the first order, and everything the shopper can pay it with.
    func showWhatTheShopperSees() async throws -> PurseHeadlessCheckout {
        chapter("listing", text("cli.demo.listing.title", [("amount", amount(120))]), order: .next)
        let checkout = try await openOrder(amount: 12000, what: "listing")
        // The rows are a table: a column of kinds (as wide as the longest, plus one space), a column of items.
        let label = Dictionary(
            uniqueKeysWithValues: ["method", "saved", "giftCard", "savedGiftCard"].map {
                ($0, text("cli.demo.listing.kind." + $0))
            })
        let width = (label.values.map(\.count).max() ?? 0) + 1
        func row(_ kind: String, _ item: String, _ what: String) {
            story.detail(padded(label[kind] ?? kind, width) + padded(item, 28) + " " + what)
        }
        func why(_ reason: UnavailableReason) -> String { CheckoutText.whyUnavailable(reason, text: text) }
        for method in checkout.paymentMethods + checkout.session.unstablePrimaryMethods {
            row(
                "method", method.id, checkout.availability(of: method).reason.map(why) ?? kind(of: method, in: checkout)
            )
        }
        for token in checkout.paymentTokens {
            let rule = text(
                token.isVaultedCard
                    ? (token.requiresCVV ? "cli.demo.listing.asksCVV" : "cli.demo.listing.paysWithoutCVV")
                    : "cli.demo.listing.noCVV")
            row(
                "saved", describe(token),
                checkout.availability(of: token).reason.map(why)
                    ?? (token.favorite ? text("cli.demo.listing.favorite", [("rule", .text(rule))]) : rule))
        }
        for giftCard in checkout.secondaryMethods {
            row(
                "giftCard", giftCard.id,
                checkout.availability(of: giftCard).reason.map(why)
                    ?? text("cli.demo.listing.upTo", [("amount", amount(checkout.headroom(of: giftCard).reach))]))
        }
        // The balances are read in the background from the moment the checkout opens (a slow issuer answers later):
        // each saved gift card is listed once, when its look-up has answered.
        let pending = Set(
            checkout.savedSecondaryTokens.filter { checkout.availability(of: $0).reason?.cause == .balancePending }
                .map(\.id))
        if !pending.isEmpty { await checkout.waitForSavedSecondaryBalances() }
        for saved in checkout.savedSecondaryTokens {
            let balance = pending.contains(saved.id) ? "cli.demo.listing.balanceLater" : "cli.demo.listing.balance"
            row(
                "savedGiftCard", saved.name ?? saved.id,
                checkout.availability(of: saved).reason.map(why) ?? text(balance, [("amount", amount(saved.balance))]))
        }
        func counted(_ key: String, _ count: Int) -> PurseMessage.Value {
            .text(text("cli.demo.listing.count." + key, [("count", .count(count))], plural: "count"))
        }
        record(
            "listing", !checkout.paymentMethods.isEmpty && !checkout.paymentTokens.isEmpty,
            text(
                "cli.demo.listing.counts",
                [
                    ("methods", counted("methods", checkout.paymentMethods.count)),
                    ("saved", counted("saved", checkout.paymentTokens.count)),
                    ("giftCardMethods", counted("giftCardMethods", checkout.secondaryMethods.count)),
                    ("savedGiftCards", counted("savedGiftCards", checkout.savedSecondaryTokens.count)),
                ]))
        return checkout
    }

    /// A chapter: an Illicado card as a capped slice, a Buybox card for as much as it may pay, then the saved
    /// Visa with its CVV typed into the element's field.
    func payWithGiftCardsAndCVV(_ checkout: PurseHeadlessCheckout) async throws {
        chapter("gift cards", text("cli.demo.giftCards.title"), order: .current)
        guard let illicado = checkout.secondaryMethods.first(where: { $0.id == "illicado-giftcard" }),
            let buybox = checkout.secondaryMethods.first(where: { $0.id == "buybox-giftcard" })
        else { throw notOffered(["illicado-giftcard", "buybox-giftcard"]) }

        let first = try await checkout.getSecondaryToken(
            method: illicado, pan: TestData.illicadoPAN, cvv: TestData.illicadoPIN)
        try checkout.applySecondary(first, amount: 20)
        record(
            "illicado slice",
            share(of: first.id, in: checkout) == 20 && checkout.remainingAmountToPay == 100,
            text(
                "cli.demo.giftCards.illicado",
                [
                    ("last4", .text(Self.lastFour(first.pan) ?? "?")), ("balance", amount(first.balance)),
                    ("slice", amount(20)), ("rest", amount(checkout.remainingAmountToPay)),
                ]))
        showSplit(of: checkout)

        let second = try await checkout.getSecondaryToken(
            method: buybox, pan: TestData.buyboxPAN, cvv: TestData.buyboxCVV)
        try checkout.applySecondary(second)
        record(
            "buybox as needed",
            share(of: second.id, in: checkout) == 50 && checkout.remainingAmountToPay == 50,
            text(
                "cli.demo.giftCards.buybox",
                [
                    ("last4", .text(Self.lastFour(second.pan) ?? "?")), ("balance", amount(second.balance)),
                    ("share", amount(share(of: second.id, in: checkout))),
                    ("rest", amount(checkout.remainingAmountToPay)),
                ]))
        showSplit(of: checkout)

        chapter("saved card with CVV", text("cli.demo.cvv.title"), order: .current)
        let card = try savedInstrument(TestData.cvvCardSlug, in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(card), redirect: shopper([.approve]))
        try checkout.setPrimaryToken(card)
        await element.prepare()
        let waitsForCVV = !element.isReady && !checkout.isPaymentFulfilled && element.cvvField != nil
        element.cvvField?.testingField.cvv = TestData.savedVisaCVV
        record(
            "cvv typed", waitsForCVV && element.isReady && checkout.isPaymentFulfilled,
            text("cli.demo.cvv.typed", [("card", .text(describe(card)))]))
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record(
            "submit", isSuccess(outcome), text("cli.demo.cvv.submit", [("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    /// A chapter: a second order on the saved Visa enrolled in 3-D Secure: no CVV, a challenge page the
    /// shopper approves.
    func payWithThreeDSecure() async throws {
        chapter("3-D Secure", text("cli.demo.threeDS.title"), order: .next)
        let checkout = try await openOrder(amount: 4299, what: "threeDS")
        let card = try savedInstrument(TestData.threeDSCardSlug, in: checkout)
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .paymentToken(card), redirect: presenter)
        try checkout.setPrimaryToken(card)
        await element.prepare()
        record(
            "selection", card.paysWithoutCVV && element.isReady,
            text("cli.demo.threeDS.selection", [("card", .text(describe(card)))]))
        let outcome = await element.submitAndWait()
        let challenge = presenter.presented.first?.url?.path.contains("/3ds/") ?? false
        record(
            "challenge", challenge && isReturn(outcome),
            text("cli.demo.threeDS.challenge", [("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    /// A chapter: a gift card, then Apple Pay pays the rest. There is no Apple Pay sheet off a device: the
    /// sandbox's test token `approve` stands for what the shopper's authorization would hand over.
    func payWithGiftCardAndApplePay() async throws {
        chapter("Apple Pay", text("cli.demo.applePay.title"), order: .next)
        let checkout = try await openOrder(amount: 4299, what: "applePay")
        guard let illicado = checkout.secondaryMethods.first(where: { $0.id == "illicado-giftcard" }),
            let applePay = checkout.paymentMethods.first(where: { $0.method == .applepay })
        else {
            // A method's id and a product's name, the same in every language.
            throw notOffered(["illicado-giftcard", "Apple Pay"])  // not shopper text
        }
        let giftCard = try await checkout.getSecondaryToken(
            method: illicado, pan: TestData.illicadoPAN, cvv: TestData.illicadoPIN)
        try checkout.applySecondary(giftCard, amount: 10)
        try checkout.setPrimary(applePay)
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        let sheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
        element.applePaySheet = sheet
        await element.prepare()
        let request = try element.applePayRequest()
        // English writes the lines' amounts as bare figures and the currency once, at the end, as before.
        let lines = request.summaryItems.map { item in
            "\(item.label) " + (text.isEnglish ? money(item.amount) : text(amount(item.amount)))
        }
        record(
            "sheet", request.total.amount == Decimal(string: "32.99"),
            text(
                "cli.demo.applePay.sheet",
                [
                    ("method", .text(applePay.id)), ("lines", .text(lines.joined(separator: ", "))),
                    ("merchant", .text(request.merchantIdentifier)),
                ]))
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record(
            "authorized", isSuccess(outcome) && sheet.presentedRequests.count == 1,
            text("cli.demo.applePay.authorized", [("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    /// A chapter: a third order paid on the PSP's hosted page.
    func payByRedirection() async throws {
        chapter("redirection", text("cli.demo.redirection.title"), order: .next)
        let checkout = try await openOrder(amount: 2500, what: "redirection")
        guard let method = checkout.paymentMethods.first(where: { $0.id == "fintecture-instantpayment" }) else {
            throw notOffered(["fintecture-instantpayment"])
        }
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
        try checkout.setPrimary(method)
        await element.prepare()
        let outcome = await element.submitAndWait()
        let page = presenter.presented.first?.url.map { "\($0.host ?? "?")\($0.path)" } ?? text("cli.demo.noPage")
        record(
            "hosted page", isReturn(outcome),
            text(
                "cli.demo.redirection.approved",
                [("method", .text(method.id)), ("page", .text(page)), ("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
    }

    // MARK: - Helpers

    /// The failure of a session that does not offer every method (or gift card) of `ids` a chapter needs.
    func notOffered(_ ids: [String]) -> Failure {
        ids.count == 1
            ? failure("notOffered", [("method", .text(ids[0]))])
            : failure("notAllOffered", [("methods", .text(ids.joined(separator: ", ")))])
    }

    func share(of id: String, in checkout: PurseHeadlessCheckout) -> Decimal {
        checkout.amountSplit.first { $0.id == id }?.amount ?? 0
    }

    func isSuccess(_ outcome: PaymentOutcome) -> Bool {
        if case .completed(let result) = outcome { return result.globalStatus == .success }
        return false
    }

    func isReturn(_ outcome: PaymentOutcome) -> Bool {
        if case .returnedFromRedirect = outcome { return true }
        return false
    }

    private func kind(of method: PrimaryMethod, in checkout: PurseHeadlessCheckout) -> String {
        switch PluginRegistry.shared.plugin(
            partner: method.partner, method: method.method, session: checkout.session.source)
        {
        case is any RedirectionPlugin: return text("cli.demo.kind.redirection")
        case is any CardPlugin: return text("cli.demo.kind.card", [("template", .text(method.template))])
        case is any PayPalPlugin: return "PayPal"
        case is any ApplePayPlugin: return text("cli.demo.kind.applePay")
        case is any SecondaryPlugin: return text("cli.demo.kind.giftCard")
        case .some(let plugin): return "\(type(of: plugin))"
        case .none: return method.template
        }
    }
}
