import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// What merchants configure around the Apple Pay amounts: the button (type and style, as Purse's web `xPayButton`
/// names them) and the request options (contact fields, shipping methods, coupon code, recurring / deferred /
/// automatic-reload requests). Checked on Linux; the options never change what the sheet asks the shopper to pay.
struct ApplePayOptionsTests {
    private static let manage = URL(string: "https://shop.example.com/account")!

    /// An Apple Pay method with a merchant identifier and `app`'s settings, over an order of `amount` minor units
    /// (EUR) with gift cards taking `shares`.
    private func request(
        amount: Int64, shares: [Int64] = [], app: ApplePayConfiguration = ApplePayConfiguration()
    ) throws -> ApplePayPaymentRequest {
        let configuration: JSONValue = [
            "template": "applepay", "labels": ["primary"], "position": 1,
            "vault": ["vendor": "none", "supported_brands": []],
            "settings": [
                "merchant_specifics": ["apple_pay_merchant_identifier": "m", "merchant_display_name": "Shop"]
            ],
        ]
        let method = PrimaryMethod(
            partner: "ingenico", method: "applepay",
            configuration: try MethodConfiguration(
                reading: JSONReader(configuration, path: "configurations") {
                    PurseCheckoutError(.sessionMalformed, message: $0)
                }),
            contracts: nil)
        var split = try SplitEngine(amount: Money(minorUnits: amount, currency: .eur))
        for (offset, share) in shares.enumerated() {
            split = try split.applySecondary(
                SecondaryInput(id: "g\(offset)", partner: "illicado", method: "giftcard", balance: share),
                amount: share)
        }
        split = split.setPrimary(
            PrimaryShare(id: "ingenico-applepay", partner: "ingenico", method: "applepay", isReady: true))
        return try ApplePayPaymentRequest(settings: try ApplePaySettings(method: method, app: app), split: split)
    }

    @Test("button types read the web names, styles too; unknown names keep the system's plain, automatic button")
    func buttonAppearance() {
        #expect(ApplePayButtonType(rawValue: "check-out") == .checkout)
        #expect(ApplePayButtonType(rawValue: "subscribe") == .subscribe)
        #expect(ApplePayButtonType(rawValue: "checkout") == nil)  // the web name has a hyphen
        #expect(ApplePayButtonType.all.count == 17 && Set(ApplePayButtonType.all).count == 17)
        #expect(ApplePayButtonStyle(rawValue: "white-outline") == .whiteOutline)
        let web = ApplePayButtonAppearance(webType: "book", buttonStyle: "black")
        #expect(web == ApplePayButtonAppearance(type: .book, style: .black))
        let unknown = ApplePayButtonAppearance(webType: "pay-now", buttonStyle: "pink")
        #expect(unknown == ApplePayButtonAppearance())
        #expect(unknown.type == .plain && unknown.style == .automatic)
    }

    @Test("options travel in the request; with gift cards the lines and total are still what the cards leave")
    func optionsLeaveTheAmounts() throws {
        var options = ApplePayRequestOptions(
            requiredBillingContactFields: [.postalAddress], requiredShippingContactFields: [.name, .phoneNumber],
            shippingType: .storePickup,
            shippingMethods: [
                ApplePayShippingMethod(identifier: "relay", label: "Point relais", detail: "3-5 days", amount: 0),
                ApplePayShippingMethod(identifier: "express", label: "Express", amount: Decimal(string: "9.90")!),
            ],
            couponCode: "  WELCOME10 \n")
        options.merchantTokenRequest = .recurring(
            ApplePayRecurringPayment(
                paymentDescription: "Coffee", label: "Monthly beans", amount: Decimal(string: "19.90")!,
                interval: .month, managementURL: Self.manage))
        let plain = try request(amount: 4299, shares: [2000])
        let customized = try request(
            amount: 4299, shares: [2000], app: ApplePayConfiguration(requestOptions: options))
        #expect(customized.summaryItems == plain.summaryItems)
        #expect(customized.summaryItems.map(\.minorUnits) == [4299, -2000, 2299])
        #expect(customized.total.amount == Decimal(string: "22.99"))
        #expect(customized.options.shippingMethods.map(\.identifier) == ["relay", "express"])
        #expect(customized.options.couponCode == "WELCOME10")
        #expect(customized.options.supportsCouponCode)  // turned on by the code
        #expect(customized.options.requiredShippingContactFields == [.name, .phoneNumber])
        #expect(plain.options == ApplePayRequestOptions())
    }

