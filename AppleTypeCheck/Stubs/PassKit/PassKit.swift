// iPhoneOS18.6.sdk PassKit.framework/Modules/module.modulemap: `framework module PassKit [system] { umbrella header
// "PassKit.h" export * module * { export * } }`, and PKContact.h (in the umbrella): `#if !TARGET_OS_TV #import
// <Contacts/Contacts.h>`: `import PassKit` brings Contacts (CNPostalAddress, CNPhoneNumber, PKContact's types), as this
// re-export does.
@_exported import Contacts
// PassKit stand-in for the Apple type-check harness: ONLY the API the package uses (the Apple Pay sheet through
// PKPaymentAuthorizationController, the request and the authorized payment), transcribed from Apple's current
// documentation and checked against the SDK headers: each declaration names its page and the header it was checked
// against (the newest copy in xybp888/iOS-SDKs, which keeps each file under the first SDK whose content it has).
// Where the header and the current page differ (Swift-only annotations such as `@Sendable` completion handlers added
// by later SDKs), the page decides: the package is built with Xcode 26's SDK, which the page describes. Same conventions as the UIKit stand-in (see AppleTypeCheck/README.md):
// everything imported from Objective-C is `@preconcurrency`; `@MainActor` only where the page shows it (the class
// PKPaymentAuthorizationController and PKPaymentRequest show none; the delegate's methods do); no Sendable
// conformance the pages do not show. Bodies are `fatalError("stub")`: nothing is ever run.
@_exported import Foundation

// PKPaymentAuthorizationController.h: `#if TARGET_OS_IPHONE @class UIWindow; #else @class NSWindow;`.
#if SDK_TARGET_OS_IPHONE
    public import UIKit
#else
    public import AppKit
#endif

// MARK: - Networks and capabilities

// https://developer.apple.com/documentation/passkit/pkpaymentnetwork — `struct PKPaymentNetwork` (an ObjC typed string
// enum `PKPaymentNetwork`, imported as a RawRepresentable String struct; Sendable as every imported typed string
// enum is). Only the constants the package maps to are declared; each is listed in the page's "Payment networks".
// Checked against xybp888/iOS-SDKs iPhoneOS18.0.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKConstants.h: `typedef NSString * PKPaymentNetwork
// NS_EXTENSIBLE_STRING_ENUM;` and one `extern PKPaymentNetwork const PKPaymentNetwork…` per constant below, with the
// availability shown on each (Visa, MasterCard, Amex: ios(8.0); Discover ios(9.0); CartesBancaires ios(11.2);
// Maestro ios(12.0)). The constants' string values are not in the header: the raw values here are never read.
@preconcurrency
public struct PKPaymentNetwork: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/visa — listed on the
    // PKDisbursementRequest.supportedNetworks page ("for example, `visa` or `masterCard`"); `static let visa:
    // PKPaymentNetwork` as its sibling cartesBancaires below.
    public static let visa = PKPaymentNetwork(rawValue: "Visa")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/mastercard — as `visa` above.
    public static let masterCard = PKPaymentNetwork(rawValue: "MasterCard")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/amex — "An American Express payment card."
    // (PKPaymentNetwork's topic list).
    public static let amex = PKPaymentNetwork(rawValue: "AmEx")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/cartesbancaires —
    // `static let cartesBancaires: PKPaymentNetwork` (iOS 11.2, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.2)
    @available(iOS 11.2, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.2, *)
    public static let cartesBancaires = PKPaymentNetwork(rawValue: "CartesBancaires")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/discover — listed in PKPaymentNetwork's
    // topic list ("discover").
    public static let discover = PKPaymentNetwork(rawValue: "Discover")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/maestro —
    // `static let maestro: PKPaymentNetwork` (iOS 12.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 5.0)
    @available(iOS 12.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 5.0, *)
    public static let maestro = PKPaymentNetwork(rawValue: "Maestro")
    // https://developer.apple.com/documentation/passkit/pkpaymentnetwork/jcb — checked against xybp888/iOS-SDKs
    // iPhoneOS18.0.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKConstants.h (the newest copy):
    // `extern PKPaymentNetwork const PKPaymentNetworkJCB API_AVAILABLE(macos(11.0), ios(10.1), watchos(3.1));`,
    // imported as `static let JCB: PKPaymentNetwork` (the type's NS_EXTENSIBLE_STRING_ENUM prefix dropped).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @available(iOS 10.1, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.1, *)
    public static let JCB = PKPaymentNetwork(rawValue: "JCB")
}

