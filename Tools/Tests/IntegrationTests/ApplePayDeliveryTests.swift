import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// A merchant backend as a test: it prices an order of 42.99 EUR of goods with the delivery chosen and a coupon,
/// and creates the sandbox session for each price, as a real backend creates a Purse client session.
@MainActor
final class DeliveryPricing: ApplePaySheetDelegate {
    static let goods = Decimal(string: "42.99")!
    static let methods = [
        ApplePayShippingMethod(identifier: "home", label: "Colissimo à domicile", detail: "2-3 days", amount: 6.9),
        ApplePayShippingMethod(identifier: "relay", label: "Mondial Relay", detail: "point relais", amount: 3.9),
        ApplePayShippingMethod(identifier: "pickup", label: "Retrait en magasin", amount: 0),
    ]
    let sandbox: PurseSandbox
    var delivery = methods[0]
    var discount: Decimal = 0
    /// The sessions created for a new price, in order.
    private(set) var sessions: [String] = []
    /// Postal codes the shop does not deliver to (overseas departments).
    let unserved = ["971", "972", "973", "974", "976"]
    /// When set, the widget data returned for a new price (a broken backend).
    var brokenWidgetData: String?
    /// When set, run while a new price is being made (the app moving its checkout meanwhile).
    var whilePricing: (@MainActor () async -> Void)?

    init(sandbox: PurseSandbox) { self.sandbox = sandbox }

    var amount: Decimal { Self.goods + delivery.amount - discount }

    /// The session for the current price.
    func session() throws -> SandboxClientSession {
        let session = try sandbox.createClientSession(amount: amount, shopper: nil)
        sessions.append(session.id)
        return session
    }

    private func repriced() async -> ApplePaySheetUpdate {
        await whilePricing?()
        if let brokenWidgetData { return .repriced(widgetData: brokenWidgetData) }
        guard let session = try? session() else { return .unchanged }
        return .repriced(widgetData: session.widgetData)
    }

    func applePaySheet(didSelectShippingMethod method: ApplePayShippingMethod) async -> ApplePaySheetUpdate {
        delivery = method
        return await repriced()
    }

    func applePaySheet(didSelectShippingContact contact: ApplePayContact) async -> ApplePaySheetUpdate {
        let code = contact.postalAddress?.postalCode ?? ""
        if unserved.contains(where: code.hasPrefix) {
            return .refused(.shippingAddressUnserviceable(message: "No delivery overseas"))
        }
        if code.hasPrefix("20") {  // Corsica: no home delivery, the relay point first
            delivery = Self.methods[1]
            return .repriced(
                widgetData: (try? session().widgetData) ?? "", shippingMethods: Array(Self.methods.dropFirst()))
        }
        return .unchanged
    }

    func applePaySheet(didChangeCouponCode code: String) async -> ApplePaySheetUpdate {
        switch code {
        case "": discount = 0
        case "BIENVENUE5": discount = 5
        case "ETE2024": return .refused(.couponCodeExpired(message: nil))
        default: return .refused(.couponCodeInvalid(message: "Unknown code"))
        }
        return await repriced()
    }
}

/// Apple Pay that reprices while the sheet is open (relay-point delivery, click and collect, coupons), against the
/// sandbox: each change goes to the app's delegate, a new price moves the checkout onto the backend's new session
/// through `updateSession`, and the sheet pays exactly what the session carries.
@MainActor
@Suite("Apple Pay with delivery and coupons: the sheet priced again while it is open")
struct ApplePayDeliveryTests {
    static let shopper = ApplePayContact(
        givenName: "Camille", familyName: "Martin", emailAddress: "camille.martin@example.com",
        phoneNumber: "+33 6 12 34 56 78",
        postalAddress: ApplePayPostalAddress(
            street: "12 rue des Lilas", city: "Paris", postalCode: "75011", country: "France", isoCountryCode: "FR"))

