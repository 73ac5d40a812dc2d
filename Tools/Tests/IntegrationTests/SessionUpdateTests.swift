import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// `updateSession`: what is kept, clamped and released, the calls it makes, and its refusals.
@MainActor
@Suite("Session update: the checkout follows the cart")
struct SessionUpdateTests {
    let sandbox: PurseSandbox

    init() throws { sandbox = try PurseSandbox() }

    private func open(_ amount: Decimal, shopper: String? = nil) async throws -> PurseHeadlessCheckout {
        try await sandbox.openCheckout(amount: amount, shopper: shopper)
    }

    /// Widget data of a new client session, as the merchant backend creates it for the changed cart.
    private func cart(_ amount: Decimal, shopper: String? = nil, without removed: [String] = []) throws -> String {
        let methods = removed.isEmpty ? nil : sandbox.catalogue.methods.map(\.id).filter { !removed.contains($0) }
        return try sandbox.createClientSession(amount: amount, shopper: shopper, methods: methods).widgetData
    }

    private var initCalls: Int { sandbox.stats().requests(.gatewayInit) }

    private func illicado(_ checkout: PurseHeadlessCheckout) async throws -> SecondaryToken {
        try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
    }

    @Test("no secondary: the primary is kept, the amount follows, no call is made")
    func primaryKeptNoCall() async throws {
        let checkout = try await open(42.99)
        let method = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        try checkout.setPrimary(method)
        let previous = checkout.session.id
        let before = sandbox.stats().totalRequests
        let update = try await checkout.updateSession(widgetData: try cart(49.99))
        #expect(sandbox.stats().totalRequests == before)
        #expect(update.previousSessionID == previous && update.sessionID == checkout.session.id)
        #expect(update.previousAmount == Decimal(string: "42.99") && update.amount == Decimal(string: "49.99"))
        #expect(update.primary == .kept(id: "fintecture-instantpayment"))
        #expect(update.secondaryShares.isEmpty && update.methodsAdded.isEmpty && update.methodsRemoved.isEmpty)
        #expect(checkout.amount == Decimal(string: "49.99"))
        #expect(checkout.amountSplit.map(\.amount) == [Decimal(string: "49.99")!])
        #expect(checkout.isPaymentFulfilled && checkout.primary?.id == "fintecture-instantpayment")
    }

    @Test("the primary is dropped when the new session no longer offers it; its element says so")
    func primaryNotOffered() async throws {
        let checkout = try await open(20)
        let method = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        try checkout.setPrimary(method)
        let update = try await checkout.updateSession(
            widgetData: try cart(25, without: ["fintecture-instantpayment"]))
        #expect(update.primary == .dropped(id: "fintecture-instantpayment", reason: .notOffered))
        #expect(update.methodsRemoved == ["fintecture-instantpayment"])
        #expect(checkout.primary == nil && checkout.remainingAmountToPay == 25)
        #expect(element.unavailableReason?.code == .paymentMethodNotFound)
        #expect(!element.isReady)
    }

