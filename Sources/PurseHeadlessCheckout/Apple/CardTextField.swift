#if canImport(UIKit)
    import Observation
    import UIKit

    /// The text field of every card field the SDK draws with UIKit, in its UIKit views and, wrapped, in its SwiftUI
    /// views: it types into its ``CardFieldInput`` through the editing rules (``CardFieldEditing``), and never lets
    /// the card number or the security code be copied, cut or guessed by the keyboard.
    ///
    /// Input traits: a number pad (the default keyboard for the holder's name), the card autofill content types, no
    /// autocorrection, spell checking, smart insertion or inline prediction; the security code is secure text entry.
    final class CardTextField: UITextField {
        /// What the field reads and writes.
        let input: CardFieldInput
        /// The field's appearance.
        private(set) var appearance: CardFieldAppearance
        /// The delegate running the editing rules (a text field is not its own delegate).
        private let editor = CardTextFieldEditor()
        /// The placeholder shown, to set it again only when it changes.
        private var shownPlaceholder: String?

        init(input: CardFieldInput, appearance: CardFieldAppearance) {
            self.input = input
            self.appearance = appearance
            super.init(frame: .zero)
            delegate = editor
            keyboardType = input.field == .holderName ? .default : .numberPad
            textContentType = input.field.textContentType
            autocapitalizationType = input.field == .holderName ? .words : .none
            autocorrectionType = .no
            spellCheckingType = .no
            smartInsertDeleteType = .no
            smartQuotesType = .no
            smartDashesType = .no
            inlinePredictionType = .no
            isSecureTextEntry = input.isSecure
            adjustsFontForContentSizeCategory = true
            accessibilityLabel = input.title
            accessibilityHint = input.hint
            accessibilityIdentifier = input.field.accessibilityIdentifier
            addAction(UIAction { [weak self] _ in self?.textDidChange() }, for: .editingChanged)
            apply(appearance)
            text = input.editing.display(input.value).text
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("CardTextField is created in code only")
        }

        /// Applies `appearance`: the font (scaled with Dynamic Type), the colours of the text and the placeholder.
        func apply(_ appearance: CardFieldAppearance) {
            self.appearance = appearance
            font = appearance.inputFont.uiFont
            textColor = appearance.textColor.uiColor
            shownPlaceholder = nil
            showPlaceholder()
            invalidateIntrinsicContentSize()
        }

        private func showPlaceholder() {
            let placeholder = input.placeholder
            guard placeholder != shownPlaceholder else { return }
            shownPlaceholder = placeholder
            attributedPlaceholder = NSAttributedString(
                string: placeholder, attributes: [.foregroundColor: appearance.placeholderColor.uiColor])
        }

        // MARK: Editing

        /// Runs a change the shopper makes (typing, pasting, deleting, autofill) through the editing rules, shows
        /// the result and its caret, and answers whether UIKit should apply the change itself: only a holder name the
        /// rules leave as typed, or one being composed with an input method (marked text, which UIKit must keep);
        /// ``textDidChange()`` then takes the new text into the model.
        func shouldChange(_ range: Range<Int>, with replacement: String) -> Bool {
            let current = text ?? ""
            let isComposing = markedTextRange != nil
            if input.appliesAsTyped(current, in: range, with: replacement, isComposing: isComposing) { return true }
            show(input.edit(current, in: range, with: replacement))
            return false
        }

        /// A change UIKit made without asking the delegate (a composed name committed, some autofill): the model
        /// takes it as an edit, and the field shows the result.
        private func textDidChange() {
            guard markedTextRange == nil else { return }
            let current = text ?? ""
            let shown = input.editing.display(input.value).text
            guard current != shown else { return }
            show(input.replace(shown, with: current))
        }

        /// Shows the model's value again when the model changed it (the number regrouped, a value set from
        /// elsewhere), keeping the caret after the same digits. Nothing changes while text is being composed.
        func render() {
            showPlaceholder()
            guard markedTextRange == nil else { return }
            let current = text ?? ""
            let caret = selectedTextRange.map { offset(from: beginningOfDocument, to: $0.start) }
            let state = input.display(keepingCaretOf: current, at: caret)
            guard state.text != current else { return }
            show(state)
        }

        private func show(_ state: CardFieldEditing.State) {
            if text != state.text { text = state.text }
            guard isFirstResponder, let caret = position(from: beginningOfDocument, offset: state.caret) else { return }
            selectedTextRange = textRange(from: caret, to: caret)
        }

        /// Refuses to copy or cut the card number and the security code (pasting stays allowed).
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
            if !input.allowsCopying, Self.copyingActions.contains(action.description) { return false }
            return super.canPerformAction(action, withSender: sender)
        }

        /// The edit actions that would take the text out of the field: `copy(_:)` and `cut(_:)`.
        private static let copyingActions: Set<String> = ["copy:", "cut:"]

        // MARK: Layout

        private var padding: CGFloat { CGFloat(max(appearance.padding, 0)) }

        override func textRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: padding, dy: 0) }

        override func editingRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: padding, dy: 0) }

        override func placeholderRect(forBounds bounds: CGRect) -> CGRect { bounds.insetBy(dx: padding, dy: 0) }

        /// The text's size with the padding around it, at least Apple's minimum touch target high.
        override var intrinsicContentSize: CGSize {
            let text = super.intrinsicContentSize
            return CGSize(
                width: text.width + 2 * padding,
                height: max(text.height + 2 * padding, CGFloat(CardFieldAppearance.minimumFieldHeight)))
        }
    }

    /// The delegate of a ``CardTextField``: the editing rules for each change, and the focus for the model.
    @MainActor
    final class CardTextFieldEditor: NSObject, UITextFieldDelegate {
        func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool {
            guard let field = textField as? CardTextField else { return true }
            return field.shouldChange(range.location..<(range.location + range.length), with: string)
        }

        func textFieldDidBeginEditing(_ textField: UITextField) {
            (textField as? CardTextField)?.input.setFocused(true)
        }

        func textFieldDidEndEditing(_ textField: UITextField) {
            (textField as? CardTextField)?.input.setFocused(false)
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            textField.resignFirstResponder()
            return true
        }
    }

    /// A field's box: its background and border in the field's state, the text field inside, and an opaque cover
    /// over the text while the app is inactive (the app switcher's snapshot) or the screen is recorded, mirrored
    /// or shared. The UIKit views lay it out under the title; the SwiftUI views wrap it.
    final class CardInputView: UIView {
        /// The text field.
        let textField: CardTextField
        /// The background and border.
        private let backdrop = RoundedBoxView()
        /// What hides the text.
        private let cover = RoundedBoxView()
        /// Whether the app is not active (from UIApplication's notifications).
        private var isAppInactive = false
        private var lifecycleObservers: [any NSObjectProtocol] = []

        /// The field's appearance.
        var appearance: CardFieldAppearance {
            didSet {
                guard appearance != oldValue else { return }
                textField.apply(appearance)
                render()
            }
        }

        init(input: CardFieldInput, appearance: CardFieldAppearance) {
            self.textField = CardTextField(input: input, appearance: appearance)
            self.appearance = appearance
            super.init(frame: .zero)
            addFilling(backdrop)
            addFilling(textField)
            addFilling(cover)
            cover.isHidden = true
            cover.isUserInteractionEnabled = false
            registerForTraitChanges([UITraitSceneCaptureState.self]) { (view: CardInputView, _: UITraitCollection) in
                view.updateCover()
            }
            observeModel(self) { $0.render() }
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("CardInputView is created in code only")
        }

        /// The size the field needs: the text field's, padding included.
        var naturalSize: CGSize { textField.intrinsicContentSize }

        private func render() {
            textField.render()
            let style = appearance.style(for: textField.input.state)
            backdrop.draw(style, cornerRadius: appearance.cornerRadius)
            let covered = CardFieldAppearance.Style(
                borderColor: style.borderColor, borderWidth: style.borderWidth, backgroundColor: appearance.coverColor)
            cover.draw(covered, cornerRadius: appearance.cornerRadius)
        }

        // MARK: Hiding the text

        override func didMoveToWindow() {
            super.didMoveToWindow()
            if window == nil {
                for observer in lifecycleObservers { NotificationCenter.default.removeObserver(observer) }
                lifecycleObservers = []
            } else if lifecycleObservers.isEmpty {
                observe(UIApplication.willResignActiveNotification, inactive: true)
                observe(UIApplication.didEnterBackgroundNotification, inactive: true)
                observe(UIApplication.didBecomeActiveNotification, inactive: false)
            }
            updateCover()
        }

        private func observe(_ name: Notification.Name, inactive: Bool) {
            let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) {
                [weak self] _ in
                MainActor.assumeIsolated {
                    self?.isAppInactive = inactive
                    self?.updateCover()
                }
            }
            lifecycleObservers.append(observer)
        }

        private func updateCover() {
            cover.isHidden = !(isAppInactive || traitCollection.sceneCaptureState == .active)
        }
    }

    /// A rounded box: a background and a border, drawn so that their colours follow light and dark mode.
    final class RoundedBoxView: UIView {
        private var style: CardFieldAppearance.Style?
        private var cornerRadius: Double = 0

        init() {
            super.init(frame: .zero)
            isOpaque = false
            backgroundColor = .clear
            contentMode = .redraw
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) {
            fatalError("RoundedBoxView is created in code only")
        }

        /// Draws `style` with corners of `cornerRadius`.
        func draw(_ style: CardFieldAppearance.Style, cornerRadius: Double) {
            guard style != self.style || cornerRadius != self.cornerRadius else { return }
            self.style = style
            self.cornerRadius = cornerRadius
            setNeedsDisplay()
        }

        override func draw(_ rect: CGRect) {
            guard let style else { return }
            let width = CGFloat(style.borderWidth)
            let path = UIBezierPath(
                roundedRect: bounds.insetBy(dx: width / 2, dy: width / 2), cornerRadius: CGFloat(max(cornerRadius, 0)))
            style.backgroundColor.uiColor.setFill()
            path.fill()
            guard width > 0 else { return }
            path.lineWidth = width
            style.borderColor.uiColor.setStroke()
            path.stroke()
        }
    }

    // MARK: - Shared by the UIKit views

    extension UIView {
        /// Adds `child` over the whole of this view, with Auto Layout.
        func addFilling(_ child: UIView) {
            child.translatesAutoresizingMaskIntoConstraints = false
            addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: leadingAnchor),
                child.trailingAnchor.constraint(equalTo: trailingAnchor),
                child.topAnchor.constraint(equalTo: topAnchor),
                child.bottomAnchor.constraint(equalTo: bottomAnchor),
            ])
        }
    }

    /// Runs `render` on `owner` now, and again after each change of the observable models it read, on the main
    /// actor, for as long as `owner` lives.
    @MainActor
    func observeModel<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ render: @escaping @MainActor @Sendable (Owner) -> Void
    ) {
        withObservationTracking {
            render(owner)
        } onChange: { [weak owner] in
            Task { @MainActor in
                guard let owner else { return }
                observeModel(owner, render)
            }
        }
    }

    extension CardField {
        /// The autofill content type of the field.
        var textContentType: UITextContentType {
            switch self {
            case .pan: .creditCardNumber
            case .expiry: .creditCardExpiration
            case .cvv: .creditCardSecurityCode
            case .holderName: .creditCardName
            case .birthDate: .birthdate
            }
        }
    }
#endif
