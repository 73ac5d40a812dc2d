// PassKit stand-in for the Apple type-check harness: ONLY the API the package uses (the Apple Pay sheet through
// PKPaymentAuthorizationController, the request and the authorized payment), transcribed from Apple's current
// documentation. Each declaration names its page. Same conventions as the UIKit stand-in (see AppleTypeCheck/README.md):
// everything imported from Objective-C is `@preconcurrency`; `@MainActor` only where the page shows it (the class
// PKPaymentAuthorizationController and PKPaymentRequest show none; the delegate's methods do); no Sendable
// conformance the pages do not show. Bodies are `fatalError("stub")`: nothing is ever run.
@_exported import Foundation

// MARK: - Networks and capabilities

// https://developer.apple.com/documentation/passkit/pkpaymentnetwork — `struct PKPaymentNetwork` (an ObjC typed string
// enum `PKPaymentNetwork`, imported as a RawRepresentable String struct; Sendable as every imported typed string
// enum is). Only the constants the package maps to are declared; each is listed in the page's "Payment networks".
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
}

// https://developer.apple.com/documentation/passkit/pkmerchantcapability — `struct PKMerchantCapability` (iOS 8.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0), an NS_OPTIONS bit field (`init(rawValue:)` is listed; the
// raw values 1, 2, 4, 8 are those of Microsoft's binding of the same header: ThreeDS 1, EMV 2, Credit 4, Debit 8; the
// UInt raw type is NS_OPTIONS over NSUInteger as the header declares it).
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
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0)
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPaymentSummaryItem: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/init(label:amount:) —
    // `convenience init(label: String, amount: NSDecimalNumber)` (iOS 8.0); the item's type is `.final`.
    public convenience init(label: String, amount: NSDecimalNumber) { self.init() }

    // https://developer.apple.com/documentation/passkit/pkpaymentsummaryitem/amount —
    // `@NSCopying var amount: NSDecimalNumber { get set }` (@NSCopying dropped, see README)
    open var amount: NSDecimalNumber {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/passkit/pkpaymentrequest — `class PKPaymentRequest` (iOS 8.0,
// Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0); created with NSObject's `init()` (the page's
// PayWithApplePayButton example: `PKPaymentRequest()`).
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
// The raw values are not on the pages the package needs, so the stand-in declares the cases only (the package
// compares cases, never raw values); it is Sendable as every imported NS_ENUM is.
@preconcurrency
@available(iOS 9.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public enum PKPaymentMethodType: Hashable, Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/unknown
    case unknown
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/debit
    case debit
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/credit
    case credit
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/prepaid
    case prepaid
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/store
    case store
    // https://developer.apple.com/documentation/passkit/pkpaymentmethodtype/emoney
    case eMoney
}

// https://developer.apple.com/documentation/passkit/pkpaymentmethod — `class PKPaymentMethod` (iOS 9.0, Catalyst 13.1,
// macOS 11.0, visionOS 1.0, watchOS 3.0).
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
// macOS 11.0, visionOS 1.0, watchOS 3.0)
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
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
open class PKPayment: NSObject {
    // https://developer.apple.com/documentation/passkit/pkpayment/token — `var token: PKPaymentToken { get }`
    open var token: PKPaymentToken { fatalError("stub") }
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus — `enum PKPaymentAuthorizationStatus`
// (iOS 8.0); `init?(rawValue: Int)` (its init(rawValue:) page); success 0 and failure 1 as in Microsoft's binding.
@preconcurrency
@available(iOS 8.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0, *)
public enum PKPaymentAuthorizationStatus: Int, Sendable {
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/success
    case success = 0
    // https://developer.apple.com/documentation/passkit/pkpaymentauthorizationstatus/failure
    case failure = 1
}

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationresult — `class PKPaymentAuthorizationResult`
// (iOS 11.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0)
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
// methods carry it).
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
}

#if !STRICT_OPTIONAL_REQUIREMENTS
    // ObjC `optional` requirements: defaults stand in for "not implemented" (see README, --strict-witnesses).
    extension PKPaymentAuthorizationControllerDelegate {
        @available(iOS 11.0, macCatalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 4.0, *)
        @MainActor public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {}
    }
#endif

// https://developer.apple.com/documentation/passkit/pkpaymentauthorizationcontroller —
// `class PKPaymentAuthorizationController` (iOS 10.0, Catalyst 13.1, macOS 11.0, visionOS 1.0, watchOS 3.0). Not
// actor-isolated: the page shows no `@MainActor` (it does not depend on UIKit).
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
