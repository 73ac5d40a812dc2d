// PassKit stand-in, continued: what a PKPaymentRequest asks for beyond the amounts (contact fields, shipping, coupon
// codes, merchant-token requests), as ApplePayRequestOptions maps it. Same conventions as PassKit.swift. Every
// declaration here was checked against xybp888/iOS-SDKs headers (the newest copy of each): PKConstants.h
// (iPhoneOS18.0.sdk), PKPaymentRequest.h, PKRecurringPaymentRequest.h, PKRecurringPaymentSummaryItem.h,
// PKDeferredPaymentRequest.h, PKDeferredPaymentSummaryItem.h, PKAutomaticReloadPaymentRequest.h (iPhoneOS16.4.sdk),
// PKAutomaticReloadPaymentSummaryItem.h and PKShippingMethod.h (iPhoneOS18.0.sdk), all under
// System/Library/Frameworks/PassKit.framework/Headers/. Swift names are the importer's (prefix dropped, `NSURL` as
// URL, `NSDate` as Date, `NSSet<PKContactField>` as Set, `NSCalendarUnit` as NSCalendar.Unit).

// PKConstants.h: `typedef NSString * PKContactField NS_STRING_ENUM;` and its five `extern PKContactField const
// PKContactField… API_AVAILABLE(macos(11.0), ios(11.0), watchos(4.0))`. The constants' string values are not in the
// header; the stand-in's raw values are placeholders the package never reads.
@preconcurrency
public struct PKContactField: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let postalAddress = PKContactField(rawValue: "postalAddress")
    public static let emailAddress = PKContactField(rawValue: "emailAddress")
    public static let phoneNumber = PKContactField(rawValue: "phoneNumber")
    public static let name = PKContactField(rawValue: "name")
    public static let phoneticName = PKContactField(rawValue: "phoneticName")
}

