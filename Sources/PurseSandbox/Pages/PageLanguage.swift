internal import Foundation

/// The language of the sandbox's hosted pages: the session's customer locale (`customer.locale_code` given when the
/// client session was created), French or English (the default). A simulation's own words: they are not the SDK's
/// catalogue.
enum PageLanguage: String, Sendable {
    case english = "en"
    case french = "fr"

    /// French for a `fr…` locale code (`fr-FR`, `fr_CA`), English otherwise.
    init(localeCode: String?) {
        self = localeCode?.lowercased().hasPrefix("fr") == true ? .french : .english
    }

    /// `minor` units of `currency` as a shopper reads an amount in this language: `1 232,99 €` in French, `€1,232.99`
    /// in English (Foundation's currency format for `fr_FR` and `en_US`, with the currency's minor digits; exact).
    func amount(minor: Int, currency: String) -> String {
        let exponent = SandboxMoney.exponent(of: currency)
        let value = Decimal(
            sign: minor < 0 ? .minus : .plus, exponent: -exponent, significand: Decimal(minor.magnitude))
        let locale = Locale(identifier: self == .french ? "fr_FR" : "en_US")
        return value.formatted(.currency(code: currency).locale(locale).precision(.fractionLength(exponent)))
    }

    /// The page's text for `key`, in this language.
    func text(_ key: Key) -> String {
        switch self {
        case .english: key.english
        case .french: key.french
        }
    }

    /// The texts of the pages.
    enum Key {
        case leaving, continueTo, threeDS, notice, merchant, method, amount, order, payment
        case approve, decline, cancel, paymentStatus, returnToShop, errorTitle, cannotShow

        var english: String {
            switch self {
            case .leaving: "You are leaving the shop for"
            case .continueTo: "Continue to"
            case .threeDS: "3-D Secure verification"
            case .notice: "Simulated page served by the Purse sandbox. No money moves."
            case .merchant: "Merchant"
            case .method: "Method"
            case .amount: "Amount"
            case .order: "Order"
            case .payment: "Payment"
            case .approve: "Approve"
            case .decline: "Decline"
            case .cancel: "Cancel"
            case .paymentStatus: "Payment"
            case .returnToShop: "Return to the shop"
            case .errorTitle: "Sandbox page error"
            case .cannotShow: "Cannot show this page"
            }
        }

        var french: String {
            switch self {
            case .leaving: "Vous quittez la boutique pour"
            case .continueTo: "Continuer vers"
            case .threeDS: "Vérification 3-D Secure"
            case .notice: "Page simulée servie par le bac à sable Purse. Aucun argent ne circule."
            case .merchant: "Marchand"
            case .method: "Moyen de paiement"
            case .amount: "Montant"
            case .order: "Commande"
            case .payment: "Paiement"
            case .approve: "Approuver"
            case .decline: "Refuser"
            case .cancel: "Annuler"
            case .paymentStatus: "Paiement"
            case .returnToShop: "Retour à la boutique"
            case .errorTitle: "Erreur de page du bac à sable"
            case .cannotShow: "Impossible d'afficher cette page"
            }
        }
    }
}
