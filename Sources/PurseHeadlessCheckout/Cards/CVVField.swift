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
@MainActor
@Observable
public final class CVVField {
    /// The security code, digits only (anything else typed is dropped), at most four. Internal: the SDK's field
    /// and ``AppDrawnCVVField`` reach it.
    var cvv: String {
        get { code }
        set {
            onWillChange?()
            code = CardRules.digits(newValue, limit: CardRules.maxCVVDigits)
            onDidChange?()
        }
    }

    /// The field's app-drawn access, or `nil` in the default mode: only a checkout whose
    /// ``PurseCheckoutConfiguration/cardFields`` is ``CardFieldOwnership/appDrawnFieldsInPCIScope`` gives it.
    public var appDrawnField: AppDrawnCVVField? {
        environment.cardFields == .appDrawnFieldsInPCIScope ? AppDrawnCVVField(field: self) : nil
    }

    /// Whether the shopper is typing in the field, as the SDK's field reports it.
    public internal(set) var isFocused = false

    /// Whether the code has as many digits as the brand's code (it may still be invalid; see ``error``).
    public var isComplete: Bool { acceptedLengths.contains(code.count) }

    /// How many digits are typed (what a screen may show of a code it cannot read).
    public var digitCount: Int { code.count }

    /// The saved card's brand, when the wallet gives it.
    public let brand: CardBrand?

    /// The accepted lengths: the brand's (3, or 4 for American Express), or 3 and 4 when the brand is unknown.
    public let acceptedLengths: [Int]

    /// Why the code is not valid now (``CardFieldError/cannotBeEmpty`` while empty), or `nil`.
    public var error: CardFieldError? { CardRules.cvvError(code, lengths: acceptedLengths) }

    /// Whether the code is valid: the element is ready when this is true.
    public var isValid: Bool { error == nil }

    private var code = ""
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

    /// The code to send: only when valid.
    var validCode: String? { isValid ? code : nil }
}

extension CVVField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A fixed text: never the code.
    public nonisolated var description: String { "CVVField(code hidden)" }
    /// Same as ``description``.
    public nonisolated var debugDescription: String { description }
    /// A mirror with no children, so that `dump(field)` prints no code.
    public nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}