// https://developer.apple.com/documentation/passkit/pkmerchantcapability — `struct PKMerchantCapability` (iOS 8.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0), an NS_OPTIONS bit field (`init(rawValue:)` is listed; the
// raw values 1, 2, 4, 8 are those of Microsoft's binding of the same header: ThreeDS 1, EMV 2, Credit 4, Debit 8; the
// UInt raw type is NS_OPTIONS over NSUInteger as the header declares it). Checked against
// xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentRequest.h: `typedef NS_OPTIONS(NSUInteger, PKMerchantCapability) {
// PKMerchantCapability3DS = 1UL << 0, PKMerchantCapabilityEMV = 1UL << 1, PKMerchantCapabilityCredit = 1UL << 2,
// PKMerchantCapabilityDebit = 1UL << 3 }` (the raw values confirmed).
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public struct PKMerchantCapability: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/threedsecure —
    // `static var threeDSecure: PKMerchantCapability { get }` (iOS 8.0, Catalyst 13.1, macOS 11.0, visionOS 1.0,
    // watchOS 3.0)
    public static var threeDSecure: PKMerchantCapability { PKMerchantCapability(rawValue: 1) }
    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/emv — "Support for the EMV protocol."
    // (the type's Constants list; declared like threeDSecure)
    public static var emv: PKMerchantCapability { PKMerchantCapability(rawValue: 2) }
    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/credit — "Support for credit cards."
    public static var credit: PKMerchantCapability { PKMerchantCapability(rawValue: 4) }
    // https://developer.apple.com/documentation/passkit/pkmerchantcapability/debit — "Support for debit cards."
    public static var debit: PKMerchantCapability { PKMerchantCapability(rawValue: 8) }
}

// MARK: - Request

