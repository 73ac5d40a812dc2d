/// Managing the shopper's saved cards and PayPal accounts from the checkout.
///
/// Every operation needs the wallet session the client session was created with, is `async throws`, runs
/// on the main actor like the rest of the checkout, and updates ``PurseHeadlessCheckout/paymentTokens``
/// without restarting the checkout:
/// ```swift
/// try await checkout.editToken(token, name: "work card")
/// try await checkout.setTokenFavorite(token)          // toggles; reverted locally if the call fails
/// try await checkout.deleteToken(token)
/// ```
/// Failures are ``PurseCheckoutError/walletOperationFailed``. A token the wallet answers `MISSING_TOKEN` for
/// (deleted elsewhere) leaves ``PurseHeadlessCheckout/paymentTokens`` too, and the primary if it was.
/// `deleteAllTokens()` and `editToken(_:name:)` for a ``SavedSecondaryToken`` live with the gift cards.
extension PurseHeadlessCheckout {
    /// Whether the shopper uses Purse's shared wallet (Express Checkout: `wallet.shared_wallet_user` of the
    /// session), whose saved cards follow them across the merchants of Purse's network. Their tokens from it are
    /// in ``paymentTokens`` with ``PaymentToken/source`` ``PaymentTokenSource/sharedWallet``. `false` when the
    /// session does not say.
    public var isSharedWalletUser: Bool { state.session.source.sharedWalletUser ?? false }

