#if canImport(UIKit)
    public import UIKit

    /// Renders a payment element's fields in UIKit: the card form of a fresh card, the CVV-only field of a saved
    /// card whose CVV is required, nothing for any other element. The UIKit twin of ``PaymentElementView``.
    ///
    /// ```swift
    /// let fields = PaymentElementUIView(element: element)
    /// stack.addArrangedSubview(fields)                    // sizes itself with Auto Layout
    /// payButton.isEnabled = element.isReady
    /// ```
    /// The view lays the fields out over the element's headless model (``PaymentElement/cardForm``,
    /// ``PaymentElement/cvvField``); what each field does is ``CardFieldUIView``'s. The card form shows the card
    /// number, the expiry and the security code side by side (stacked at the accessibility text sizes), the
    /// holder's name, and for a co-badged card a network picker (``CardForm/brandPickerAccessibilityIdentifier``)
    /// whose choice goes to ``CardForm/selectBrand(_:)``. VoiceOver is told the card's brand once detected and each
    /// field's error when it appears, in the checkout's language (``PurseAnnouncement``).
    public final class PaymentElementUIView: UIView {
        /// The fields' views, to restyle them.
        private var fields: [CardFieldUIView] = []
        /// The card form's content, when the element has a card form.
        private var formLayout: FormLayout?

        /// How the fields look. Setting it restyles them.
        public var appearance: CardFieldAppearance {
            didSet {
                guard appearance != oldValue else { return }
                for field in fields { field.appearance = appearance }
                formLayout?.apply(appearance)
            }
        }

        /// A view of `element`'s fields, drawn with `appearance`.
        public init(element: PaymentElement, appearance: CardFieldAppearance = .default) {
            self.appearance = appearance
            super.init(frame: .zero)
            if let form = element.cardForm {
                let layout = FormLayout(form: form, appearance: appearance)
                fields = layout.fields
                formLayout = layout
                addFilling(layout)
            } else if let code = element.cvvField {
                let field = CVVFieldUIView(field: code, appearance: appearance)
                fields = [field]
                addFilling(field)
            }
        }

        /// Not available: create the view in code.
        @available(*, unavailable)
        public required init?(coder: NSCoder) {
            fatalError("PaymentElementUIView is created in code only")
        }
    }

    /// A fresh card's fields, laid out, with the network picker and the form's VoiceOver announcements.
    final class FormLayout: UIView {
        private let form: CardForm
        private let stack = UIStackView(arrangedSubviews: [])
        /// The expiry and the security code: side by side, stacked at the accessibility text sizes.
        private let row = UIStackView(arrangedSubviews: [])
        private let picker = UISegmentedControl(frame: .zero)
        /// The brands the picker offers, in its order.
        private var pickerBrands: [CardBrand] = []
        /// What VoiceOver was last told (the rule is `CardFormAnnouncer`'s).
        private var announcer = CardFormAnnouncer()
        /// The fields, in the form's order: number, expiry, security code, holder name, then the date of birth
        /// that takes the code's place on an Oney card (``CardForm/shownFields``).
        let fields: [CardFieldUIView]

        init(form: CardForm, appearance: CardFieldAppearance) {
            self.form = form
            fields = [CardField.pan, .expiry, .cvv, .holderName, .birthDate].map {
                CardFieldUIView(input: .card(form, $0), appearance: appearance, announces: false)
            }
            super.init(frame: .zero)
            stack.axis = .vertical
            stack.alignment = .fill
            row.alignment = .top
            row.addArrangedSubview(fields[1])
            row.addArrangedSubview(fields[2])
            row.addArrangedSubview(fields[4])
            for view in [fields[0], row, fields[3], picker] as [UIView] { stack.addArrangedSubview(view) }
            addFilling(stack)
            picker.isHidden = true
            picker.accessibilityIdentifier = CardForm.brandPickerAccessibilityIdentifier
            picker.addAction(UIAction { [weak self] _ in self?.brandPicked() }, for: .valueChanged)
            apply(appearance)
            layOutRow()
            registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) {
                (view: FormLayout, _: UITraitCollection) in view.layOutRow()
            }
            _ = announcer.announcements(for: CardFormAnnouncer.Shown(form, editing: form.focusedField))
            observeModel(self) { $0.render() }
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("FormLayout is created in code only")
        }

        func apply(_ appearance: CardFieldAppearance) {
            let spacing = CGFloat(max(appearance.fieldSpacing, 0))
            stack.spacing = spacing
            row.spacing = spacing
        }

        /// The expiry beside the security code, or above it at the accessibility text sizes.
        private func layOutRow() {
            let stacked = traitCollection.preferredContentSizeCategory.isAccessibilityCategory
            row.axis = stacked ? .vertical : .horizontal
            row.alignment = stacked ? .fill : .top
            row.distribution = stacked ? .fill : .fillEqually
        }

        private func render() {
            let text = form.environment.localizer
            let shown = Set(form.shownFields)
            for view in fields { view.isHidden = !shown.contains(view.input.field) }
            picker.accessibilityLabel = text.string(CardForm.brandPickerTitle)
            picker.accessibilityHint = text.string(CardForm.brandPickerHint)
            let brands = form.offersBrandChoice ? form.detectedBrands : []
            if brands != pickerBrands {
                picker.removeAllSegments()
                for (index, brand) in brands.enumerated() {
                    picker.insertSegment(withTitle: brand.displayName, at: index, animated: false)
                }
                pickerBrands = brands
            }
            picker.isHidden = brands.isEmpty
            picker.selectedSegmentIndex =
                form.brand.flatMap { brands.firstIndex(of: $0) } ?? UISegmentedControl.noSegment
            let announced = CardFormAnnouncer.Shown(form, editing: form.focusedField)
            postAnnouncements(announcer.announcements(for: announced), in: text)
        }

        /// The shopper picked a network: the form takes it if the card carries it (the picker then shows the form's
        /// brand, whatever the outcome).
        private func brandPicked() {
            let index = picker.selectedSegmentIndex
            if pickerBrands.indices.contains(index) { try? form.selectBrand(pickerBrands[index]) }
            picker.selectedSegmentIndex =
                form.brand.flatMap { pickerBrands.firstIndex(of: $0) } ?? UISegmentedControl.noSegment
        }
    }
#endif
