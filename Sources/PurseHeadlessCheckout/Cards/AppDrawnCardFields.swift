/// Who draws the fields a card number and a security code are typed into: the SDK (the default) or the app.
///
/// ```swift
/// var configuration = PurseCheckoutConfiguration()
/// configuration.cardFields = .appDrawnFieldsInPCIScope   // only after your PCI DSS assessor agreed
/// ```
public enum CardFieldOwnership: Sendable, Hashable {
    /// Only the SDK's fields (``PaymentElementView``, ``CardFieldView`` and their UIKit twins) take a card number
    /// or a security code, and no public API of the SDK returns one: your app's code never holds card data, which
    /// keeps it out of the widest PCI DSS scope. The default.
    case sdkSecureFields
    /// Your app draws its own card fields and passes what the shopper types through
    /// ``CardForm/appDrawnFields`` and ``CVVField/appDrawnField``, which read and write the full card number and
    /// security code. Your app's code then stores, processes or transmits cardholder data: it is in PCI DSS scope
    /// for it (for most merchants the full self-assessment, SAQ D, rather than the shortest one), with the
    /// controls that brings (secure coding, key management, penetration tests, a yearly assessment). Choose it
    /// only when your assessor has agreed.
    case appDrawnFieldsInPCIScope
}

/// A card form's fields as an app that draws its own card fields reads and writes them: the full card number and
/// security code. Given by ``CardForm/appDrawnFields`` only when ``PurseCheckoutConfiguration/cardFields`` is
/// ``CardFieldOwnership/appDrawnFieldsInPCIScope`` (and by the testing kit's `testingFields` in tests).
///
/// ```swift
/// guard let fields = form.appDrawnFields else { return }   // nil in the default mode
/// fields.pan = "4111 1111 1111 1111"                        // spaces and dashes are dropped
/// fields.expiry = "12/29"; fields.cvv = "123"
/// ```
/// Everything else (validation, brands, errors, submit) is the form's, as with the SDK's fields. Its
/// description and mirror show no card data.
@MainActor
public final class AppDrawnCardFields {
    private let form: CardForm

    /// The fields of `form`, whatever the checkout's mode: for the app-drawn opt-in and the testing kit only.
    package init(form: CardForm) {
        self.form = form
    }

    /// The card number, digits only: spaces, dashes and anything else typed or pasted are dropped, and at most
    /// 19 digits are kept. Show it with ``formattedPAN``.
    public var pan: String {
        get { form.pan }
        set { form.pan = newValue }
    }

    /// The card number grouped for display: 4-6-5 for American Express, 4-4-4-4(-3) otherwise. Setting it sets
    /// ``pan`` (the groups' spaces are dropped), so a text field can bind to it.
    public var formattedPAN: String {
        get { form.formattedPAN }
        set { form.formattedPAN = newValue }
    }

    /// The security code, digits only, at most four.
    public var cvv: String {
        get { form.cvv }
        set { form.cvv = newValue }
    }

    /// The expiry as one `MM/YY` text (``CardForm/expiry``).
    public var expiry: String {
        get { form.expiry }
        set { form.expiry = newValue }
    }

    /// The expiry month (``CardForm/expiryMonth``).
    public var expiryMonth: String {
        get { form.expiryMonth }
        set { form.expiryMonth = newValue }
    }

    /// The expiry year (``CardForm/expiryYear``).
    public var expiryYear: String {
        get { form.expiryYear }
        set { form.expiryYear = newValue }
    }

    /// The holder's name (``CardForm/holderName``).
    public var holderName: String {
        get { form.holderName }
        set { form.holderName = newValue }
    }

    /// Records which field the app's own UI is editing (``CardForm/focusedField``): the form's feedback and
    /// announcements follow it as they do for the SDK's fields.
    public var focusedField: CardField? {
        get { form.focusedField }
        set { form.focusedField = newValue }
    }
}

/// A saved card's security-code field as an app that draws its own field reads and writes it. Given by
/// ``CVVField/appDrawnField`` only when ``PurseCheckoutConfiguration/cardFields`` is
/// ``CardFieldOwnership/appDrawnFieldsInPCIScope`` (and by the testing kit's `testingField` in tests).
@MainActor
public final class AppDrawnCVVField {
    private let field: CVVField

    /// The code of `field`, whatever the checkout's mode: for the app-drawn opt-in and the testing kit only.
    package init(field: CVVField) {
        self.field = field
    }

    /// The security code, digits only (anything else typed is dropped), at most four.
    public var cvv: String {
        get { field.cvv }
        set { field.cvv = newValue }
    }
}

extension AppDrawnCardFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A fixed text: never a digit of the card.
    public nonisolated var description: String { "AppDrawnCardFields(card data hidden)" }
    /// Same as ``description``.
    public nonisolated var debugDescription: String { description }
    /// A mirror with no card data, so that `dump(fields)` prints none.
    public nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}

extension AppDrawnCVVField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A fixed text: never the code.
    public nonisolated var description: String { "AppDrawnCVVField(code hidden)" }
    /// Same as ``description``.
    public nonisolated var debugDescription: String { description }
    /// A mirror with no children, so that `dump(field)` prints no code.
    public nonisolated var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
}
