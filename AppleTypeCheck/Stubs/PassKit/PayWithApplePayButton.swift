// SwiftUI's Apple Pay button, declared by PassKit's SwiftUI overlay (`_PassKit_SwiftUI`, re-exported by PassKit when
// SwiftUI is imported). Same conventions as PassKit.swift.
public import SwiftUI

// https://developer.apple.com/documentation/passkit/paywithapplepaybuttonlabel — `struct PayWithApplePayButtonLabel`
// (iOS 16.0, macOS 13.0, watchOS 9.0)
// Checked against documentation only: PassKit's SwiftUI overlay (`_PassKit_SwiftUI`) has no .swiftinterface in the
// public SDK copies searched (xybp888/iOS-SDKs keeps headers and some interfaces, none for this overlay); see
// AppleTypeCheck/README.md.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PayWithApplePayButtonLabel: Sendable {
    // `.plain`: its own page is not in the docs index; it is the default argument of every initializer of
    // PayWithApplePayButton (`_ label: PayWithApplePayButtonLabel = .plain`).
    public static let plain = PayWithApplePayButtonLabel()
    // https://developer.apple.com/documentation/passkit/paywithapplepaybuttonlabel — the type properties listed
    // ("Getting the label types"): `static let buy: PayWithApplePayButtonLabel`, … (iOS 16.0, macOS 13.0,
    // watchOS 9.0), one per PKPaymentButtonType case.
    public static let buy = PayWithApplePayButtonLabel()
    public static let setUp = PayWithApplePayButtonLabel()
    public static let inStore = PayWithApplePayButtonLabel()
    public static let donate = PayWithApplePayButtonLabel()
    public static let checkout = PayWithApplePayButtonLabel()
    public static let book = PayWithApplePayButtonLabel()
    public static let subscribe = PayWithApplePayButtonLabel()
    public static let reload = PayWithApplePayButtonLabel()
    public static let addMoney = PayWithApplePayButtonLabel()
    public static let topUp = PayWithApplePayButtonLabel()
    public static let order = PayWithApplePayButtonLabel()
    public static let rent = PayWithApplePayButtonLabel()
    public static let support = PayWithApplePayButtonLabel()
    public static let contribute = PayWithApplePayButtonLabel()
    public static let tip = PayWithApplePayButtonLabel()
    public static let `continue` = PayWithApplePayButtonLabel()
}

// https://developer.apple.com/documentation/passkit/paywithapplepaybuttonstyle — `struct PayWithApplePayButtonStyle`
// (iOS 16.0, macOS 13.0, watchOS 9.0): `static let automatic`, `black`, `white`, `whiteOutline`.
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PayWithApplePayButtonStyle: Sendable {
    public static let automatic = PayWithApplePayButtonStyle()
    public static let black = PayWithApplePayButtonStyle()
    public static let white = PayWithApplePayButtonStyle()
    public static let whiteOutline = PayWithApplePayButtonStyle()
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
