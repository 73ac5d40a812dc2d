public import Foundation

/// What else the Apple Pay sheet asks for or shows, beyond the amounts: contact fields, shipping methods, a coupon
/// code, and a merchant-token request for recurring, deferred or automatic-reload payments (PassKit,
/// iOS 16 and later for the token requests). Set it in ``ApplePayConfiguration/requestOptions``.
///
/// The amounts stay the SDK's: the sheet's lines and total are always what the split leaves for Apple Pay after the
/// gift cards (``ApplePayPaymentRequest/summaryItems``). Nothing here changes them: a shipping method's price is
/// shown beside it for the shopper's choice, and the order amount your backend put in the session already includes
/// the delivery you charge for the first choice. Another choice is another session: the element's
/// ``ApplePaySheetDelegate`` returns it, the checkout moves onto it, and the open sheet shows the new total. A token
/// request's amounts describe the future payments (the subscription price, the reload amount), not this one.
///
/// ```swift
/// var options = ApplePayRequestOptions()
/// options.requiredShippingContactFields = [.postalAddress, .name, .phoneNumber]
/// options.shippingMethods = [
///     ApplePayShippingMethod(identifier: "colissimo", label: "Colissimo", detail: "2-3 days", amount: 0)
/// ]
/// options.merchantTokenRequest = .recurring(
///     ApplePayRecurringPayment(
///         paymentDescription: "Coffee subscription", label: "Monthly beans", amount: Decimal(string: "19.90")!,
///         interval: .month, managementURL: URL(string: "https://shop.example.com/account/subscription")!))
/// ```
public struct ApplePayRequestOptions: Sendable, Hashable {
    /// The billing contact fields the shopper must give (`requiredBillingContactFields`).
    public var requiredBillingContactFields: Set<ApplePayContactField>
    /// The shipping contact fields the shopper must give (`requiredShippingContactFields`).
    public var requiredShippingContactFields: Set<ApplePayContactField>
    /// How the order reaches the shopper (`shippingType`): the sheet's wording for the address and methods.
    public var shippingType: ApplePayShippingType
    /// The delivery choices, the first selected (`shippingMethods`). Identifiers must be unique.
    public var shippingMethods: [ApplePayShippingMethod]
    /// Whether the sheet offers a coupon-code field (`supportsCouponCode`, iOS 15). Forced on by ``couponCode``.
    public var supportsCouponCode: Bool
    /// A coupon code already entered (`couponCode`, iOS 15); trimmed, `nil` when blank.
    public var couponCode: String?
    /// A merchant token for future payments (iOS 16): at most one of recurring, deferred, automatic reload.
    public var merchantTokenRequest: ApplePayMerchantTokenRequest?

    /// Options; the defaults ask for nothing more than the payment.
    public init(
        requiredBillingContactFields: Set<ApplePayContactField> = [],
        requiredShippingContactFields: Set<ApplePayContactField> = [], shippingType: ApplePayShippingType = .shipping,
        shippingMethods: [ApplePayShippingMethod] = [], supportsCouponCode: Bool = false, couponCode: String? = nil,
        merchantTokenRequest: ApplePayMerchantTokenRequest? = nil
    ) {
        self.requiredBillingContactFields = requiredBillingContactFields
        self.requiredShippingContactFields = requiredShippingContactFields
        self.shippingType = shippingType
        self.shippingMethods = shippingMethods
        self.supportsCouponCode = supportsCouponCode
        self.couponCode = couponCode
        self.merchantTokenRequest = merchantTokenRequest
    }

    /// The options checked for `currency`: a blank label or identifier, a duplicate shipping identifier, a negative
    /// amount or one with more decimals than the currency has, a management URL that is not https, an interval
    /// count below 1, an end before the start, a free-cancellation date without its time zone or after the deferred
    /// date: each is refused, naming the field. The coupon code comes back
    /// trimmed (blank: `nil`), and a coupon code turns ``supportsCouponCode`` on.
    /// - Throws: `METHOD_NOT_IMPLEMENTED` naming the field (an app configuration error, as for the other Apple Pay
    ///   settings).
    public func validated(for currency: Currency) throws -> ApplePayRequestOptions {
        try validating(for: currency)
    }

