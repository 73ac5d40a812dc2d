#if canImport(PassKit) && canImport(SwiftUI)
    import PassKit
    public import SwiftUI

    /// SwiftUI's Apple Pay button over an Apple Pay element: a tap submits the element (the sheet, then the
    /// payment); the outcome goes to the element's listener or `onOutcome`. Disabled while the element is not
    /// ready or is submitting. It says and looks as ``ApplePayConfiguration/button`` asks (its type and style),
    /// unless an appearance is passed.
    ///
    /// ```swift
    /// if PassKitApplePaySheet.canMakePayments(usingNetworks: (try? element.applePayRequest())?.supportedNetworks ?? []) {
    ///     ApplePayButton(element)
    /// }
    /// ```
    public struct ApplePayButton: View {
        private let element: PaymentElement
        private let appearance: ApplePayButtonAppearance?

        /// A button that pays with `element`.
        /// - Parameters:
        ///   - element: An Apple Pay element.
        ///   - appearance: Its type and style; the element's ``ApplePayConfiguration/button`` when `nil`.
        public init(_ element: PaymentElement, appearance: ApplePayButtonAppearance? = nil) {
            self.element = element
            self.appearance = appearance
        }

        /// `PayWithApplePayButton` with the appearance's label and style, disabled until the element is ready.
        public var body: some View {
            let look = appearance ?? element.applePayButton ?? ApplePayButtonAppearance()
            PayWithApplePayButton(look.type.passKitLabel) { element.submit() }
                .payWithApplePayButtonStyle(look.style.passKitStyle)
                .disabled(!element.isReady || element.isSubmitting)
        }
    }

    extension ApplePayButtonType {
        /// PassKit's SwiftUI label for this type.
        var passKitLabel: PayWithApplePayButtonLabel {
            switch self {
            case .buy: return .buy
            case .setUp: return .setUp
            case .inStore: return .inStore
            case .donate: return .donate
            case .checkout: return .checkout
            case .book: return .book
            case .subscribe: return .subscribe
            case .reload: return .reload
            case .addMoney: return .addMoney
            case .topUp: return .topUp
            case .order: return .order
            case .rent: return .rent
            case .support: return .support
            case .contribute: return .contribute
            case .tip: return .tip
            case .continue: return .continue
            default: return .plain
            }
        }
    }

    extension ApplePayButtonStyle {
        /// PassKit's SwiftUI style for this style.
        var passKitStyle: PayWithApplePayButtonStyle {
            switch self {
            case .black: return .black
            case .white: return .white
            case .whiteOutline: return .whiteOutline
            case .automatic: return .automatic
            }
        }
    }
#endif
