/// A card strategy that collects input through a headless model (a card form, a CVV-only field), exposed
/// on its element as ``PaymentElement/cardForm`` or ``PaymentElement/cvvField``.
@MainActor
protocol CardInputStrategy: ElementStrategy {
    /// The fresh card's form, or `nil`.
    var cardForm: CardForm? { get }
    /// The saved card's CVV-only field, or `nil`.
    var cvvField: CVVField? { get }
    /// Connects the model to its checkout (clock, vault, log, registration decision) and to the element's
    /// change notifications. Called once, when the element is created.
    func bind(to checkout: PurseHeadlessCheckout, willChange: @escaping @MainActor () -> Void)
}

extension CardModule: ElementStrategyFactory {
    /// The strategy for each row of the saved-cards page, and for a fresh card:
    ///
    /// | item | strategy | `hasUI` |
    /// |---|---|---|
    /// | saved card, `requiresCVV` | ``SavedCardCVVStrategy``: a CVV-only field (a date of birth for Oney), ready once valid | yes |
    /// | saved card, `paysWithoutCVV` | ``SavedTokenStrategy``: pays by token id, ready at once | no |
    /// | fresh card, Purse vault | ``CardFormStrategy``: the card form, tokenized at the vault on submit | yes |
    /// | fresh card, other vault (`none`) or no vault tenant in the session | none: `METHOD_NOT_IMPLEMENTED` | – |
    ///
    /// A `pci_proxy` card never gets here: the registry routes it to no plugin at all.
    package func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)? {
        switch item {
        case .paymentToken(let token) where token.requiresCVV:
            return SavedCardCVVStrategy(token: token)
        case .paymentToken(let token):
            return SavedTokenStrategy(token: token)
        case .primaryMethod(let method):
            guard method.configuration.vault?.isPurseVault == true, session.source.purseVaultTenantID != nil else {
                return nil
            }
            return CardFormStrategy(method: method)
        }
    }
}

/// A saved card that needs its CVV: a CVV-only field; `/validate` sends `payment_data.token` and
/// `payment_data.csc`, with no `/init` (the protocol minimum). A saved Oney card has no code: its field asks for
/// the date of birth, which stays in the app, and `/validate` sends the token alone.
@MainActor
final class SavedCardCVVStrategy: CardInputStrategy {
    let token: PaymentToken
    let field: CVVField
    var onInputChange: (@MainActor () -> Void)?

    init(token: PaymentToken) {
        self.token = token
        field = CVVField(brand: token.brand)
        field.onDidChange = { [weak self] in self?.onInputChange?() }
    }

    var hasUI: Bool { true }
    var inputIsValid: Bool { field.isValid }
    var cardForm: CardForm? { nil }
    var cvvField: CVVField? { field }

    func bind(to checkout: PurseHeadlessCheckout, willChange: @escaping @MainActor () -> Void) {
        field.onWillChange = willChange
        field.environment = checkout.cardEnvironment
    }

    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        guard field.isValid else {
            let what = field.requiresBirthDate ? "date of birth" : "security code"
            throw PurseCheckoutError(.elementNotFulfilled, message: "the saved card's \(what) is not valid yet")
        }
        var item = ItemPayload(partner: token.partner, method: token.method, amount: amount)
        item.paymentData["token"] = .string(token.id)
        if let code = field.validCode { item.paymentData["csc"] = .string(code) }  // none for an Oney card
        return item
    }
}