// https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem — `class PKPaymentSummaryItem` (iOS 8.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0). Checked against xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentSummaryItem.h:
// `+ (instancetype)summaryItemWithLabel:(NSString *)label amount:(NSDecimalNumber *)amount;` (a factory, imported as
// the convenience initializer) and `@property (nonatomic, copy) NSDecimalNumber *amount;`.
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentSummaryItem: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/init(label:amount:) —
    // `convenience init(label: String, amount: NSDecimalNumber)` (iOS 8.0); the item's type is `.final`.
    public convenience init(label: String, amount: NSDecimalNumber) { self.init() }

    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/label — `var label: String { get set }`.
    // Checked against iPhoneOS18.6.sdk PKPaymentSummaryItem.h: `@property (nonatomic, copy) NSString *label;` (inside
    // NS_ASSUME_NONNULL). Read back from the PKShippingMethod the sheet reports.
    open var label: String {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/amount —
    // `@NSCopying var amount: NSDecimalNumber { get set }` (@NSCopying dropped, see README)
    open var amount: NSDecimalNumber {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequest — `class PKPaymentRequest` (iOS 8.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0); created with NSObject's `init()` (the page's
// PayWithApplePayButton example: `PKPaymentRequest()`). Checked against xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentRequest.h
// (the newest copy): `@interface PKPaymentRequest : NSObject` (no `init` made unavailable), and the six `@property`
// lines below with these types (`NSString *` copy, `NSArray<PKPaymentNetwork> *`, `PKMerchantCapability`,
// `NSArray<PKPaymentSummaryItem *> *`).
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentRequest: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/merchantidentifier —
    // `var merchantIdentifier: String { get set }`
    open var merchantIdentifier: String {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/countrycode — `var countryCode: String { get set }`
    open var countryCode: String {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/currencycode —
    // `var currencyCode: String { get set }`
    open var currencyCode: String {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/supportednetworks —
    // `var supportedNetworks: [PKPaymentNetwork] { get set }`
    open var supportedNetworks: [PKPaymentNetwork] {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/merchantcapabilities —
    // `var merchantCapabilities: PKMerchantCapability { get set }`
    open var merchantCapabilities: PKMerchantCapability {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // https://developer.apple.com/documentation/passkit/pkpaymentrequest/paymentsummaryitems —
    // `var paymentSummaryItems: [PKPaymentSummaryItem] { get set }` (the last item is the grand total)
    open var paymentSummaryItems: [PKPaymentSummaryItem] {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - The authorized payment

// https://developer.apple.com/documentation/passkit/pkpaymentmethodtype — `enum PKPaymentMethodType` (iOS 9.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0); conforms to RawRepresentable, Hashable, SendableMetatype.
// iPhoneOS18.6.sdk's symbol graph (`scripts/apple-sdk-check --compare-stubs`): `init?(rawValue: UInt)`, Sendable
// (the importer makes every NS_ENUM `@unchecked Sendable`); the raw values are the header's. Checked against
// xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentMethod.h: `typedef NS_ENUM(NSUInteger, PKPaymentMethodType) { Unknown = 0,
// Debit = 1, Credit = 2, Prepaid = 3, Store = 4, EMoney = 5 }`: the same six cases.
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public enum PKPaymentMethodType: UInt, Hashable, @unchecked Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/unknown
    case unknown = 0
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/debit
    case debit = 1
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/credit
    case credit = 2
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/prepaid
    case prepaid = 3
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/store
    case store = 4
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/emoney
    case eMoney = 5
}

// https://developer.apple.com/documentation/passkit/pkpaymentmethod — `class PKPaymentMethod` (iOS 9.0, Catalyst 13.1,
// macOS 11.0, visionOS 1.0, watchOS 3.0). Checked against xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentMethod.h: `displayName`
// (`NSString *`, readonly, nullable), `network` (`PKPaymentNetwork`, readonly, nullable), `type` (readonly).
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentMethod: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/displayname —
    // `var displayName: String? { get }` (iOS 9.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0)
    open var displayName: String? { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/network —
    // `var network: PKPaymentNetwork? { get }` (iOS 9.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0)
    open var network: PKPaymentNetwork? { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpaymentmethod/type —
    // `var type: PKPaymentMethodType { get }` (iOS 9.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0)
    open var type: PKPaymentMethodType { fatalError("stub") }
}

// https://developer.apple.com/documentation/passkit/pkpaymenttoken — `class PKPaymentToken` (iOS 8.0, Catalyst 13.1,
// macOS 11.0, visionOS 1.0, watchOS 3.0). Checked against xybp888/iOS-SDKs iPhoneOS17.0.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentToken.h: `paymentMethod`
// (strong, readonly, ios(9.0)), `transactionIdentifier` (`NSString *`, readonly), `paymentData` (`NSData *`,
// readonly).
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentToken: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymenttoken/paymentdata — `var paymentData: Data { get }`
    open var paymentData: Data { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpaymenttoken/transactionidentifier —
    // `var transactionIdentifier: String { get }`
    open var transactionIdentifier: String { fatalError("stub") }
    // https://developer.apple.com/documentation/passkit/pkpaymenttoken/paymentmethod —
    // `var paymentMethod: PKPaymentMethod { get }` (iOS 9.0)
    @available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
    open var paymentMethod: PKPaymentMethod { fatalError("stub") }
}

// https://developer.apple.com/documentation/passkit/pkpayment — `class PKPayment` (iOS 8.0); only `token` is used.
// Checked against xybp888/iOS-SDKs iPhoneOS18.3.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPayment.h: `@property (nonatomic, strong, readonly, nonnull)
// PKPaymentToken *token;`.
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPayment: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpayment/token — `var token: PKPaymentToken { get }`
    open var token: PKPaymentToken { fatalError("stub") }

    // Checked against iPhoneOS18.6.sdk PKPayment.h: `@property (nonatomic, strong, readonly, nullable) PKContact
    // *billingContact API_AVAILABLE(macos(11.0), ios(9.0), watchos(3.0));` — `var billingContact: PKContact? { get }`
    // (https://developer.apple.com/documentation/passkit/pkpayment/billingcontact)
    @available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
    open var billingContact: PKContact? { fatalError("stub") }
    // PKPayment.h: `@property (nonatomic, strong, readonly, nullable) PKContact *shippingContact
    // API_AVAILABLE(macos(11.0), ios(9.0), watchos(3.0));` — `var shippingContact: PKContact? { get }`
    @available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
    open var shippingContact: PKContact? { fatalError("stub") }
    // PKPayment.h: `@property (nonatomic, strong, readonly, nullable) PKShippingMethod *shippingMethod;` (the class's
    // availability) — `var shippingMethod: PKShippingMethod? { get }`
    open var shippingMethod: PKShippingMethod? { fatalError("stub") }
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus — `enum PKPaymentAuthorizationStatus`
// (iOS 8.0); `init?(rawValue: Int)` (its init(rawValue:) page). Checked against xybp888/iOS-SDKs iPhoneOS18.0.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKConstants.h:
// `typedef NS_ENUM(NSInteger, PKPaymentAuthorizationStatus) { PKPaymentAuthorizationStatusSuccess,
// PKPaymentAuthorizationStatusFailure, …}`: success 0, failure 1.
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public enum PKPaymentAuthorizationStatus: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/success
    case success = 0
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/failure
    case failure = 1
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult — `class PKPaymentAuthorizationResult`
// (iOS 11.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0). Checked against
// xybp888/iOS-SDKs iPhoneOS16.4.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentRequestStatus.h: `- (instancetype)initWithStatus:(PKPaymentAuthorizationStatus)
// status errors:(nullable NSArray<NSError *> *)errors NS_DESIGNATED_INITIALIZER;`.
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
open class PKPaymentAuthorizationResult: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult/init(status:errors:) —
    // `init(status: PKPaymentAuthorizationStatus, errors: [any Error]?)` (iOS 11.0)
    public init(status: PKPaymentAuthorizationStatus, errors: [any Error]?) { super.init() }
}

// MARK: - The sheet

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate —
// `protocol PKPaymentAuthorizationControllerDelegate : NSObjectProtocol` (no `@MainActor` on the protocol; its
// methods carry it). Checked against xybp888/iOS-SDKs iPhoneOS18.1.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentAuthorizationController.h (the newest copy):
// `@protocol PKPaymentAuthorizationControllerDelegate <NSObject>`; `paymentAuthorizationControllerDidFinish:` under
// `@required` and `paymentAuthorizationController:didAuthorizePayment:handler:` under `@optional`, both
// NS_SWIFT_UI_ACTOR (hence `@MainActor`).
@preconcurrency
public protocol PKPaymentAuthorizationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontrollerdidfinish(_:)
    // — `@MainActor func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)`
    // (iOS 10.0; required)
    @MainActor func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController)

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didauthorizepayment:handler:)
    // — `@MainActor optional func paymentAuthorizationController(_ controller: PKPaymentAuthorizationController,
    // didAuthorizePayment payment: PKPayment, handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)`
    // (iOS 11.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0)
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
        handler completion: @escaping (PKPaymentAuthorizationResult) -> Void)

    // The sheet's changes, each checked against iPhoneOS18.6.sdk PKPaymentAuthorizationController.h (under
    // `@optional`, NS_SWIFT_UI_ACTOR, a completion block without a Sendable annotation; the SDK's symbol graph and the
    // current pages show the same Swift declarations). The async forms the importer also makes are not declared: the
    // package implements the completion-handler forms.
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didselectshippingcontact:handler:)
    // — `- (void)paymentAuthorizationController:… didSelectShippingContact:(PKContact *)contact handler:(void
    // (^)(PKPaymentRequestShippingContactUpdate *requestUpdate))completion API_AVAILABLE(macos(11.0), ios(11.0),
    // watchos(4.0)) NS_SWIFT_UI_ACTOR;`
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
        handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void)

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didselectshippingmethod:handler:)
    // — `- (void)paymentAuthorizationController:… didSelectShippingMethod:(PKShippingMethod *)shippingMethod
    // handler:(void (^)(PKPaymentRequestShippingMethodUpdate *requestUpdate))completion API_AVAILABLE(macos(11.0),
    // ios(11.0), watchos(4.0)) NS_SWIFT_UI_ACTOR;` (Swift name also fixed by PassKit.apinotes:
    // `paymentAuthorizationController(_:didSelectShippingMethod:handler:)`)
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod,
        handler completion: @escaping (PKPaymentRequestShippingMethodUpdate) -> Void)

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/paymentauthorizationcontroller(_:didchangecouponcode:handler:)
    // — `- (void)paymentAuthorizationController:… didChangeCouponCode:(NSString *)couponCode handler:(void
    // (^)(PKPaymentRequestCouponCodeUpdate *update))completion API_AVAILABLE(macos(12.0), ios(15.0))
    // API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR;`
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
    @MainActor func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didChangeCouponCode couponCode: String,
        handler completion: @escaping (PKPaymentRequestCouponCodeUpdate) -> Void)

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontrollerdelegate/presentationwindow(for:)
    // — checked against xybp888/iOS-SDKs iPhoneOS18.1.sdk/System/Library/Frameworks/PassKit.framework/Headers/
    // PKPaymentAuthorizationController.h (the newest copy): `#if TARGET_OS_OSX || TARGET_OS_MACCATALYST @required
    // #elif defined(TARGET_OS_VISION) && TARGET_OS_VISION @required #endif` (else the `@optional` section it sits
    // in), then `#if TARGET_OS_OSX - (nullable NSWindow *)presentationWindowForPaymentAuthorizationController:…
    // API_AVAILABLE(macos(11.0)); #else - (nullable UIWindow *)…: API_AVAILABLE(ios(14.0), watchos(7.0))`. No
    // NS_SWIFT_UI_ACTOR on it, unlike its siblings: nonisolated, as the requirement is here. Swift name from the page:
    // `func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow?` (`NSWindow?` on macOS).
    #if SDK_TARGET_OS_OSX
        @available(macOS 11.0, *)
        func presentationWindow(for controller: PKPaymentAuthorizationController) -> NSWindow?
    #else
        @available(iOS 14.0, macCatalyst 14.0, visionOS 1.0, watchOS 7.0, *)
        func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow?
    #endif
}

