import Foundation

/// A postal address the shopper gave on the Apple Pay sheet (`CNPostalAddress`).
///
/// While the sheet is open PassKit gives a partial address (city, postal code, country: enough to price a
/// delivery); the full address comes with the authorization. It is the shopper's personal data: its description and
/// mirror show none of it, and the SDK never logs it nor keeps it in a snapshot.
public struct ApplePayPostalAddress: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The street lines, as one text (lines separated by `\n`).
    public var street: String
    /// The district or neighbourhood.
    public var subLocality: String
    /// The city.
    public var city: String
    /// The county or the like.
    public var subAdministrativeArea: String
    /// The state, province or region.
    public var state: String
    /// The postal code.
    public var postalCode: String
    /// The country's name, as the shopper's device writes it.
    public var country: String
    /// The ISO 3166 alpha-2 country code, e.g. `FR` (as given; empty when PassKit gives none).
    public var isoCountryCode: String

    /// An address; every part defaults to empty.
    public init(
        street: String = "", subLocality: String = "", city: String = "", subAdministrativeArea: String = "",
        state: String = "", postalCode: String = "", country: String = "", isoCountryCode: String = ""
    ) {
        self.street = street
        self.subLocality = subLocality
        self.city = city
        self.subAdministrativeArea = subAdministrativeArea
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }

    /// A fixed text: never a part of the address.
    public var description: String { "ApplePayPostalAddress(redacted)" }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// No children: `dump` shows none of the address.
    public var customMirror: Mirror { Mirror(self, children: [Mirror.Child](), displayStyle: .struct) }
}

/// A contact the shopper gave on the Apple Pay sheet (`PKContact`): the shipping contact while it is chosen and with
/// the authorization, the billing contact with the authorization. Only the fields the request asked for
/// (``ApplePayRequestOptions/requiredShippingContactFields``, ``ApplePayRequestOptions/requiredBillingContactFields``)
/// are filled.
///
/// It is the shopper's personal data: its description and mirror show none of it, and the SDK never logs it nor
/// keeps it in a snapshot.
public struct ApplePayContact: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The given name, or `nil`.
    public var givenName: String?
    /// The family name, or `nil`.
    public var familyName: String?
    /// The email address, or `nil`.
    public var emailAddress: String?
    /// The phone number as the shopper's device writes it, or `nil`.
    public var phoneNumber: String?
    /// The postal address, or `nil`.
    public var postalAddress: ApplePayPostalAddress?

    /// A contact; every field defaults to `nil`.
    public init(
        givenName: String? = nil, familyName: String? = nil, emailAddress: String? = nil, phoneNumber: String? = nil,
        postalAddress: ApplePayPostalAddress? = nil
    ) {
        self.givenName = givenName
        self.familyName = familyName
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.postalAddress = postalAddress
    }

    /// Which fields are filled, never their values.
    public var description: String {
        let filled = [
            ("name", givenName != nil || familyName != nil), ("email", emailAddress != nil),
            ("phone", phoneNumber != nil), ("address", postalAddress != nil),
        ]
        .filter(\.1).map(\.0)
        return "ApplePayContact(\(filled.isEmpty ? "empty" : filled.joined(separator: ", ")), redacted)"
    }
    /// The same as ``description``.
    public var debugDescription: String { description }
    /// No children: `dump` shows none of the contact.
    public var customMirror: Mirror { Mirror(self, children: [Mirror.Child](), displayStyle: .struct) }
}

/// What the shopper changed on the open Apple Pay sheet.
public enum ApplePaySheetChange: Sendable, Hashable {
    /// Picked or edited the shipping contact (a partial address while the sheet is open).
    case shippingContact(ApplePayContact)
    /// Picked a delivery choice among the request's shipping methods.
    case shippingMethod(ApplePayShippingMethod)
    /// Typed or changed the coupon code (trimmed; empty when cleared).
    case couponCode(String)
}

/// Why the sheet cannot go on with what the shopper gave: shown on the sheet next to the field, in the shopper's
/// language by PassKit, with your message when you give one (`PKPaymentRequest.paymentShippingAddressUnserviceableError`
/// and its siblings).
public enum ApplePaySheetError: Sendable, Hashable {
    /// You do not deliver to this address.
    case shippingAddressUnserviceable(message: String?)
    /// A field of the shipping contact is wrong or missing.
    case shippingContactInvalid(ApplePayContactField, message: String?)
    /// A field of the billing contact is wrong or missing.
    case billingContactInvalid(ApplePayContactField, message: String?)
    /// The coupon code is not one you know.
    case couponCodeInvalid(message: String?)
    /// The coupon code is no longer valid.
    case couponCodeExpired(message: String?)
    /// The order could not be priced again (your backend's new session could not be taken): the sheet keeps its
    /// amounts and the shopper may try again.
    case updateFailed(PurseCheckoutError)
}

/// Your answer to a change on the open sheet: nothing to change, a new price, or a refusal shown on the sheet.
///
/// A new price is a new client session: your backend creates it for the changed order (delivery, coupon) and you
/// return its widget data. The SDK moves the checkout onto it with ``PurseHeadlessCheckout/updateSession(widgetData:)``
/// (gift cards kept, clamped or released by its rules) and shows the sheet the new split, so the sheet never asks
/// Apple Pay for an amount the session does not carry.
public struct ApplePaySheetUpdate: Sendable {
    /// The widget data of the session for the changed order, or `nil` when the order amount stays.
    public var widgetData: String?
    /// The delivery choices to show from now on (for the new address), or `nil` to keep them.
    public var shippingMethods: [ApplePayShippingMethod]?
    /// Why the sheet cannot go on; empty when it can. With errors the order is not priced again.
    public var errors: [ApplePaySheetError]

