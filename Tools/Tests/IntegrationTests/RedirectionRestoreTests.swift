import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Process death while the shopper is on the PSP page: save, restore, refuse a second submit, confirm on the
/// server.
@MainActor
@Suite("Redirection: save and restore across process death")
struct RedirectionRestoreTests {
    static let giftCardPAN = "6003580000000000011"
    static let giftCardPIN = "1234"

    @Test(
        "saved while the page is open, restored after death: refuses a second submit, the server confirms",
        arguments: Wire.allCases)
    func midRedirect(wire: Wire) async throws {
        let harness = try Harness(wire)
        var snapshot: CheckoutSnapshot?
        var sessionID = ""
        var livePage: RedirectAction?
        do {
            let checkout = try await harness.openCheckout()
            sessionID = checkout.session.id
            let presenter = SnapshottingPresenter(inner: harness.scriptedPresenter([.dismiss]))
            presenter.checkout = checkout
            let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postForm.rawValue })
            let element = checkout.paymentElement(for: .primaryMethod(item), redirect: presenter)
            await element.prepare()
            _ = await element.submitAndWait()  // the app dies while the shopper is in the bank app
            snapshot = presenter.snapshots.first
            livePage = checkout.submittedPayment?.redirection
        }
        let saved = try #require(snapshot)
        #expect(saved.sessionID == sessionID)
        let restored = try PurseHeadlessCheckout.restore(saved, configuration: harness.configuration())
        #expect(restored.sessionState == .submitted)
        let payment = try #require(restored.submittedPayment)
        #expect(payment.sessionID == sessionID)
        #expect(payment.isPending)
        // A snapshot never keeps a form's fields: the page cannot be shown again, the payment is confirmed.
        #expect(payment.redirection == nil)
        #expect(payment.page?.kind == .postForm)
        #expect(payment.page?.canBeShownAgain == false)

        let error = await #expect(throws: PurseCheckoutError.self) { try await restored.submitPayment() }
        #expect(error?.code == .sessionAlreadySubmitted)
        let element = restored.paymentElement(
            for: .primaryMethod(restored.paymentMethods.first { $0.id == "alma-cb2x" }!))
        await element.prepare()
        guard case .failed(let refused) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(refused.code == .sessionAlreadySubmitted)

        // Meanwhile the shopper approves at the bank (the page the app showed before it died is still open
        // there); the app's backend confirms with the session id.
        let page = try #require(livePage)
        guard case .returned = await harness.scriptedPresenter([.approve]).present(page) else {
            Issue.record("the shopper could not finish on the page")
            return
        }
        #expect(
            harness.sandbox.clientSessionStatus(id: payment.sessionID)?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test("two copies restored from one submitted snapshot both refuse, concurrently", arguments: Wire.allCases)
    func concurrentSubmittedCopies(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue }))
        try await checkout.submitPayment()
        let snapshot = checkout.saveState()
        let first = try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        let second = try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        func attempt(_ copy: PurseHeadlessCheckout) async -> PurseCheckoutError? {
            do {
                try await copy.submitPayment()
                return nil
            } catch {
                return PurseCheckoutError(error)
            }
        }
        async let one = attempt(first)
        async let two = attempt(second)
        for error in await [one, two] {
            #expect(error?.code == .sessionAlreadySubmitted)
        }
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
    }

    @Test(
        "two copies restored from one open snapshot pay concurrently: one payment, one charge",
        arguments: Wire.allCases)
    func concurrentOpenCopies(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let item = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        try checkout.setPrimary(item)
        let snapshot = checkout.saveState()
        let copies = try (0..<2).map { _ in
            try PurseHeadlessCheckout.restore(snapshot, configuration: harness.configuration())
        }
        let elements = copies.map { copy in
            copy.paymentElement(
                for: .primaryMethod(copy.paymentMethods.first { $0.id == item.id }!),
                redirect: harness.scriptedPresenter([.approve]))
        }
        for element in elements { await element.prepare() }
        async let one = elements[0].submitAndWait()
        async let two = elements[1].submitAndWait()
        let outcomes = await [one, two]
        let returned = outcomes.filter {
            if case .returnedFromRedirect = $0 { return true }
            return false
        }
        #expect(returned.count == 1, "\(outcomes)")
        let refusals = outcomes.compactMap { outcome -> PurseCheckoutError? in
            if case .failed(let error) = outcome { return error }
            return nil
        }
        #expect(refusals.count == 1)
        #expect(refusals.first?.serverCode == "SESSION_ALREADY_SUBMITTED")
        #expect(refusals.first?.code == .sessionAlreadySubmitted)
        #expect(copies.allSatisfy { $0.sessionState == .submitted })
        #expect(harness.sandbox.stats().charges == 1)
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    @Test(
        "a gift card read by number never reaches the snapshot; restoring before submit drops its share",
        arguments: Wire.allCases)
    func freshGiftCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: 80)
        let illicado = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        let card = try await checkout.getSecondaryToken(method: illicado, pan: Self.giftCardPAN, cvv: Self.giftCardPIN)
        try checkout.applySecondary(card)
        let method = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        try checkout.setPrimary(method)
        #expect(checkout.remainingAmountToPay == 0)

        let open = checkout.saveState()
        try expectNoCardData(open)
        let restored = try PurseHeadlessCheckout.restore(open, configuration: harness.configuration())
        #expect(restored.amountSplit.map(\.id) == [method.id])  // the card must be entered again
        #expect(restored.amountSplit.first?.amount == 80)

        let element = checkout.paymentElement(
            for: .primaryMethod(method), redirect: harness.scriptedPresenter([.approve]))
        await element.prepare()
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return")
            return
        }
        let submitted = checkout.saveState()
        try expectNoCardData(submitted)
        let after = try PurseHeadlessCheckout.restore(submitted, configuration: harness.configuration())
        #expect(after.amountSplit == checkout.amountSplit)  // kept for display once submitted
        #expect(await harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    @Test(
        "a saved gift card in the split survives restore and pays with the redirection method",
        arguments: Wire.allCases)
    func savedGiftCard(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        let checkout = try await harness.openCheckout()
        await clock.waitForSleepers()  // the slow card's look-up
        await clock.advance(by: .seconds(2))
        await checkout.waitForSavedSecondaryBalances()
        let saved = try #require(checkout.savedSecondaryTokens.first { $0.balanceResolved && $0.balance == 40 })
        try checkout.applySecondary(saved)
        let method = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.postHTML.rawValue })
        try checkout.setPrimary(method)
        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: harness.configuration())
        #expect(restored.amountSplit == checkout.amountSplit)
        #expect(restored.savedSecondaryTokens == checkout.savedSecondaryTokens)
        let before = harness.sandbox.balance(ofGiftCard: "easy2play-saved-40")
        let element = restored.paymentElement(
            for: .primaryMethod(restored.paymentMethods.first { $0.id == method.id }!),
            redirect: harness.scriptedPresenter([.approve]))
        await element.prepare()
        guard case .returnedFromRedirect = await element.submitAndWait() else {
            Issue.record("expected a return")
            return
        }
        #expect(await harness.authorizationStatus(of: restored) == "AUTHORIZED")
        #expect(harness.sandbox.balance(ofGiftCard: "easy2play-saved-40") == before.map { $0 - 4000 })
    }

    /// No card number, PIN or CVV anywhere in the snapshot's text or string values.
    private func expectNoCardData(_ snapshot: CheckoutSnapshot) throws {
        let text = String(decoding: snapshot.data, as: UTF8.self)
        #expect(!text.contains(Self.giftCardPAN))
        func strings(_ value: JSONValue) -> [String] {
            switch value {
            case .string(let text): return [text]
            case .array(let items): return items.flatMap(strings)
            case .object(let members): return members.values.flatMap(strings)
            default: return []
            }
        }
        let values = strings(try JSONValue.parse(snapshot.data))
        #expect(!values.contains(Self.giftCardPIN))
        #expect(!values.contains { $0.filter(\.isNumber).count >= 13 && !$0.contains("*") && !$0.contains("-") })
    }
}
