#if canImport(UIKit)
    public import UIKit

    /// One card field in UIKit, for an app that lays the card form's fields out itself: the field's title above
    /// it, the SDK's secure text field, and the model's message under it.
    ///
    /// ```swift
    /// guard let form = element.cardForm else { return }
    /// let number = CardFieldUIView(form: form, field: .pan)
    /// let expiry = CardFieldUIView(form: form, field: .expiry, appearance: appearance)
    /// stack.addArrangedSubview(number)
    /// ```
    /// What is typed goes into the form through the SDK's editing rules (the number in its brand's groups, the
    /// expiry as `MM/YY`), never to your code. The field follows the model: it is drawn in its state
    /// (``CardFieldState``, styled by ``CardFieldAppearance``), shows the form's message for it, and tells
    /// VoiceOver its error when one appears (and, for the card number, the brand once detected). Its text uses the
    /// appearance's text styles, so it follows Dynamic Type; its colours follow light and dark mode. VoiceOver reads
    /// its title as its label, ``CardField/accessibilityHintMessage`` as its hint; UI tests find it by
    /// ``CardField/accessibilityIdentifier``. The card number and the security code cannot be copied or cut, and
    /// the text is covered while the app is inactive or the screen is recorded or mirrored.
    ///
    /// ``PaymentElementUIView`` lays out a whole form; ``CVVFieldUIView`` is a saved card's security code.
    public class CardFieldUIView: UIView {
        /// What the field reads and writes.
        let input: CardFieldInput
        /// The title, the box and the message, top to bottom.
        private let stack = UIStackView(arrangedSubviews: [])
        private let titleLabel = UILabel(frame: .zero)
        private let box: CardInputView
        private let messageLabel = UILabel(frame: .zero)
        /// Whether this view tells VoiceOver about its field (a whole form's view does it for its fields instead).
        private let announces: Bool
        /// What VoiceOver was last told (the rule is `CardFormAnnouncer`'s).
        private var announcer = CardFormAnnouncer()

        /// How the field looks. Setting it restyles the field.
        public var appearance: CardFieldAppearance {
            didSet {
                guard appearance != oldValue else { return }
                applyAppearance()
            }
        }

        /// A view of `form`'s `field`, drawn with `appearance`.
        public convenience init(form: CardForm, field: CardField, appearance: CardFieldAppearance = .default) {
            self.init(input: .card(form, field), appearance: appearance, announces: true)
        }

        /// A view of `input`; `announces`: whether it tells VoiceOver about the field itself.
        init(input: CardFieldInput, appearance: CardFieldAppearance, announces: Bool) {
            self.input = input
            self.appearance = appearance
            self.announces = announces
            self.box = CardInputView(input: input, appearance: appearance)
            super.init(frame: .zero)
            stack.axis = .vertical
            stack.alignment = .fill
            titleLabel.numberOfLines = 0
            titleLabel.adjustsFontForContentSizeCategory = true
            titleLabel.isAccessibilityElement = false  // the text field's label says it
            messageLabel.numberOfLines = 0
            messageLabel.adjustsFontForContentSizeCategory = true
            messageLabel.isHidden = true
            for view in [titleLabel, box, messageLabel] as [UIView] { stack.addArrangedSubview(view) }
            addFilling(stack)
            applyAppearance()
            _ = announcer.announcements(for: input.shown)  // what is already shown is not news
            observeModel(self) { $0.render() }
        }

        /// Not available: create the view in code.
        @available(*, unavailable)
        public required init?(coder: NSCoder) {
            fatalError("CardFieldUIView is created in code only")
        }

        private func applyAppearance() {
            stack.spacing = CGFloat(max(appearance.labelSpacing, 0))
            titleLabel.font = appearance.labelFont.uiFont
            titleLabel.textColor = appearance.labelColor.uiColor
            messageLabel.font = appearance.messageFont.uiFont
            messageLabel.textColor = appearance.errorColor.uiColor
            box.appearance = appearance
        }

        private func render() {
            titleLabel.text = input.title
            let message = input.message
            messageLabel.text = message
            messageLabel.isHidden = message == nil
            if announces { postAnnouncements(announcer.announcements(for: input.shown), in: input.localizer) }
        }
    }

    /// The security-code field of a saved card whose ``PaymentToken/requiresCVV`` is true, in UIKit: a
    /// ``CardFieldUIView`` of the element's ``PaymentElement/cvvField``.
    ///
    /// ```swift
    /// if let code = element.cvvField { stack.addArrangedSubview(CVVFieldUIView(field: code)) }
    /// ```
    /// Its placeholder shows as many digits as the card's brand has (`123`, `1234` for American Express). For a
    /// saved Oney card it is the date-of-birth field instead (``CVVField/requiresBirthDate``).
    public final class CVVFieldUIView: CardFieldUIView {
        /// A view of the saved card's code field `field`, drawn with `appearance`.
        public init(field: CVVField, appearance: CardFieldAppearance = .default) {
            super.init(input: .savedCardCode(field), appearance: appearance, announces: true)
        }

        /// Not available: create the view in code.
        @available(*, unavailable)
        public required init?(coder: NSCoder) {
            fatalError("CVVFieldUIView is created in code only")
        }
    }
#endif
