import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// The dialogue of `purse checkout`: what the shopper can pay with, gift cards with the split after each,
/// the instrument that pays the rest (its CVV typed with echo off), a confirmation, then one submit.
///
/// It knows where it is (``phase``), so that Ctrl-C can do the right thing: cancel at a question (nothing is
/// sent until the shopper confirms), but never abandon a payment already sent.
@MainActor
final class InteractiveCheckout {
    /// Where the dialogue is.
    enum Phase: Equatable {
        /// Questions and read-only calls (balances, opening): Ctrl-C cancels, nothing is charged.
        case choosing
        /// `/validate` is under way: the payment is completed and reported whatever happens.
        case submitting
        /// The payment waits on a hosted page.
        case waitingForPage
        /// The outcome is known.
        case done
    }

    /// How the dialogue ended.
    enum Ending {
        /// The payment was sent; this is what the SDK reported.
        case submitted(PaymentOutcome)
        /// The shopper did not confirm: nothing was sent.
        case notConfirmed
        /// The input ended at this question: nothing was sent.
        case inputEnded(question: String)
        /// Nothing in the session can pay the rest from a terminal.
        case cannotPay(String)
    }

    private(set) var phase: Phase = .choosing
    let checkout: PurseHeadlessCheckout
    let presenter: TerminalRedirectPresenter
    let screen: CheckoutScreen
    let input: TerminalInput
    let spinner: Spinner
    /// The dialogue's words, in the checkout's language.
    let text: CLIText
    var exponent: Int { Currency(code: checkout.currency).exponent }

    struct InputEnded: Error {
        let question: String
    }

    init(
        checkout: PurseHeadlessCheckout, presenter: TerminalRedirectPresenter, screen: CheckoutScreen,
        input: TerminalInput, spinner: Spinner, text: CLIText
    ) {
        self.text = text
        self.checkout = checkout
        self.presenter = presenter
        self.screen = screen
        self.input = input
        self.spinner = spinner
        presenter.onWaiting = { [weak self] waiting in
            guard let self else { return }
            self.phase = waiting ? .waitingForPage : .submitting
            self.spinner.isSuspended = waiting
        }
    }

    /// Runs the dialogue to its end.
    func run() async -> Ending {
        do {
            await loadPlans()
            var options = primaryOptions()
            showOrder(options)
            try await addGiftCards()
            if await changeCartIfAsked() {
                options = primaryOptions()  // the new session's methods, and their availability on it
                try await addGiftCards()  // the new amount may leave something for another card
            }
            var element: PaymentElement?
            while true {
                if checkout.remainingAmountToPay > 0 {
                    guard options.contains(where: { $0.unavailable == nil }) else {
                        return .cannotPay(text("cli.checkout.cannotPayFromTerminal"))
                    }
                    element = try await choosePrimary(options)
                }
                screen.title(text("cli.checkout.toPay"))
                showSplit()
                let total = amount(checkout.amount)
                let question =
                    cartChange == nil
                    ? text("cli.checkout.payNow", [("total", total)])
                    : text("cli.checkout.payNowOrChange", [("total", total)])
                let answer = try await ask(question)
                if asksForCartChange(answer) {
                    if try await changeCartInteractively() {
                        options = primaryOptions()
                        // The primary left the split (dropped, or the gift cards now pay everything): its element
                        // no longer pays; what is left is chosen again above.
                        if !checkout.amountSplit.contains(where: { $0.isPrimary && $0.amount > 0 }) {
                            checkout.clearPrimary()
                            element = nil
                        }
                    }
                    continue
                }
                guard text.isYes(answer) else { return .notConfirmed }
                return .submitted(await submit(element))
            }
        } catch {
            return .inputEnded(question: error.question)
        }
    }

    // MARK: - What the shopper sees

    /// A saved instrument or method that can pay the rest, as the menu lists it.
    struct PrimaryOption {
        let item: PaymentItem
        let title: String
        let note: String
        /// Why it cannot pay from here, or `nil`.
        let unavailable: String?
    }

    /// The menu: what a shopper's app lists. What an app hides (no plugin pays it on this platform) is left out
    /// unless `--all-methods` asks for it.
    func primaryOptions() -> [PrimaryOption] {
        var options: [PrimaryOption] = []
        for token in checkout.paymentTokens {
            let note: String
            if !token.isVaultedCard {
                note = text("cli.checkout.note.savedAccount")
            } else if token.requiresBirthDate {
                note = text("cli.checkout.note.savedCardBirthDate")
            } else {
                note = text(token.requiresCVV ? "cli.checkout.note.savedCardCVV" : "cli.checkout.note.savedCardNoCVV")
            }
            options += option(.paymentToken(token), title: CheckoutText.describe(token), note: note)
        }
        for method in checkout.paymentMethods + checkout.session.unstablePrimaryMethods {
            options += option(.primaryMethod(method), title: method.id, note: kind(of: method))
        }
        return options
    }

