import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Many submits of one order, through both entry points (`submitPayment()` and a payment element's `submit()`),
/// on one checkout and on copies restored from one snapshot, in-process and over loopback HTTP: exactly one
/// payment, each participant charged once.
///
/// Extends `CheckoutOverSandboxTests.concurrentSubmits` (20 `submitPayment()` on one checkout) and
/// `RedirectionRestoreTests.concurrentOpenCopies` (two restored copies, element submits).
@MainActor
@Suite("Double submit: one charge whatever the taps")
struct DoubleSubmitTests {
    /// How a tap submits.
    enum EntryPoint: CaseIterable {
        case submitPayment, elementAsync, elementTap
    }

    /// The saved Mastercard network token that pays without CVV and without a challenge.
    static let tokenID = Catalogue.networkTokenCard

    /// The tally of outcomes.
    struct Tally {
        var successes = 0
        var refusals: [PurseCheckoutError] = []
        var others: [String] = []

        mutating func add(_ outcome: PaymentOutcome) {
            switch outcome {
            case .completed(let result) where result.globalStatus == .success: successes += 1
            case .failed(let error): refusals.append(error)
            default: others.append("\(outcome)")
            }
        }

        mutating func add(_ result: Result<ValidationResult, any Error>) {
            switch result {
            case .success(let result) where result.globalStatus == .success: successes += 1
            case .failure(let error as PurseCheckoutError): refusals.append(error)
            case .success(let result): others.append("\(result.globalStatus)")
            case .failure(let error): others.append("\(type(of: error))")
            }
        }
    }

    /// A button's tap: the synchronous `submit()`, whose outcome goes to the listener.
    static func tap(_ element: PaymentElement) { element.submit() }

    /// `submitPayment()`'s result.
    static func pay(_ checkout: PurseHeadlessCheckout) async -> Result<ValidationResult, any Error> {
        do {
            return .success(try await checkout.submitPayment())
        } catch {
            return .failure(error)
        }
    }

    /// A checkout paying 42.99 with the saved gift card (40) and the saved network-token card (the rest).
    private func splitCheckout(_ harness: Harness) async throws -> PurseHeadlessCheckout {
        let checkout = try await harness.openCheckout()
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == Self.tokenID }))
        try #require(checkout.isPaymentFulfilled)
        return checkout
    }

    /// The taps: `count` of each entry point, started together.
    private func tapAll(
        _ checkouts: [PurseHeadlessCheckout], each count: Int
    ) async throws -> Tally {
        var elements: [PaymentElement] = []
        for checkout in checkouts {
            let token = try #require(checkout.paymentTokens.first { $0.id == Self.tokenID })
            let element = checkout.paymentElement(for: .paymentToken(token))
            await element.prepare()
            try #require(element.isReady)
            elements.append(element)
        }
        var payments: [Task<Result<ValidationResult, any Error>, Never>] = []
        var submits: [Task<PaymentOutcome, Never>] = []
        for (checkout, element) in zip(checkouts, elements) {
            for _ in 0..<count {
                payments.append(Task { @MainActor in await Self.pay(checkout) })
                submits.append(Task { @MainActor in await element.submitAndWait() })
                Self.tap(element)  // fire and forget, as a button does; a tap while submitting is ignored
            }
        }
        var tally = Tally()
        for payment in payments { tally.add(await payment.value) }
        for submit in submits { tally.add(await submit.value) }
        // Every element settles (the fire-and-forget taps report to nobody: wait until none is submitting).
        await waitUntil { elements.allSatisfy { !$0.isSubmitting } }
        return tally
    }

    @Test("one checkout: submitPayment(), element.submit() and taps together, one charge", arguments: Wire.allCases)
    func oneCheckoutBothEntryPoints(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await splitCheckout(harness)
        let tally = try await tapAll([checkout], each: 8)
        #expect(tally.successes == 1, "\(tally)")
        #expect(tally.refusals.count == 15 && tally.others.isEmpty, "\(tally)")
        #expect(tally.refusals.allSatisfy { $0.code == .sessionAlreadySubmitted })
        #expect(checkout.sessionState == .submitted)
        let stats = harness.sandbox.stats()
        #expect(stats.requests(.gatewayValidate) == 1)
        #expect(stats.charges == 2 && stats.chargesPerPayment.count == 1)  // the gift card and the card, once
        #expect(stats.chargesPerGiftCard.values.allSatisfy { $0 == 1 })
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    @Test("eight copies restored from one open snapshot, both entry points: one payment", arguments: Wire.allCases)
    func restoredCopies(wire: Wire) async throws {
        let harness = try Harness(wire)
        let original = try await splitCheckout(harness)
        let snapshot = original.saveState()
        let copies = try (0..<8).map { _ in
            try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        }
        let tally = try await tapAll(copies, each: 2)
        #expect(tally.successes == 1, "\(tally)")
        #expect(tally.others.isEmpty, "\(tally)")
        // The other copies are refused by the server (SESSION_ALREADY_SUBMITTED) or locally (already submitting).
        #expect(tally.refusals.allSatisfy { $0.code == .sessionAlreadySubmitted }, "\(tally.refusals)")
        #expect(tally.refusals.filter { $0.serverCode == "SESSION_ALREADY_SUBMITTED" }.count == 7)
        #expect(copies.allSatisfy { $0.sessionState == .submitted })
        let stats = harness.sandbox.stats()
        #expect(stats.requests(.gatewayValidate) == 8)
        #expect(stats.charges == 2 && stats.chargesPerPayment.count == 1)
        #expect(stats.chargesPerGiftCard.values.allSatisfy { $0 == 1 })
        #expect(original.sessionState == .ready)
    }

    @Test(
        "copies restored after a lost answer replay the attempt under its saved key, as the original does: one charge",
        arguments: Wire.allCases)
    func copiesAfterLostAnswer(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await splitCheckout(harness)
        harness.sandbox.faults.inject(.drop(), on: .gatewayValidate)
        let lost = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        harness.sandbox.faults.clearAll()
        #expect(lost?.code == .networkError, "\(String(describing: lost))")
        #expect(checkout.sessionState == .outcomeUnknown)
        #expect(harness.sandbox.stats().charges == 2)  // it went through; the answer was lost
        let snapshot = checkout.saveState()
        let copies = try (0..<6).map { _ in
            try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        }
        #expect(copies.allSatisfy { $0.sessionState == .outcomeUnknown })
        let retries = copies.map { copy in Task { @MainActor in await Self.pay(copy) } }
        var tally = Tally()
        for retry in retries { tally.add(await retry.value) }
        // A snapshot keeps the attempt's key: each copy replays the attempt, and the server answers the payment it
        // holds. Nothing is charged again.
        #expect(tally.successes == 6 && tally.others.isEmpty && tally.refusals.isEmpty, "\(tally)")
        #expect(copies.allSatisfy { $0.sessionState == .submitted })
        // The checkout that lost the answer retries under its key and gets the stored answer.
        let replayed = try await checkout.submitPayment()
        #expect(replayed.globalStatus == .success && checkout.sessionState == .submitted)
        let stats = harness.sandbox.stats()
        #expect(stats.requests(.gatewayValidate) == 8)
        #expect(stats.charges == 2 && stats.chargesPerPayment.count == 1)
        #expect(stats.chargesPerGiftCard.values.allSatisfy { $0 == 1 })
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    @Test(
        "concurrent submits while every answer is lost, then concurrent retries: one charge", arguments: Wire.allCases)
    func concurrentSubmitsUnderLostAnswers(wire: Wire) async throws {
        let harness = try Harness(wire)
        let original = try await splitCheckout(harness)
        let copies = try (0..<4).map { _ in
            try PurseHeadlessCheckout.restore(original.saveState(), configuration: harness.configuration())
        }
        harness.sandbox.faults.inject(.reset(), on: .gatewayValidate)
        let first = copies.map { copy in Task { @MainActor in await Self.pay(copy) } }
        var lost = Tally()
        for submit in first { lost.add(await submit.value) }
        harness.sandbox.faults.clearAll()
        #expect(lost.successes == 0 && lost.refusals.count == 4, "\(lost)")
        #expect(lost.refusals.allSatisfy { $0.code == .networkError }, "\(lost.refusals)")
        #expect(harness.sandbox.stats().charges == 2)
        let second = copies.map { copy in Task { @MainActor in await Self.pay(copy) } }
        var tally = Tally()
        for submit in second { tally.add(await submit.value) }
        // The copy whose request went through replays its answer under its key; the others are refused.
        #expect(tally.successes == 1, "\(tally)")
        #expect(tally.refusals.count == 3, "\(tally)")
        #expect(tally.refusals.allSatisfy { $0.code == .sessionAlreadySubmitted }, "\(tally.refusals)")
        #expect(copies.allSatisfy { $0.sessionState == .submitted })
        let stats = harness.sandbox.stats()
        #expect(stats.charges == 2 && stats.chargesPerPayment.count == 1)
        #expect(stats.requests(.gatewayValidate) == 8)
    }
}
