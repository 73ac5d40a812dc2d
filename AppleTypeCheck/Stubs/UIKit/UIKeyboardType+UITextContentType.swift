// Source: Apple's documentation only, not yet an SDK header or interface (AppleTypeCheck/README.md, "Checked against
// SDK files, and only against documentation", says why).
// UIKit stand-in: text-input traits used by the SwiftUI card fields (`keyboardType`, `textContentType`).
// Transcribed from Apple's current documentation; see AppleTypeCheck/README.md for the conventions.
import Foundation

// https://developer.apple.com/documentation/uikit/uikeyboardtype — `enum UIKeyboardType` (`init?(rawValue: Int)`);
// an imported NS_ENUM, hence `Int`-backed and Sendable. Not actor-isolated (the page shows no `@MainActor`).
@preconcurrency
public enum UIKeyboardType: Int, Sendable {
    // https://developer.apple.com/documentation/uikit/uikeyboardtype/default
    case `default` = 0
    // https://developer.apple.com/documentation/uikit/uikeyboardtype/numberpad
    case numberPad = 4
}

// https://developer.apple.com/documentation/uikit/uitextcontenttype — `struct UITextContentType` (an NSString-backed
// typed extensible enum: RawRepresentable over String, Hashable, Sendable, not actor-isolated).
@preconcurrency
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

extension UITextContentType {
    // https://developer.apple.com/documentation/uikit/uitextcontenttype/creditcardnumber — iOS 10.0, Catalyst 13.1,
    // tvOS 10.0, visionOS 1.0
    @available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
    public static let creditCardNumber = UITextContentType(rawValue: "creditCardNumber")

    // https://developer.apple.com/documentation/uikit/uitextcontenttype/creditcardexpiration — page NOT in the docs
    // index; iOS 17.0 taken from its siblings creditCardExpirationMonth / creditCardFamilyName (iOS 17.0, Catalyst 17.0,
    // tvOS 17.0, visionOS 1.0); the symbol itself is confirmed by objc2-ui-kit's UITextContentTypeCreditCardExpiration.
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    public static let creditCardExpiration = UITextContentType(rawValue: "creditCardExpiration")

    // https://developer.apple.com/documentation/uikit/uitextcontenttype/creditcardsecuritycode — page NOT in the docs
    // index; availability as creditCardExpiration above (same iOS 17 batch).
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    public static let creditCardSecurityCode = UITextContentType(rawValue: "creditCardSecurityCode")

    // https://developer.apple.com/documentation/uikit/uitextcontenttype/creditcardname — page NOT in the docs index;
    // availability as creditCardExpiration above (same iOS 17 batch).
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    public static let creditCardName = UITextContentType(rawValue: "creditCardName")

    // iPhoneOS18.6.sdk, UIKit.framework/Headers/UITextInputTraits.h: `UITextContentTypeBirthdate`,
    // API_AVAILABLE(ios(17.0)) API_UNAVAILABLE(watchos).
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    public static let birthdate = UITextContentType(rawValue: "birthdate")
}