    private func option(_ item: PaymentItem, title: String, note: String) -> [PrimaryOption] {
        // The checkout's availability: the same rule setPrimary applies, for the split as it stands.
        let reason = checkout.availability(of: item).reason
        if let reason, reason.shouldBeHidden, !showsEveryMethod { return [] }
        var unavailable = reason.map { CheckoutText.whyUnavailable($0, text: text) }
        if unavailable == nil, case .primaryMethod(let method) = item, let refusal = planRefusals[method.id] {
            if refusal.hidden, !showsEveryMethod { return [] }
            unavailable =
                refusal.hidden ? text("cli.unavailable.hidden", [("text", .text(refusal.reason))]) : refusal.reason
        }
        return [PrimaryOption(item: item, title: title, note: note, unavailable: unavailable)]
    }

    private func kind(of method: PrimaryMethod) -> String {
        switch PluginRegistry.shared.plugin(
            partner: method.partner, method: method.method, session: checkout.session.source)
        {
        case is any RedirectionPlugin: return text("cli.checkout.kind.redirection")
        case is any CardPlugin: return text("cli.checkout.kind.card")
        case is any PayPalPlugin: return "PayPal"
        case is any ApplePayPlugin: return text("cli.checkout.kind.applePay")
        default: return method.template
        }
    }

    private func showOrder(_ options: [PrimaryOption]) {
        screen.title(
            text("cli.checkout.order", [("total", amount(checkout.amount)), ("session", .text(checkout.session.id))]))
        screen.line(text("cli.checkout.payWith"))
        showMenu(options)
        if !checkout.secondaryMethods.isEmpty {
            let methods = checkout.secondaryMethods.map(\.id).joined(separator: ", ")
            screen.line(text("cli.checkout.giftCardsAccepted", [("methods", .text(methods))]))
        }
    }

    private func showMenu(_ options: [PrimaryOption]) {
        let width = min(36, (options.map(\.title.count).max() ?? 0) + 2)
        for (index, option) in options.enumerated() {
            let number = CheckoutText.padded("\(index + 1))", 4)
            let text = "  \(number)\(CheckoutText.padded(option.title, width))\(option.note)"
            screen.line(option.unavailable.map { screen.console.dim(text + " — \($0)") } ?? text)
            if case .primaryMethod(let method) = option.item, let plan = plans[method.id] {
                for line in plan { screen.line("        " + line) }
            }
        }
    }

    func showSplit() {
        for entry in checkout.amountSplit {
            screen.line(
                "  \(CheckoutText.padded(label(of: entry), 34)) \(text(amount(entry.amount)))"
                    + (entry.isPrimary ? text("cli.checkout.paysTheRest") : ""))
        }
        let left = CheckoutText.padded(text("cli.checkout.leftToPay"), 34)
        screen.line("  \(left) \(text(amount(checkout.remainingAmountToPay)))")
    }

    /// A split line's name: the instrument for a saved token, the method otherwise; never card digits beyond
    /// the last four.
    private func label(of entry: AmountSplitEntry) -> String {
        if let token = checkout.paymentTokens.first(where: { $0.id == entry.id }) {
            return CheckoutText.describe(token)
        }
        if let saved = checkout.savedSecondaryTokens.first(where: { $0.id == entry.id }) {
            return CheckoutText.describe(saved)
        }
        if let fresh = appliedGiftCards[entry.id] { return "\(fresh.methodID) \(fresh.maskedPAN)" }
        return "\(entry.partner.rawValue)-\(entry.method.rawValue)"
    }

    /// How the cart can change (the embedded sandbox only): `--new-amount` after the gift cards, or the shopper at
    /// the confirmation; `nil` when no backend here can create a client session.
    var cartChange: CartChange?
    /// Told the new client session's id when the checkout moves onto it.
    var onSessionChange: ((String) -> Void)?

