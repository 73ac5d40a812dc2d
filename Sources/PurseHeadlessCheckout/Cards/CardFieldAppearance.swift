/// How the SDK's card fields look: ``PaymentElementView``, ``CardFieldView`` and their UIKit twins
/// (`PaymentElementUIView`, `CardFieldUIView`, `CVVFieldUIView`).
///
/// ```swift
/// var appearance = CardFieldAppearance.default
/// appearance.inputFont = .init(.body, customName: "Avenir-Book")      // still follows Dynamic Type
/// appearance.cornerRadius = 12
/// appearance.focused.borderColor = .init(light: .init(rgb: 0x5E2CA5), dark: .init(rgb: 0xB18CFF))
/// PaymentElementView(element, appearance: appearance)
/// ```
///
/// Fonts are text styles, so they follow Dynamic Type, custom fonts included (scaled like their text style).
/// Colours are given for light and dark mode. Each field is drawn in one of four states (``CardFieldState``):
/// empty, focused, valid and invalid; ``style(for:)`` gives its border and background, the state's overrides
/// (``empty``, ``focused``, ``valid``, ``invalid``) over the common ``borderColor``, ``borderWidth`` and
/// ``backgroundColor``. The defaults follow the system's look: gray borders, a blue border while typing, a red one
/// on an error.
public struct CardFieldAppearance: Sendable, Hashable {
    // MARK: Fonts

    /// The font of what the shopper types. Default: the body text style.
    public var inputFont = Font(.body)

    /// The font of the field's title, above it. Default: the caption text style.
    public var labelFont = Font(.caption)

    /// The font of the message under the field (an error). Default: the caption text style.
    public var messageFont = Font(.caption)

    // MARK: Colours

    /// The colour of what the shopper types. Default: the system's label colour (black, white in dark mode).
    public var textColor = DynamicColor(light: Color(rgb: 0x000000), dark: Color(rgb: 0xFFFFFF))

    /// The colour of the placeholder in an empty field. Default: the system's placeholder gray.
    public var placeholderColor = DynamicColor(
        light: Color(rgb: 0x3C3C43, alpha: 0.3), dark: Color(rgb: 0xEBEBF5, alpha: 0.3))

    /// The colour of the field's title. Default: the system's secondary label gray.
    public var labelColor = DynamicColor(
        light: Color(rgb: 0x3C3C43, alpha: 0.6), dark: Color(rgb: 0xEBEBF5, alpha: 0.6))

    /// The colour of the message under an invalid field. Default: the system's red.
    public var errorColor = DynamicColor(light: Color(rgb: 0xFF3B30), dark: Color(rgb: 0xFF453A))

    /// The field's background in every state that does not set its own. Default: white, the system's secondary
    /// background in dark mode.
    public var backgroundColor = DynamicColor(light: Color(rgb: 0xFFFFFF), dark: Color(rgb: 0x1C1C1E))

    /// The field's border colour in every state that does not set its own. Default: the system's light gray.
    public var borderColor = DynamicColor(light: Color(rgb: 0xD1D1D6), dark: Color(rgb: 0x3A3A3C))

    // MARK: Metrics (points)

    /// The border's width in every state that does not set its own. Default: 1.
    public var borderWidth: Double = 1

    /// The radius of the field's corners. Default: 8. (On macOS, where the fields are SwiftUI's, they are square.)
    public var cornerRadius: Double = 8

    /// The space between two fields of a form. Default: 12.
    public var fieldSpacing: Double = 12

    /// The space between a field and its title above it, and its message below it. Default: 4.
    public var labelSpacing: Double = 4

    /// The space inside the field, between its border and the text. Default: 12.
    public var padding: Double = 12

    // MARK: States

    /// The style of an empty field that does not have the focus. Default: the common style.
    public var empty = StateStyle()

    /// The style of the field the shopper is typing in. Default: a blue border, 2 points wide.
    public var focused = StateStyle(
        borderColor: DynamicColor(light: Color(rgb: 0x007AFF), dark: Color(rgb: 0x0A84FF)), borderWidth: 2)

    /// The style of a filled field without error. Default: the common style.
    public var valid = StateStyle()

    /// The style of a field showing an error under it. Default: a red border.
    public var invalid = StateStyle(
        borderColor: DynamicColor(light: Color(rgb: 0xFF3B30), dark: Color(rgb: 0xFF453A)))

