import Foundation
import PurseCheckoutPayPal
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import Testing

/// PayPal against the sandbox, in-process and over loopback HTTP: a saved account pays with its own `/init`
/// and no approval step; a fresh payment goes through PayPal's approval page.
@MainActor
@Suite("PayPal")
struct PayPalTests {
    @Test("register(on:) routes paypal_wallet to PayPalModule on that registry only")
    func registration() throws {
        let sandbox = try PurseSandbox()
        let session = try SessionDecoder.decode(widgetData: sandbox.createClientSession(amount: 10).widgetData)
        let registry = PluginRegistry()
        #expect(registry.plugin(partner: .paypal, method: .wallet, session: session.source) == nil)
        PurseCheckoutPayPal.register(on: registry)
        PurseCheckoutPayPal.register(on: registry)  // again: harmless
        let plugin = registry.plugin(partner: .paypal, method: .wallet, session: session.source)
        #expect(plugin is any PayPalPlugin)
        #expect(plugin?.name == "paypal")
        #expect(PluginRegistry.shared.plugin(partner: .paypal, method: .wallet, session: session.source) == nil)
        #expect(PurseCheckoutPayPal.template == "paypal_wallet")
    }

    @Test(
        "a saved account: no UI, payable at selection; submit runs /init then /validate, captured without approval",
        arguments: PayPalWire.allCases)
    func savedAccount(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let transport = RecordingTransport(harness.wireTransport())
        let checkout = try await harness.openCheckout(transport: transport)
        let account = try harness.savedAccount(in: checkout)
        #expect(!account.isVaultedCard)
        let presenter = PayPalShopper(harness.sandbox)
        let element = checkout.paymentElement(for: .paymentToken(account), redirect: presenter)
        #expect(!element.hasUI)
        #expect(element.cvvField == nil && element.cardForm == nil)
        try checkout.setPrimaryToken(account)
        await element.prepare()  // no input and no network call: ready (and the checkout fulfilled) at once
        #expect(element.isReady)
        #expect(checkout.isPaymentFulfilled)
        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(result.redirection == nil)
        #expect(presenter.presented.isEmpty)
        #expect(await harness.authorizationStatus(checkout) == "AUTHORIZED")
        // Saved gift cards' balance look-ups run /init in the background too: count PayPal's own.
        let paypalInits = transport.bodies(endingWith: "/init").filter { $0["partner"] == "paypal" }
        #expect(paypalInits.count == 1)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        let initItem = try #require(paypalInits.first)
        #expect(initItem["payment_data"] == ["token": .string(account.id)])
        let validateItem = try #require(transport.bodies(endingWith: "/validate").first?.arrayValue?.first)
        #expect(validateItem["payment_data"] == ["token": .string(account.id)])
        #expect(validateItem["step_id"] != nil)
    }

    @Test("a saved account is payable at selection: submitPayment() pays it", arguments: PayPalWire.allCases)
    func savedAccountWithoutElement(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try harness.savedAccount(in: checkout))
        #expect(checkout.isPaymentFulfilled)
        let result = try await checkout.submitPayment()
        #expect(result.redirection == nil)
        #expect(await harness.authorizationStatus(checkout) == "AUTHORIZED")
    }

    @Test("a fresh PayPal payment goes through the approval page", arguments: PayPalWire.allCases)
    func freshPayment(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let checkout = try await harness.openCheckout()
        let paypal = try #require(checkout.paymentMethods.first { $0.id == "paypal-wallet" })
        let presenter = PayPalShopper(harness.sandbox)
        let element = checkout.paymentElement(for: .primaryMethod(paypal), redirect: presenter)
        #expect(!element.hasUI)
        await element.prepare()
        guard case .returnedFromRedirect(let url) = await element.submitAndWait() else {
            Issue.record("expected a return from the approval page")
            return
        }
        #expect(url.query?.contains("purse-redirection-data=") == true)
        #expect(presenter.presented.first?.url?.path.contains("/pages/psp/") == true)
        #expect(await harness.authorizationStatus(checkout) == "AUTHORIZED")
    }

    @Test(
        "a fresh PayPal payment without a presenter: completed, the approval page in the result",
        arguments: PayPalWire.allCases)
    func freshPaymentWithoutPresenter(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let checkout = try await harness.openCheckout()
        let paypal = try #require(checkout.paymentMethods.first { $0.id == "paypal-wallet" })
        let element = checkout.paymentElement(for: .primaryMethod(paypal))
        await element.prepare()
        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        #expect(result.redirection != nil)
        #expect(await harness.authorizationStatus(checkout) == "PENDING")
    }

    @Test("PayPal refusing at /init stops before /validate: VALIDATE_FAILED with PayPal's code")
    func initRefused() async throws {
        let harness = try PayPalHarness(.inProcess)
        let transport = RecordingTransport(harness.wireTransport()) { request, response in
            guard request.url.path.hasSuffix("/init") else { return response }
            let body: JSONValue = [
                "id": "i1", "step_id": 1,
                "status": ["action": "INIT", "state": "FAILED", "code": "BLOCKED_BY_CUSTOMER"],
            ]
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body.serialized())
        }
        let checkout = try await harness.openCheckout(transport: transport)
        let element = checkout.paymentElement(for: .paymentToken(try harness.savedAccount(in: checkout)))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .validateFailed)
        #expect(error.serverCode == "BLOCKED_BY_CUSTOMER")
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
        #expect(checkout.sessionState == .error)
    }

    @Test("an HTTP failure at /init is API_ERROR, and nothing is validated", arguments: PayPalWire.allCases)
    func initHTTPFailure(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let checkout = try await harness.openCheckout()
        // The saved gift cards' balance look-ups are /init calls too: let them end before the fault is armed.
        await checkout.waitForSavedSecondaryBalances()
        harness.sandbox.faults.inject(.status(503, count: 1), on: .gatewayInit)
        let element = checkout.paymentElement(for: .paymentToken(try harness.savedAccount(in: checkout)))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .apiError)
        #expect(error.httpStatus == 503)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
    }

    @Test("creating a PayPal token from the app is not available: METHOD_NOT_REGISTERABLE")
    func notRegisterable() async throws {
        let harness = try PayPalHarness(.inProcess)
        let checkout = try await harness.openCheckout()
        let paypal = try #require(checkout.paymentMethods.first { $0.id == "paypal-wallet" })
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerMethod(paypal, registered: true, name: "my paypal")
        }
        #expect(error?.code == .methodNotRegisterable)
    }

    @Test("a saved PayPal account can be renamed and deleted like a card", arguments: PayPalWire.allCases)
    func wallet(wire: PayPalWire) async throws {
        let harness = try PayPalHarness(wire)
        let checkout = try await harness.openCheckout()
        let account = try harness.savedAccount(in: checkout)
        try await checkout.editToken(account, name: "Family PayPal")
        #expect(try harness.savedAccount(in: checkout).displayLabel == "Family PayPal")
        try checkout.setPrimaryToken(account)
        try await checkout.deleteToken(account)
        #expect(checkout.primary == nil)
        #expect(!checkout.paymentTokens.contains { $0.id == account.id })
    }
}
