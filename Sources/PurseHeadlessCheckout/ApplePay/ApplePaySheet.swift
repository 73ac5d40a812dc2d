public import Foundation

/// Shows the Apple Pay sheet for a request and reports the shopper's authorizations. On iOS and macOS,
/// `PassKitApplePaySheet` (`PKPaymentAuthorizationController`); off device, `SandboxApplePaySheet` from
/// `PurseCheckoutTesting` authorizes with sandbox test tokens (there is no sheet).
///
/// The element calls ``present(_:authorize:change:)`` once per submit. The sheet calls `change` with each change
/// of address, delivery choice or coupon code and shows what it answers (new lines and total, or errors); it calls
/// `authorize` with each payment the shopper authorizes, waits for its answer and shows it (success closes the sheet;
/// a failure lets the shopper try again or close), and returns when the sheet is gone.
@MainActor
public protocol ApplePaySheet: AnyObject {
    /// Presents the sheet for `request`; returns when it has been dismissed, or at once when it could not be shown.
    func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
    ) async -> ApplePaySheetEnd

    /// Presents the sheet for `request`, reporting the shopper's changes to `change` and showing its answers.
    /// The default ignores changes and calls ``present(_:authorize:)``: a sheet that offers none.
    func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult,
        change: @escaping @MainActor (ApplePaySheetChange) async -> ApplePaySheetAnswer
    ) async -> ApplePaySheetEnd
}

extension ApplePaySheet {
    /// Ignores changes: ``present(_:authorize:)``.
    public func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult,
        change: @escaping @MainActor (ApplePaySheetChange) async -> ApplePaySheetAnswer
    ) async -> ApplePaySheetEnd {
        await present(request, authorize: authorize)
    }
}

/// How the sheet ended.
public enum ApplePaySheetEnd: Sendable, Hashable {
    /// The sheet was shown, then dismissed (after a success, a failure, or a cancel).
    case dismissed
    /// The sheet could not be shown (no card for these networks, restrictions, another sheet up).
    case notPresented
}

/// What the sheet shows after an authorization.
public enum ApplePayAuthorizationResult: Sendable, Hashable {
    /// Paid: the gateway answered `SUCCESS` with nothing left to open.
    case success(ValidationResult)
    /// Not paid; the error says why (the sheet shows a generic failure, the app shows the message).
    case failure(PurseCheckoutError)

    /// Whether the sheet shows success.
    public var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// The card the shopper picked on the sheet, as the payment token describes it (`PKPaymentMethod`).
public struct ApplePayPaymentMethod: Sendable, Hashable {
    /// The network, e.g. `Visa` (`nil` when PassKit gives none).
    public let network: String?
    /// `debit`, `credit`, `prepaid`, `store`, `eMoney` or `unknown`.
    public let type: String
    /// A label suitable for display, e.g. `Visa 1234` (`nil` when PassKit gives none).
    public let displayName: String?

    /// A payment method as PassKit describes it.
    public init(network: String?, type: String, displayName: String?) {
        self.network = network
        self.type = type
        self.displayName = displayName
    }
}

/// One authorization from the Apple Pay sheet: the encrypted payment data and what the card is
/// (`PKPayment.token`).
///
/// The payment data is card data: it is sent once, to `init-xpay`, and never logged, described, put in an error or
/// saved. ``description`` shows the network and type only.
public struct ApplePayPayment: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// `PKPaymentToken.paymentData`: the encrypted payment data (JSON from Apple).
    public let paymentData: Data
    /// `PKPaymentToken.transactionIdentifier`.
    public let transactionIdentifier: String
    /// `PKPaymentToken.paymentMethod`.
    public let paymentMethod: ApplePayPaymentMethod
    /// `PKPayment.billingContact`, when the request asked for billing fields. Never sent to Purse.
    public let billingContact: ApplePayContact?
    /// `PKPayment.shippingContact`, when the request asked for shipping fields. Never sent to Purse.
    public let shippingContact: ApplePayContact?
    /// `PKPayment.shippingMethod`, when the request offered delivery choices.
    public let shippingMethod: ApplePayShippingMethod?

    /// An authorization as the sheet reported it.
    public init(
        paymentData: Data, transactionIdentifier: String, paymentMethod: ApplePayPaymentMethod,
        billingContact: ApplePayContact? = nil, shippingContact: ApplePayContact? = nil,
        shippingMethod: ApplePayShippingMethod? = nil
    ) {
        self.paymentData = paymentData
        self.transactionIdentifier = transactionIdentifier
        self.paymentMethod = paymentMethod
        self.billingContact = billingContact
        self.shippingContact = shippingContact
        self.shippingMethod = shippingMethod
    }

    /// Network and type only: never the payment data or the transaction identifier.
    public var description: String {
        "ApplePayPayment(network: \(paymentMethod.network ?? "unknown"), type: \(paymentMethod.type), "
            + "payment data: \(paymentData.count) bytes, redacted)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// No children: `dump` and `Mirror` show the redacted description only.
    public var customMirror: Mirror { Mirror(self, children: [Mirror.Child](), displayStyle: .struct) }

    /// `payment_data.apple_pay` of the `init-xpay` item (CONTRACT §8).
    var wireJSON: JSONValue {
        var method: [String: JSONValue] = ["type": .string(paymentMethod.type)]
        if let network = paymentMethod.network { method["network"] = .string(network) }
        if let name = paymentMethod.displayName { method["display_name"] = .string(name) }
        return .object([
            "payment_data": .string(paymentData.base64EncodedString()),
            "transaction_identifier": .string(transactionIdentifier),
            "payment_method": .object(method),
        ])
    }
}