#if !STRICT_OPTIONAL_REQUIREMENTS
    // ObjC `optional` requirements: defaults stand in for "not implemented" (see README, --strict-witnesses).
    extension PKPaymentAuthorizationControllerDelegate {
        @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
        @MainActor public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {}

        @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
        @MainActor public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
            handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void
        ) {}

        @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
        @MainActor public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod,
            handler completion: @escaping (PKPaymentRequestShippingMethodUpdate) -> Void
        ) {}

        @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
        @MainActor public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didChangeCouponCode couponCode: String,
            handler completion: @escaping (PKPaymentRequestCouponCodeUpdate) -> Void
        ) {}
    }
#endif

// `presentationWindow(for:)` is optional on iOS only (SDK_TARGET_OS_IOS without MACCATALYST): there the default stands in
// for "not implemented"; on macOS, Mac Catalyst and visionOS it is @required, so no default exists and a delegate
// without it does not conform ("does not conform to protocol 'PKPaymentAuthorizationControllerDelegate'").
#if SDK_TARGET_OS_IOS && !SDK_TARGET_OS_MACCATALYST && !STRICT_OPTIONAL_REQUIREMENTS
    extension PKPaymentAuthorizationControllerDelegate {
        @available(iOS 14.0, watchOS 7.0, *)
        public func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow? { nil }
    }
