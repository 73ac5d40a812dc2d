extension ShippedIssuerConfig {
    /// Maxxing loyalty card: a 10 to 13-digit account number, no PIN; whole balance only.
    static let maxxingLoyaltyCard = ShippedIssuerConfig(
        partner: .maxxing, method: .loyaltycard, panLengths: 10...13, panCharacters: .digits, cvvRule: .none,
        shape: .card, takePolicy: .max)
}
