import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Paying with each kind of saved instrument of the sandbox's demo shopper, in-process and over loopback HTTP.
@MainActor
@Suite("Saved cards against the sandbox")
struct SavedCardsPaymentTests {
    @Test(
        "a saved card that needs its CVV pays once the CVV is typed: /validate only, AUTHORIZED",
        arguments: Wire.allCases)
    func cvvCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let (checkout, calls) = try await harness.openRecordedCheckout()
        let card = try harness.demoToken("visa-requires-cvv", in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(element.hasUI)
        try checkout.setPrimaryToken(card)
        await element.prepare()
        #expect(!checkout.isPaymentFulfilled)
        element.cvvField?.testingField.cvv = "123"
        #expect(checkout.isPaymentFulfilled)
        _ = completion(of: await element.submitAndWait())
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(status?.payment?.amount == 4299)
        #expect(calls.inits(of: "payzen") == 0)  // the protocol minimum: /validate only
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test(
        "a wrong CVV is refused (WRONG_CARD_DATA) and nothing is charged; the right one then pays",
        arguments: Wire.allCases)
    func wrongCVV(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let element = checkout.paymentElement(
            for: .paymentToken(try harness.demoToken("visa-requires-cvv", in: checkout)))
        await element.prepare()
        element.cvvField?.testingField.cvv = "999"
        let error = failure(of: await element.submitAndWait())
        #expect(error?.code == .validateFailed)
        #expect(error?.serverCode == "WRONG_CARD_DATA")
        #expect(harness.sandbox.stats().charges == 0)
        #expect(checkout.sessionState == .error)
        element.cvvField?.testingField.cvv = "123"
        _ = completion(of: await element.submitAndWait())
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    /// Was: the submission took the first result that was not a success, and the gateway marks the participants
    /// it did not apply `FAILED` too, so the error named the gift card (`illicado-giftcard FAILED`).
    @Test(
        "in a split, a wrong CVV is reported against the card that refused, with its code, not the gift card",
        arguments: Wire.allCases)
    func wrongCVVInASplit(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin),
            amount: 10)
        let token = try harness.demoToken("visa-requires-cvv", in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(token))
        await element.prepare()
        element.cvvField?.testingField.cvv = "999"
        let error = try #require(failure(of: await element.submitAndWait()))
        #expect(error.code == .validateFailed)
        #expect(error.serverCode == "WRONG_CARD_DATA")
        #expect(error.participant == "\(token.partner.rawValue)-\(token.method.rawValue)")
        #expect(error.participant != "illicado-giftcard")
        #expect(error.message.contains("WRONG_CARD_DATA"))
        #expect(!error.message.contains("illicado"))
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("a missing CVV: nothing reaches the gateway", arguments: Wire.allCases)
    func missingCVV(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("visa-requires-cvv", in: checkout)
        try checkout.setPrimaryToken(card)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .paymentNotFulfilledOnSubmit)
        let element = checkout.paymentElement(for: .paymentToken(card))
        await element.prepare()
        #expect(failure(of: await element.submitAndWait())?.code == .elementNotFulfilled)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
    }

    @Test("a network token pays without CVV: no UI, payable at selection", arguments: Wire.allCases)
    func networkToken(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("mastercard-network-token", in: checkout)
        #expect(card.paysWithoutCVV)
        try checkout.setPrimaryToken(card)
        #expect(checkout.isPaymentFulfilled)
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(!element.hasUI)
        await element.prepare()
        #expect(element.isReady)
        _ = completion(of: await element.submitAndWait())
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "3-D Secure after a saved card: the presenter shows the challenge and the shopper comes back",
        arguments: Wire.allCases)
    func savedCardThreeDS(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("visa-3ds-no-label", in: checkout)
        #expect(card.displayLabel == "VISA")  // a vaulted card with neither name nor masked PAN
        let presenter = ShopperPresenter(harness.sandbox)
        let element = checkout.paymentElement(for: .paymentToken(card), redirect: presenter)
        await element.prepare()
        guard case .returnedFromRedirect(let url) = await element.submitAndWait() else {
            Issue.record("expected a return from the challenge")
            return
        }
        #expect(url.query?.contains("purse-redirection-data=") == true)
        #expect(presenter.presented.first?.url?.path.contains("/pages/3ds/") == true)
        // The return proves nothing by itself: the server says the payment went through.
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "3-D Secure without a presenter: completed, the challenge page in the result, payment pending",
        arguments: Wire.allCases)
    func savedCardThreeDSWithoutPresenter(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let element = checkout.paymentElement(
            for: .paymentToken(try harness.demoToken("visa-3ds-no-label", in: checkout)))
        await element.prepare()
        let result = completion(of: await element.submitAndWait())
        guard case .get(let page)? = result?.redirection else {
            Issue.record("expected the challenge page")
            return
        }
        #expect(page.path.contains("/pages/3ds/"))
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "PENDING")
    }

    @Test("a pci_proxy card reports METHOD_NOT_IMPLEMENTED rather than rendering a CVV form", arguments: Wire.allCases)
    func pciProxyCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try harness.demoToken("pci-proxy-visa", in: checkout)
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        #expect(element.cvvField == nil)
        await element.prepare()
        #expect(failure(of: await element.submitAndWait())?.code == .methodNotImplemented)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
    }

    @Test("without PurseCheckoutPayPal, a saved PayPal account has no UI and nothing pays it", arguments: Wire.allCases)
    func paypalWithoutPlugin(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let account = try harness.demoToken("paypal-account", in: checkout)
        #expect(!account.isVaultedCard)
        #expect(account.displayLabel == "PayPal")
        #expect(account.label == "camille.martin@example.com")
        let element = checkout.paymentElement(for: .paymentToken(account))
        #expect(!element.hasUI && element.cvvField == nil)
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        #expect(throws: PurseCheckoutError.self) { try checkout.setPrimaryToken(account) }
    }

    @Test(
        "saved instruments are in paymentTokens, never in paymentMethods; a guest session has none",
        arguments: Wire.allCases)
    func lists(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let ids = Set(checkout.paymentTokens.map(\.id))
        for slug in [
            "visa-requires-cvv", "mastercard-network-token", "visa-3ds-no-label", "paypal-account", "pci-proxy-visa",
        ] {
            #expect(ids.contains(try harness.demoTokenID(slug)))
        }
        #expect(!checkout.paymentMethods.contains { ids.contains($0.id) })
        let guest = try await harness.openCheckout(shopper: nil)
        #expect(guest.paymentTokens.isEmpty)
        #expect(guest.session.walletSession == nil)
    }
}