    /// Gift cards typed in this session, by token id (for the split's labels).
    var appliedGiftCards: [String: SecondaryToken] = [:]
    /// The loan plan of each simulable method for what it would pay now, as lines under the method in the menu.
    var plans: [String: [String]] = [:]
    /// Why a simulable method has no plan for what it would pay now, and whether an app hides it: out of the
    /// lender's range (HTTP 422) is hidden, as a method whose session rules cannot reach the amount is
    /// (`AMOUNT_CONDITION_UNREACHABLE`); another failure leaves it listed, unavailable, with why.
    var planRefusals: [String: (reason: String, hidden: Bool)] = [:]
    /// `--all-methods`: list what an app hides too.
    var showsEveryMethod = false

    // MARK: - The instrument that pays the rest

    private func choosePrimary(_ options: [PrimaryOption]) async throws(InputEnded) -> PaymentElement {
        await loadPlans()  // the gift cards changed what a loan would finance
        let options = primaryOptions()  // and which loans have a plan
        screen.title(text("cli.checkout.payTheRest"))
        // The list printed with the order has scrolled away behind the gift cards: show it again.
        showMenu(options)
        while true {
            let answer = try await ask(
                text(
                    "cli.checkout.payRestWith",
                    [("rest", amount(checkout.remainingAmountToPay)), ("count", .text(String(options.count)))]))
            guard let index = Int(answer), options.indices.contains(index - 1) else {
                screen.problem(text("cli.checkout.typeNumber", [("count", .text(String(options.count)))]))
                showMenu(options)
                continue
            }
            let option = options[index - 1]
            if let unavailable = option.unavailable {
                screen.problem(
                    text(
                        "cli.checkout.optionUnavailable",
                        [("option", .text(option.title)), ("reason", .text(unavailable))]))
                continue
            }
            if let element = try await prepare(option) { return element }
            checkout.clearPrimary()
        }
    }

    /// Selects the option and collects its input; `nil` when it cannot pay the rest (the reason is printed).
    private func prepare(_ option: PrimaryOption) async throws(InputEnded) -> PaymentElement? {
        let element = checkout.paymentElement(for: option.item, redirect: presenter)
        do {
            switch option.item {
            case .paymentToken(let token): try checkout.setPrimaryToken(token)
            case .primaryMethod(let method): try checkout.setPrimary(method)
            }
        } catch {
            screen.problem(cannotPay(option, error))
            return nil
        }
        await spinner.during(text("cli.checkout.preparing", [("option", .text(option.title))])) {
            await element.prepare()
        }
        if case .failed(let error) = element.lastOutcome {
            screen.problem(cannotPay(option, error))
            return nil
        }
        if element.applePaySheet == nil, (try? element.applePayRequest()) != nil {
            try await chooseApplePayToken(for: element)
        }
        if let field = element.cvvField { try await readCVV(into: field, of: option) }
        if let form = element.cardForm { try await fill(form) }
        guard checkout.isPaymentFulfilled else {
            screen.problem(
                text(
                    "cli.checkout.cannotPayAll",
                    [("option", .text(option.title)), ("rest", amount(checkout.remainingAmountToPay))]))
            return nil
        }
        return element
    }

    /// Apple Pay's sheet exists only on a device. Here the shopper picks one of the sandbox's test tokens, which
    /// stands for the payment data the sheet would hand over; a real Purse environment refuses them.
    private func chooseApplePayToken(for element: PaymentElement) async throws(InputEnded) {
        if let request = try? element.applePayRequest() {
            let lines = request.summaryItems.map { "\($0.label) \(text(amount($0.amount)))" }.joined(separator: ", ")
            screen.line("  " + text("cli.applePay.sheetWouldShow", [("items", .text(lines))]))
        }
        screen.line("  " + text("cli.applePay.noSheet"))
        let names = SandboxApplePayTestToken.allCases.map(\.rawValue).joined(separator: ", ")
        while true {
            let answer = try await ask(text("cli.applePay.chooseToken", [("tokens", .text(names))]))
            let token = answer.isEmpty ? SandboxApplePayTestToken.approve : SandboxApplePayTestToken(rawValue: answer)
            guard let token else {
                screen.problem(text("cli.applePay.notAToken", [("answer", .text(answer)), ("tokens", .text(names))]))
                continue
            }
            element.applePaySheet = SandboxApplePaySheet(steps: [.authorize(token)])
            return
        }
    }

