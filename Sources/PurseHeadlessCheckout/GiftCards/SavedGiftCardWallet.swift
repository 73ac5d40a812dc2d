import Foundation

/// The wallet operations that concern saved gift cards.
///
/// There is only one wallet operation for a ``SavedSecondaryToken``: ``PurseHeadlessCheckout/editToken(_:name:)``.
/// `deleteToken` and `setTokenFavorite` deliberately have no overload for one, as the gift cards page documents
/// for iOS: a saved gift card still holds money, so it cannot be deleted individually (only
/// ``PurseHeadlessCheckout/deleteAllTokens()`` removes it, with every other wallet token), and a favourite only
/// decides which saved *primary* instrument is pre-selected, which a gift card never is. Calling either with a
/// saved gift card does not compile.
extension PurseHeadlessCheckout {
    /// Renames a saved gift card in the wallet (`PATCH …/tokens/{id}`); ``savedSecondaryTokens`` shows the new
    /// name at once, without restarting the checkout.
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`: `MISSING_WALLET_SESSION` (the client
    ///   session has none), `MISSING_TOKEN` (not in ``savedSecondaryTokens``, or the wallet no longer has it: the
    ///   card then leaves ``savedSecondaryTokens`` and the split),
    ///   `INVALID_TOKEN_NAME` (not 1–25 letters, digits or spaces; checked before any call), `TOKEN_NAME_EXISTS`
    ///   (another saved instrument uses it), `API_ERROR` / `NETWORK_ERROR`, `REQUEST_CANCELLED`.
    public func editToken(_ token: SavedSecondaryToken, name: String) async throws {
        let walletAPI = try tokenWallet()
        guard state.savedSecondaryTokens.contains(where: { $0.id == token.id }) else {
            throw PurseCheckoutError(
                .missingToken, message: "saved gift card \(token.id) is not in this checkout's wallet")
        }
        guard WalletLabel.isValid(name) else {
            throw PurseCheckoutError(
                .invalidTokenName,
                message: "a label is 1 to 25 letters, digits or spaces (got \(name.count) characters)")
        }
        let scope = self.scope
        do {
            try await walletAPI.rename(tokenID: token.id, name: name)
            try ensureCurrent(scope, "editToken (the wallet renamed it; the list shown is the new session's)")
        } catch {
            if error.code == .missingToken, self.scope == scope { forgetSavedGiftCard(id: token.id) }
            throw error
        }
        mutate { state in
            guard let index = state.savedSecondaryTokens.firstIndex(where: { $0.id == token.id }) else { return }
            state.savedSecondaryTokens[index].name = name
        }
        log.info("saved gift card \(token.id) renamed")
    }

    /// Drops a saved gift card the wallet no longer has: from ``savedSecondaryTokens`` and, unless the payment
    /// was submitted, from the split.
    private func forgetSavedGiftCard(id: String) {
        let editable = !state.phase.freezesSplit
        mutate { state in
            state.savedSecondaryTokens.removeAll { $0.id == id }
            state.savedSecondaryLookups[id] = nil
            if editable { state.split = state.split.removeSecondary(id: id) }
        }
        log.info("saved gift card \(id) is no longer in the wallet")
    }

    /// Deletes every token of the shopper's wallet (`DELETE …/tokens`): saved cards, PayPal accounts and saved
    /// gift cards.
    ///
    /// On success ``paymentTokens`` and ``savedSecondaryTokens`` are empty; a saved card that was the primary is
    /// cleared and saved gift cards leave the split (gift cards read with `getSecondaryToken` stay), unless the
    /// payment was already submitted. Background balance look-ups still running are cancelled.
    /// - Throws: ``PurseCheckoutError``, group `walletOperationFailed`: `MISSING_WALLET_SESSION`,
    ///   `FAILED_TO_DELETE_ALL_TOKENS` (the wallet refused or did not answer: ``PurseCheckoutError/httpStatus``
    ///   and the message say how), `REQUEST_CANCELLED`. Nothing changes locally on failure.
    public func deleteAllTokens() async throws {
        let walletAPI = try tokenWallet()
        let scope = self.scope
        do {
            try await walletAPI.deleteAll()
            try ensureCurrent(scope, "deleteAllTokens (the wallet is empty; the list shown is the new session's)")
        } catch {
            guard error.code != .sessionChanged, error.code != .checkoutTerminated else { throw error }
            guard error.code != .requestCancelled, error.code != .missingWalletSession else { throw error }
            throw PurseCheckoutError(
                .failedToDeleteAllTokens, message: "deleting every wallet token failed: \(error.message)",
                kind: .walletOperationFailed, httpStatus: error.httpStatus, serverCode: error.serverCode)
        }
        cancelSavedBalanceLookups()
        let editable = !state.phase.freezesSplit
        mutate { state in
            let savedIDs = state.savedSecondaryTokens.map(\.id)
            state.paymentTokens = []
            state.savedSecondaryTokens = []
            state.savedSecondaryLookups = [:]
            guard editable else { return }
            for id in savedIDs { state.split = state.split.removeSecondary(id: id) }
            if case .paymentToken = state.primary {
                state.split = state.split.clearPrimary()
                state.primary = nil
            }
        }
        log.info("every wallet token deleted")
    }
}
