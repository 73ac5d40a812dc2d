extension ShippedIssuerConfig {
    /// Ogloba gift card: a 19-digit number and a 4-digit PIN, always required; splittable.
    static let oglobaGiftCard = ShippedIssuerConfig(
        partner: .ogloba, method: .giftcard, panLengths: 19...19, panCharacters: .digits,
        cvvRule: .always(length: 4), shape: .card, takePolicy: .none)
}
