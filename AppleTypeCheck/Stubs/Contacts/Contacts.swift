// Contacts stand-in for the Apple type-check harness: ONLY the API the package uses (the postal address and phone
// number of a PassKit contact, `PKContact.postalAddress` and `PKContact.phoneNumber`, and the postal-address key of a
// billing-address error). Same conventions as the PassKit stand-in (see AppleTypeCheck/README.md): everything here is
// imported from Objective-C, so `@preconcurrency`; no isolation (the headers carry no NS_SWIFT_UI_ACTOR); no Sendable
// conformance (the headers say "thread safe" in a comment, but carry no NS_SWIFT_SENDABLE, so the importer gives
// none). Bodies are `fatalError("stub")`: nothing is ever run.
//
// Checked against iPhoneOS18.6.sdk System/Library/Frameworks/Contacts.framework/Headers/ (CNPostalAddress.h,
// CNPhoneNumber.h); its module map is `framework module Contacts { umbrella header "Contacts.h" export * … }`, and
// PassKit's PKContact.h imports it (`#if !TARGET_OS_TV #import <Contacts/Contacts.h>`), so `import PassKit` brings it
// (the PassKit stand-in re-exports this module). Contacts.framework's `.swiftinterface` and
// usr/lib/swift/Contacts.swiftmodule (its overlay) declare nothing about these two classes.
@_exported import Foundation

// https://developer.apple.com/documentation/contacts/cnpostaladdress — `class CNPostalAddress` (iOS 9.0,
// Catalyst 13.1, macOS 10.11, visionOS 1.0, watchOS 2.0). CNPostalAddress.h: `NS_CLASS_AVAILABLE(10_11, 9_0)
// @interface CNPostalAddress : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>` (the protocols are not
// declared here: the package never copies or encodes one), and eight `@property (readonly, copy,
// NS_NONATOMIC_IOSONLY) NSString *…` inside NS_ASSUME_NONNULL: non-optional `String`s, read-only.
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, watchOS 2.0, *)
open class CNPostalAddress: NSObject {
    // `NSString *street;` — "multi-street address is delimited with carriage returns “\n”"
    open var street: String { fatalError("stub") }
    // `NSString *subLocality NS_AVAILABLE(10_12_4, 10_3);`
    @available(iOS 10.3, macCatalyst 13.1, macOS 10.12.4, visionOS 1.0, watchOS 3.2, *)
    open var subLocality: String { fatalError("stub") }
    // `NSString *city;`
    open var city: String { fatalError("stub") }
    // `NSString *subAdministrativeArea NS_AVAILABLE(10_12_4, 10_3);`
    @available(iOS 10.3, macCatalyst 13.1, macOS 10.12.4, visionOS 1.0, watchOS 3.2, *)
    open var subAdministrativeArea: String { fatalError("stub") }
    // `NSString *state;`
    open var state: String { fatalError("stub") }
    // `NSString *postalCode;`
    open var postalCode: String { fatalError("stub") }
    // `NSString *country;`
    open var country: String { fatalError("stub") }
    // `NSString *ISOCountryCode;`, imported as `isoCountryCode` (the importer lowercases the leading initialism;
    // https://developer.apple.com/documentation/contacts/cnpostaladdress/isocountrycode: `var isoCountryCode: String`)
    open var isoCountryCode: String { fatalError("stub") }
}

// CNPostalAddress.h: `CONTACTS_EXTERN NSString * const CNPostalAddressStreetKey NS_AVAILABLE(10_11, 9_0);`, imported
// as a global `let … : String` (https://developer.apple.com/documentation/contacts/cnpostaladdressstreetkey). The key
// PassKit's `paymentBillingAddressInvalidError(withKey:localizedDescription:)` takes ("the supplied
// CNPostalAddressKey", PKPaymentRequest.h). Its string value is not in the header; the stand-in's is a placeholder
// the package never reads.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, watchOS 2.0, *)
public let CNPostalAddressStreetKey: String = "street"

// https://developer.apple.com/documentation/contacts/cnphonenumber — `class CNPhoneNumber` (iOS 9.0, Catalyst 13.1,
// macOS 10.11, visionOS 1.0, watchOS 2.0). CNPhoneNumber.h: `NS_CLASS_AVAILABLE(10_11, 9_0) @interface CNPhoneNumber
// : NSObject <NSCopying, NSSecureCoding>`, `@property (readonly, copy, NS_NONATOMIC_IOSONLY) NSString *stringValue;`
// inside NS_ASSUME_NONNULL (a non-optional `String`). Its initializers are not declared: the package never makes one.
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, watchOS 2.0, *)
open class CNPhoneNumber: NSObject {
    open var stringValue: String { fatalError("stub") }
}