    /// The default appearance, close to the system's own text fields in light and dark mode.
    public init() {}

    /// The default appearance (``init()``).
    public static let `default` = CardFieldAppearance()

    /// The border and background of a field in `state`: the state's own values (``empty``, ``focused``, ``valid``,
    /// ``invalid``) where it sets them, the common ``borderColor``, ``borderWidth`` and ``backgroundColor``
    /// elsewhere.
    public func style(for state: CardFieldState) -> Style {
        let own: StateStyle
        switch state {
        case .empty: own = empty
        case .focused: own = focused
        case .valid: own = valid
        case .invalid: own = invalid
        }
        return Style(
            borderColor: own.borderColor ?? borderColor, borderWidth: max(own.borderWidth ?? borderWidth, 0),
            backgroundColor: own.backgroundColor ?? backgroundColor)
    }

    /// The smallest height of a field, in points: Apple's minimum touch target.
    static let minimumFieldHeight: Double = 44

    /// What covers a field's text while the app is inactive or the screen is captured: the field's background,
    /// made opaque.
    var coverColor: DynamicColor {
        DynamicColor(light: backgroundColor.light.opaque, dark: backgroundColor.dark.opaque)
    }
}

extension CardFieldAppearance {
    /// A colour as red, green, blue and alpha components from 0 to 1 (sRGB), the same on every platform.
    public struct Color: Sendable, Hashable {
        /// The red component, from 0 to 1.
        public var red: Double
        /// The green component, from 0 to 1.
        public var green: Double
        /// The blue component, from 0 to 1.
        public var blue: Double
        /// The opacity, from 0 (transparent) to 1 (opaque).
        public var alpha: Double

        /// A colour from its components, each from 0 to 1 (values outside are clamped).
        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = Self.clamped(red)
            self.green = Self.clamped(green)
            self.blue = Self.clamped(blue)
            self.alpha = Self.clamped(alpha)
        }

        /// A colour from its hexadecimal RGB value (`0x007AFF`), as design tools give it.
        public init(rgb: UInt32, alpha: Double = 1) {
            self.init(
                red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                blue: Double(rgb & 0xFF) / 255, alpha: alpha)
        }

        /// Fully transparent.
        public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

        /// The same colour, fully opaque.
        var opaque: Color { Color(red: red, green: green, blue: blue, alpha: 1) }

