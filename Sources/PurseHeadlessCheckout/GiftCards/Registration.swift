import Foundation

/// Keeping a gift card in the wallet for the next session.
extension PurseHeadlessCheckout {
    /// Records whether the shopper wants to keep this gift card, and under which label.
    ///
    /// The decision is applied at `/validate`, where it travels on the card's item as
    /// `payment_preferences.registration = { "save_token": true, "name": "gift one" }`; read it back with
    /// ``registrationOf(_:)-(SecondaryToken)``. `registered: false` withdraws it (and never throws for a valid token).
    ///
    /// This records a decision locally and never checks the wallet: saving needs a wallet session in the
    /// client session, as for saved cards. A session created without one (a guest) accepts the decision, logs
    /// a warning, and the server has nowhere to save the card: it is not in any wallet afterwards.
    ///
    /// ```swift
    /// if token.canBeRegistered {
    ///     try checkout.registerSecondary(token, registered: true, name: "gift one")
    /// }
    /// ```
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`:
    ///   - `TOKEN_NOT_REGISTERABLE`: ``SecondaryToken/canBeRegistered`` is false (the issuer, or the method's
    ///     `save_token` or `save_token_mode` setting, forbids saving, or the card is already a saved instrument);
    ///   - `INVALID_TOKEN_NAME`: the label is not 1–25 letters, digits or spaces;
    ///   - `TOKEN_NAME_EXISTS`: a saved card, saved gift card or another registration already uses the label
    ///     (ignoring case);
    ///
    ///   and `PAYMENT_TOKEN_NOT_FOUND_IN_SESSION` (a token read by another checkout),
    ///   `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`.
    public func registerSecondary(
        _ token: SecondaryToken, registered: Bool, name: String? = nil
    ) throws {
        try ensureEditable()
        guard token.sessionID == state.session.id else {
            throw PurseCheckoutError(
                .paymentTokenNotFoundInSession, message: "this \(token.methodID) card was read for another session")
        }
        guard registered else {
            mutate { $0.registrations[token.id] = SecondaryRegistration(registered: false) }
            return
        }
        guard token.canBeRegistered else {
            throw PurseCheckoutError(
                .tokenNotRegisterable,
                message: "this \(token.methodID) card cannot be saved: "
                    + (savingRefusal(of: token) ?? "the issuer refuses it, or it is a saved instrument already"))
        }
        if let name {
            guard WalletLabel.isValid(name) else {
                throw PurseCheckoutError(
                    .invalidTokenName,
                    message: "a label is 1 to 25 letters, digits or spaces (got \(name.count) characters)")
            }
            let taken =
                state.paymentTokens.compactMap(\.name) + state.savedSecondaryTokens.compactMap(\.name)
                + state.registrations.filter { $0.key != token.id && $0.value.registered }.compactMap(\.value.name)
            guard !WalletLabel.isTaken(name, among: taken) else {
                throw PurseCheckoutError(.tokenNameExists, message: "another saved instrument already uses that label")
            }
        }
        if state.session.walletSession == nil {
            log.warning(
                "registration of a \(token.methodID) card recorded, but the session has no wallet session: the server "
                    + "has nowhere to save it")
        }
        mutate { $0.registrations[token.id] = SecondaryRegistration(registered: true, name: name) }
    }

    /// What in the method's settings forbids keeping `token`'s card, or `nil` when they allow it (the issuer may
    /// still refuse).
    private func savingRefusal(of token: SecondaryToken) -> String? {
        state.session.secondaryMethods.first { $0.id == token.methodID }?.configuration.savingRefusal
            .map { "the method's " + $0 }
    }

    /// The registration decision recorded for `token`: ``SecondaryRegistration/notRegistered`` when none was.
    public func registrationOf(_ token: SecondaryToken) -> SecondaryRegistration {
        state.registrations[token.id] ?? .notRegistered
    }
}