    /// An answer: a new session, new delivery choices, errors (all optional).
    public init(
        widgetData: String? = nil, shippingMethods: [ApplePayShippingMethod]? = nil, errors: [ApplePaySheetError] = []
    ) {
        self.widgetData = widgetData
        self.shippingMethods = shippingMethods
        self.errors = errors
    }

    /// Nothing changes: the sheet keeps its lines, total and delivery choices.
    public static let unchanged = ApplePaySheetUpdate()

    /// The order is priced again on the session of `widgetData` (and, for a new address, `shippingMethods`).
    public static func repriced(
        widgetData: String, shippingMethods: [ApplePayShippingMethod]? = nil
    ) -> ApplePaySheetUpdate {
        ApplePaySheetUpdate(widgetData: widgetData, shippingMethods: shippingMethods)
    }

    /// The change is refused: the sheet shows `errors` and keeps its amounts.
    public static func refused(_ errors: ApplePaySheetError...) -> ApplePaySheetUpdate {
        ApplePaySheetUpdate(errors: errors)
    }
}

/// Reprices the Apple Pay sheet while it is open: the app's answers to the shopper's changes of address, delivery
/// choice and coupon code. Set it on the element (``PaymentElement/applePayDelegate``); without one, every change
/// leaves the sheet as it is. Each method has a default that changes nothing.
///
/// ```swift
/// final class Delivery: ApplePaySheetDelegate {
///     func applePaySheet(didSelectShippingMethod method: ApplePayShippingMethod) async -> ApplePaySheetUpdate {
///         // Your backend creates the session of the order with this delivery, and returns its widget data.
///         guard let widgetData = try? await backend.session(delivery: method.identifier) else {
///             return .unchanged
///         }
///         return .repriced(widgetData: widgetData)
///     }
/// }
/// ```
@MainActor
public protocol ApplePaySheetDelegate: AnyObject {
    /// The shopper picked or edited the shipping contact (a partial address: city, postal code, country).
    func applePaySheet(didSelectShippingContact contact: ApplePayContact) async -> ApplePaySheetUpdate
    /// The shopper picked another delivery choice.
    func applePaySheet(didSelectShippingMethod method: ApplePayShippingMethod) async -> ApplePaySheetUpdate
    /// The shopper typed or changed a coupon code (empty when cleared).
    func applePaySheet(didChangeCouponCode code: String) async -> ApplePaySheetUpdate
}

extension ApplePaySheetDelegate {
    /// Changes nothing.
    public func applePaySheet(didSelectShippingContact contact: ApplePayContact) async -> ApplePaySheetUpdate {
        .unchanged
    }
    /// Changes nothing.
    public func applePaySheet(didSelectShippingMethod method: ApplePayShippingMethod) async -> ApplePaySheetUpdate {
        .unchanged
    }
    /// Changes nothing.
    public func applePaySheet(didChangeCouponCode code: String) async -> ApplePaySheetUpdate { .unchanged }
}

/// What the open sheet shows after a change: the request as it stands (lines, total, delivery choices) and the
/// errors to show. The sheet adapter copies it into PassKit's update.
public struct ApplePaySheetAnswer: Sendable, Hashable {
    /// The lines, total and delivery choices to show now.
    public let request: ApplePayPaymentRequest
    /// Why the sheet cannot go on; empty when it can.
    public let errors: [ApplePaySheetError]

    /// An answer.
    public init(request: ApplePayPaymentRequest, errors: [ApplePaySheetError]) {
        self.request = request
        self.errors = errors
    }
}

/// What the shopper gave on the Apple Pay sheet, with the payment result
/// (``ValidationResult/applePayDetails``): the contacts of the authorization, the delivery choice and the coupon
/// code the sheet showed when the shopper paid.
///
/// The contacts are personal data: the description shows which are present, never their content.
public struct ApplePayShopperDetails: Sendable, Hashable, CustomStringConvertible {
    /// The billing contact of the authorization, when the request asked for billing fields.
    public let billingContact: ApplePayContact?
    /// The shipping contact of the authorization, when the request asked for shipping fields.
    public let shippingContact: ApplePayContact?
    /// The delivery choice selected when the shopper paid, when the request offered some.
    public let shippingMethod: ApplePayShippingMethod?
    /// The coupon code the sheet held when the shopper paid, when it held one.
    public let couponCode: String?

    /// Details.
    public init(
        billingContact: ApplePayContact?, shippingContact: ApplePayContact?, shippingMethod: ApplePayShippingMethod?,
        couponCode: String?
    ) {
        self.billingContact = billingContact
        self.shippingContact = shippingContact
        self.shippingMethod = shippingMethod
        self.couponCode = couponCode
    }

    /// The delivery choice's identifier and which contacts are present.
    public var description: String {
        "ApplePayShopperDetails(shipping method: \(shippingMethod?.identifier ?? "none"), "
            + "billing contact: \(billingContact == nil ? "no" : "yes"), "
            + "shipping contact: \(shippingContact == nil ? "no" : "yes"), coupon: \(couponCode == nil ? "no" : "yes"))"
    }
}
