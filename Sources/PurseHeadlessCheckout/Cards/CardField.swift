/// A field of the card form.
///
/// Its ``title`` and ``placeholder`` are what `PaymentElementView` shows; a custom UI may use them too.
public enum CardField: String, Sendable, Hashable, CaseIterable {
    /// The card number.
    case pan
    /// The expiry month and year.
    case expiry
    /// The security code (CVV, CVC, CID).
    case cvv
    /// The card holder's name.
    case holderName
    /// The card holder's date of birth, day first (`DD/MM/YYYY`): asked instead of a security code on an Oney
    /// card (``CardForm/requiresBirthDate``), valid and ignored otherwise.
    case birthDate

    /// The field's label, in English; ``titleMessage`` is its key for the shopper's language.
    public var title: String { PurseLocalizer.english.string(titleMessage) }

    /// The hint shown in the empty field, in English; ``placeholderMessage`` is its key.
    public var placeholder: String { PurseLocalizer.english.string(placeholderMessage) }

    /// The field's label as a message (`cardField.pan.title`: "Card number", "Numéro de carte").
    public var titleMessage: PurseMessage { PurseMessage("cardField.\(rawValue).title") }

    /// The hint shown in the empty field as a message (`cardField.expiry.placeholder`: "MM/YY", "MM/AA").
    public var placeholderMessage: PurseMessage { PurseMessage("cardField.\(rawValue).placeholder") }

    /// What the field wants, for VoiceOver's hint (`cardField.cvv.hint`: "The 3 or 4 digits printed on the
    /// card").
    public var accessibilityHintMessage: PurseMessage { PurseMessage("cardField.\(rawValue).hint") }

    /// The stable accessibility identifier of the field in `PaymentElementView`, for UI tests
    /// (`purse.card.pan`, `purse.card.expiry`, `purse.card.cvv`, `purse.card.holderName`, `purse.card.birthDate`).
    public var accessibilityIdentifier: String { "purse.card.\(rawValue)" }
}

extension CardForm {
    /// The stable accessibility identifier of `PaymentElementView`'s brand picker (`purse.card.brand`), shown for a
    /// co-badged card, for UI tests; the fields' identifiers are ``CardField/accessibilityIdentifier``.
    public nonisolated static let brandPickerAccessibilityIdentifier = "purse.card.brand"
}

/// Why a card field is not valid: the hosted-field error kinds of Purse's secure fields, plus a brand the
/// method does not accept.
///
/// A field that is only empty reports ``cannotBeEmpty``; show it once the shopper has left the field, not
/// while the form is still blank.
public enum CardFieldError: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing typed in a required field.
    case cannotBeEmpty
    /// Not the expected shape: a card number failing the Luhn check, a month outside 1–12, digits in a name.
    case format
    /// Too few or too many characters for the brand (card number, security code) or the field.
    case lengthOutOfRange
    /// An expiry in the past or too far ahead; a date of birth in the future or more than 120 years ago.
    case dateOutOfRange
    /// The card's brand is not one the method accepts.
    case unsupportedBrand

    /// The kind's name (`lengthOutOfRange`).
    public var description: String { rawValue }

    /// Words for the shopper, naming the field, in English. Never contains what was typed.
    public func message(for field: CardField) -> String { PurseLocalizer.english.string(localizedMessage(for: field)) }

    /// The message for the shopper as a key, naming the field (`cardFieldError.format.pan`,
    /// `cardFieldError.cannotBeEmpty.expiry`). Never contains what was typed.
    public func localizedMessage(for field: CardField) -> PurseMessage {
        switch (self, field) {
        case (.cannotBeEmpty, _), (.format, _), (.lengthOutOfRange, _):
            return PurseMessage("cardFieldError.\(rawValue).\(field.rawValue)")
        case (.dateOutOfRange, .birthDate):
            return PurseMessage("cardFieldError.dateOutOfRange.birthDate")
        case (.dateOutOfRange, _), (.unsupportedBrand, _):
            return PurseMessage("cardFieldError.\(rawValue)")
        }
    }
}
