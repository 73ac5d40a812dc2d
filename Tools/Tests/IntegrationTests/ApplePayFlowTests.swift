import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Apple Pay (CONTRACT §8) against the sandbox, in-process and over loopback HTTP: a gift card takes its slice and
/// Apple Pay pays the rest through the sheet (`SandboxApplePaySheet`: sandbox test tokens, no sheet off device).
@MainActor
@Suite("Apple Pay against the sandbox")
struct ApplePayFlowTests {
    /// A 42.99 checkout with a 20.00 Illicado slice and Apple Pay as the primary, its element prepared.
    private func giftCardAndApplePay(
        _ harness: Harness, sheet: SandboxApplePaySheet?,
        configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }
    ) async throws -> (PurseHeadlessCheckout, PaymentElement, SecondaryToken) {
        let checkout = try await harness.openCheckout(
            amount: Decimal(string: "42.99")!, shopper: nil, configure: configure)
        let giftCard = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        let token = try await checkout.getSecondaryToken(
            method: giftCard, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(token, amount: 20)
        let applePay = try #require(checkout.paymentMethods.first { $0.method == .applepay })
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        element.applePaySheet = sheet
        await element.prepare()
        try checkout.setPrimary(applePay)
        return (checkout, element, token)
    }

    private func xpayCalls(_ harness: Harness) -> Int { harness.sandbox.stats().requests(.gatewayInitXPay) }
    private func validateCalls(_ harness: Harness) -> Int { harness.sandbox.stats().requests(.gatewayValidate) }

    @Test("gift card + Apple Pay pays the rest: AUTHORIZED with the split", arguments: Wire.allCases)
    func paysTheRest(wire: Wire) async throws {
        let harness = try Harness(wire)
        let sheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
        #expect(element.unavailableReason == nil && element.isReady)

        let request = try element.applePayRequest()
        #expect(request.merchantIdentifier == "merchant.tech.purse.sandbox")
        #expect(request.countryCode == "FR" && request.currencyCode == "EUR")
        #expect(request.supportedNetworks == [.cartesBancaires, .visa, .masterCard])
        #expect(request.merchantCapabilities == [.threeDSecure])
        #expect(request.summaryItems.map(\.label) == ["Order", "Illicado", "Purse Sandbox Shop"])
        #expect(request.summaryItems.map(\.minorUnits) == [4299, -2000, 2299])
        #expect(request.total.amount == Decimal(string: "22.99"))

        let outcome = await element.submitAndWait()
        guard case .completed(let result) = outcome else {
            Issue.record("not paid: \(outcome)")
            return
        }
        #expect(result.globalStatus == .success)
        #expect(sheet.presentedRequests == [request])
        #expect(sheet.results.map(\.isSuccess) == [true])
        #expect(xpayCalls(harness) == 1 && validateCalls(harness) == 1)
        let payment = try #require(await harness.status(of: checkout)?.payment)
        #expect(payment.authorizationStatus == "AUTHORIZED")
        #expect(payment.amount == 4299)
        let split = payment.split.map { "\($0.partner)-\($0.method):\($0.amount)" }.sorted()
        #expect(split == ["illicado-giftcard:2000", "ingenico-applepay:2299"])
        #expect(checkout.state.phase == .submitted)
    }

    @Test("the sheet's order line reads in the checkout's language, the key's override first; the sheet pays it")
    func orderLineInTheCheckoutsLanguage() async throws {
        let harness = try Harness(.inProcess)
        let sheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
        // Each checkout is held: an element keeps its checkout weakly.
        let (frenchCheckout, french, _) = try await giftCardAndApplePay(harness, sheet: sheet) {
            $0.locale = Locale(identifier: "fr_FR")
        }
        let request = try french.applePayRequest()
        #expect(request.summaryItems.map(\.label) == ["Commande", "Illicado", "Purse Sandbox Shop"])
        let outcome = await french.submitAndWait()
        guard case .completed = outcome else {
            Issue.record("not paid: \(outcome)")
            return
        }
        #expect(sheet.presentedRequests == [request])

        let (germanCheckout, german, _) = try await giftCardAndApplePay(harness, sheet: nil) {
            $0.locale = Locale(identifier: "de_DE")
        }
        #expect(try german.applePayRequest().summaryItems.first?.label == "Bestellung")
        let (overriddenCheckout, overridden, _) = try await giftCardAndApplePay(harness, sheet: nil) {
            $0.locale = Locale(identifier: "de_DE")
            $0.messageOverrides = ["applepay.order": "Ihr Warenkorb"]
        }
        #expect(try overridden.applePayRequest().summaryItems.first?.label == "Ihr Warenkorb")
        #expect(frenchCheckout.localizer.language == "fr" && germanCheckout.localizer.language == "de")
        #expect(overriddenCheckout.localizer.overrides["applepay.order"] == "Ihr Warenkorb")
    }

    @Test(
        "a refusal at /validate fails the sheet with the bank's code, charges nothing, and the shopper may retry",
        arguments: [(SandboxApplePayTestToken.decline, "REJECTED_BANK"), (.insufficientFunds, "INSUFFICIENT_FUNDS")])
    func refusedThenRetried(token: SandboxApplePayTestToken, code: String) async throws {
        for wire in Wire.allCases {
            let harness = try Harness(wire)
            let sheet = SandboxApplePaySheet(steps: [.authorize(token)])
            let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
            let outcome = await element.submitAndWait()
            guard case .failed(let error) = outcome else {
                Issue.record("\(wire): expected a refusal, got \(outcome)")
                continue
            }
            #expect(error.code == .validateFailed && error.serverCode == code)
            #expect(sheet.results.map(\.isSuccess) == [false])
            #expect(await harness.status(of: checkout)?.payment?.authorizationStatus != "AUTHORIZED")
            #expect(harness.sandbox.stats().charges == 0)
            // The same sheet lets the shopper try again with another card: this time it pays.
            let retry = SandboxApplePaySheet(steps: [.authorize(token), .authorize(.approve)])
            element.applePaySheet = retry
            guard case .completed = await element.submitAndWait() else {
                Issue.record("\(wire): the retry did not pay")
                continue
            }
            #expect(retry.results.map(\.isSuccess) == [false, true])
            #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        }
    }

    @Test("payment data the gateway refuses is APPLE_PAY_INVALID_TOKEN, before any /validate", arguments: Wire.allCases)
    func invalidToken(wire: Wire) async throws {
        let harness = try Harness(wire)
        let sheet = SandboxApplePaySheet(steps: [.authorizeData(Data("not a sandbox token".utf8))])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(checkout.state.phase == .error)
        #expect(error.code == .applePayInvalidToken)
        #expect(error.httpStatus == 422 && error.serverCode == "INVALID_APPLE_PAY_TOKEN")
        #expect(xpayCalls(harness) == 1 && validateCalls(harness) == 0)
    }

    @Test("a lost init-xpay answer fails the sheet with NETWORK_ERROR; the retry on the sheet pays once")
    func networkFailure() async throws {
        for wire in Wire.allCases {
            let harness = try Harness(wire)
            harness.sandbox.faults.inject(.drop(count: 1), on: .gatewayInitXPay)
            let sheet = SandboxApplePaySheet(steps: [.authorize(.approve), .authorize(.approve)])
            let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
            guard case .completed = await element.submitAndWait() else {
                Issue.record("\(wire): the retry did not pay")
                continue
            }
            guard case .failure(let first)? = sheet.results.first else {
                Issue.record("\(wire): the first authorization did not fail")
                continue
            }
            #expect(first.code == .networkError)
            #expect(sheet.results.map(\.isSuccess) == [false, true])
            #expect(harness.sandbox.stats().chargesPerPayment.count == 1)  // one payment (gift card + Apple Pay)
            #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        }
    }

    @Test("a network failure with no retry on the sheet is the outcome", arguments: Wire.allCases)
    func networkFailureOutcome(wire: Wire) async throws {
        let harness = try Harness(wire)
        harness.sandbox.faults.inject(.drop(count: 1), on: .gatewayInitXPay)
        let (checkout, element, _) = try await giftCardAndApplePay(
            harness, sheet: SandboxApplePaySheet(steps: [.authorize(.approve)]))
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .networkError)
        #expect(checkout.state.phase == .error)
        #expect(validateCalls(harness) == 0)
    }

    @Test("closing the sheet without authorizing is canceled: nothing is sent", arguments: Wire.allCases)
    func cancelledSheet(wire: Wire) async throws {
        let harness = try Harness(wire)
        let sheet = SandboxApplePaySheet(steps: [])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
        #expect(await element.submitAndWait() == .canceled)
        #expect(sheet.presentedRequests.count == 1)
        #expect(xpayCalls(harness) == 0 && validateCalls(harness) == 0)
        #expect(checkout.state.phase == .ready)
    }

    @Test("the session expiring while the sheet is open: EXPIRED_SESSION, nothing sent")
    func expiredOnDevice() async throws {
        let harness = try Harness(.inProcess)
        let clock = TestClock()
        let sheet = SandboxApplePaySheet(steps: [
            .perform { await clock.advance(by: .seconds(2 * 86_400)) }, .authorize(.approve),
        ])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet) { configuration in
            configuration.clock = clock
        }
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .expiredSession)
        #expect(sheet.results.map(\.isSuccess) == [false])
        #expect(xpayCalls(harness) == 0)
        #expect(checkout.state.phase == .expired)
    }

    @Test(
        "the server's session expiring while the sheet is open: EXPIRED_SESSION from init-xpay",
        arguments: Wire.allCases)
    func expiredOnServer(wire: Wire) async throws {
        let harness = try Harness(wire)
        let sheet = SandboxApplePaySheet(steps: [
            .perform { harness.serverTime.value = harness.serverTime.value.addingTimeInterval(2 * 86_400) },
            .authorize(.approve),
        ])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet)
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(checkout.state.phase == .error)
        #expect(error.code == .expiredSession && error.httpStatus == 410)
        #expect(validateCalls(harness) == 0)
    }

    @Test(
        "a gift card removed while the sheet is open: APPLE_PAY_AMOUNT_CHANGED, nothing sent; the next sheet shows the new amount"
    )
    func splitChangedWhileOpen() async throws {
        for wire in Wire.allCases {
            let harness = try Harness(wire)
            let target = RemovalTarget()
            let sheet = SandboxApplePaySheet(steps: [
                .perform {
                    if let checkout = target.checkout, let token = target.token { checkout.removeSecondary(token) }
                },
                .authorize(.approve),
            ])
            let (checkout, element, token) = try await giftCardAndApplePay(harness, sheet: sheet)
            target.checkout = checkout
            target.token = token
            guard case .failed(let error) = await element.submitAndWait() else {
                Issue.record("\(wire): expected a failure")
                continue
            }
            #expect(error.code == .applePayAmountChanged)
            #expect(error.message.contains("22.99") && error.message.contains("42.99"))
            #expect(xpayCalls(harness) == 0 && validateCalls(harness) == 0)
            // Submitting again shows the order without the gift card, and pays it.
            let again = SandboxApplePaySheet(steps: [.authorize(.approve)])
            element.applePaySheet = again
            guard case .completed = await element.submitAndWait() else {
                Issue.record("\(wire): the second sheet did not pay")
                continue
            }
            #expect(again.presentedRequests.first?.summaryItems.map(\.minorUnits) == [4299])
            #expect(await harness.status(of: checkout)?.payment?.split.map(\.amount) == [4299])
        }
    }

    @Test("a gift card applied while the sheet is open is refused the same way")
    func giftCardAppliedWhileOpen() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 30, shopper: nil)
        let applePay = try #require(checkout.paymentMethods.first { $0.method == .applepay })
        let giftCard = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        let token = try await checkout.getSecondaryToken(
            method: giftCard, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        let sheet = SandboxApplePaySheet(steps: [
            .perform { try? checkout.applySecondary(token, amount: 5) }, .authorize(.approve),
        ])
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        element.applePaySheet = sheet
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .applePayAmountChanged)
        #expect(sheet.presentedRequests.first?.total.minorUnits == 3000)
        #expect(try element.applePayRequest().total.minorUnits == 2500)
    }

    @Test("no sheet, or a sheet the device cannot show: APPLE_PAY_UNAVAILABLE")
    func unavailable() async throws {
        let harness = try Harness(.inProcess)
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: nil)
        guard case .failed(let noSheet) = await element.submitAndWait() else {
            Issue.record("expected a failure without a sheet")
            return
        }
        #expect(noSheet.code == .applePayUnavailable)
        element.applePaySheet = SandboxApplePaySheet(steps: [.authorize(.approve)], presents: false)
        guard case .failed(let notShown) = await element.submitAndWait() else {
            Issue.record("expected a failure when the sheet is not shown")
            return
        }
        #expect(notShown.code == .applePayUnavailable)
        #expect(xpayCalls(harness) == 0)
        #expect(checkout.state.phase == .ready)
    }

    @Test("gift cards covering the order leave nothing for Apple Pay")
    func nothingLeft() async throws {
        let harness = try Harness(.inProcess)
        let (checkout, element, token) = try await giftCardAndApplePay(
            harness, sheet: SandboxApplePaySheet(steps: [.authorize(.approve)]))
        try checkout.applySecondary(token)  // all 42.99 it can: the card holds 50.00
        #expect(
            #expect(throws: PurseCheckoutError.self) { try element.applePayRequest() }?.code == .elementNotFulfilled)
        #expect(xpayCalls(harness) == 0)
    }

    @Test("the Apple Pay payment data never reaches a log, an error, a description or the snapshot")
    func secrecy() async throws {
        let marker = "CRYPTOGRAM-SECRET-7f3a9c"
        let paymentData = Data("{\"sandbox\":\"decline\",\"data\":\"\(marker)\"}".utf8)
        let base64 = paymentData.base64EncodedString()
        let lines = LogLines()
        let harness = try Harness(.inProcess)
        let sheet = SandboxApplePaySheet(steps: [.authorizeData(paymentData), .authorizeData(Data(marker.utf8))])
        let (checkout, element, _) = try await giftCardAndApplePay(harness, sheet: sheet) { configuration in
            configuration.logHandler = lines.handler
        }
        let outcome = await element.submitAndWait()
        let payment = ApplePayPayment(
            paymentData: paymentData, transactionIdentifier: "tx-\(marker)",
            paymentMethod: ApplePayPaymentMethod(network: "Visa", type: "debit", displayName: "Visa 1234"))
        var dumped = ""
        dump(payment, to: &dumped)
        let snapshot = String(decoding: checkout.saveState().data, as: UTF8.self)
        let texts =
            lines.lines.map(\.message) + [
                "\(outcome)", String(reflecting: outcome), payment.description, String(reflecting: payment), dumped,
                snapshot,
            ] + sheet.results.map { "\($0)" }
        #expect(sheet.results.count == 2)
        for text in texts {
            #expect(!text.contains(marker), "payment data leaked: \(text.prefix(200))")
            #expect(!text.contains(base64), "payment data leaked (base64): \(text.prefix(200))")
        }
    }
}

/// The gift card a scripted shopper removes while the sheet is open.
@MainActor
final class RemovalTarget {
    var checkout: PurseHeadlessCheckout?
    var token: SecondaryToken?
}
