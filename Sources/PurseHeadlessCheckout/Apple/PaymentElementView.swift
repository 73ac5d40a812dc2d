#if canImport(SwiftUI)
    public import SwiftUI

    #if canImport(UIKit)
        import UIKit
    #endif
    #if canImport(Accessibility)
        import Accessibility
    #endif

    /// Renders a payment element's fields in SwiftUI: the card form of a fresh card, the CVV-only field of a
    /// saved card whose CVV is required, nothing for any other element.
    ///
    /// ```swift
    /// if element.hasUI { PaymentElementView(element) }   // CVV-only field, when required
    /// Button("Pay") { element.submit() }.disabled(!element.isReady)
    /// ```
    /// The view only lays fields out over the element's headless model (``PaymentElement/cardForm``,
    /// ``PaymentElement/cvvField``): titles, placeholders, formatting, validation and which message to show
    /// come from the model, so a custom UI built on the model behaves the same. Fields are marked
    /// privacy-sensitive (redacted in snapshots and widgets), autocorrection is off, and the security code is a
    /// `SecureField`.
    ///
    /// Its text is in the checkout's language (``PurseCheckoutConfiguration/locale``, with your
    /// ``PurseCheckoutConfiguration/messageOverrides``). Each field has a VoiceOver label (its title), a hint
    /// (``CardField/accessibilityHintMessage``) and a stable identifier for UI tests
    /// (``CardField/accessibilityIdentifier``: `purse.card.pan`, `purse.card.expiry`, `purse.card.cvv`,
    /// `purse.card.holderName`; `purse.card.brand` for the brand picker). Text uses text styles, so it follows
    /// Dynamic Type; at the accessibility sizes the expiry and the security code stack instead of sharing a row.
    /// VoiceOver is told the card's brand once detected and each field's error when it appears under the field
    /// (``PurseAnnouncement/brandDetected(_:)``, ``PurseAnnouncement/fieldInvalid(_:error:)``), in the same language.
    public struct PaymentElementView: View {
        private let element: PaymentElement

        /// A view of `element`'s fields.
        public init(_ element: PaymentElement) {
            self.element = element
        }

        /// The card form, the CVV-only field, or nothing.
        public var body: some View {
            if let form = element.cardForm {
                CardFormFields(form: form)
            } else if let field = element.cvvField {
                CVVFieldView(field: field)
            }
        }
    }

    /// The fresh card's fields.
    struct CardFormFields: View {
        @Bindable var form: CardForm
        @FocusState private var focus: CardField?
        @Environment(\.dynamicTypeSize) private var typeSize
        /// What VoiceOver was last told (the rule is `CardFormAnnouncer`'s, tested on every platform).
        @State private var announcer = CardFormAnnouncer()

        /// The checkout's language.
        private var text: PurseLocalizer { form.environment.localizer }

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                labelled(.pan) {
                    TextField(placeholder(.pan), text: $form.formattedPAN).cardInput(.pan)
                }
                if typeSize.isAccessibilitySize {
                    expiryField
                    cvvField
                } else {
                    HStack(alignment: .top, spacing: 12) {
                        expiryField
                        cvvField
                    }
                }
                labelled(.holderName) {
                    TextField(placeholder(.holderName), text: $form.holderName).cardInput(.holderName)
                }
                if form.offersBrandChoice {
                    Picker(text.string(PurseMessage("cardForm.brandPicker.title")), selection: $form.selectedBrand) {
                        ForEach(form.detectedBrands, id: \.self) { brand in
                            Text(brand.displayName).tag(Optional(brand))
                        }
                    }
                    .pickerStyle(.segmented)
                    .accessibilityHint(text.string(PurseMessage("cardForm.brandPicker.hint")))
                    .accessibilityIdentifier(CardForm.brandPickerAccessibilityIdentifier)
                }
            }
            .onChange(of: CardFormAnnouncer.Shown(form, editing: focus)) { _, shown in
                postAnnouncements(announcer.announcements(for: shown), in: text)
            }
        }

        private var expiryField: some View {
            labelled(.expiry) { TextField(placeholder(.expiry), text: $form.expiry).cardInput(.expiry) }
        }

        private var cvvField: some View {
            labelled(.cvv) { SecureField(placeholder(.cvv), text: $form.cvv).cardInput(.cvv) }
        }

        private func placeholder(_ field: CardField) -> String { text.string(field.placeholderMessage) }

        /// A field with its title above and the model's feedback below.
        private func labelled(_ field: CardField, @ViewBuilder input: () -> some View) -> some View {
            let title = text.string(field.titleMessage)
            return VStack(alignment: .leading, spacing: 4) {
                Text(title).font(.caption).foregroundStyle(.secondary)
                input()
                    .focused($focus, equals: field)
                    .accessibilityLabel(title)
                    .accessibilityHint(text.string(field.accessibilityHintMessage))
                    .accessibilityIdentifier(field.accessibilityIdentifier)
                if let message = form.feedback(for: field, isEditing: focus == field) {
                    Text(message).font(.caption).foregroundStyle(.red)
                }
            }
        }
    }

    /// The saved card's CVV-only field.
    struct CVVFieldView: View {
        @Bindable var field: CVVField
        @FocusState private var isFocused: Bool
        /// What VoiceOver was last told (the card form's rule, `CardFormAnnouncer`).
        @State private var announcer = CardFormAnnouncer()

        var body: some View {
            let text = field.environment.localizer
            let title = text.string(CardField.cvv.titleMessage)
            VStack(alignment: .leading, spacing: 4) {
                Text(title).font(.caption).foregroundStyle(.secondary)
                SecureField(field.placeholder, text: $field.cvv)
                    .cardInput(.cvv)
                    .focused($isFocused)
                    .accessibilityLabel(title)
                    .accessibilityHint(text.string(CardField.cvv.accessibilityHintMessage))
                    .accessibilityIdentifier(CardField.cvv.accessibilityIdentifier)
                if let message = field.feedback(isEditing: isFocused) {
                    Text(message).font(.caption).foregroundStyle(.red)
                }
            }
            .onChange(of: CardFormAnnouncer.Shown(field, editing: isFocused)) { _, shown in
                postAnnouncements(announcer.announcements(for: shown), in: text)
            }
        }
    }

    /// Posts each message to VoiceOver, rendered by `localizer` (the checkout's language).
    @MainActor
    private func postAnnouncements(_ messages: [PurseMessage], in localizer: PurseLocalizer) {
        #if canImport(Accessibility)
            for message in messages { AccessibilityNotification.Announcement(localizer.string(message)).post() }
        #endif
    }

    extension View {
        /// Input traits of a card field: a number pad and the card autofill content type on iOS; redacted in
        /// privacy contexts and no autocorrection everywhere.
        @ViewBuilder
        fileprivate func cardInput(_ field: CardField) -> some View {
            #if canImport(UIKit)
                self.keyboardType(field == .holderName ? .default : .numberPad)
                    .textContentType(field.textContentType)
                    .autocorrectionDisabled()
                    .privacySensitive()
            #else
                self.autocorrectionDisabled().privacySensitive()
            #endif
        }
    }

    #if canImport(UIKit)
        extension CardField {
            /// The autofill content type of the field.
            fileprivate var textContentType: UITextContentType {
                switch self {
                case .pan: return .creditCardNumber
                case .expiry: return .creditCardExpiration
                case .cvv: return .creditCardSecurityCode
                case .holderName: return .creditCardName
                }
            }
        }
    #endif
#endif
