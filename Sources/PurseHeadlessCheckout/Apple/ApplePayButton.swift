#if canImport(PassKit) && canImport(SwiftUI)
    import PassKit
    public import SwiftUI

    /// SwiftUI's Apple Pay button over an Apple Pay element: a tap submits the element (the sheet, then the
    /// payment); the outcome goes to the element's listener or `onOutcome`. Disabled while the element is not
    /// ready or is submitting.
    ///
    /// ```swift
    /// if PassKitApplePaySheet.canMakePayments(usingNetworks: (try? element.applePayRequest())?.supportedNetworks ?? []) {
    ///     ApplePayButton(element)
    /// }
    /// ```
    public struct ApplePayButton: View {
        private let element: PaymentElement

        /// A button that pays with `element` (an Apple Pay element).
        public init(_ element: PaymentElement) {
            self.element = element
        }

        /// `PayWithApplePayButton`, disabled until the element is ready.
        public var body: some View {
            PayWithApplePayButton { element.submit() }
                .disabled(!element.isReady || element.isSubmitting)
        }
    }
#endif