    /// Renames a saved card or PayPal account (`PATCH …/tokens/{id}`).
    ///
    /// The label is checked on the device first; the wallet then checks it is unique for the shopper.
    /// ``paymentTokens`` (and ``primary``, when it is this token) show the new name at once.
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`: `MISSING_WALLET_SESSION` (the client
    ///   session has none; no call is made), `MISSING_TOKEN` (not in ``paymentTokens``, or the wallet no longer
    ///   has it), `INVALID_TOKEN_NAME` (not 1–25 letters, digits or spaces; no call is made), `TOKEN_NAME_EXISTS`
    ///   (another saved instrument uses it), `TOKEN_NOT_REGISTERABLE` (the wallet refuses to change this token),
    ///   `API_ERROR`, `NETWORK_ERROR`, `REQUEST_CANCELLED`.
    public func editToken(_ token: PaymentToken, name: String) async throws {
        let wallet = try tokenWallet()
        let current = try currentPaymentToken(token)
        guard WalletLabel.isValid(name) else {
            throw PurseCheckoutError(
                .invalidTokenName,
                message: "a label is 1 to 25 letters, digits or spaces (got \(name.count) characters)")
        }
        let scope = self.scope
        do {
            try await wallet.rename(tokenID: current.id, name: name)
            try ensureCurrent(scope, "editToken (the wallet renamed it; the list shown is the new session's)")
        } catch {
            forgetIfMissing(current, error, scope: scope)
            throw error
        }
        updatePaymentToken(id: current.id) { $0.name = name }
        log.info("a saved \(current.methodID) token was renamed")
    }

    /// Toggles a saved card's or PayPal account's favorite star (`PUT …/tokens/{id}/favorite`).
    ///
    /// Optimistic: ``paymentTokens`` shows the new star before the wallet answers. If the call fails, the star
    /// is put back (unless another toggle changed it since) and the error is rethrown: the star flips, then
    /// flips back. The toggle starts from the checkout's current copy of the token, not the value passed.
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`: `MISSING_WALLET_SESSION` (no call is
    ///   made), `MISSING_TOKEN`, `TOKEN_NOT_REGISTERABLE`, `API_ERROR` (e.g. HTTP 503), `NETWORK_ERROR`,
    ///   `REQUEST_CANCELLED`.
    public func setTokenFavorite(_ token: PaymentToken) async throws {
        let wallet = try tokenWallet()
        let current = try currentPaymentToken(token)
        let favorite = !current.favorite
        updatePaymentToken(id: current.id) { $0.favorite = favorite }
        let scope = self.scope
        do {
            try await wallet.setFavorite(tokenID: current.id, favorite: favorite)
        } catch {
            if self.scope == scope {
                updatePaymentToken(id: current.id) { token in
                    if token.favorite == favorite { token.favorite = !favorite }
                }
            }
            forgetIfMissing(current, error, scope: scope)
            log.warning("favorite of a saved \(current.methodID) token reverted: \(error.code)")
            throw error
        }
        log.info("a saved \(current.methodID) token is \(favorite ? "now" : "no longer") favorite")
    }

    /// Deletes a saved card or PayPal account from the wallet (`DELETE …/tokens/{id}`).
    ///
    /// On success it leaves ``paymentTokens``; when it was the ``primary``, the primary is cleared from the
    /// split (``isPaymentFulfilled`` turns false until another is chosen), unless the payment is already
    /// submitted.
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`: `MISSING_WALLET_SESSION` (no call is
    ///   made), `MISSING_TOKEN` (not in ``paymentTokens``, or already gone from the wallet: it leaves
    ///   ``paymentTokens`` too), `API_ERROR`, `NETWORK_ERROR`, `REQUEST_CANCELLED`. Nothing changes locally
    ///   on another failure.
    public func deleteToken(_ token: PaymentToken) async throws {
        let wallet = try tokenWallet()
        let current = try currentPaymentToken(token)
        let scope = self.scope
        do {
            try await wallet.delete(tokenID: current.id)
            try ensureCurrent(scope, "deleteToken (the wallet deleted it; the list shown is the new session's)")
        } catch {
            forgetIfMissing(current, error, scope: scope)
            throw error
        }
        removePaymentToken(id: current.id)
        log.info("a saved \(current.methodID) token was deleted")
    }

    // MARK: - Helpers

    /// The wallet API, or `MISSING_WALLET_SESSION` (`CHECKOUT_TERMINATED` after ``teardown()``).
    func tokenWallet() throws(PurseCheckoutError) -> WalletAPI {
        try ensureLive()
        guard let walletAPI else {
            throw PurseCheckoutError(.missingWalletSession, message: "the client session carries no wallet session")
        }
        return walletAPI
    }

    /// The checkout's current copy of `token`, or `MISSING_TOKEN`.
    private func currentPaymentToken(_ token: PaymentToken) throws(PurseCheckoutError) -> PaymentToken {
        guard let current = state.paymentTokens.first(where: { $0.id == token.id }) else {
            throw PurseCheckoutError(.missingToken, message: "this saved \(token.methodID) token is not in the wallet")
        }
        return current
    }

    /// Changes a token in ``paymentTokens``, and the primary's copy when it is this token.
    private func updatePaymentToken(id: String, _ change: (inout PaymentToken) -> Void) {
        mutate { state in
            guard let index = state.paymentTokens.firstIndex(where: { $0.id == id }) else { return }
            change(&state.paymentTokens[index])
            if case .paymentToken(let primary) = state.primary, primary.id == id {
                state.primary = .paymentToken(state.paymentTokens[index])
            }
        }
    }

    /// Removes a token from ``paymentTokens`` and, unless the payment is submitted, from the primary.
    private func removePaymentToken(id: String) {
        let editable = !state.phase.freezesSplit
        mutate { state in
            state.paymentTokens.removeAll { $0.id == id }
            if editable, case .paymentToken(let primary) = state.primary, primary.id == id {
                state.split = state.split.clearPrimary()
                state.primary = nil
            }
        }
    }

    /// The wallet no longer has the token: the checkout forgets it too.
    /// Drops a token the wallet no longer has, when the answer concerns the session the call started on.
    private func forgetIfMissing(_ token: PaymentToken, _ error: PurseCheckoutError, scope: CheckoutScope) {
        guard error.code == .missingToken, self.scope == scope else { return }
        removePaymentToken(id: token.id)
        log.info("a saved \(token.methodID) token is gone from the wallet")
    }
}
