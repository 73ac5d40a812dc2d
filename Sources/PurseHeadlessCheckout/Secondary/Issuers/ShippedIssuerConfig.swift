/// The rules of an issuer the SDK ships (CONTRACT §6), as data: PAN format, CVV (PIN) rule, take policy and
/// the shape of its `payment_data`. One file per issuer declares its values.
///
/// Spaces and dashes typed between groups are ignored by every member, so an app validating its form with
/// ``validatePAN(_:)`` gets the answer `getSecondaryToken` will get.
struct ShippedIssuerConfig: SecondaryConfig {
    /// Which characters a PAN is made of (ASCII only).
    enum Characters: Sendable {
        case digits
        case lettersOrDigits
    }

    /// When a CVV (PIN) is needed, and its length (ASCII digits).
    enum CVVRule: Sendable {
        /// The card has none; a typed one is ignored.
        case none
        /// Always required.
        case always(length: Int)
        /// Required when the PAN starts with `prefix`.
        case whenPANStarts(with: String, length: Int)
    }

    /// Where the card goes in `payment_data` (CONTRACT §2).
    enum DataShape: Sendable {
        /// `payment_data.card = { number, csc? }`.
        case card
        /// `payment_data.voucher_number`.
        case voucher
    }

    let partner: Partner
    let method: PaymentMethodType
    let panLengths: ClosedRange<Int>
    let panCharacters: Characters
    let cvvRule: CVVRule
    let shape: DataShape
    let takePolicy: SecondaryTakePolicy

    /// Drops whitespace and dashes.
    func normalizedInput(_ text: String) -> String {
        text.filter { !$0.isWhitespace && $0 != "-" }
    }

    func validatePAN(_ pan: String) -> Bool {
        let pan = normalizedInput(pan)
        guard panLengths.contains(pan.count) else { return false }
        switch panCharacters {
        case .digits: return pan.allSatisfy(Self.isASCIIDigit)
        case .lettersOrDigits: return pan.allSatisfy { Self.isASCIIDigit($0) || Self.isASCIILetter($0) }
        }
    }

    func requiresCVV(pan: String) -> Bool {
        switch cvvRule {
        case .none: return false
        case .always: return true
        case .whenPANStarts(let prefix, _): return normalizedInput(pan).hasPrefix(prefix)
        }
    }

    func validateCVV(_ cvv: String) -> Bool {
        let cvv = normalizedInput(cvv)
        switch cvvRule {
        case .none: return true
        case .always(let length), .whenPANStarts(_, let length):
            return cvv.count == length && cvv.allSatisfy(Self.isASCIIDigit)
        }
    }

    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] {
        paymentData(pan: pan, cvv: cvv)
    }

    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] {
        paymentData(pan: token.pan, cvv: token.cvv)
    }

    private func paymentData(pan: String, cvv: String?) -> [String: JSONValue] {
        let pan = normalizedInput(pan)
        switch shape {
        case .voucher:
            return ["voucher_number": .string(pan)]
        case .card:
            var card: [String: JSONValue] = ["number": .string(pan)]
            if hasCVV, let cvv = cvv.map(normalizedInput), !cvv.isEmpty { card["csc"] = .string(cvv) }
            return ["card": .object(card)]
        }
    }

    /// Whether the card has a CVV (PIN) at all; a typed one is not sent for a card that has none.
    private var hasCVV: Bool {
        if case .none = cvvRule { return false }
        return true
    }

    private static func isASCIIDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    /// The shipped configs by key: the seven issuer rules above and ANCV Connect (``AncvConnectConfig``).
    static var all: [SecondaryConfigs.Key: any SecondaryConfig] {
        let shipped: [ShippedIssuerConfig] = [
            .illicadoGiftCard, .buyboxGiftCard, .oglobaGiftCard, .myBeezBoxGiftCard, .easy2PlayGiftCard,
            .easy2PlayVoucher, .maxxingLoyaltyCard,
        ]
        var table: [SecondaryConfigs.Key: any SecondaryConfig] = [:]
        for config in shipped { table[SecondaryConfigs.Key(partner: config.partner, method: config.method)] = config }
        table[SecondaryConfigs.Key(partner: .ancv, method: .connect)] = AncvConnectConfig()
        return table
    }
}
