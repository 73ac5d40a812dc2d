#if canImport(UIKit)
    import UIKit

    // The appearance in UIKit: colours, fonts scaled with Dynamic Type.

    extension CardFieldAppearance.Color {
        /// The colour as a UIColor.
        var uiColor: UIColor {
            UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
        }
    }

    extension CardFieldAppearance.DynamicColor {
        /// A UIColor that is the light or the dark colour as the view's appearance is.
        var uiColor: UIColor {
            let light = self.light.uiColor
            guard self.dark != self.light else { return light }
            let dark = self.dark.uiColor
            return UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }
        }
    }

    extension CardFieldAppearance.Font {
        /// The font at the shopper's text size: the text style's own font, or the custom font or weight scaled as
        /// the text style is (a label or a field showing it sets `adjustsFontForContentSizeCategory`).
        var uiFont: UIFont {
            let style = textStyle.uiTextStyle
            let size = CGFloat(textStyle.defaultPointSize)
            if let customName, let custom = UIFont(name: customName, size: size) {
                return UIFontMetrics(forTextStyle: style).scaledFont(for: custom)
            }
            if let weight {
                return UIFontMetrics(forTextStyle: style).scaledFont(
                    for: UIFont.systemFont(ofSize: size, weight: weight.uiWeight))
            }
            return UIFont.preferredFont(forTextStyle: style)
        }
    }

    extension CardFieldAppearance.TextStyle {
        /// UIKit's text style.
        var uiTextStyle: UIFont.TextStyle {
            switch self {
            case .largeTitle: .largeTitle
            case .title: .title1
            case .title2: .title2
            case .title3: .title3
            case .headline: .headline
            case .subheadline: .subheadline
            case .body: .body
            case .callout: .callout
            case .footnote: .footnote
            case .caption: .caption1
            case .caption2: .caption2
            }
        }
    }

    extension CardFieldAppearance.Weight {
        /// UIKit's font weight.
        var uiWeight: UIFont.Weight {
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
