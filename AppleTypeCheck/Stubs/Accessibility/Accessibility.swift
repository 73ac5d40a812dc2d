// Source: checked against the SDK's interface file, xybp888/iOS-SDKs
// iPhoneOS18.0.sdk/System/Library/Frameworks/Accessibility.framework/Modules/Accessibility.swiftmodule/
// arm64-apple-ios.swiftinterface (the newest copy of the file), and Apple's page
// https://developer.apple.com/documentation/accessibility/accessibilitynotification.
// Accessibility stand-in for the Apple type-check harness: ONLY the API the package uses (VoiceOver announcements).
// The interface declares these without isolation (no `@MainActor`), available from iOS 17.0 and macOS 14.0 (Mac
// Catalyst and visionOS follow iOS), the same on every platform: one declaration serves every flavour. Bodies are
// `fatalError("stub")`: the harness only type-checks.
public import Foundation

// The interface: `@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public enum AccessibilityNotification`
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public enum AccessibilityNotification {
    // The interface: `public struct Announcement : Accessibility._AccessibilityNotifications` with
    // `public init(_ announcement: Swift.String)` (and `AttributedString`, `NSAttributedString` initializers, not
    // used by the package) and `public typealias _Info = Foundation.NSAttributedString`.
    public struct Announcement: _AccessibilityNotifications {
        public init(_ announcement: String) { fatalError("stub") }
        public typealias _Info = NSAttributedString
    }
}

// The interface: `@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) public protocol
// _AccessibilityNotifications { associatedtype _Info; func post() }` with `extension
// Accessibility._AccessibilityNotifications { public func post() }` (iPhoneOS18.6.sdk's interface, read by
// `scripts/apple-sdk-check --compare-stubs`'s author: symbol graphs leave out underscored names, so the comparison
// cannot see this protocol).
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol _AccessibilityNotifications {
    associatedtype _Info
    func post()
}

@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension _AccessibilityNotifications {
    public func post() { fatalError("stub") }
}
