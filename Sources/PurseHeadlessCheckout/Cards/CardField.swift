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

    /// The field's label.
    public var title: String {
        switch self {
        case .pan: return "Card number"
        case .expiry: return "Expiry date"
        case .cvv: return "Security code"
        case .holderName: return "Name on card"
        }
    }

    /// The hint shown in the empty field.
    public var placeholder: String {
        switch self {
        case .pan: return "1234 5678 9012 3456"
        case .expiry: return "MM/YY"
        case .cvv: return "CVV"
        case .holderName: return "Name as printed on the card"
        }
    }
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
    /// An expiry in the past, or too far ahead.
    case dateOutOfRange
    /// The card's brand is not one the method accepts.
    case unsupportedBrand

    /// The kind's name (`lengthOutOfRange`).
    public var description: String { rawValue }

    /// Words for the shopper, naming the field. Never contains what was typed.
    public func message(for field: CardField) -> String {
        switch (self, field) {
        case (.cannotBeEmpty, _): return "Enter the \(field.title.lowercased())"
        case (.format, .pan): return "This card number is not valid"
        case (.format, .expiry): return "Enter the expiry as month and year"
        case (.format, .holderName): return "Enter the name as printed on the card"
        case (.lengthOutOfRange, .pan): return "This card number has too few or too many digits"
        case (.lengthOutOfRange, .cvv): return "The security code has the wrong number of digits"
        case (.lengthOutOfRange, .holderName): return "This name is too long"
        case (.dateOutOfRange, _): return "This card has expired or its expiry date is not valid"
        case (.unsupportedBrand, _): return "This card brand is not accepted"
        default: return "Check the \(field.title.lowercased())"
        }
    }
}
