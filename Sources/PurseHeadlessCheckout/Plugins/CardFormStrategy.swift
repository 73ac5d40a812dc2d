/// A fresh card: the card form; on submit the card is tokenized at the Purse vault and `/validate` sends
/// `payment_data.vault_form_token`, with the registration decision recorded on the card method
/// (``PurseHeadlessCheckout/registerMethod(_:registered:name:)``) as `payment_preferences.registration`.
///
/// A form token pays once. It is reused only by a retry of the same attempt (a lost `/validate` answer: the
/// same items under the same idempotency key, which can never charge twice) while the form and the decision are
/// unchanged. A new attempt (after a refusal, a declined 3-D Secure challenge) tokenizes again, as does any edit
/// of the form.
@MainActor
final class CardFormStrategy: CardInputStrategy {
    let method: PrimaryMethod
    let form: CardForm
    var onInputChange: (@MainActor () -> Void)?
    private weak var checkout: PurseHeadlessCheckout?
    private var lastToken: (revision: Int, saveToken: Bool?, token: VaultFormToken)?

    init(method: PrimaryMethod) {
        self.method = method
        form = CardForm(supportedBrands: method.supportedBrands)
        form.onDidChange = { [weak self] in self?.onInputChange?() }
    }

    var hasUI: Bool { true }
    var inputIsValid: Bool { form.isValid }
    var cardForm: CardForm? { form }
    var cvvField: CVVField? { nil }

    func bind(to checkout: PurseHeadlessCheckout, willChange: @escaping @MainActor () -> Void) {
        self.checkout = checkout
        form.environment = checkout.cardEnvironment
        form.onWillChange = willChange
    }

    /// Lets BIN look-ups run. No network call of its own.
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {
        guard form.environment.vault != nil else {
            throw PurseCheckoutError(
                .methodNotImplemented, message: "\(method.id): the session names no Purse vault tenant for card entry")
        }
        form.activate()
    }

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        await form.settleBrandLookup()
        let registration = checkout?.cardRegistration(for: method)
        if registration?.registered == true, let refusal = checkout?.savingRefusal(for: method) {
            // Recorded while the method allowed it; a session update has since turned saving off.
            throw PurseCheckoutError(
                .methodNotRegisterable,
                message: "\(method.id) no longer allows saving cards (\(refusal)): withdraw the decision with "
                    + "registerMethod(_:registered: false) before paying")
        }
        let saveToken = registration?.registered
        guard let card = form.vaultCard(saveToken: saveToken) else {
            throw PurseCheckoutError(.elementNotFulfilled, message: "\(method.id): the card form is not valid yet")
        }
        guard let vault = form.environment.vault else {
            throw PurseCheckoutError(
                .methodNotImplemented, message: "\(method.id): the session names no Purse vault tenant for card entry")
        }
        let revision = form.revision
        let token: VaultFormToken
        if context.retriesAttempt, let lastToken, lastToken.revision == revision, lastToken.saveToken == saveToken {
            token = lastToken.token
        } else {
            token = try await vault.tokenize(card)
            lastToken = (revision, saveToken, token)
        }
        var item = ItemPayload(partner: method.partner, method: method.method, amount: amount)
        item.paymentData["vault_form_token"] = .string(token.formToken)
        if let registration { item.paymentPreferences = registration.paymentPreferences }
        return item
    }
}