    @Test("a card form keeps what the shopper typed")
    func cardFormKept() async throws {
        let checkout = try await open(30)
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(card))
        await element.prepare()
        let form = try #require(element.cardForm)
        form.holderName = "Camille Martin"
        form.testingFields.pan = "4970100000000055"
        try checkout.setPrimary(card)
        try checkout.registerMethod(card, registered: true, name: "Work card")
        try await checkout.updateSession(widgetData: try cart(35))
        #expect(element.cardForm === form)
        #expect(form.holderName == "Camille Martin" && form.testingFields.pan == "4970100000000055")
        #expect(checkout.registrationOf(card) == SecondaryRegistration(registered: true, name: "Work card"))
        #expect(element.unavailableReason == nil)
        #expect(checkout.primary?.id == "payzen-creditcard")
    }

    @Test("a slice that still fits is kept, with no call")
    func sliceKept() async throws {
        let checkout = try await open(42.99)
        let token = try await illicado(checkout)
        try checkout.applySecondary(token, amount: 10)
        let calls = initCalls
        let update = try await checkout.updateSession(widgetData: try cart(30))
        #expect(initCalls == calls)
        #expect(update.secondaryShares.map(\.outcome) == [.kept(amount: 10)])
        #expect(update.secondaryShares.first?.newID == token.id)
        #expect(checkout.amountSplit.map(\.amount) == [10])
        #expect(checkout.remainingAmountToPay == 20)
    }

    @Test("the order shrank: a card that paid all it could is clamped to the new amount, with no call")
    func clampedDown() async throws {
        let checkout = try await open(30)
        try checkout.applySecondary(try await illicado(checkout))
        let calls = initCalls
        let update = try await checkout.updateSession(widgetData: try cart(20))
        #expect(initCalls == calls)
        #expect(update.secondaryShares.map(\.outcome) == [.clamped(from: 30, to: 20)])
        #expect(update.secondaryShares.first?.balanceReread == false)
        #expect(checkout.isPaymentFulfilled && checkout.amountSplit.map(\.amount) == [20])
    }

    @Test("the order grew: a card read against the smaller amount is read again (one /init) and pays more")
    func clampedUpAfterReread() async throws {
        let checkout = try await open(30)
        let token = try await illicado(checkout)
        #expect(token.balance == 30)  // 50.00 on the card, read against 30.00
        try checkout.applySecondary(token)
        let calls = initCalls
        let update = try await checkout.updateSession(widgetData: try cart(45))
        #expect(initCalls == calls + 1)
        let share = try #require(update.secondaryShares.first)
        #expect(share.outcome == .clamped(from: 30, to: 45) && share.balanceReread)
        #expect(checkout.amountSplit.map(\.amount) == [45] && checkout.isPaymentFulfilled)
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        let status = sandbox.clientSessionStatus(id: checkout.session.id)
        #expect(status?.payment?.authorizationStatus == "AUTHORIZED" && status?.payment?.amount == 4500)
        #expect(sandbox.balance(ofGiftCard: "illicado-50") == 500)
    }

    @Test("a card whose method is gone is released; a card with nothing left to pay is released")
    func released() async throws {
        let checkout = try await open(60)
        try checkout.applySecondary(try await illicado(checkout))
        let voucher = try await checkout.read(.easy2play, .voucher, pan: Catalogue.voucher10)
        try checkout.applySecondary(voucher)
        #expect(checkout.amountSplit.map(\.amount) == [50, 10])
        let smaller = try await checkout.updateSession(widgetData: try cart(40))
        #expect(smaller.secondaryShares.map(\.outcome) == [.clamped(from: 50, to: 40), .released(.nothingLeftToPay)])
        #expect(checkout.amountSplit.map(\.amount) == [40])
        let gone = try await checkout.updateSession(widgetData: try cart(40, without: ["illicado-giftcard"]))
        #expect(gone.secondaryShares.map(\.outcome) == [.released(.methodRemoved)])
        #expect(gone.methodsRemoved == ["illicado-giftcard"])
        #expect(checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == 40)
    }

    @Test("a typed card's save decision follows it onto the new session")
    func registrationKept() async throws {
        let checkout = try await open(30, shopper: PurseSandbox.demoShopper)
        let token = try await illicado(checkout)
        try checkout.applySecondary(token)
        try checkout.registerSecondary(token, registered: true, name: "Gift")
        try await checkout.updateSession(widgetData: try cart(25, shopper: PurseSandbox.demoShopper))
        #expect(checkout.registrationOf(token).registered)
        #expect(checkout.registrationOf(token).name == "Gift")
    }

    @Test("a re-read fault leaves the checkout exactly as it was (typed card)")
    func allOrNothingTyped() async throws {
        let checkout = try await open(30)
        try checkout.applySecondary(try await illicado(checkout))
        let before = checkout.state
        sandbox.faults.inject(.status(503), on: .gatewayInit)
        #expect(
            await thrownCode {
                try await checkout.updateSession(widgetData: try cart(45))
            } == .failedToInitSecondaryToken)
        #expect(checkout.state == before)
        sandbox.faults.clearAll()
        try await checkout.updateSession(widgetData: try cart(45))
        #expect(checkout.amountSplit.map(\.amount) == [45])
    }

    @Test("refused once the payment is submitted, with nothing changed")
    func refusedWhileSubmitted() async throws {
        let checkout = try await open(30)
        try checkout.applySecondary(try await illicado(checkout))
        try await checkout.submitPayment()
        let before = checkout.state
        #expect(
            await thrownCode {
                try await checkout.updateSession(widgetData: try cart(20))
            } == .sessionAlreadySubmitted)
        #expect(checkout.state == before)
    }

    @Test("an expired checkout is revived by a new session")
    func revivesExpired() async throws {
        let clock = TestClock()
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(clock: clock))
        let checkout = try await sandbox.openCheckout(
            amount: 30, shopper: nil, configuration: PurseCheckoutConfiguration(clock: clock))
        await clock.waitForWatches()
        await clock.advance(by: .seconds(30 * 60))
        #expect(checkout.sessionState == .expired)
        let fresh = try sandbox.createClientSession(amount: 32, shopper: nil)
        let update = try await checkout.updateSession(widgetData: fresh.widgetData)
        #expect(update.revived)
        #expect(checkout.sessionState == .ready && checkout.session.id == fresh.id)
        #expect(abs(checkout.expiresAt.timeIntervalSince(fresh.expiresAt)) < 0.001)  // widget data keeps milliseconds
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        await clock.waitForWatches()
        await clock.advance(by: .seconds(30 * 60))
        #expect(checkout.sessionState == .expired)
    }

    @Test("malformed widget data and an expired new session change nothing")
    func badInputChangesNothing() async throws {
        let checkout = try await open(30)
        try checkout.applySecondary(try await illicado(checkout))
        let before = checkout.state
        #expect(
            await thrownCode {
                try await checkout.updateSession(widgetData: "not widget data")
            } == .widgetDataMalformed)
        // A backend whose server clock is two hours behind: its 30-minute session is over already.
        let late = try PurseSandbox(configuration: SandboxConfiguration(now: { Date().addingTimeInterval(-7200) }))
        let expired = try late.createClientSession(amount: 20, shopper: nil)
        #expect(
            await thrownCode {
                try await checkout.updateSession(widgetData: expired.widgetData)
            } == .expiredSession)
        #expect(checkout.state == before)
    }

    @Test("an update after restore, and a snapshot after an update, carry the new session")
    func restoreAndUpdate() async throws {
        let checkout = try await open(30)
        try checkout.applySecondary(try await illicado(checkout), amount: 12)
        let configuration = PurseCheckoutConfiguration(transport: SandboxTransport(sandbox))
        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: configuration)
        #expect(restored.amountSplit.isEmpty)  // a typed card is not saved: the shopper enters it again
        let update = try await restored.updateSession(widgetData: try cart(35))
        #expect(update.previousSessionID == checkout.session.id)
        let again = try PurseHeadlessCheckout.restore(restored.saveState(), configuration: configuration)
        #expect(again.session.id == update.sessionID && again.amount == 35)
        try again.applySecondary(
            try await again.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        let result = try await again.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(sandbox.clientSessionStatus(id: update.sessionID)?.payment?.amount == 3500)
    }
}
