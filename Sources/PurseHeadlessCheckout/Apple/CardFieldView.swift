#if canImport(SwiftUI)
    public import SwiftUI

    /// One card field in SwiftUI, for an app that lays the card form's fields out itself: the field's title above
    /// it, the SDK's secure field, and the model's message under it.
    ///
    /// ```swift
    /// if let form = element.cardForm {
    ///     CardFieldView(form: form, field: .pan)
    ///     HStack { CardFieldView(form: form, field: .expiry); CardFieldView(form: form, field: .cvv) }
    /// }
    /// ```
    /// What is typed goes into the form through the SDK's editing rules (the number in its brand's groups, the
    /// expiry as `MM/YY`), never to your code. On iOS, iPadOS, Mac Catalyst and visionOS the field is the SDK's
    /// UIKit text field (the one of ``CardFieldUIView``): a number pad, the card autofill content types, no
    /// autocorrection or prediction, no copying or cutting of the number or the code, and its text covered while
    /// the app is inactive or the screen is recorded or mirrored. On macOS it is a SwiftUI text field, marked
    /// privacy-sensitive.
    ///
    /// The field is drawn in its state (``CardFieldState``, styled by ``CardFieldAppearance``) and shows the form's
    /// message for it; it tells VoiceOver its error when one appears (and, for the card number, the brand once
    /// detected). VoiceOver reads its title as its label and ``CardField/accessibilityHintMessage`` as its hint; UI
    /// tests find it by ``CardField/accessibilityIdentifier``. Its text follows Dynamic Type, its colours light and
    /// dark mode.
    public struct CardFieldView: View {
        private let form: CardForm
        private let field: CardField
        private let appearance: CardFieldAppearance

        /// A view of `form`'s `field`, drawn with `appearance`.
        public init(form: CardForm, field: CardField, appearance: CardFieldAppearance = .default) {
            self.form = form
            self.field = field
            self.appearance = appearance
        }

        /// The field with its title and message.
        public var body: some View {
            CardFieldStack(input: .card(form, field), appearance: appearance, announces: true)
        }
    }

    /// The security-code field of a saved card whose ``PaymentToken/requiresCVV`` is true, in SwiftUI: what
    /// ``PaymentElementView`` shows for such an element, for an app that lays it out itself.
    ///
    /// ```swift
    /// if let code = element.cvvField { CVVFieldView(field: code) }
    /// ```
    /// It behaves as a ``CardFieldView`` of the security code; its placeholder shows as many digits as the card's
    /// brand has. For a saved Oney card it is the date-of-birth field instead (``CVVField/requiresBirthDate``).
    public struct CVVFieldView: View {
        private let field: CVVField
        private let appearance: CardFieldAppearance

        /// A view of the saved card's code field `field`, drawn with `appearance`.
        public init(field: CVVField, appearance: CardFieldAppearance = .default) {
            self.field = field
            self.appearance = appearance
        }

        /// The field with its title and message.
        public var body: some View {
            CardFieldStack(input: .savedCardCode(field), appearance: appearance, announces: true)
        }
    }

    /// A field with its title above and the model's message below.
    struct CardFieldStack: View {
        let input: CardFieldInput
        let appearance: CardFieldAppearance
        /// Whether this view tells VoiceOver about its field (a whole form's view does it for its fields instead).
        let announces: Bool
        @Environment(\.colorScheme) private var colorScheme
        /// What VoiceOver was last told (the rule is `CardFormAnnouncer`'s).
        @State private var announcer = CardFormAnnouncer()

        var body: some View {
            VStack(alignment: .leading, spacing: CGFloat(max(appearance.labelSpacing, 0))) {
                Text(input.title)
                    .font(appearance.labelFont.font)
                    .foregroundStyle(appearance.labelColor.color(in: colorScheme))
                CardInput(input: input, appearance: appearance)
                    .id(input.identity)  // another model, another field: a new text field, bound to it
                if let message = input.message {
                    Text(message)
                        .font(appearance.messageFont.font)
                        .foregroundStyle(appearance.errorColor.color(in: colorScheme))
                }
            }
            .onChange(of: announces ? input.shown : nil) { _, shown in
                guard let shown else { return }
                postAnnouncements(announcer.announcements(for: shown), in: input.localizer)
            }
        }
    }

    #if canImport(UIKit)
        /// The field itself: the SDK's UIKit field (``CardInputView``), which reads and writes the model and draws its
        /// box in the field's state.
        struct CardInput: UIViewRepresentable {
            let input: CardFieldInput
            let appearance: CardFieldAppearance

            func makeUIView(context: Context) -> CardInputView {
                CardInputView(input: input, appearance: appearance)
            }

            func updateUIView(_ view: CardInputView, context: Context) {
                view.appearance = appearance
            }

            /// As wide as offered, as high as the text with its padding.
            func sizeThatFits(_ proposal: ProposedViewSize, uiView: CardInputView, context: Context) -> CGSize? {
                let natural = uiView.naturalSize
                return CGSize(width: proposal.width ?? natural.width, height: natural.height)
            }
        }
    #else
        /// The field itself, where UIKit is not (macOS): a SwiftUI text field (secure for the code) whose every change
        /// goes through the editing rules, on the background and within the border of the field's state (square: the
        /// corner radius is UIKit's).
        struct CardInput: View {
            let input: CardFieldInput
            let appearance: CardFieldAppearance
            @Environment(\.colorScheme) private var colorScheme
            @FocusState private var isFocused: Bool

            var body: some View {
                let style = appearance.style(for: input.state)
                textField
                    .textFieldStyle(.plain)
                    .font(appearance.inputFont.font)
                    .foregroundStyle(appearance.textColor.color(in: colorScheme))
                    .autocorrectionDisabled()
                    .privacySensitive()
                    .focused($isFocused)
                    .accessibilityLabel(input.title)
                    .accessibilityHint(input.hint)
                    .accessibilityIdentifier(input.field.accessibilityIdentifier)
                    .padding(CGFloat(max(appearance.padding, 0)))
                    .background(style.backgroundColor.color(in: colorScheme))
                    .border(style.borderColor.color(in: colorScheme), width: CGFloat(style.borderWidth))
                    .onChange(of: isFocused) { _, focused in input.setFocused(focused) }
            }

            /// The text, through the editing rules: what the field shows is the model's value as the rules show it.
            @ViewBuilder private var textField: some View {
                let input = input
                let text = Binding(
                    get: { input.editing.display(input.value).text },
                    set: { _ = input.replace(input.editing.display(input.value).text, with: $0) })
                if input.isSecure {
                    SecureField(input.placeholder, text: text)
                } else {
                    TextField(input.placeholder, text: text)
                }
            }
        }
    #endif

    // MARK: - The appearance in SwiftUI

    extension CardFieldAppearance.DynamicColor {
        /// The colour for `scheme`.
        func color(in scheme: ColorScheme) -> SwiftUI.Color {
            let color = resolved(isDark: scheme == .dark)
            return SwiftUI.Color(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
        }
    }

    extension CardFieldAppearance.Font {
        /// The font: the text style's, in the custom font or the weight when set, following Dynamic Type.
        var font: SwiftUI.Font {
            let style = textStyle.swiftUIStyle
            if let customName {
                return .custom(customName, size: CGFloat(textStyle.defaultPointSize), relativeTo: style)
            }
            return .system(style, design: nil, weight: weight?.swiftUIWeight)
        }
    }

    extension CardFieldAppearance.TextStyle {
        /// SwiftUI's text style.
        var swiftUIStyle: SwiftUI.Font.TextStyle {
            switch self {
            case .largeTitle: .largeTitle
            case .title: .title
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .body: .body
            case .callout: .callout
            case .footnote: .footnote
            case .caption: .caption
            case .caption2: .caption2
            }
        }
    }

    extension CardFieldAppearance.Weight {
        /// SwiftUI's font weight.
        var swiftUIWeight: SwiftUI.Font.Weight {
            switch self {
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }
    }
#endif