    /// The terminal draws its own card fields: every checkout `purse checkout` opens chooses
    /// `CardFieldOwnership.appDrawnFieldsInPCIScope`, so `appDrawnField(s)` is never `nil` here (if it were, the
    /// dialogue would end as when input ends).
    private func readCVV(into field: CVVField, of option: PrimaryOption) async throws(InputEnded) {
        // A saved Oney card asks the holder's date of birth (shown as typed) instead of a security code (hidden).
        let asksCode = !field.requiresBirthDate
        let question =
            asksCode ? text("cli.checkout.cvvOf", [("option", .text(option.title))]) : text("cli.checkout.birthDate")
        guard let code = field.appDrawnField else { throw InputEnded(question: question) }
        while true {
            let answer = try await ask(question, hidden: asksCode)
            if asksCode { code.cvv = answer } else { field.birthDate = answer }
            guard let error = field.error else { return }
            let message = error.localizedMessage(for: field.shownField)
            screen.problem(text("cli.checkout.problem", [("problem", .message(message))]))
        }
    }

    private func fill(_ form: CardForm) async throws(InputEnded) {
        guard let fields = form.appDrawnFields else { throw InputEnded(question: text("cli.checkout.cardNumber")) }
        try await fill(form, .pan, text("cli.checkout.cardNumber")) { fields.pan = $0 }
        try await fill(form, .expiry, text("cli.checkout.expiry")) { form.expiry = $0 }
        if form.requiresBirthDate {  // an Oney card: the holder's date of birth instead of a security code
            try await fill(form, .birthDate, text("cli.checkout.birthDate")) { form.birthDate = $0 }
        } else {
            try await fill(form, .cvv, text("cli.checkout.securityCode"), hidden: true) { fields.cvv = $0 }
        }
        if form.requiresHolderName {
            try await fill(form, .holderName, text("cli.checkout.holderName")) { form.holderName = $0 }
        }
    }

    private func fill(
        _ form: CardForm, _ field: CardField, _ question: String, hidden: Bool = false, set: (String) -> Void
    ) async throws(InputEnded) {
        while true {
            set(try await ask(question, hidden: hidden))
            if field == .pan {
                // The brand comes from the vault's BIN look-up (a read-only call); wait for it, briefly.
                await spinner.during(text("cli.checkout.lookingUpBrand")) {
                    var waited = 0
                    while form.isLookingUpBrand && waited < 250 {
                        try? await Task.sleep(for: .milliseconds(20))
                        waited += 1
                    }
                }
            }
            guard let message = form.errorMessage(for: field) else { return }
            screen.problem(text("cli.checkout.problem", [("problem", .message(message))]))
        }
    }

    // MARK: - Submitting

    private func submit(_ element: PaymentElement?) async -> PaymentOutcome {
        phase = .submitting
        defer { phase = .done }
        if let element {
            return await spinner.during(text("cli.checkout.paying")) { await element.submitAndWait() }
        }
        // Gift cards cover the order: one `/validate` with their shares, no primary element.
        do {
            let result = try await spinner.during(text("cli.checkout.paying")) { try await checkout.submitPayment() }
            guard let action = checkout.pendingRedirect(for: result) else { return .completed(result) }
            switch await presenter.present(action) {
            case .returned(let url): return .returnedFromRedirect(url: url)
            case .canceled: return .canceled
            case .failed(let error): return .failed(error)
            }
        } catch let error as PurseCheckoutError {
            return .failed(error)
        } catch {
            return .failed(PurseCheckoutError(.unknownError, message: "\(type(of: error))"))
        }
    }

    // MARK: - Helpers

    /// Asks a question; secrets are read with echo off on a terminal. When the input is not a terminal, the
    /// answer is not shown at all (a script's log never gets a card number from here).
    func ask(_ question: String, hidden: Bool = false) async throws(InputEnded) -> String {
        let screen = screen
        let line = await input.readLine(hidden: hidden) { screen.write(question + " ") }
        guard let line else { throw InputEnded(question: question) }
        if !input.isTerminal { screen.line(hidden ? text("cli.checkout.hidden") : "") }
        return line.trimmingCharacters(in: .whitespaces)
    }

    func money(_ amount: Decimal) -> String { CheckoutText.money(amount, exponent: exponent) }

    /// An amount in the checkout's currency, as the dialogue's language writes it.
    func amount(_ value: Decimal) -> PurseMessage.Value { text.amount(value, currency: checkout.currency) }

    /// Why `option` cannot pay, in the dialogue's language.
    private func cannotPay(_ option: PrimaryOption, _ error: any Error) -> String {
        text("cli.checkout.cannotPay", [("option", .text(option.title)), ("reason", .text(text.reason(error)))])
    }
}