#endif

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller —
// `class PKPaymentAuthorizationController` (iOS 10.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0). Not
// actor-isolated: the page shows no `@MainActor` (it does not depend on UIKit). Checked against
// xybp888/iOS-SDKs iPhoneOS18.1.sdk/System/Library/Frameworks/PassKit.framework/Headers/PKPaymentAuthorizationController.h: `@interface PKPaymentAuthorizationController : NSObject`
// (no NS_SWIFT_UI_ACTOR), `+canMakePayments`, `+canMakePaymentsUsingNetworks:`, `@property (nonatomic, weak,
// nullable) id<PKPaymentAuthorizationControllerDelegate> delegate;`, `initWithPaymentRequest:` (designated),
// `presentWithCompletion:(nullable void(^)(BOOL success))` and `dismissWithCompletion:(nullable void(^)(void))`. The
// header's blocks carry no Sendable annotation; the current pages show `@Sendable` completions, which decide (Xcode
// 26's SDK), and are the stricter reading for the closures the package passes.
@preconcurrency
@available(iOS 10.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentAuthorizationController: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/init(paymentrequest:) —
    // `init(paymentRequest request: PKPaymentRequest)` (iOS 10.0)
    public init(paymentRequest request: PKPaymentRequest) { super.init() }

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/delegate —
    // `weak var delegate: (any PKPaymentAuthorizationControllerDelegate)? { get set }` (iOS 10.0)
    open weak var delegate: (any PKPaymentAuthorizationControllerDelegate)?

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/present(completion:) —
    // `func present(completion: (@Sendable (Bool) -> Void)? = nil)` (iOS 10.0)
    open func present(completion: (@Sendable (Bool) -> Void)? = nil) { fatalError("stub") }

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/dismiss(completion:) —
    // `func dismiss(completion: (@Sendable () -> Void)? = nil)` (iOS 10.0)
    open func dismiss(completion: (@Sendable () -> Void)? = nil) { fatalError("stub") }

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/canmakepayments() —
    // `class func canMakePayments() -> Bool` (iOS 10.0)
    open class func canMakePayments() -> Bool { fatalError("stub") }

    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller/canmakepayments(usingnetworks:)
    // — `class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool` (iOS 10.0)
    open class func canMakePayments(usingNetworks supportedNetworks: [PKPaymentNetwork]) -> Bool {
        fatalError("stub")
    }
}
