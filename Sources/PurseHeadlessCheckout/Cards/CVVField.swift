public import Observation

/// The CVV-only field of a saved card whose ``PaymentToken/requiresCVV`` is true: the element is ready, and
/// the checkout fulfilled, once it holds a valid security code, like a fresh card.
///
/// ```swift
/// let element = checkout.paymentElement(for: .paymentToken(token), listener: listener, redirect: presenter)
/// if element.hasUI { PaymentElementView(element) }   // the SDK's secure CVV-only field
/// element.cvvField?.isValid           // 3 digits for Visa or Mastercard, 4 for American Express
/// ```
/// The code is typed into the SDK's field (``PaymentElementView``, or `PaymentElementUIView` in UIKit) and no
/// public member returns it; an app that draws its own field opts in with
/// ``PurseCheckoutConfiguration/cardFields`` and types through ``appDrawnField``.
/// The accepted lengths follow the token's brand; an unknown brand accepts 3 or 4 digits. The code is sent
/// once, as `payment_data.csc` of the saved card's `/validate` item, and never appears in a description,
/// an error or a log line.
///
/// A saved Oney card (brand `ONEY`) has no security code: the field asks for the holder's date of birth instead
/// (``requiresBirthDate``, ``birthDate``), as the fresh Oney card's form does, and the element is ready once the
/// date is valid. Nothing of the date is sent: `/validate` carries the token alone, and the app reads the date
/// back as ``isoBirthDate`` for its backend.
@MainActor
@Observable
public final class CVVField {
    /// The security code, digits only (anything else typed is dropped), at most four. Internal: the SDK's field
    /// and ``AppDrawnCVVField`` reach it.
    var cvv: String {
        get { code }
        set {
            guard !requiresBirthDate else { return }  // an Oney card has no code
            onWillChange?()
            code = CardRules.digits(newValue, limit: CardRules.maxCVVDigits)
            onDidChange?()
        }
    }

    /// The holder's date of birth as typed, day first, with its slashes (`"12/04/1985"`), for a saved Oney card
    /// (``requiresBirthDate``); setting it keeps the digits only, at most eight. For any other card it stays
    /// empty. It never reaches Purse or a log: the app reads it back as ``isoBirthDate``.
    public var birthDate: String {
        get { CardRules.shownBirthDate(birth) }
        set {
            guard requiresBirthDate else { return }
            onWillChange?()
            birth = CardRules.digits(newValue, limit: CardRules.birthDateDigits)
            onDidChange?()
        }
    }

    /// Whether the saved card asks for the holder's date of birth instead of a security code: an Oney card
    /// (``CardBrand/oney``). The SDK's field then shows ``CardField/birthDate``.
    public var requiresBirthDate: Bool { brand?.asksBirthDate == true }

    /// The field the SDK shows: ``CardField/cvv``, or ``CardField/birthDate`` for a saved Oney card.
    public var shownField: CardField { requiresBirthDate ? .birthDate : .cvv }

    /// The date of birth as the API writes a date (`"1985-04-12"`), once the card asks for one and it is valid;
    /// `nil` otherwise. The app sends it to its backend as the fresh Oney card's ``CardForm/isoBirthDate``.
    public var isoBirthDate: String? {
        guard requiresBirthDate, error == nil else { return nil }
        return CardRules.isoBirthDate(birth)
    }

    /// The field's app-drawn access, or `nil` in the default mode: only a checkout whose
    /// ``PurseCheckoutConfiguration/cardFields`` is ``CardFieldOwnership/appDrawnFieldsInPCIScope`` gives it.
    public var appDrawnField: AppDrawnCVVField? {
        environment.cardFields == .appDrawnFieldsInPCIScope ? AppDrawnCVVField(field: self) : nil
    }

    /// Whether the shopper is typing in the field, as the SDK's field reports it.
    public internal(set) var isFocused = false

    /// Whether the code has as many digits as the brand's code, or the date of birth all eight (it may still be
    /// invalid; see ``error``).
    public var isComplete: Bool {
        requiresBirthDate ? birth.count == CardRules.birthDateDigits : acceptedLengths.contains(code.count)
    }

    /// How many digits are typed (what a screen may show of a code it cannot read); for a saved Oney card, of the
    /// date of birth.
    public var digitCount: Int { requiresBirthDate ? birth.count : code.count }

    /// The saved card's brand, when the wallet gives it.
    public let brand: CardBrand?

    /// The accepted lengths: the brand's (3, or 4 for American Express), or 3 and 4 when the brand is unknown;
    /// none for an Oney card, which has no code.
    public let acceptedLengths: [Int]

    /// Why the code, or a saved Oney card's date of birth, is not valid now (``CardFieldError/cannotBeEmpty``
    /// while empty), or `nil`. The date follows the fresh form's rules: a day of the calendar, not after today,
    /// at most 120 years back.
    public var error: CardFieldError? {
        requiresBirthDate
            ? CardRules.birthDateError(birth, required: true, now: environment.now())
            : CardRules.cvvError(code, lengths: acceptedLengths)
    }

    /// Whether the code is valid: the element is ready when this is true.
    public var isValid: Bool { error == nil }

    private var code = ""
    private var birth = ""
    /// Called before a change (the element's `objectWillChange`).
    @ObservationIgnored var onWillChange: (@MainActor () -> Void)?
    /// Called after a change.
    @ObservationIgnored var onDidChange: (@MainActor () -> Void)?
    /// The checkout's language for the field's text (English before binding).
    @ObservationIgnored var environment = CardEnvironment.unbound

    /// The field for a saved card of `brand` (the token's `brand_name`).
    init(brand: String?) {
        let named = brand.map(CardBrand.init(rawValue:))
        self.brand = named
        if let named, CardBrand.listed.contains(named) {
            acceptedLengths = named.defaultCVVLengths
        } else {
            acceptedLengths = [3, 4]
        }
    }

    /// The code to send: only when valid, and never for an Oney card (which has none).
    var validCode: String? { isValid && !requiresBirthDate ? code : nil }
}

extension CVVField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A fixed text: never the code.
    public nonisolated var description: String { "CVVField(code hidden)" }
    /// Same as ``description``.
    public nonisolated var debugDescription: String { description }
    /// A mirror with no children, so that `dump(field)` prints no code.
    public nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}
