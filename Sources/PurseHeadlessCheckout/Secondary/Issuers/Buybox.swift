extension ShippedIssuerConfig {
    /// Buybox gift card: 16 to 19 digits; a 3-digit CVV, required when the number starts with `9`; splittable.
    static let buyboxGiftCard = ShippedIssuerConfig(
        partner: .buybox, method: .giftcard, panLengths: 16...19, panCharacters: .digits,
        cvvRule: .whenPANStarts(with: "9", length: 3), shape: .card, takePolicy: .none)
}