    /// A checkout on the backend's first session (home delivery), Apple Pay primary, the sheet's element prepared.
    func applePay(
        _ harness: Harness, pricing: DeliveryPricing, steps: [SandboxApplePaySheet.Step], giftCard: Decimal? = nil,
        logs: LogLines? = nil
    ) async throws -> (PurseHeadlessCheckout, PaymentElement, SandboxApplePaySheet) {
        let first = try pricing.session()
        let checkout = try await PurseHeadlessCheckout(
            widgetData: first.widgetData,
            configuration: harness.configuration { configuration in
                configuration.applePay.requestOptions = ApplePayRequestOptions(
                    requiredBillingContactFields: [.name], requiredShippingContactFields: [.postalAddress, .name],
                    shippingMethods: DeliveryPricing.methods, supportsCouponCode: true)
                if let logs { configuration.logHandler = logs.handler }
            })
        if let giftCard {
            let method = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
            let token = try await checkout.getSecondaryToken(
                method: method, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
            try checkout.applySecondary(token, amount: giftCard)
        }
        let method = try #require(checkout.paymentMethods.first { $0.method == .applepay })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        let sheet = SandboxApplePaySheet(steps: steps, billingContact: ApplePayContact(givenName: "Camille"))
        element.applePaySheet = sheet
        element.applePayDelegate = pricing
        await element.prepare()
        try checkout.setPrimary(method)
        return (checkout, element, sheet)
    }

    func paid(_ outcome: PaymentOutcome, sourceLocation: SourceLocation = #_sourceLocation) -> ValidationResult? {
        guard case .completed(let result) = outcome else {
            Issue.record("not paid: \(outcome)", sourceLocation: sourceLocation)
            return nil
        }
        return result
    }

    @Test(
        "a relay point reprices the sheet: the session moves, the sheet pays what it carries", arguments: Wire.allCases)
    func relayPoint(wire: Wire) async throws {
        let harness = try Harness(wire)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing,
            steps: [.selectShippingContact(Self.shopper), .selectShippingMethod("relay"), .authorize(.approve)])
        #expect(try element.applePayRequest().total.amount == Decimal(string: "49.89"))
        let result = try #require(paid(await element.submitAndWait()))

        let answers = sheet.answers
        #expect(answers.count == 2 && answers.allSatisfy(\.errors.isEmpty))
        #expect(answers[0].request.total.amount == Decimal(string: "49.89"))  // the address changes nothing
        #expect(answers[1].request.total.amount == Decimal(string: "46.89"))
        #expect(answers[1].request.options.shippingMethods.first?.identifier == "relay")  // shown as selected
        // The checkout moved onto the backend's session for the relay price, and the sheet paid that session.
        #expect(pricing.sessions.count == 2 && checkout.session.id == pricing.sessions[1])
        let payment = try #require(await harness.status(of: checkout)?.payment)
        #expect(payment.authorizationStatus == "AUTHORIZED" && payment.amount == 4689)
        #expect(harness.sandbox.clientSessionStatus(id: pricing.sessions[0])?.payment == nil)
        // What the shopper gave comes back with the result.
        let details = try #require(result.applePayDetails)
        #expect(details.shippingMethod?.identifier == "relay")
        #expect(details.shippingContact == Self.shopper && details.billingContact?.givenName == "Camille")
        #expect(details.couponCode == nil)
    }

