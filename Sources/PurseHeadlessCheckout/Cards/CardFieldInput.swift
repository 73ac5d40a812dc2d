/// The model behind one of the SDK's fields, a card form's field or a saved card's security code: what the UIKit
/// and SwiftUI fields read (their text, title, message, state, announcements) and write (each edit, the focus).
/// Everything a field decides is here, so that the Apple views only carry it out.
@MainActor
enum CardFieldInput: Sendable {
    /// A field of a fresh card's form.
    case card(CardForm, CardField)
    /// A saved card's security code, or a saved Oney card's date of birth.
    case savedCardCode(CVVField)

    /// Which field it is.
    var field: CardField {
        switch self {
        case .card(_, let field): field
        case .savedCardCode(let code): code.shownField
        }
    }

    /// What the input is bound to: a view made for one stays bound to it, so a view shown for another is made anew.
    var identity: Identity {
        switch self {
        case .card(let form, let field): Identity(model: ObjectIdentifier(form), field: field)
        case .savedCardCode(let code): Identity(model: ObjectIdentifier(code), field: code.shownField)
        }
    }

    /// The model object and the field an input is bound to.
    struct Identity: Hashable, Sendable {
        /// The form or the saved card's code field.
        let model: ObjectIdentifier
        /// The field.
        let field: CardField
    }

    /// The checkout's language.
    var localizer: PurseLocalizer {
        switch self {
        case .card(let form, _): form.environment.localizer
        case .savedCardCode(let code): code.environment.localizer
        }
    }

    /// The field's title, shown above it and read by VoiceOver as its label.
    var title: String { localizer.string(field.titleMessage) }

    /// VoiceOver's hint for the field.
    var hint: String { localizer.string(field.accessibilityHintMessage) }

    /// The text shown in the empty field.
    var placeholder: String {
        switch self {
        case .card(let form, let field): form.environment.localizer.string(field.placeholderMessage)
        case .savedCardCode(let code): code.placeholder
        }
    }

    /// Whether the field hides what is typed (the security code).
    var isSecure: Bool { field == .cvv }

    /// Whether the field's text may be copied or cut: never the card number or the security code.
    var allowsCopying: Bool { field == .expiry || field == .holderName || field == .birthDate }

    /// The field's editing rules for the card as it is now.
    var editing: CardFieldEditing {
        switch self {
        case .card(let form, let field): form.editing(field)
        case .savedCardCode(let code): code.editing
        }
    }

    /// The field's value (``CardForm/value(of:)``).
    var value: String {
        switch self {
        case .card(let form, let field): form.value(of: field)
        case .savedCardCode(let code): code.requiresBirthDate ? code.birthDate : code.cvv
        }
    }

    /// Sets the field's value.
    func setValue(_ value: String) {
        switch self {
        case .card(let form, let field): form.setValue(value, of: field)
        case .savedCardCode(let code):
            if code.requiresBirthDate { code.birthDate = value } else { code.cvv = value }
        }
    }

    /// Whether the shopper is typing in the field, as the field reported it.
    var isFocused: Bool {
        switch self {
        case .card(let form, let field): form.focusedField == field
        case .savedCardCode(let code): code.isFocused
        }
    }

    /// Records that the field gained (`true`) or lost the focus. Losing it clears the form's focus only if it is
    /// still this field's (another field may have taken it first).
    func setFocused(_ focused: Bool) {
        switch self {
        case .card(let form, let field):
            if focused {
                form.focusedField = field
            } else if form.focusedField == field {
                form.focusedField = nil
            }
        case .savedCardCode(let code): code.isFocused = focused
        }
    }

    /// The message under the field, in the checkout's language, or `nil`.
    var message: String? {
        switch self {
        case .card(let form, let field): form.feedback(for: field, isEditing: form.focusedField == field)
        case .savedCardCode(let code): code.feedback(isEditing: code.isFocused)
        }
    }

    /// The state the field is drawn in.
    var state: CardFieldState {
        switch self {
        case .card(let form, let field): form.state(of: field)
        case .savedCardCode(let code): code.state
        }
    }

    /// What VoiceOver may be told about this field alone (a field laid out by the app on its own): its message,
    /// and for the card number the detected brands.
    var shown: CardFormAnnouncer.Shown {
        switch self {
        case .card(let form, let field):
            let message = form.feedbackMessage(for: field, isEditing: form.focusedField == field)
            return CardFormAnnouncer.Shown(
                brands: field == .pan ? form.detectedBrands : [], messages: message.map { [field: $0] } ?? [:])
        case .savedCardCode(let code):
            return CardFormAnnouncer.Shown(code, editing: code.isFocused)
        }
    }

    /// Applies an edit of the field's text (`text`, whose UTF-16 `range` the shopper replaces with `replacement`)
    /// to the model, and returns what the field shows next.
    func edit(_ text: String, in range: Range<Int>, with replacement: String) -> CardFieldEditing.State {
        let state = editing.edit(text, in: range, with: replacement)
        setValue(state.value)
        return state
    }

    /// Whether the platform's text field may apply an edit itself, as typed: only a holder name that the rules leave
    /// as typed (no line break or control character in `replacement`), or one being composed with an input method
    /// (`isComposing`: marked text, which the field must keep). The field then reports its new text, which goes into
    /// the model through ``replace(_:with:)``. Every other edit goes through ``edit(_:in:with:)``.
    func appliesAsTyped(_ text: String, in range: Range<Int>, with replacement: String, isComposing: Bool) -> Bool {
        guard field == .holderName else { return false }
        if isComposing { return true }
        let units = Array(text.utf16)
        let lower = min(max(range.lowerBound, 0), units.count)
        let upper = min(max(range.upperBound, lower), units.count)
        let typed = String(decoding: units[..<lower] + Array(replacement.utf16) + units[upper...], as: UTF16.self)
        return editing.edit(text, in: range, with: replacement).text == typed
    }

    /// Applies a change of the whole text (`old` became `new`, as a SwiftUI text field reports it) as the edit of
    /// the part that changed, and returns what the field shows next.
    func replace(_ old: String, with new: String) -> CardFieldEditing.State {
        let change = CardFieldEditing.change(from: old, to: new)
        return edit(old, in: change.range, with: change.replacement)
    }

    /// What the field shows for the model's value, with the caret after as many digits as `text` had before
    /// `caret` (the caret stays put when the model changes the text, such as its grouping).
    func display(keepingCaretOf text: String, at caret: Int?) -> CardFieldEditing.State {
        let digits = caret.map { CardFieldEditing.digitCount(in: text, before: $0) }
        return editing.display(value, caretAfterDigits: field == .holderName ? nil : digits)
    }
}

extension CardForm {
    /// The brand picker's title (`cardForm.brandPicker.title`), its VoiceOver label.
    nonisolated static let brandPickerTitle = PurseMessage("cardForm.brandPicker.title")
    /// The brand picker's VoiceOver hint (`cardForm.brandPicker.hint`).
    nonisolated static let brandPickerHint = PurseMessage("cardForm.brandPicker.hint")
}
