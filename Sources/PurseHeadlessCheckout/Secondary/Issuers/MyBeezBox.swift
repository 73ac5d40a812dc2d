extension ShippedIssuerConfig {
    /// MyBeezBox gift card: a 16-digit number, no CVV; splittable.
    static let myBeezBoxGiftCard = ShippedIssuerConfig(
        partner: .mybeezbox, method: .giftcard, panLengths: 16...16, panCharacters: .digits, cvvRule: .none,
        shape: .card, takePolicy: .none)
}
