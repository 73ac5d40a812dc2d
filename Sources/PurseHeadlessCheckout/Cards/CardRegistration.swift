/// Saving a fresh card: decided on the card method before submit.
extension PurseHeadlessCheckout {
    /// Records whether the fresh card paid with `method` is to be saved in the shopper's wallet, and under
    /// which label.
    ///
    /// The decision travels with the card: to the vault as `save_token`, and on the card's `/validate` item as
    /// `payment_preferences.registration = { "save_token": true, "name": "work card" }`; the card is in the
    /// wallet once the payment goes through. `registered: false` withdraws it. Read it back with
    /// ``registrationOf(_:)-(PrimaryMethod)``. Nothing is saved without this call, whatever the method's
    /// `save_token_mode` (`PREFER_NO` or `PREFER_YES`: saving is offered); a mode that forbids saving refuses it.
    /// In an information request (``PurseHeadlessCheckout/isInformationRequest``) the card is saved whatever the
    /// decision: call this only to give it a label.
    ///
    /// As for gift cards, this records a decision locally: a session without a wallet session accepts it,
    /// logs a warning, and the server has nowhere to save the card.
    ///
    /// ```swift
    /// if method.canBeRegistered {
    ///     try checkout.registerMethod(method, registered: true, name: "work card")
    /// }
    /// ```
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`:
    ///   - `METHOD_NOT_REGISTERABLE`: the method's `save_token` setting is off, its `save_token_mode` forbids saving
    ///     (``PrimaryMethod/canBeRegistered`` is false), or the method cannot create a
    ///     token from the app (only fresh cards in the Purse vault can; a PayPal token cannot be created from
    ///     the app);
    ///   - `INVALID_TOKEN_NAME`: the label is not 1–25 letters, digits or spaces;
    ///   - `TOKEN_NAME_EXISTS`: a saved instrument or another registration already uses the label (ignoring
    ///     case);
    ///
    ///   and `PAYMENT_METHOD_NOT_FOUND` (not offered by this session), `SESSION_ALREADY_SUBMITTED_ERROR`,
    ///   `EXPIRED_SESSION`.
    public func registerMethod(
        _ method: PrimaryMethod, registered: Bool, name: String? = nil
    ) throws {
        try ensureEditable()
        guard let current = state.session.primaryMethods.first(where: { $0.id == method.id }) else {
            throw PurseCheckoutError(.paymentMethodNotFound, message: "\(method.id) is not offered by this session")
        }
        let key = Self.registrationKey(current)
        guard registered else {
            mutate { $0.registrations[key] = SecondaryRegistration(registered: false) }
            return
        }
        guard registry.plugin(for: current.configuration) is any CardPlugin,
            current.configuration.vault?.isPurseVault == true
        else {
            throw PurseCheckoutError(
                .methodNotRegisterable,
                message:
                    "\(current.id) cannot save a new instrument from the app: only fresh cards in the Purse vault can")
        }
        if let refusal = current.configuration.savingRefusal {
            throw PurseCheckoutError(
                .methodNotRegisterable, message: "\(current.id) does not allow saving cards (\(refusal))")
        }
        if let name {
            guard WalletLabel.isValid(name) else {
                throw PurseCheckoutError(
                    .invalidTokenName,
                    message: "a label is 1 to 25 letters, digits or spaces (got \(name.count) characters)")
            }
            let taken =
                state.paymentTokens.compactMap(\.name) + state.savedSecondaryTokens.compactMap(\.name)
                + state.registrations.filter { $0.key != key && $0.value.registered }.compactMap(\.value.name)
            guard !WalletLabel.isTaken(name, among: taken) else {
                throw PurseCheckoutError(.tokenNameExists, message: "another saved instrument already uses that label")
            }
        }
        if state.session.walletSession == nil {
            log.warning(
                "saving a \(current.id) card recorded, but the session has no wallet session: the server has nowhere "
                    + "to save it")
        }
        mutate { $0.registrations[key] = SecondaryRegistration(registered: true, name: name) }
    }

    /// The decision recorded for fresh cards of `method`: ``SecondaryRegistration/notRegistered`` when none was.
    public func registrationOf(_ method: PrimaryMethod) -> SecondaryRegistration {
        cardRegistration(for: method) ?? .notRegistered
    }

    /// The decision recorded for `method`, or `nil` when none was (nothing is sent then). In an information request
    /// the card is always saved: the decision is `registered: true`, with the label recorded, if any.
    func cardRegistration(for method: PrimaryMethod) -> SecondaryRegistration? {
        let recorded = state.registrations[Self.registrationKey(method)]
        guard state.session.source.isInformationRequest else { return recorded }
        return SecondaryRegistration(registered: true, name: recorded?.registered == true ? recorded?.name : nil)
    }

    /// What in the session's current settings of `method` forbids saving its cards, or `nil` when they allow it.
    func savingRefusal(for method: PrimaryMethod) -> String? {
        state.session.primaryMethods.first { $0.id == method.id }?.configuration.savingRefusal
    }

    /// Decisions live with the gift cards' ones (one set of labels to keep unique), under a key no wallet
    /// token id takes.
    static func registrationKey(_ method: PrimaryMethod) -> String { "method:" + method.id }
}
