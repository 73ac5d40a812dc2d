#if canImport(SwiftUI)
    public import SwiftUI

    /// Renders a payment element's fields in SwiftUI: the card form of a fresh card, the CVV-only field of a
    /// saved card whose CVV is required, nothing for any other element.
    ///
    /// ```swift
    /// if element.hasUI { PaymentElementView(element) }   // CVV-only field, when required
    /// Button("Pay") { element.submit() }.disabled(!element.isReady)
    /// ```
    /// The view only lays fields out over the element's headless model (``PaymentElement/cardForm``,
    /// ``PaymentElement/cvvField``): titles, placeholders, formatting, validation and which message to show
    /// come from the model, so a custom UI built on the model behaves the same. Each field is a ``CardFieldView``
    /// (the code of a saved card a ``CVVFieldView``): on iOS, iPadOS, Mac Catalyst and visionOS the SDK's UIKit text
    /// field, with no autocorrection, no copying of the number or the code, and its text covered while the app is
    /// inactive or the screen is recorded; privacy-sensitive SwiftUI fields on macOS. ``CardFieldAppearance`` sets
    /// their fonts, colours, borders and spacing; `PaymentElementUIView` is the UIKit twin.
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
        private let appearance: CardFieldAppearance

        /// A view of `element`'s fields, drawn with `appearance`.
        public init(_ element: PaymentElement, appearance: CardFieldAppearance = .default) {
            self.element = element
            self.appearance = appearance
        }

        /// The card form, the CVV-only field, or nothing.
        public var body: some View {
            if let form = element.cardForm {
                CardFormFields(form: form, appearance: appearance)
            } else if let field = element.cvvField {
                CVVFieldView(field: field, appearance: appearance)
            }
        }
    }

    /// The fresh card's fields.
    struct CardFormFields: View {
        let form: CardForm
        let appearance: CardFieldAppearance
        @Environment(\.dynamicTypeSize) private var typeSize
        /// What VoiceOver was last told (the rule is `CardFormAnnouncer`'s, tested on every platform).
        @State private var announcer = CardFormAnnouncer()

        /// The checkout's language.
        private var text: PurseLocalizer { form.environment.localizer }

        private var spacing: CGFloat { CGFloat(max(appearance.fieldSpacing, 0)) }

        var body: some View {
            VStack(alignment: .leading, spacing: spacing) {
                field(.pan)
                if typeSize.isAccessibilitySize {
                    field(.expiry)
                    field(form.codeSlotField)
                } else {
                    HStack(alignment: .top, spacing: spacing) {
                        field(.expiry)
                        field(form.codeSlotField)
                    }
                }
                field(.holderName)
                if form.offersBrandChoice {
                    brandPicker
                }
            }
            .onChange(of: CardFormAnnouncer.Shown(form, editing: form.focusedField)) { _, shown in
                postAnnouncements(announcer.announcements(for: shown), in: text)
            }
        }

        /// The network picker of a co-badged card: it shows the form's brand, and the shopper's choice goes to
        /// ``CardForm/selectBrand(_:)``.
        private var brandPicker: some View {
            let form = form
            let selection = Binding<CardBrand?>(get: { form.brand }, set: { try? form.selectBrand($0) })
            return Picker(text.string(CardForm.brandPickerTitle), selection: selection) {
                ForEach(form.detectedBrands, id: \.self) { brand in
                    Text(brand.displayName).tag(Optional(brand))
                }
            }
            .pickerStyle(.segmented)
            .accessibilityHint(text.string(CardForm.brandPickerHint))
            .accessibilityIdentifier(CardForm.brandPickerAccessibilityIdentifier)
        }

        private func field(_ field: CardField) -> some View {
            CardFieldStack(input: .card(form, field), appearance: appearance, announces: false)
        }
    }
#endif
