extension ShippedIssuerConfig {
    /// Easy2Play gift card: a 16-digit number and a 3-digit PIN, always required; splittable.
    static let easy2PlayGiftCard = ShippedIssuerConfig(
        partner: .easy2play, method: .giftcard, panLengths: 16...16, panCharacters: .digits,
        cvvRule: .always(length: 3), shape: .card, takePolicy: .none)

    /// Easy2Play voucher: a code of 8 to 16 letters or digits, no PIN; whole balance only. Sent as
    /// `payment_data.voucher_number`, letter case kept as typed.
    static let easy2PlayVoucher = ShippedIssuerConfig(
        partner: .easy2play, method: .voucher, panLengths: 8...16, panCharacters: .lettersOrDigits, cvvRule: .none,
        shape: .voucher, takePolicy: .max)
}
