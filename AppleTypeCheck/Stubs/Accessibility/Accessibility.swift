// Source: checked against the SDK's interface file, xybp888/iOS-SDKs
// iPhoneOS18.0.sdk/System/Library/Frameworks/Accessibility.framework/Modules/Accessibility.swiftmodule/
// arm64-apple-ios.swiftinterface (the newest copy of the file), and Apple's page
// https://developer.apple.com/documentation/accessibility/accessibilitynotification.
// Accessibility stand-in for the Apple type-check harness: ONLY the API the package uses (VoiceOver announcements).
// The interface declares these without isolation (no `@MainActor`), available from iOS 17.0 and macOS 14.0 (Mac
// Catalyst and visionOS follow iOS), the same on every platform: one declaration serves every flavour. Bodies are
// `fatalError("stub")`: the harness only type-checks.

// The interface: `@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public enum AccessibilityNotification`
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public enum AccessibilityNotification {
    // The interface: `public struct Announcement : Accessibility._AccessibilityNotifications` with
    // `public init(_ announcement: Swift.String)` (and `AttributedString`, `NSAttributedString` initializers, not
    // used by the package) and `public typealias _Info = Foundation.NSAttributedString` (not transcribed: the stand-in
    // does not import Foundation, and the package never names it).
    public struct Announcement: _AccessibilityNotifications {
        public init(_ announcement: String) { fatalError("stub") }
    }
}

// The interface: `@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public protocol
// _AccessibilityNotifications { associatedtype _Info; func post() }` with `extension
// Accessibility._AccessibilityNotifications { public func post() }`. The associated type is left out with `_Info`.
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol _AccessibilityNotifications {
    func post()
}

@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension _AccessibilityNotifications {
    public func post() { fatalError("stub") }
}