    @Test("with a gift card the new session keeps it: the sheet shows the order, the card and the rest")
    func relayPointWithGiftCard() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing, steps: [.selectShippingMethod("pickup"), .authorize(.approve)], giftCard: 20)
        _ = try #require(paid(await element.submitAndWait()))
        let shown = try #require(sheet.answers.last?.request)
        #expect(shown.summaryItems.map(\.minorUnits) == [4299, -2000, 2299])  // 42.99 with pickup, less 20.00
        let payment = try #require(await harness.status(of: checkout)?.payment)
        #expect(payment.amount == 4299)
        let split = payment.split.map { "\($0.partner)-\($0.method):\($0.amount)" }.sorted()
        #expect(split == ["illicado-giftcard:2000", "ingenico-applepay:2299"])
    }

    @Test("an address the shop does not serve: the sheet shows the typed error and keeps its amounts")
    func unservedAddress() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        var overseas = Self.shopper
        overseas.postalAddress?.postalCode = "97400"
        var corsica = Self.shopper
        corsica.postalAddress?.postalCode = "20000"
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing,
            steps: [.selectShippingContact(overseas), .selectShippingContact(corsica), .authorize(.approve)])
        let result = try #require(paid(await element.submitAndWait()))
        let refused = sheet.answers[0]
        #expect(refused.errors == [.shippingAddressUnserviceable(message: "No delivery overseas")])
        #expect(refused.request.total.amount == Decimal(string: "49.89"))
        #expect(pricing.sessions.count == 2)  // the refusal created no session; Corsica did
        // Corsica: no home delivery; the relay point comes first and is priced.
        let corsicaAnswer = sheet.answers[1]
        #expect(corsicaAnswer.errors.isEmpty)
        #expect(corsicaAnswer.request.options.shippingMethods.map(\.identifier) == ["relay", "pickup"])
        #expect(corsicaAnswer.request.total.amount == Decimal(string: "46.89"))
        #expect(result.applePayDetails?.shippingMethod?.identifier == "relay")
        #expect(result.applePayDetails?.shippingContact?.postalAddress?.postalCode == "20000")
        #expect(await harness.status(of: checkout)?.payment?.amount == 4689)
    }

    @Test("coupons: an unknown and an expired code are typed errors; a valid one reprices; the code comes back")
    func coupons() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing,
            steps: [
                .enterCouponCode("NOPE"), .enterCouponCode("ETE2024"), .enterCouponCode(" BIENVENUE5 "),
                .authorize(.approve),
            ])
        let result = try #require(paid(await element.submitAndWait()))
        #expect(
            sheet.answers.map(\.errors) == [
                [.couponCodeInvalid(message: "Unknown code")], [.couponCodeExpired(message: nil)], [],
            ])
        #expect(sheet.answers.map(\.request.total.amount) == [49.89, 49.89, 44.89].map { Decimal(string: "\($0)")! })
        #expect(sheet.answers.last?.request.options.couponCode == "BIENVENUE5")
        #expect(result.applePayDetails?.couponCode == "BIENVENUE5")
        #expect(result.applePayDetails?.shippingMethod?.identifier == "home")
        #expect(await harness.status(of: checkout)?.payment?.amount == 4489)
    }

    @Test("a new session the checkout cannot take: updateFailed on the sheet, nothing moved, the old price paid")
    func brokenBackend() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        pricing.brokenWidgetData = "not widget data"
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing, steps: [.selectShippingMethod("relay"), .authorize(.approve)])
        let firstSession = checkout.session.id
        _ = try #require(paid(await element.submitAndWait()))
        let answer = try #require(sheet.answers.first)
        guard case .updateFailed(let error)? = answer.errors.first else {
            Issue.record("expected updateFailed, got \(answer.errors)")
            return
        }
        #expect(error.code == .widgetDataMalformed)
        #expect(answer.request.total.amount == Decimal(string: "49.89"))
        #expect(checkout.session.id == firstSession)
        #expect(await harness.status(of: checkout)?.payment?.amount == 4989)
    }

    @Test("the checkout moved onto another session while a change was priced: the answer changes nothing")
    func movedWhilePricing() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing, steps: [.selectShippingMethod("relay"), .authorize(.approve)])
        // The app's own cart change lands while the backend prices the relay point: 60.00 EUR.
        let appSession = try harness.sandbox.createClientSession(amount: 60, shopper: nil)
        pricing.whilePricing = { [weak checkout] in
            pricing.whilePricing = nil
            _ = try? await checkout?.updateSession(widgetData: appSession.widgetData)
        }
        let outcome = await element.submitAndWait()
        let answer = try #require(sheet.answers.first)
        guard case .updateFailed(let error)? = answer.errors.first else {
            Issue.record("expected updateFailed, got \(answer.errors)")
            return
        }
        #expect(error.code == .sessionChanged)
        // The relay price was not applied over the app's change; the sheet's old total no longer matches the
        // session, so the authorization is refused and nothing is charged.
        #expect(checkout.session.id == appSession.id)
        #expect(answer.request.total.amount == Decimal(string: "49.89"))
        guard case .failed(let refused) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(refused.code == .applePayAmountChanged)
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("no delegate: changes leave the sheet as it is, and the delivery choice still comes back")
    func noDelegate() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let (checkout, element, sheet) = try await applePay(
            harness, pricing: pricing, steps: [.selectShippingMethod("pickup"), .authorize(.approve)])
        element.applePayDelegate = nil
        let result = try #require(paid(await element.submitAndWait()))
        #expect(sheet.answers.map(\.request.total.amount) == [Decimal(string: "49.89")!])
        #expect(result.applePayDetails?.shippingMethod?.identifier == "pickup")
        #expect(pricing.sessions.count == 1)
        #expect(await harness.status(of: checkout)?.payment?.amount == 4989)
    }

    @Test("the shopper's contact and address never reach a log line, a description or a dump")
    func contactsStayPrivate() async throws {
        let harness = try Harness(.inProcess)
        let pricing = DeliveryPricing(sandbox: harness.sandbox)
        let logs = LogLines()
        // The checkout is held: an element keeps its checkout weakly.
        let (checkout, element, _) = try await applePay(
            harness, pricing: pricing,
            steps: [.selectShippingContact(Self.shopper), .selectShippingMethod("relay"), .authorize(.approve)],
            logs: logs)
        let outcome = await element.submitAndWait()
        #expect(checkout.state.phase == .submitted)
        let result = try #require(paid(outcome))
        var dumped = ""
        dump(result, to: &dumped)
        dump(Self.shopper, to: &dumped)
        let snapshot = String(decoding: checkout.saveState().data, as: UTF8.self)
        #expect(snapshot.contains(checkout.session.id))  // the snapshot was written, and holds the session
        let texts =
            logs.lines.map { "\($0)" } + [
                "\(outcome)", "\(result)", String(reflecting: result), dumped, "\(Self.shopper)",
                String(describing: result.applePayDetails), snapshot,
            ]
        for secret in ["Camille", "Martin", "camille.martin@example.com", "+33 6", "rue des Lilas", "75011", "Paris"] {
            #expect(!texts.contains { $0.contains(secret) }, "\(secret)")
        }
    }
}