    static let refused: [(ApplePayRequestOptions, String)] = [
        (
            ApplePayRequestOptions(shippingMethods: [
                ApplePayShippingMethod(identifier: "a", label: "A", amount: 0),
                ApplePayShippingMethod(identifier: "a", label: "B", amount: 0),
            ]), "shippingMethods[1].identifier a is used twice"
        ),
        (
            ApplePayRequestOptions(shippingMethods: [ApplePayShippingMethod(identifier: "a", label: " ", amount: 0)]),
            "shippingMethods[0].label is blank"
        ),
        (
            ApplePayRequestOptions(shippingMethods: [
                ApplePayShippingMethod(identifier: "a", label: "A", amount: Decimal(string: "1.999")!)
            ]), "shippingMethods[0].amount is not an exact EUR amount"
        ),
        (
            ApplePayRequestOptions(shippingMethods: [ApplePayShippingMethod(identifier: "a", label: "A", amount: -1)]),
            "shippingMethods[0].amount is negative"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .recurring(
                    ApplePayRecurringPayment(
                        paymentDescription: "Coffee", label: "Monthly", amount: 10, interval: .month,
                        managementURL: URL(string: "http://shop.example.com/account")!))),
            "recurring.managementURL must be an https URL"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .recurring(
                    ApplePayRecurringPayment(
                        paymentDescription: "Coffee", label: "Monthly", amount: 10, interval: .week, intervalCount: 0,
                        managementURL: manage))), "recurring.intervalCount must be at least 1"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .recurring(
                    ApplePayRecurringPayment(
                        paymentDescription: "Coffee", label: "Monthly", amount: 10, interval: .year,
                        startDate: Date(timeIntervalSince1970: 2_000_000), endDate: Date(timeIntervalSince1970: 1_000),
                        managementURL: manage))), "recurring.endDate must come after recurring.startDate"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .deferred(
                    ApplePayDeferredPayment(
                        paymentDescription: "Hotel", label: "Stay", amount: 120,
                        deferredDate: Date(timeIntervalSince1970: 1_000_000),
                        freeCancellationDate: Date(timeIntervalSince1970: 900_000), managementURL: manage))),
            "deferred.freeCancellationDate and deferred.freeCancellationTimeZone go together"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .deferred(
                    ApplePayDeferredPayment(
                        paymentDescription: "Hotel", label: "Stay", amount: 120,
                        deferredDate: Date(timeIntervalSince1970: 1_000_000),
                        freeCancellationDate: Date(timeIntervalSince1970: 2_000_000),
                        freeCancellationTimeZone: TimeZone(identifier: "Europe/Paris"), managementURL: manage))),
            "deferred.freeCancellationDate must not come after deferred.deferredDate"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .automaticReload(
                    ApplePayAutomaticReload(
                        paymentDescription: "Card", label: "Top-up", amount: 20, thresholdAmount: -5,
                        managementURL: manage))), "automaticReload.thresholdAmount is negative"
        ),
        (
            ApplePayRequestOptions(
                merchantTokenRequest: .automaticReload(
                    ApplePayAutomaticReload(
                        paymentDescription: " ", label: "Top-up", amount: 20, thresholdAmount: 5,
                        managementURL: manage))), "automaticReload.paymentDescription is blank"
        ),
    ]

    @Test("bad options are METHOD_NOT_IMPLEMENTED naming the field, and no request is built", arguments: refused)
    func badOptions(options: ApplePayRequestOptions, problem: String) throws {
        let error = #expect(throws: PurseCheckoutError.self) {
            try request(amount: 4299, app: ApplePayConfiguration(requestOptions: options))
        }
        #expect(error?.code == .methodNotImplemented)
        #expect(error?.message == "Apple Pay request options: \(problem)")
    }

    @Test("valid deferred and automatic-reload requests pass as they are; a blank coupon code is none")
    func validTokenRequests() throws {
        let paris = TimeZone(identifier: "Europe/Paris")
        let deferred = ApplePayRequestOptions(
            couponCode: "   ",
            merchantTokenRequest: .deferred(
                ApplePayDeferredPayment(
                    paymentDescription: "Hotel", label: "Stay", amount: Decimal(string: "240.50")!,
                    deferredDate: Date(timeIntervalSince1970: 1_000_000),
                    freeCancellationDate: Date(timeIntervalSince1970: 900_000), freeCancellationTimeZone: paris,
                    managementURL: Self.manage)))
        let checked = try deferred.validated(for: .eur)
        #expect(checked.merchantTokenRequest == deferred.merchantTokenRequest)
        #expect(checked.couponCode == nil && !checked.supportsCouponCode)
        let reload = ApplePayRequestOptions(
            merchantTokenRequest: .automaticReload(
                ApplePayAutomaticReload(
                    paymentDescription: "Card", label: "Top-up", amount: 20, thresholdAmount: 5,
                    managementURL: Self.manage)))
        #expect(try reload.validated(for: .jpy) == reload)
    }
}
