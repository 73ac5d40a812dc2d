/// What a form shows the shopper, decided here so that `PaymentElementView` and a custom UI behave alike.
extension CardForm {
    /// The message to show under `field`, or `nil`.
    ///
    /// An empty field shows nothing (the Pay button is disabled anyway); while the shopper is editing a field
    /// only a brand the method does not accept is shown (a half-typed number is not an error yet); once they
    /// leave it, any error is.
    /// The text is in the checkout's language (``PurseCheckoutConfiguration/locale``; English for a form not bound
    /// to a checkout); ``feedbackMessage(for:isEditing:)`` gives its key.
    public func feedback(for field: CardField, isEditing: Bool) -> String? {
        feedbackMessage(for: field, isEditing: isEditing).map(environment.localizer.string)
    }

    /// The message to show under `field` as a key, or `nil`: the same rule as ``feedback(for:isEditing:)``.
    public func feedbackMessage(for field: CardField, isEditing: Bool) -> PurseMessage? {
        guard CardFeedback.shows(error(for: field), isEditing: isEditing) else { return nil }
        return errorMessage(for: field)
    }

    /// What VoiceOver may announce about the brand: the brand once one is detected
    /// (`announcement.brandDetected`: "Card brand: Visa"), a choice to make for a co-badged card
    /// (`announcement.brandsDetected`), `nil` while no brand is known. Announce it when it changes.
    public var brandAnnouncement: PurseMessage? { PurseAnnouncement.brandDetected(detectedBrands) }

    /// Whether to let the shopper pick the brand: a co-badged card (Cartes Bancaires and Visa) the method
    /// accepts under more than one brand.
    public var offersBrandChoice: Bool { detectedBrands.count > 1 }

    /// The fields the card asks for now, in the order the SDK's form shows them: the number, the expiry, the
    /// security code, the holder's name; for an Oney card (``requiresBirthDate``) the date of birth takes the
    /// security code's place.
    public var shownFields: [CardField] { [.pan, .expiry, codeSlotField, .holderName] }

    /// The field beside the expiry: the security code, or the date of birth on an Oney card.
    var codeSlotField: CardField { requiresBirthDate ? .birthDate : .cvv }
}

extension CVVField {
    /// The message to show under the field, or `nil`: nothing while it is empty or being edited.
    /// The text is in the checkout's language; ``feedbackMessage(isEditing:)`` gives its key.
    public func feedback(isEditing: Bool) -> String? {
        feedbackMessage(isEditing: isEditing).map(environment.localizer.string)
    }

    /// The message to show under the field as a key, or `nil`: the same rule as ``feedback(isEditing:)``.
    public func feedbackMessage(isEditing: Bool) -> PurseMessage? {
        guard CardFeedback.shows(error, isEditing: isEditing) else { return nil }
        return error?.localizedMessage(for: shownField)
    }

    /// The hint shown in the empty field: as many digits as the brand's code has (`123`, or `1234` for
    /// American Express; `CVV` when the brand is unknown); for a saved Oney card, the date of birth's hint.
    public var placeholder: String {
        if requiresBirthDate { return environment.localizer.string(CardField.birthDate.placeholderMessage) }
        return acceptedLengths.count == 1
            ? String("1234".prefix(acceptedLengths[0])) : environment.localizer.string(CardField.cvv.placeholderMessage)
    }
}

/// The rule both models share.
enum CardFeedback {
    static func shows(_ error: CardFieldError?, isEditing: Bool) -> Bool {
        guard let error, error != .cannotBeEmpty else { return false }
        return !isEditing || error == .unsupportedBrand
    }
}
