// SwiftUI's Apple Pay button, declared by PassKit's SwiftUI overlay (`_PassKit_SwiftUI`, re-exported by PassKit when
// SwiftUI is imported). Same conventions as PassKit.swift.
public import SwiftUI

// https://developer.apple.com/documentation/passkit/paywithapplepaybuttonlabel — `struct PayWithApplePayButtonLabel`
// (iOS 16.0, macOS 13.0, watchOS 9.0)
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
public struct PayWithApplePayButtonLabel: Sendable {
    // `.plain`: its own page is not in the docs index; it is the default argument of every initializer of
    // PayWithApplePayButton (`_ label: PayWithApplePayButtonLabel = .plain`).
    public static let plain = PayWithApplePayButtonLabel()
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
