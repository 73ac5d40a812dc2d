/// What a form shows the shopper, decided here so that `PaymentElementView` and a custom UI behave alike.
extension CardForm {
    /// The message to show under `field`, or `nil`.
    ///
    /// An empty field shows nothing (the Pay button is disabled anyway); while the shopper is editing a field
    /// only a brand the method does not accept is shown (a half-typed number is not an error yet); once they
    /// leave it, any error is.
    public func feedback(for field: CardField, isEditing: Bool) -> String? {
        CardFeedback.message(error(for: field), field: field, isEditing: isEditing)
    }

    /// Whether to let the shopper pick the brand: a co-badged card (Cartes Bancaires and Visa) the method
    /// accepts under more than one brand.
    public var offersBrandChoice: Bool { detectedBrands.count > 1 }
}

extension CVVField {
    /// The message to show under the field, or `nil`: nothing while it is empty or being edited.
    public func feedback(isEditing: Bool) -> String? {
        CardFeedback.message(error, field: .cvv, isEditing: isEditing)
    }

    /// The hint shown in the empty field: as many digits as the brand's code has (`123`, or `1234` for
    /// American Express; `CVV` when the brand is unknown).
    public var placeholder: String {
        acceptedLengths.count == 1 ? String("1234".prefix(acceptedLengths[0])) : CardField.cvv.placeholder
    }
}

/// The rule both models share.
enum CardFeedback {
    static func message(_ error: CardFieldError?, field: CardField, isEditing: Bool) -> String? {
        guard let error, error != .cannotBeEmpty else { return nil }
        if isEditing && error != .unsupportedBrand { return nil }
        return error.message(for: field)
    }
}
