import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// A fresh card typed into the card form, tokenized at the sandbox's vault, paid at its gateway; in-process and
/// over loopback HTTP.
@MainActor
@Suite("Fresh cards against the sandbox")
struct SavedCardsFreshCardTests {
    struct Card: Sendable, CustomStringConvertible {
        let pan: String
        let cvv: String
        let brand: CardBrand
        var description: String { "\(brand) …\(pan.suffix(4))" }
    }

    nonisolated static let succeeding = [
        Card(pan: "4111111111111111", cvv: "123", brand: .visa),
        Card(pan: "5555555555554444", cvv: "123", brand: .mastercard),
        Card(pan: "2223003122003222", cvv: "123", brand: .mastercard),
        Card(pan: "378282246310005", cvv: "1234", brand: .americanExpress),
        Card(pan: "4970101122334455", cvv: "123", brand: .visa),
    ]

    func cardElement(
        _ checkout: PurseHeadlessCheckout, presenter: (any RedirectPresenter)? = nil
    ) async throws -> (PaymentElement, CardForm) {
        let element = checkout.paymentElement(
            for: .primaryMethod(try #require(checkout.sandboxCardMethod)), redirect: presenter)
        await element.prepare()
        return (element, try #require(element.cardForm))
    }

    @Test(
        "succeeding cards: one BIN look-up, one tokenization, one /validate, AUTHORIZED",
        arguments: Wire.allCases, SavedCardsFreshCardTests.succeeding)
    func succeeds(wire: Wire, card: Card) async throws {
        let harness = try Harness(wire)
        let (checkout, calls) = try await harness.openRecordedCheckout()
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: card.pan, cvv: card.cvv)
        #expect(form.brand == card.brand)
        #expect(form.brandSource == .vault)
        #expect(element.isReady)
        _ = completion(of: await element.submitAndWait())
        let stats = harness.sandbox.stats()
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(stats.requests(.vault) == 2)
        #expect(calls.inits(of: "payzen") == 0)
        #expect(stats.requests(.gatewayValidate) == 1)
        #expect(stats.charges == 1)
    }

    @Test(
        "refused cards: VALIDATE_FAILED with the bank's code, nothing charged",
        arguments: Wire.allCases,
        [
            ("4000000000000002", "REJECTED_BANK"), ("5105105105105100", "REJECTED_BANK"),
            ("4000000000009995", "INSUFFICIENT_FUNDS"),
        ])
    func refused(wire: Wire, card: (String, String)) async throws {
        let (pan, code) = card
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: pan)
        let error = failure(of: await element.submitAndWait())
        #expect(error?.code == .validateFailed)
        #expect(error?.serverCode == code)
        #expect(harness.sandbox.stats().charges == 0)
        #expect(checkout.sessionState == .error)
    }

    @Test(
        "3-D Secure after a fresh card: the challenge is presented, approved, and the server confirms",
        arguments: Wire.allCases, ["4000000000003220", "5200000000001096"])
    func threeDS(wire: Wire, pan: String) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let presenter = ShopperPresenter(harness.sandbox)
        let (element, form) = try await cardElement(checkout, presenter: presenter)
        await enterCard(form, pan: pan)
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return from the challenge")
            return
        }
        #expect(presenter.presented.count == 1)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "3-D Secure after a fresh card, the shopper declines: the return comes, the server says REFUSED",
        arguments: Wire.allCases)
    func threeDSDeclined(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(
            checkout, presenter: ShopperPresenter(harness.sandbox, decision: "decline"))
        await enterCard(form, pan: "4000000000003220")
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return from the challenge")
            return
        }
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "REFUSED")
    }

    @Test(
        "a declined challenge, then Pay again with the same card: a new attempt tokenizes again and is authorized",
        arguments: Wire.allCases)
    func threeDSDeclinedThenAgain(wire: Wire) async throws {
        let harness = try Harness(wire)
        // The app's backend confirms the page's end: a refusal opens the checkout for another attempt.
        let checkout = try await harness.openCheckout { $0.paymentStatusProvider = harness.statusProvider() }
        let presenter = ShopperPresenter(harness.sandbox, decision: "decline")
        let (element, form) = try await cardElement(checkout, presenter: presenter)
        await enterCard(form, pan: "4000000000003220")
        let first = await element.submitAndWait()
        #expect(failure(of: first)?.code == .validateFailed)
        #expect(checkout.sessionState == .error)
        let vaultCalls = harness.sandbox.stats().requests(.vault)

        // The shopper taps Pay again without touching the form, and approves this time.
        presenter.decision = "approve"
        let second = await element.submitAndWait()
        guard case .returnedFromRedirect = second else {
            Issue.record("expected a second challenge and a return, got \(second)")
            return
        }
        let stats = harness.sandbox.stats()
        #expect(
            stats.requests(.vault) == vaultCalls + 1, "the card is tokenized again: its spent form token is not sent")
        #expect(stats.requests(.gatewayValidate) == 2)
        #expect(presenter.presented.count == 2)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "3-D Secure after a fresh card without a presenter: completed with the page, payment pending",
        arguments: Wire.allCases)
    func threeDSWithoutPresenter(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: "4000000000003220")
        #expect(completion(of: await element.submitAndWait())?.redirection != nil)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "PENDING")
    }

    @Test("saving the card: the next session lists it under its label, CVV required", arguments: Wire.allCases)
    func savesCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let walletBefore = harness.demoWallet
        let checkout = try await harness.openCheckout()
        let method = try #require(checkout.sandboxCardMethod)
        try checkout.registerMethod(method, registered: true, name: "Holiday card")
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: "5555555555554444")
        _ = completion(of: await element.submitAndWait())
        #expect(harness.demoWallet.count == walletBefore.count + 1)
        let next = try await harness.openCheckout()
        let saved = try #require(next.paymentTokens.first { $0.name == "Holiday card" })
        #expect(saved.brand == "MASTERCARD")
        #expect(saved.maskedPAN?.hasSuffix("4444") == true)
        #expect(saved.requiresCVV)
    }

    @Test("a label another saved instrument uses is refused before anything is sent", arguments: Wire.allCases)
    func saveWithTakenLabel(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerMethod(
                try #require(checkout.sandboxCardMethod), registered: true, name: "personal VISA")
        }
        #expect(error?.code == .tokenNameExists)
    }

    @Test("a 503 from the vault's tokenization is retried; the payment goes through", arguments: Wire.allCases)
    func tokenizationRetried(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: "4111111111111111")
        harness.sandbox.faults.inject(.status(503, count: 2), on: .vault)
        _ = completion(of: await element.submitAndWait())
        #expect(harness.sandbox.stats().requests(.vault) == 4)  // look-up, 503, 503, form token
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test("a dropped tokenization is not retried (no duplicate vault token): NETWORK_ERROR", arguments: Wire.allCases)
    func tokenizationDropped(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(checkout)
        await enterCard(form, pan: "4111111111111111")
        harness.sandbox.faults.inject(.drop(count: 1), on: .vault)
        let error = failure(of: await element.submitAndWait())
        // libcurl (FoundationNetworking) may resend a POST whose connection died, without its body: the server
        // answers 408. Either way the SDK itself does not retry.
        #expect(error?.code == .networkError || (wire == .loopback && error?.httpStatus == 408))
        #expect(harness.sandbox.stats().requests(.vault) == 2)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
    }

    @Test(
        "when the BIN look-up fails, the local IIN table gives the brand and the card still pays",
        arguments: Wire.allCases)
    func lookupFallback(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let (element, form) = try await cardElement(checkout)
        harness.sandbox.faults.inject(.status(503, count: 1), on: .vault)
        await enterCard(form, pan: "378282246310005", cvv: "1234")
        #expect(form.brandSource == .localFallback)
        #expect(form.brand == .americanExpress)
        _ = completion(of: await element.submitAndWait())
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }
}
