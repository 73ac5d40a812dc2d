public import Foundation

/// One line of the Apple Pay sheet: a label and an exact amount (`PKPaymentSummaryItem` on Apple platforms).
public struct ApplePaySummaryItem: Sendable, Hashable {
    /// What the line is: the order (the `applepay.order` text in the checkout's language, `Order` in English), a
    /// gift card's issuer, or the merchant's name on the total line.
    public let label: String
    /// Major units, exact; negative for a gift card's share.
    public let amount: Decimal
    /// The same amount in minor units of the order currency.
    public let minorUnits: Int64
}

/// What the Apple Pay sheet shows and asks for, built by the SDK from the session, the split and
/// ``ApplePayConfiguration`` (CONTRACT §8). The PassKit adapter copies it into a `PKPaymentRequest` as it is.
///
/// Lines: when gift cards pay a share, the order line with the order amount (labelled `applepay.order` in the
/// checkout's language: `Order`, `Commande`, `Bestellung`…, your override of the key first), then one negative line
/// per gift card (its issuer), then the total; with no gift card, the total alone. The total is what Apple Pay is
/// asked to pay: the order minus every gift card's share, and the last line is the sum of the others, as Apple asks.
///
/// Read it with ``PaymentElement/applePayRequest()``; every amount is exact (minor units), never a `Double`.
public struct ApplePayPaymentRequest: Sendable, Hashable {
    /// Your Apple Pay merchant identifier.
    public let merchantIdentifier: String
    /// ISO 3166 alpha-2 country of your payment processing.
    public let countryCode: String
    /// ISO 4217 currency of the order.
    public let currencyCode: String
    /// The networks the sheet offers.
    public let supportedNetworks: [ApplePayNetwork]
    /// What the merchant's processing supports.
    public let merchantCapabilities: [ApplePayMerchantCapability]
    /// Every line, the total last.
    public let summaryItems: [ApplePaySummaryItem]
    /// What else the sheet asks for or shows (``ApplePayConfiguration/requestOptions``, checked for this
    /// currency); never a line or an amount of this payment.
    public let options: ApplePayRequestOptions

    /// The last line: what Apple Pay pays.
    public var total: ApplePaySummaryItem {
        // `summaryItems` always ends with the total (built by `init(settings:split:localizer:)`).
        summaryItems[summaryItems.count - 1]
    }

    /// Builds the request for the split as it stands, the order line's label read through `localizer` (the
    /// checkout's).
    /// - Throws: `ELEMENT_NOT_FULFILLED` when Apple Pay has nothing to pay (the gift cards cover the order, or Apple
    ///   Pay is not the primary); `METHOD_NOT_IMPLEMENTED` for request options that do not check out.
    init(
        settings: ApplePaySettings, split: SplitEngine, localizer: PurseLocalizer = .english,
        options sheetOptions: ApplePayRequestOptions? = nil
    ) throws(PurseCheckoutError) {
        let currency = split.currency
        func item(_ label: String, _ minor: Int64) -> ApplePaySummaryItem {
            ApplePaySummaryItem(
                label: label, amount: Money(minorUnits: minor, currency: currency).decimal, minorUnits: minor)
        }
        let pays = split.primaryShare
        guard pays > 0 else {
            // The developer's message of the error; the shopper reads its code's localized text.
            let coversAll =
                "the gift cards cover the order: nothing is left for Apple Pay (submitPayment())"  // not shopper text
            // The developer's message of the error, as above.
            let notPrimary = "Apple Pay is not the primary method of this checkout"  // not shopper text
            throw PurseCheckoutError(
                .elementNotFulfilled, message: split.secondaryTotal >= split.amount.minorUnits ? coversAll : notPrimary)
        }
        var lines: [ApplePaySummaryItem] = []
        if !split.secondaryShares.isEmpty {
            lines.append(item(localizer.string(Self.orderLabel), split.amount.minorUnits))
            for share in split.secondaryShares {
                lines.append(item(Self.issuerLabel(share.partner), -share.amount))
            }
        }
        lines.append(item(settings.merchantDisplayName, pays))
        merchantIdentifier = settings.merchantIdentifier
        countryCode = settings.countryCode
        currencyCode = currency.code
        supportedNetworks = settings.supportedNetworks
        merchantCapabilities = settings.merchantCapabilities
        options = try (sheetOptions ?? settings.requestOptions).validating(for: currency)
        summaryItems = lines
    }

    /// The order line's label: `applepay.order`.
    static let orderLabel = PurseMessage("applepay.order")

    /// `illicado` → `Illicado`.
    static func issuerLabel(_ partner: String) -> String {
        partner.prefix(1).uppercased() + partner.dropFirst()
    }
}