// PKPaymentRequest.h: `typedef NS_ENUM(NSUInteger, PKShippingType) { PKShippingTypeShipping, PKShippingTypeDelivery,
// PKShippingTypeStorePickup, PKShippingTypeServicePickup } API_AVAILABLE(macos(11.0), ios(8.3), watchos(3.0));`
@preconcurrency
@available(iOS 8.3, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public enum PKShippingType: UInt, Sendable {
    case shipping = 0
    case delivery = 1
    case storePickup = 2
    case servicePickup = 3
}

// PKShippingMethod.h: `@interface PKShippingMethod : PKPaymentSummaryItem` (ios(8.0), watchos(3.0)), `@property
// (nonatomic, copy, nullable) NSString *identifier;`, `@property (nonatomic, copy, nullable) NSString *detail;`. It
// declares no initializer: `init(label:amount:)` is PKPaymentSummaryItem's, inherited.
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKShippingMethod: PKPaymentSummaryItem {
    open var identifier: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var detail: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKRecurringPaymentSummaryItem.h: `@interface PKRecurringPaymentSummaryItem : PKPaymentSummaryItem`
// (ios(15.0), watchos(8.0)); `startDate` (NSDate, nullable), `intervalUnit` (NSCalendarUnit), `intervalCount`
// (NSInteger), `endDate` (NSDate, nullable).
@preconcurrency
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, watchOS 8.0, *)
open class PKRecurringPaymentSummaryItem: PKPaymentSummaryItem {
    open var startDate: Date? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var intervalUnit: NSCalendar.Unit {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var intervalCount: Int {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var endDate: Date? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKDeferredPaymentSummaryItem.h: `@interface PKDeferredPaymentSummaryItem : PKPaymentSummaryItem` (ios(15.0),
// watchos(8.0)); `@property (nonatomic, copy) NSDate *deferredDate;`
@preconcurrency
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, watchOS 8.0, *)
open class PKDeferredPaymentSummaryItem: PKPaymentSummaryItem {
    open var deferredDate: Date {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKAutomaticReloadPaymentSummaryItem.h: `@interface PKAutomaticReloadPaymentSummaryItem : PKPaymentSummaryItem`
// (ios(16.0), not watchOS); `@property (nonatomic, strong) NSDecimalNumber *thresholdAmount;`
@preconcurrency
@available(iOS 16.0, macCatalyst 16.0, macOS 13.0, visionOS 1.0, *)
open class PKAutomaticReloadPaymentSummaryItem: PKPaymentSummaryItem {
    open var thresholdAmount: NSDecimalNumber {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKRecurringPaymentRequest.h: `@interface PKRecurringPaymentRequest : NSObject` (ios(16.0), not watchOS);
// `- (instancetype)init NS_UNAVAILABLE;` `- (instancetype)initWithPaymentDescription:(NSString *)paymentDescription
// regularBilling:(PKRecurringPaymentSummaryItem *)regularBilling managementURL:(NSURL *)managementURL
// NS_DESIGNATED_INITIALIZER;` `billingAgreement` (NSString, nullable), `tokenNotificationURL` (NSURL, nullable).
@preconcurrency
@available(iOS 16.0, macCatalyst 16.0, macOS 13.0, visionOS 1.0, *)
open class PKRecurringPaymentRequest: NSObject {
    public init(
        paymentDescription: String, regularBilling: PKRecurringPaymentSummaryItem, managementURL: URL
    ) { super.init() }
    open var billingAgreement: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var tokenNotificationURL: URL? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKDeferredPaymentRequest.h: `@interface PKDeferredPaymentRequest : NSObject` (ios(16.4), not watchOS);
// `initWithPaymentDescription:deferredBilling:managementURL:` (designated; `init` unavailable), `billingAgreement`,
// `tokenNotificationURL`, `freeCancellationDate` (NSDate, nullable) and `freeCancellationDateTimeZone` (NSTimeZone,
// nullable): "If `freeCancellationDate` is set, `freeCancellationDateTimeZone` must be set as well".
@preconcurrency
@available(iOS 16.4, macCatalyst 16.4, macOS 13.3, visionOS 1.0, *)
open class PKDeferredPaymentRequest: NSObject {
    public init(paymentDescription: String, deferredBilling: PKDeferredPaymentSummaryItem, managementURL: URL) {
        super.init()
    }
    open var billingAgreement: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var tokenNotificationURL: URL? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var freeCancellationDate: Date? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var freeCancellationDateTimeZone: TimeZone? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKAutomaticReloadPaymentRequest.h: `@interface PKAutomaticReloadPaymentRequest : NSObject` (ios(16.0), not
// watchOS); `initWithPaymentDescription:automaticReloadBilling:managementURL:` (designated; `init` unavailable),
// `billingAgreement`, `tokenNotificationURL`.
@preconcurrency
@available(iOS 16.0, macCatalyst 16.0, macOS 13.0, visionOS 1.0, *)
open class PKAutomaticReloadPaymentRequest: NSObject {
    public init(
        paymentDescription: String, automaticReloadBilling: PKAutomaticReloadPaymentSummaryItem, managementURL: URL
    ) { super.init() }
    open var billingAgreement: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    open var tokenNotificationURL: URL? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// PKPaymentRequest.h (iPhoneOS16.4.sdk, the newest copy): the properties below, each with the header's
// availability.
extension PKPaymentRequest {
    // `@property (nonatomic, strong) NSSet<PKContactField> *requiredBillingContactFields API_AVAILABLE(macos(11.0),
    // ios(11.0), watchos(4.0));`
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public var requiredBillingContactFields: Set<PKContactField> {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, strong) NSSet<PKContactField> *requiredShippingContactFields …` (same availability)
    @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
    public var requiredShippingContactFields: Set<PKContactField> {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, copy, nullable) NSArray<PKShippingMethod *> *shippingMethods;`
    public var shippingMethods: [PKShippingMethod]? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, assign) PKShippingType shippingType API_AVAILABLE(macos(11.0), ios(8.3), watchos(3.0));`
    public var shippingType: PKShippingType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, assign) BOOL supportsCouponCode API_AVAILABLE(macos(12.0), ios(15.0))
    // API_UNAVAILABLE(watchos);`
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
    public var supportsCouponCode: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, copy, nullable) NSString *couponCode API_AVAILABLE(macos(12.0), ios(15.0))
    // API_UNAVAILABLE(watchos);`
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, visionOS 1.0, *)
    public var couponCode: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, strong, nullable) PKRecurringPaymentRequest *recurringPaymentRequest
    // API_AVAILABLE(macos(13.0), ios(16.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 16.0, macCatalyst 16.0, macOS 13.0, visionOS 1.0, *)
    public var recurringPaymentRequest: PKRecurringPaymentRequest? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, strong, nullable) PKAutomaticReloadPaymentRequest *automaticReloadPaymentRequest
    // API_AVAILABLE(macos(13.0), ios(16.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 16.0, macCatalyst 16.0, macOS 13.0, visionOS 1.0, *)
    public var automaticReloadPaymentRequest: PKAutomaticReloadPaymentRequest? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    // `@property (nonatomic, strong, nullable) PKDeferredPaymentRequest *deferredPaymentRequest
    // API_AVAILABLE(macos(13.3), ios(16.4)) API_UNAVAILABLE(watchos);`
    @available(iOS 16.4, macCatalyst 16.4, macOS 13.3, visionOS 1.0, *)
    public var deferredPaymentRequest: PKDeferredPaymentRequest? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}
