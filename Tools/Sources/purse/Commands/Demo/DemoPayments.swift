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
            throw Failure(description: "the demo shopper's saved instrument '\(slug)' is not listed")
        }
        return token
    }

    /// A chapter: the first order, and everything the shopper can pay it with.
    func showWhatTheShopperSees() async throws -> PurseHeadlessCheckout {
        chapter("listing", "what the shopper can pay 120.00 EUR with", order: .next)
        let checkout = try await openOrder(amount: 12000, what: "gift cards and a saved card")
        for method in checkout.paymentMethods + checkout.session.unstablePrimaryMethods {
            let row =
                checkout.availability(of: method).reason.map { CheckoutText.whyUnavailable($0) }
                ?? kind(of: method, in: checkout)
            story.detail("method     \(padded(method.id, 28)) \(row)")
        }
        for token in checkout.paymentTokens {
            let rule =
                token.isVaultedCard ? (token.requiresCVV ? "asks for its CVV" : "pays without CVV") : "no CVV"
            let row =
                checkout.availability(of: token).reason.map { CheckoutText.whyUnavailable($0) }
                ?? rule + (token.favorite ? ", favorite" : "")
            story.detail("saved      \(padded(describe(token), 28)) \(row)")
        }
        for giftCard in checkout.secondaryMethods {
            let row =
                checkout.availability(of: giftCard).reason.map { CheckoutText.whyUnavailable($0) }
                ?? "up to \(CheckoutText.money(checkout.headroom(of: giftCard).reach, exponent: 2)) EUR"
            story.detail("gift card  \(padded(giftCard.id, 28)) \(row)")
        }
        var pending: [String] = []
        for saved in checkout.savedSecondaryTokens {
            let reason = checkout.availability(of: saved).reason
            if reason?.cause == .balancePending { pending.append(saved.id) }
            let row =
                reason.map { CheckoutText.whyUnavailable($0) }
                ?? "balance \(CheckoutText.money(saved.balance, exponent: 2)) EUR"
            story.detail("saved gift \(padded(saved.name ?? saved.id, 28)) \(row)")
        }
        if !pending.isEmpty {
            // The look-ups run in the background from the moment the checkout opens; a slow issuer answers later.
            await checkout.waitForSavedSecondaryBalances()
            for saved in checkout.savedSecondaryTokens where pending.contains(saved.id) {
                let row =
                    checkout.availability(of: saved).reason.map { CheckoutText.whyUnavailable($0) }
                    ?? "balance \(CheckoutText.money(saved.balance, exponent: 2)) EUR, read in the background"
                story.detail("saved gift \(padded(saved.name ?? saved.id, 28)) \(row)")
            }
        }
        record(
            "listing", !checkout.paymentMethods.isEmpty && !checkout.paymentTokens.isEmpty,
            "\(checkout.paymentMethods.count) methods, \(checkout.paymentTokens.count) saved instruments, "
                + "\(checkout.secondaryMethods.count) gift-card methods, \(checkout.savedSecondaryTokens.count) saved gift cards"
        )
        return checkout
    }

    /// A chapter: an Illicado card as a capped slice, a Buybox card for as much as it may pay, then the saved
    /// Visa with its CVV typed into the element's field.
    func payWithGiftCardsAndCVV(_ checkout: PurseHeadlessCheckout) async throws {
        chapter("gift cards", "two gift cards take their share", order: .current)
        guard let illicado = checkout.secondaryMethods.first(where: { $0.id == "illicado-giftcard" }),
            let buybox = checkout.secondaryMethods.first(where: { $0.id == "buybox-giftcard" })
        else { throw Failure(description: "the session offers no illicado or buybox gift cards") }

        let first = try await checkout.getSecondaryToken(
            method: illicado, pan: TestData.illicadoPAN, cvv: TestData.illicadoPIN)
        try checkout.applySecondary(first, amount: 20)
        record(
            "illicado slice",
            share(of: first.id, in: checkout) == 20 && checkout.remainingAmountToPay == 100,
            "Illicado card •••• \(Self.lastFour(first.pan) ?? "?") (balance \(money(first.balance)) EUR) pays a capped "
                + "slice of 20.00 EUR; left to pay: \(money(checkout.remainingAmountToPay)) EUR")
        showSplit(of: checkout)

        let second = try await checkout.getSecondaryToken(
            method: buybox, pan: TestData.buyboxPAN, cvv: TestData.buyboxCVV)
        try checkout.applySecondary(second)
        record(
            "buybox as needed",
            share(of: second.id, in: checkout) == 50 && checkout.remainingAmountToPay == 50,
            "Buybox card •••• \(Self.lastFour(second.pan) ?? "?") (balance \(money(second.balance)) EUR) pays as much as "
                + "it may: \(money(share(of: second.id, in: checkout))) EUR (Buybox caps a payment at 50 EUR); "
                + "left to pay: \(money(checkout.remainingAmountToPay)) EUR")
        showSplit(of: checkout)

        chapter("saved card with CVV", "the rest on the saved Visa, which asks for its CVV", order: .current)
        let card = try savedInstrument(TestData.cvvCardSlug, in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(card), redirect: shopper([.approve]))
        try checkout.setPrimaryToken(card)
        await element.prepare()
        let waitsForCVV = !element.isReady && !checkout.isPaymentFulfilled && element.cvvField != nil
        element.cvvField?.cvv = TestData.savedVisaCVV
        record(
            "cvv typed", waitsForCVV && element.isReady && checkout.isPaymentFulfilled,
            "\(describe(card)) waits for its CVV; once typed (•••) the order is fulfilled")
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record("submit", isSuccess(outcome), "one submit pays all three shares: \(describe(outcome))")
        try await confirm(checkout.session.id)
    }

    /// A chapter: a second order on the saved Visa enrolled in 3-D Secure: no CVV, a challenge page the
    /// shopper approves.
    func payWithThreeDSecure() async throws {
        chapter("3-D Secure", "a saved card through a 3-D Secure challenge", order: .next)
        let checkout = try await openOrder(amount: 4299, what: "3-D Secure")
        let card = try savedInstrument(TestData.threeDSCardSlug, in: checkout)
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .paymentToken(card), redirect: presenter)
        try checkout.setPrimaryToken(card)
        await element.prepare()
        record(
            "selection", card.paysWithoutCVV && element.isReady,
            "\(describe(card)) pays without CVV: the element is ready at once")
        let outcome = await element.submitAndWait()
        let challenge = presenter.presented.first?.url?.path.contains("/3ds/") ?? false
        record(
            "challenge", challenge && isReturn(outcome),
            "the bank's challenge page opened, the shopper approved it: \(describe(outcome))")
        try await confirm(checkout.session.id)
    }

    /// A chapter: a gift card, then Apple Pay pays the rest. There is no Apple Pay sheet off a device: the
    /// sandbox's test token `approve` stands for what the shopper's authorization would hand over.
    func payWithGiftCardAndApplePay() async throws {
        chapter(
            "Apple Pay", "a gift card, then Apple Pay pays the rest (sandbox test token, no sheet)", order: .next)
        let checkout = try await openOrder(amount: 4299, what: "Apple Pay")
        guard let illicado = checkout.secondaryMethods.first(where: { $0.id == "illicado-giftcard" }),
            let applePay = checkout.paymentMethods.first(where: { $0.method == .applepay })
        else { throw Failure(description: "the session offers no illicado gift card or Apple Pay") }
        let giftCard = try await checkout.getSecondaryToken(
            method: illicado, pan: TestData.illicadoPAN, cvv: TestData.illicadoPIN)
        try checkout.applySecondary(giftCard, amount: 10)
        try checkout.setPrimary(applePay)
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        let sheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
        element.applePaySheet = sheet
        await element.prepare()
        let request = try element.applePayRequest()
        let lines = request.summaryItems.map { "\($0.label) \(money($0.amount))" }.joined(separator: ", ")
        record(
            "sheet", request.total.amount == Decimal(string: "32.99"),
            "\(applePay.id): the sheet would show \(lines) EUR (merchant \(request.merchantIdentifier))")
        showSplit(of: checkout)
        let outcome = await element.submitAndWait()
        record(
            "authorized", isSuccess(outcome) && sheet.presentedRequests.count == 1,
            "the shopper authorizes (sandbox token approve); init-xpay, then one /validate pays both shares: "
                + describe(outcome))
        try await confirm(checkout.session.id)
    }

    /// A chapter: a third order paid on the PSP's hosted page.
    func payByRedirection() async throws {
        chapter("redirection", "paid by instant transfer on the PSP's page", order: .next)
        let checkout = try await openOrder(amount: 2500, what: "redirection")
        guard let method = checkout.paymentMethods.first(where: { $0.id == "fintecture-instantpayment" }) else {
            throw Failure(description: "the session offers no fintecture-instantpayment")
        }
        let presenter = shopper([.approve])
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
        try checkout.setPrimary(method)
        await element.prepare()
        let outcome = await element.submitAndWait()
        let page = presenter.presented.first?.url.map { "\($0.host ?? "?")\($0.path)" } ?? "no page"
        record(
            "hosted page", isReturn(outcome),
            "\(method.id): the shopper approved on \(page): \(describe(outcome))")
        try await confirm(checkout.session.id)
    }

    // MARK: - Helpers

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
        case is any RedirectionPlugin: return "redirection (hosted page)"
        case is any CardPlugin: return "card (\(method.template))"
        case is any PayPalPlugin: return "PayPal"
        case is any ApplePayPlugin: return "Apple Pay (a sandbox test token here: no sheet off a device)"
        case is any SecondaryPlugin: return "gift card"
        case .some(let plugin): return "\(type(of: plugin))"
        case .none: return method.template
        }
    }
}
