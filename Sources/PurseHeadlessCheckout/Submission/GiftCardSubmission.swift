import Foundation

/// The gift cards' part of `/validate`.
extension PurseHeadlessCheckout {
    /// One `/validate` item per secondary share, in the order applied (they come before the primary).
    ///
    /// A card read with `getSecondaryToken` sends its config's ``SecondaryConfig/buildValidatePaymentData(_:)``
    /// (plus its `partner_reference` when that data has none), its `/init` `step_id`, and the registration
    /// decision as `payment_preferences.registration`. A saved gift card sends `payment_data.token` and the
    /// `step_id` of its balance look-up.
    /// - Throws: `METHOD_NOT_IMPLEMENTED` when a card's config is gone or the card is no longer known.
    func secondaryValidationItems() throws(PurseCheckoutError) -> [ItemPayload] {
        var items: [ItemPayload] = []
        for share in state.split.secondaryShares where share.amount > 0 {
            let partner = Partner(rawValue: share.partner)
            let method = PaymentMethodType(rawValue: share.method)
            var item = ItemPayload(partner: partner, method: method, amount: share.amount)
            if let token = state.secondaryTokens[share.id] {
                guard let config = SecondaryConfigs.current.config(partner: partner, method: method) else {
                    throw PurseCheckoutError(
                        .methodNotImplemented, message: "no SecondaryConfig is registered for \(token.methodID)")
                }
                item.paymentData = config.buildValidatePaymentData(token)
                if let reference = token.partnerReference, item.paymentData["partner_reference"] == nil {
                    item.paymentData["partner_reference"] = .string(reference)
                }
                item.stepID = token.stepID
                if let registration = state.registrations[token.id] {
                    item.paymentPreferences = registration.paymentPreferences
                }
            } else if let lookup = state.savedSecondaryLookups[share.id] {
                item.paymentData = ["token": .string(share.id)]
                item.stepID = lookup.stepID
            } else {
                throw PurseCheckoutError(
                    .methodNotImplemented,
                    message: "the \(itemID(partner, method)) card in the split is no longer known")
            }
            items.append(item)
        }
        return items
    }
}
