import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout

/// The chapter where the shopper picks a relay point on the Apple Pay sheet and the total changes on it.
extension DemoTour {
    /// The delivery choices the sheet offers, in the story's language: the order's first price includes home
    /// delivery.
    var deliveries: [ApplePayShippingMethod] {
        [
            ApplePayShippingMethod(
                identifier: "home", label: text("cli.demo.delivery.home"), detail: text("cli.demo.delivery.homeDetail"),
                amount: 6.9),
            ApplePayShippingMethod(
                identifier: "relay", label: text("cli.demo.delivery.relay"),
                detail: text("cli.demo.delivery.relayDetail"), amount: 3.9),
            ApplePayShippingMethod(identifier: "pickup", label: text("cli.demo.delivery.pickup"), amount: 0),
        ]
    }

    /// Chapter: 42.99 EUR of goods with home delivery (49.89 EUR). On the sheet the shopper picks a relay point; the
    /// app asks the backend for the session of the new price, the checkout moves onto it (`updateSession`), the
    /// sheet shows 46.89 EUR, and the shopper pays that.
    func payWithApplePayDelivery() async throws {
        chapter("Apple Pay with delivery", text("cli.demo.applePayDelivery.title"), order: .next)
        let checkout = try await openOrder(amount: 4989, what: "applePayDelivery") { configuration in
            configuration.applePay.requestOptions = ApplePayRequestOptions(
                requiredShippingContactFields: [.postalAddress, .name], shippingMethods: self.deliveries)
        }
        guard let applePay = checkout.paymentMethods.first(where: { $0.method == .applepay }) else {
            // A product's name, the same in every language.
            throw notOffered(["Apple Pay"])  // not shopper text
        }
        try checkout.setPrimary(applePay)
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        let pricing = DemoDeliveryPricing(tour: self, reference: "demo-delivery-relay")
        element.applePayDelegate = pricing
        let relay = ApplePayContact(
            givenName: "Camille", familyName: "Martin",
            postalAddress: ApplePayPostalAddress(city: "Lyon", postalCode: "69003", isoCountryCode: "FR"))
        let sheet = SandboxApplePaySheet(
            steps: [.selectShippingContact(relay), .selectShippingMethod("relay"), .authorize(.approve)])
        element.applePaySheet = sheet
        await element.prepare()
        let before = try element.applePayRequest().total.amount
        let outcome = await element.submitAndWait()
        let shown = sheet.answers.last?.request.total.amount
        record(
            "relay point priced on the sheet",
            before == Decimal(string: "49.89") && shown == Decimal(string: "46.89")
                && checkout.session.id == pricing.sessionID,
            text(
                "cli.demo.applePayDelivery.repriced",
                [
                    ("before", amount(before)), ("after", amount(shown ?? 0)),
                    ("session", .text(pricing.sessionID ?? "-")),
                ]))
        var details: ApplePayShopperDetails?
        if case .completed(let result) = outcome { details = result.applePayDetails }
        record(
            "paid with the relay point", isSuccess(outcome) && details?.shippingMethod?.identifier == "relay",
            text(
                "cli.demo.applePayDelivery.paid",
                [("method", .text(details?.shippingMethod?.label ?? "-")), ("outcome", .text(describe(outcome)))]))
        try await confirm(checkout.session.id)
        try await recordConfirmedAmount("relay price confirmed", of: checkout.session.id, expected: 4689)
    }
}

/// The app's answer to a delivery choice on the open sheet: the backend creates the session of the new price.
@MainActor
final class DemoDeliveryPricing: ApplePaySheetDelegate {
    private let tour: DemoTour
    private let reference: String
    /// The session created for the last price.
    private(set) var sessionID: String?

    init(tour: DemoTour, reference: String) {
        self.tour = tour
        self.reference = reference
    }

    func applePaySheet(didSelectShippingMethod method: ApplePayShippingMethod) async -> ApplePaySheetUpdate {
        let cents = 4299 + Int64(truncating: (method.amount * 100) as NSDecimalNumber)
        guard let session = try? await tour.reorder(amount: cents, reference: reference) else { return .unchanged }
        sessionID = session.id
        return .repriced(widgetData: session.widgetData)
    }
}
