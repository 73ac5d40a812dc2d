import Foundation

/// Information requests: sessions that save a card in the shopper's wallet and charge nothing.
extension PurseHeadlessCheckout {
    /// Whether this session only saves a card (`information_request`: created with an amount of 0 and
    /// `allow_future_usage`).
    ///
    /// Such a session has no amount (``amount`` is 0), offers no gift cards and only the methods that register
    /// `OFF_SESSION` (``paymentMethods`` is filtered). Choose the card method, fill its form and submit as for a
    /// payment: the card is saved whatever ``registerMethod(_:registered:name:)`` says (call it to give a label),
    /// nothing is charged, and the saved card is in ``paymentTokens`` once the submit returns.
    public var isInformationRequest: Bool { state.session.source.isInformationRequest }

    /// An information request is submittable with a primary card to save and a wallet to save it to; the split of an
    /// empty amount is "fulfilled" without either, so this is checked before anything is sent.
    func ensureSavable() throws(PurseCheckoutError) {
        guard isInformationRequest else { return }
        guard state.session.walletSession != nil else {
            throw PurseCheckoutError(
                .missingWalletSession,
                message:
                    "an information request saves the card in the shopper's wallet: the session has no wallet session")
        }
        guard state.primary != nil else {
            throw PurseCheckoutError(
                .paymentNotFulfilledOnSubmit,
                message: "an information request saves a card: choose the card method first")
        }
    }

    /// After an information request went through: the saved card (`plugin_result.token_id` of the card's result),
    /// read from the wallet and added to ``paymentTokens``.
    ///
    /// The card is saved already, whatever happens here: a wallet that cannot be read is logged, not thrown (the
    /// next session lists the card). A card still waiting on a 3-D Secure page has no result yet: it joins the wallet
    /// when the page approves, and the next session lists it.
    func adoptSavedCard(from result: ValidationResult) async {
        guard isInformationRequest, let walletAPI,
            let saved = result.results.first(where: { $0.pluginResult["token_id"]?.stringValue != nil }),
            let tokenID = saved.pluginResult["token_id"]?.stringValue,
            !state.paymentTokens.contains(where: { $0.id == tokenID }),
            let entry = state.session.source.protocolEntry(partner: saved.partner, method: saved.method)
        else { return }
        do {
            let listed = try await walletAPI.listTokens()
            guard let raw = listed.first(where: { $0["id"]?.stringValue == tokenID }) else {
                log.warning("the saved card \(tokenID) is not in the wallet's list yet")
                return
            }
            let reader = JSONReader(raw, path: "tokens[\(tokenID)]") {
                PurseCheckoutError(.invalidResponse, message: "Wallet API GET /tokens: \($0)")
            }
            let token = try SessionDecoder.decodePaymentToken(reader, entry: entry)
            mutate { $0.paymentTokens.append(token) }
            log.info("card saved in the wallet: \(token)")
        } catch {
            log.warning("the card was saved, but the wallet could not be read: \(error.code)")
        }
    }
}