    /// ``validated(for:)`` with its error typed, for the SDK's own callers.
    func validating(for currency: Currency) throws(PurseCheckoutError) -> ApplePayRequestOptions {
        var checked = self
        var identifiers: Set<String> = []
        for (index, method) in shippingMethods.enumerated() {
            let field = "shippingMethods[\(index)]"
            try Self.require(
                !method.identifier.trimmingCharacters(in: .whitespaces).isEmpty, "\(field).identifier is blank")
            try Self.require(
                identifiers.insert(method.identifier).inserted, "\(field).identifier \(method.identifier) is used twice"
            )
            try Self.require(!method.label.trimmingCharacters(in: .whitespaces).isEmpty, "\(field).label is blank")
            try Self.amount(method.amount, "\(field).amount", currency)
        }
        let code = couponCode?.trimmingCharacters(in: .whitespacesAndNewlines)
        checked.couponCode = code?.isEmpty == false ? code : nil
        if checked.couponCode != nil { checked.supportsCouponCode = true }
        switch merchantTokenRequest {
        case .recurring(let recurring)?:
            try Self.common(recurring.paymentDescription, recurring.label, recurring.managementURL, "recurring")
            try Self.optionalHTTPS(recurring.tokenNotificationURL, "recurring.tokenNotificationURL")
            try Self.amount(recurring.amount, "recurring.amount", currency)
            try Self.require(recurring.intervalCount >= 1, "recurring.intervalCount must be at least 1")
            if let start = recurring.startDate, let end = recurring.endDate {
                try Self.require(end > start, "recurring.endDate must come after recurring.startDate")
            }
        case .deferred(let deferred)?:
            try Self.common(deferred.paymentDescription, deferred.label, deferred.managementURL, "deferred")
            try Self.optionalHTTPS(deferred.tokenNotificationURL, "deferred.tokenNotificationURL")
            try Self.amount(deferred.amount, "deferred.amount", currency)
            try Self.require(
                (deferred.freeCancellationDate == nil) == (deferred.freeCancellationTimeZone == nil),
                "deferred.freeCancellationDate and deferred.freeCancellationTimeZone go together")
            if let cancellation = deferred.freeCancellationDate {
                try Self.require(
                    cancellation <= deferred.deferredDate,
                    "deferred.freeCancellationDate must not come after deferred.deferredDate")
            }
        case .automaticReload(let reload)?:
            try Self.common(reload.paymentDescription, reload.label, reload.managementURL, "automaticReload")
            try Self.optionalHTTPS(reload.tokenNotificationURL, "automaticReload.tokenNotificationURL")
            try Self.amount(reload.amount, "automaticReload.amount", currency)
            try Self.amount(reload.thresholdAmount, "automaticReload.thresholdAmount", currency)
        case nil: break
        }
        return checked
    }

    private static func require(_ condition: Bool, _ problem: String) throws(PurseCheckoutError) {
        guard condition else {
            throw PurseCheckoutError(.methodNotImplemented, message: "Apple Pay request options: \(problem)")
        }
    }

    private static func amount(_ amount: Decimal, _ field: String, _ currency: Currency) throws(PurseCheckoutError) {
        try require(amount >= 0, "\(field) is negative")
        try require(
            (try? Money(decimal: amount, currency: currency)) != nil, "\(field) is not an exact \(currency) amount")
    }

    private static func common(
        _ description: String, _ label: String, _ managementURL: URL, _ kind: String
    ) throws(PurseCheckoutError) {
        try require(!description.trimmingCharacters(in: .whitespaces).isEmpty, "\(kind).paymentDescription is blank")
        try require(!label.trimmingCharacters(in: .whitespaces).isEmpty, "\(kind).label is blank")
        try require(managementURL.scheme?.lowercased() == "https", "\(kind).managementURL must be an https URL")
    }

    private static func optionalHTTPS(_ url: URL?, _ field: String) throws(PurseCheckoutError) {
        guard let url else { return }
        try require(url.scheme?.lowercased() == "https", "\(field) must be an https URL")
    }
}

/// A contact field the Apple Pay sheet can ask for (`PKContactField`).
public enum ApplePayContactField: String, Sendable, Hashable, CaseIterable {
    /// The postal address.
    case postalAddress
    /// The email address.
    case emailAddress
    /// The phone number.
    case phoneNumber
    /// The name.
    case name
    /// The phonetic name.
    case phoneticName
}

/// How the order reaches the shopper (`PKShippingType`).
public enum ApplePayShippingType: String, Sendable, Hashable, CaseIterable {
    /// Shipped to the address.
    case shipping
    /// Delivered to the address (same-day, couriers).
    case delivery
    /// Picked up in a store.
    case storePickup
    /// Picked up at a service point.
    case servicePickup
}

/// One delivery choice on the sheet (`PKShippingMethod`).
public struct ApplePayShippingMethod: Sendable, Hashable {
    /// Your identifier, reported back by the sheet; unique among the methods.
    public var identifier: String
    /// Its name, e.g. `Colissimo`.
    public var label: String
    /// A line under the name, e.g. `2-3 days`.
    public var detail: String?
    /// Its price in major units, shown beside it (already included in the order amount when it is the one you
    /// charge); zero or more.
    public var amount: Decimal

    /// A shipping method.
    public init(identifier: String, label: String, detail: String? = nil, amount: Decimal) {
        self.identifier = identifier
        self.label = label
        self.detail = detail
        self.amount = amount
    }
}
