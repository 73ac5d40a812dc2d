// PassKit stand-in, continued: what the open sheet reports and what it is answered (the shopper's contact, the updates
// of the sheet after a change of shipping contact, shipping method or coupon code, and the errors shown on it), as
// PassKitApplePaySheet maps them. Same conventions as PassKit.swift. Every declaration here was checked against
// iPhoneOS18.6.sdk System/Library/Frameworks/PassKit.framework/Headers/ (PKContact.h, PKPaymentRequestStatus.h,
// PKPaymentRequest.h, PKError.h) and, for the two coupon-code errors, usr/lib/swift/PassKit.swiftmodule/
// arm64-apple-ios.swiftinterface (PassKit's Swift overlay); the Swift spellings are the SDK's symbol graph's
// (`scripts/apple-sdk-check --compare-stubs`).

// MARK: - The shopper's contact

// https://developer.apple.com/documentation/passkit/pkcontact — `class PKContact` (iOS 9.0, Catalyst 13.1, macOS 11.0,
// visionOS 1.0, watchOS 3.0). PKContact.h: `API_AVAILABLE(macos(10.12), ios(9.0), watchos(3.0)) @interface PKContact :
// NSObject`; outside tvOS `@property (nonatomic, strong, nullable) NSPersonNameComponents *name;` (imported as
// Foundation's `PersonNameComponents`), `CNPostalAddress *postalAddress`, `CNPhoneNumber *phoneNumber` (both strong,
// nullable; Contacts' classes) and `NSString *emailAddress` (nullable). All read-write in the header; the package
// only reads them, and the stand-in declares them read-write as the SDK does.
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKContact: NSObject {
    // `var name: PersonNameComponents? { get set }`
    open var name: PersonNameComponents? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `var postalAddress: CNPostalAddress? { get set }`
    open var postalAddress: CNPostalAddress? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `var phoneNumber: CNPhoneNumber? { get set }`
    open var phoneNumber: CNPhoneNumber? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `var emailAddress: String? { get set }`
    open var emailAddress: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - Updates of the open sheet

// https://developer.apple.com/documentation/passkit/pkpaymentrequestupdate — `class PKPaymentRequestUpdate` (iOS 11.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0). PKPaymentRequestStatus.h: `@interface PKPaymentRequestUpdate :
// NSObject`, `- (instancetype)initWithPaymentSummaryItems:(NSArray<PKPaymentSummaryItem *> *)paymentSummaryItems
// NS_DESIGNATED_INITIALIZER;`, `@property (nonatomic, assign) PKPaymentAuthorizationStatus status;` ("Set
// PKPaymentAuthorizationStatusFailure if you were unable to process the required changes"), `@property (nonatomic,
// copy) NSArray<PKPaymentSummaryItem *> *paymentSummaryItems;` and `@property (nonatomic, copy)
// NSArray<PKShippingMethod *> *shippingMethods API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0));` ("An empty array,
// the default value, indicates that the shipping methods don't need updating"), all inside NS_ASSUME_NONNULL.
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
open class PKPaymentRequestUpdate: NSObject {
    // `init(paymentSummaryItems: [PKPaymentSummaryItem])`
    public init(paymentSummaryItems: [PKPaymentSummaryItem]) { super.init() }
    // `var status: PKPaymentAuthorizationStatus { get set }`
    open var status: PKPaymentAuthorizationStatus {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `var paymentSummaryItems: [PKPaymentSummaryItem] { get set }`
    open var paymentSummaryItems: [PKPaymentSummaryItem] {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `var shippingMethods: [PKShippingMethod] { get set }` (iOS 15.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, watchOS 8.0, *)
    open var shippingMethods: [PKShippingMethod] {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestshippingcontactupdate —
// `class PKPaymentRequestShippingContactUpdate` (iOS 11.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0).
// PKPaymentRequestStatus.h: `@interface PKPaymentRequestShippingContactUpdate : PKPaymentRequestUpdate`,
// `- (instancetype)initWithErrors:(nullable NSArray<NSError *> *)errors paymentSummaryItems:(NSArray<PKPaymentSummaryItem
// *> *)paymentSummaryItems shippingMethods:(NSArray<PKShippingMethod *> *)shippingMethods NS_DESIGNATED_INITIALIZER;`
// (`NSArray<NSError *>` imported as `[any Error]`).
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
open class PKPaymentRequestShippingContactUpdate: PKPaymentRequestUpdate {
    // `init(errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod])`
    public init(
        errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod]
    ) { super.init(paymentSummaryItems: paymentSummaryItems) }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestshippingmethodupdate —
// `class PKPaymentRequestShippingMethodUpdate` (iOS 11.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0).
// PKPaymentRequestStatus.h: `@interface PKPaymentRequestShippingMethodUpdate : PKPaymentRequestUpdate @end`: no
// initializer of its own, PKPaymentRequestUpdate's `init(paymentSummaryItems:)` inherited; no errors (a failure is
// told through `status`).
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
open class PKPaymentRequestShippingMethodUpdate: PKPaymentRequestUpdate {}

// https://developer.apple.com/documentation/passkit/pkpaymentrequestcouponcodeupdate —
// `class PKPaymentRequestCouponCodeUpdate` (iOS 15.0, Catalyst 15.0, macOS 12.0, visionOS 1.0; not watchOS).
// PKPaymentRequestStatus.h: `API_AVAILABLE(macos(12.0), ios(15.0)) API_UNAVAILABLE(watchos) @interface
// PKPaymentRequestCouponCodeUpdate : PKPaymentRequestUpdate`, `- (instancetype)initWithErrors:(nullable NSArray<NSError
// *> *)errors paymentSummaryItems:(NSArray<PKPaymentSummaryItem *> *)paymentSummaryItems shippingMethods:
// (NSArray<PKShippingMethod *> *)shippingMethods NS_DESIGNATED_INITIALIZER;`
@preconcurrency
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
open class PKPaymentRequestCouponCodeUpdate: PKPaymentRequestUpdate {
    // `init(errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod])`
    public init(
        errors: [any Error]?, paymentSummaryItems: [PKPaymentSummaryItem], shippingMethods: [PKShippingMethod]
    ) { super.init(paymentSummaryItems: paymentSummaryItems) }
}

// MARK: - Errors shown on the sheet

// PKPaymentRequest.h: the class's error factories, `+ (NSError *)…` inside NS_ASSUME_NONNULL, imported as class
// methods returning `any Error`
// (https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentcontactinvaliderror(withcontactfield:localizeddescription:)
// and its siblings).
extension PKPaymentRequest {
    // `+ (NSError *)paymentContactInvalidErrorWithContactField:(PKContactField)field localizedDescription:(nullable
    // NSString *)localizedDescription API_AVAILABLE(macos(11.0), ios(11.0), watchos(4.0));` (code
    // PKPaymentShippingContactInvalidError: a field of the shipping contact)
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public class func paymentContactInvalidError(
        withContactField field: PKContactField, localizedDescription: String?
    ) -> any Error { fatalError("stub") }

    // `+ (NSError *)paymentBillingAddressInvalidErrorWithKey:(NSString *)postalAddressKey localizedDescription:
    // (nullable NSString *)localizedDescription API_AVAILABLE(macos(11.0), ios(11.0), watchos(4.0));` ("with the
    // supplied CNPostalAddressKey")
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public class func paymentBillingAddressInvalidError(
        withKey postalAddressKey: String, localizedDescription: String?
    ) -> any Error { fatalError("stub") }

    // `+ (NSError *)paymentShippingAddressUnserviceableErrorWithLocalizedDescription:(nullable NSString
    // *)localizedDescription API_AVAILABLE(macos(11.0), ios(11.0), watchos(4.0));`
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public class func paymentShippingAddressUnserviceableError(
        withLocalizedDescription localizedDescription: String?
    ) -> any Error { fatalError("stub") }

    // The coupon-code factories are NS_REFINED_FOR_SWIFT in PKPaymentRequest.h (`+ (NSError
    // *)paymentCouponCodeInvalidErrorWithLocalizedDescription:(nullable NSString *)localizedDescription
    // API_AVAILABLE(macos(12.0), ios(15.0)) API_UNAVAILABLE(watchos) NS_REFINED_FOR_SWIFT;`); PassKit's Swift overlay
    // (usr/lib/swift/PassKit.swiftmodule/arm64-apple-ios.swiftinterface) declares what Swift calls:
    // `extension PassKit.PKPaymentRequest { @available(macOS 12.0, iOS 15.0, *) @available(watchOS, unavailable) public
    // static func paymentCouponCodeInvalidError(localizedDescription: Swift.String? = nil) -> any Swift.Error`.
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
    public static func paymentCouponCodeInvalidError(localizedDescription: String? = nil) -> any Error {
        fatalError("stub")
    }

    // The overlay's `public static func paymentCouponCodeExpiredError(localizedDescription: Swift.String? = nil) -> any
    // Swift.Error` (same availability), refining `paymentCouponCodeExpiredErrorWithLocalizedDescription:`.
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
    public static func paymentCouponCodeExpiredError(localizedDescription: String? = nil) -> any Error {
        fatalError("stub")
    }
}

// PKError.h: `extern NSString * const PKPaymentErrorDomain API_AVAILABLE(ios(11.0), watchos(4.0));` ("You create your
// own PKPaymentErrors and return them to indicate problems with a purchase"), imported as a global `let … : String`
// (https://developer.apple.com/documentation/passkit/pkpaymenterrordomain). Its string value is not in the header;
// the stand-in's is a placeholder the package never reads.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
public let PKPaymentErrorDomain: String = "PKPaymentErrorDomain"

// PKError.h: `typedef NS_ERROR_ENUM(PKPaymentErrorDomain, PKPaymentErrorCode) { PKPaymentUnknownError = -1,
// PKPaymentShippingContactInvalidError = 1, PKPaymentBillingContactInvalidError, PKPaymentShippingAddressUnserviceableError,
// PKPaymentCouponCodeInvalidError API_AVAILABLE(ios(15.0)) API_UNAVAILABLE(watchos), PKPaymentCouponCodeExpiredError
// API_AVAILABLE(ios(15.0)) API_UNAVAILABLE(watchos), } API_AVAILABLE(ios(11.0), watchos(4.0));`, imported as the error
// struct `PKPaymentError` (Sendable, among others) with its `enum Code: Int`
// (https://developer.apple.com/documentation/passkit/pkpaymenterror/code). Only the code is declared: the package
// builds the NSError itself (`NSError(domain: PKPaymentErrorDomain, code: …)`), never a PKPaymentError value.
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
public struct PKPaymentError: Sendable {
    @preconcurrency
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public enum Code: Int, @unchecked Sendable {
        case unknownError = -1
        case shippingContactInvalidError = 1
        case billingContactInvalidError = 2
        case shippingAddressUnserviceableError = 3
        @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
        case couponCodeInvalidError = 4
        @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
        case couponCodeExpiredError = 5
    }
}

// PKError.h: `typedef NSString * PKPaymentErrorKey NS_STRING_ENUM;` and `extern PKPaymentErrorKey const
// PKPaymentErrorContactFieldUserInfoKey API_AVAILABLE(ios(11.0), watchos(4.0)); // a PKContactField the error relates
// to` (https://developer.apple.com/documentation/passkit/pkpaymenterrorkey/contactfielduserinfokey). Imported as a
// RawRepresentable String struct, Sendable as every imported typed string enum is. Its string value is not in the
// header; the stand-in's is a placeholder the package never reads.
@preconcurrency
public struct PKPaymentErrorKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public static let contactFieldUserInfoKey = PKPaymentErrorKey(rawValue: "PKPaymentErrorContactField")
}
