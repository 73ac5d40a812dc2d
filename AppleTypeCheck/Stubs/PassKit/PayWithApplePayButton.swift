// SwiftUI's Apple Pay button, declared by PassKit's SwiftUI overlay (`_PassKit_SwiftUI`, re-exported by PassKit when
// SwiftUI is imported). Same conventions as PassKit.swift.
public import SwiftUI

// https://developer.apple.com/documentation/passkit/paywithapplepaybuttonlabel — `struct PayWithApplePayButtonLabel`
// (iOS 16.0, macOS 13.0, watchOS 9.0)
// Checked against documentation only: PassKit's SwiftUI overlay (`_PassKit_SwiftUI`) has no .swiftinterface in the
// public SDK copies searched (xybp888/iOS-SDKs keeps headers and some interfaces, none for this overlay); see
// AppleTypeCheck/README.md. iPhoneOS18.6.sdk's symbol graph (`scripts/apple-sdk-check --compare-stubs`): not Sendable,
// its labels `static let`; the overlay's interface is built in Swift 5 mode, where a `static let` of a non-Sendable
// type is accepted, which a Swift 6 stand-in can only spell `nonisolated(unsafe)`.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PayWithApplePayButtonLabel {
    // `.plain`: its own page is not in the docs index; it is the default argument of every initializer of
    // PayWithApplePayButton (`_ label: PayWithApplePayButtonLabel = .plain`).
    nonisolated(unsafe) public static let plain = PayWithApplePayButtonLabel()
    // https://developer.apple.com/documentation/passkit/paywithapplepaybuttonlabel — the type properties listed
    // ("Getting the label types"): `static let buy: PayWithApplePayButtonLabel`, … (iOS 16.0, macOS 13.0,
    // watchOS 9.0), one per PKPaymentButtonType case.
    nonisolated(unsafe) public static let buy = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let setUp = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let inStore = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let donate = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let checkout = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let book = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let subscribe = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let reload = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let addMoney = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let topUp = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let order = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let rent = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let support = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let contribute = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let tip = PayWithApplePayButtonLabel()
    nonisolated(unsafe) public static let `continue` = PayWithApplePayButtonLabel()
}

// https://developer.apple.com/documentation/passkit/paywithapplepaybuttonstyle — `struct PayWithApplePayButtonStyle`
// (iOS 16.0, macOS 13.0, watchOS 9.0): `static let automatic`, `black`, `white`, `whiteOutline`.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PayWithApplePayButtonStyle {
    nonisolated(unsafe) public static let automatic = PayWithApplePayButtonStyle()
    nonisolated(unsafe) public static let black = PayWithApplePayButtonStyle()
    nonisolated(unsafe) public static let white = PayWithApplePayButtonStyle()
    nonisolated(unsafe) public static let whiteOutline = PayWithApplePayButtonStyle()
}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/paywithapplepaybuttonstyle(_:) —
    // `nonisolated func payWithApplePayButtonStyle(_ style: PayWithApplePayButtonStyle) -> some View` (iOS 16.0,
    // macOS 13.0, watchOS 9.0)
    nonisolated public func payWithApplePayButtonStyle(_ style: PayWithApplePayButtonStyle) -> some View {
        _PayWithApplePayStyled()
    }
}

/// The stand-in's result of `payWithApplePayButtonStyle(_:)` (SwiftUI's is opaque).
public struct _PayWithApplePayStyled: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
    nonisolated public init() {}
}

// https://developer.apple.com/documentation/passkit/paywithapplepaybutton —
// `@MainActor @preconcurrency struct PayWithApplePayButton<Fallback> where Fallback : View` (iOS 16.0, macOS 13.0,
// watchOS 9.0); "the SwiftUI equivalent to PKPaymentButton", so a View (primitive here: `Body = Never`).
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
@MainActor @preconcurrency
public struct PayWithApplePayButton<Fallback> where Fallback: View {}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension PayWithApplePayButton: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
extension PayWithApplePayButton where Fallback == EmptyView {
    // https://developer.apple.com/documentation/passkit/paywithapplepaybutton/init(_:action:) —
    // `nonisolated init(_ label: PayWithApplePayButtonLabel = .plain, action: @escaping () -> Void)` (iOS 16.0,
    // macOS 13.0, watchOS 9.0)
    nonisolated public init(_ label: PayWithApplePayButtonLabel = .plain, action: @escaping () -> Void) {}
}