        private static func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    }

    /// A colour for light mode and one for dark mode: the SDK's views show the one of the shopper's appearance,
    /// and switch when it changes.
    public struct DynamicColor: Sendable, Hashable {
        /// The colour in light mode.
        public var light: Color
        /// The colour in dark mode.
        public var dark: Color

        /// A colour for each appearance.
        public init(light: Color, dark: Color) {
            self.light = light
            self.dark = dark
        }

        /// The same colour in light and dark mode.
        public init(_ color: Color) {
            self.init(light: color, dark: color)
        }

        /// The colour to show in dark mode (`isDark`) or light mode.
        public func resolved(isDark: Bool) -> Color { isDark ? dark : light }
    }

    /// A font: a Dynamic Type text style, with a custom font and a weight if you want them. Text in it grows and
    /// shrinks with the shopper's text size, a custom font as its text style does.
    public struct Font: Sendable, Hashable {
        /// The text style: the size, and how the size follows Dynamic Type.
        public var textStyle: TextStyle
        /// The PostScript name of a custom font (`"Avenir-Book"`), or `nil` for the system font. A name the
        /// device does not know falls back to the system font.
        public var customName: String?
        /// The system font's weight, or `nil` for the text style's own. Ignored with a custom font, whose name
        /// says its weight.
        public var weight: Weight?

        /// A font of `textStyle`, in the custom font `customName` or the system font of `weight`.
        public init(_ textStyle: TextStyle, customName: String? = nil, weight: Weight? = nil) {
            self.textStyle = textStyle
            self.customName = customName
            self.weight = weight
        }
    }

    /// A Dynamic Type text style: the size of text at the default text size, and how it grows.
    public enum TextStyle: String, Sendable, Hashable, CaseIterable {
        /// The large title style (34 points at the default size).
        case largeTitle
        /// The first-level title style (28 points).
        case title
        /// The second-level title style (22 points).
        case title2
        /// The third-level title style (20 points).
        case title3
        /// The headline style (17 points, semibold).
        case headline
        /// The subheadline style (15 points).
        case subheadline
        /// The body style (17 points).
        case body
        /// The callout style (16 points).
        case callout
        /// The footnote style (13 points).
        case footnote
        /// The caption style (12 points).
        case caption
        /// The second caption style (11 points).
        case caption2

        /// The style's size at the default text size (Large), in points, as Apple's Human Interface Guidelines
        /// give it for iOS: the size a custom font is drawn at before Dynamic Type scales it.
        var defaultPointSize: Double {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }
    }

    /// The weight of the system font.
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        /// The thinnest weight.
        case ultraLight
        /// A thin weight.
        case thin
        /// A light weight.
        case light
        /// The regular weight.
        case regular
        /// A medium weight.
        case medium
        /// A semibold weight.
        case semibold
        /// A bold weight.
        case bold
        /// A heavy weight.
        case heavy
        /// The heaviest weight.
        case black
    }

    /// What one state of a field changes: each value left `nil` is the appearance's common one
    /// (``CardFieldAppearance/borderColor``, ``CardFieldAppearance/borderWidth``,
    /// ``CardFieldAppearance/backgroundColor``).
    public struct StateStyle: Sendable, Hashable {
        /// The border's colour in this state, or `nil` for the common one.
        public var borderColor: DynamicColor?
        /// The border's width in this state, in points, or `nil` for the common one.
        public var borderWidth: Double?
        /// The background in this state, or `nil` for the common one.
        public var backgroundColor: DynamicColor?

        /// A state's own values; `nil` keeps the common one.
        public init(borderColor: DynamicColor? = nil, borderWidth: Double? = nil, backgroundColor: DynamicColor? = nil)
        {
            self.borderColor = borderColor
            self.borderWidth = borderWidth
            self.backgroundColor = backgroundColor
        }
    }

    /// How a field is drawn in one state: ``CardFieldAppearance/style(for:)``.
    public struct Style: Sendable, Hashable {
        /// The border's colour.
        public let borderColor: DynamicColor
        /// The border's width, in points (0: no border).
        public let borderWidth: Double
        /// The field's background.
        public let backgroundColor: DynamicColor
    }
}

// MARK: - A field's state

/// The state a card field is drawn in (``CardFieldAppearance/style(for:)``), decided by the model, the same for the
/// SDK's SwiftUI and UIKit fields: ``CardForm/state(of:)`` and ``CVVField/state``.
public enum CardFieldState: String, Sendable, Hashable, CaseIterable {
    /// Nothing typed, and the shopper is not typing in it.
    case empty
    /// The shopper is typing in it, and it shows no error.
    case focused
    /// Filled, and it shows no error.
    case valid
    /// It shows an error under it (``CardForm/feedback(for:isEditing:)``), focused or not.
    case invalid

    /// The state of a field that shows a message under it (`showsMessage`), has the focus (`isFocused`), is empty
    /// (`isEmpty`): invalid when it shows a message, else focused when it has the focus, else empty when nothing is
    /// typed, else valid.
    public init(showsMessage: Bool, isFocused: Bool, isEmpty: Bool) {
        if showsMessage {
            self = .invalid
        } else if isFocused {
            self = .focused
        } else if isEmpty {
            self = .empty
        } else {
            self = .valid
        }
    }
}

extension CardForm {
    /// The state `field` is drawn in now: ``CardFieldState/invalid`` while ``feedback(for:isEditing:)`` shows a
    /// message under it, else ``CardFieldState/focused`` while it is the ``focusedField``, else
    /// ``CardFieldState/empty`` or ``CardFieldState/valid``.
    public func state(of field: CardField) -> CardFieldState {
        let isFocused = focusedField == field
        return CardFieldState(
            showsMessage: feedbackMessage(for: field, isEditing: isFocused) != nil, isFocused: isFocused,
            isEmpty: value(of: field).isEmpty)
    }
}

extension CVVField {
    /// The state the field is drawn in now, by the rule of ``CardForm/state(of:)``.
    public var state: CardFieldState {
        CardFieldState(
            showsMessage: feedbackMessage(isEditing: isFocused) != nil, isFocused: isFocused, isEmpty: digitCount == 0)
    }
}
