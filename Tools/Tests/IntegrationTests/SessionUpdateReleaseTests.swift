import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// `updateSession`'s releases that need a new session of another kind: another currency, a shopper whose wallet
/// no longer holds the saved card, and a primary the new session describes in a way no plugin pays; and the Apple
/// Pay request built again on the new session; a fault on the one call of an update with several gift cards.
@MainActor
@Suite("Session update: shares released by currency and wallet, a primary no plugin pays")
struct SessionUpdateReleaseTests {
    let sandbox: PurseSandbox

    init() throws { sandbox = try PurseSandbox() }

    @Test("a new currency releases every gift card: no balance read in euros pays in dollars")
    func currencyChanged() async throws {
        let checkout = try await sandbox.openCheckout(amount: 60, shopper: nil)
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
        #expect(checkout.amountSplit.map(\.amount) == [25])
        let reads = sandbox.stats().requests(.gatewayInit)
        let update = try await checkout.updateSession(
            widgetData: try sandbox.createClientSession(amount: 60, currency: "USD", shopper: nil).widgetData)
        #expect(update.secondaryShares.map(\.outcome) == [.released(.currencyChanged)])
        #expect(update.secondaryShares.map(\.newID) == [nil])
        #expect(sandbox.stats().requests(.gatewayInit) == reads)  // released without asking the issuer
        #expect(update.currency == "USD" && checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == 60)
        #expect(update.changesSplit)
    }

    @Test("a saved gift card the new session's wallet no longer holds is released (tokenRemoved)")
    func tokenRemoved() async throws {
        let checkout = try await sandbox.openCheckout(amount: 30, shopper: PurseSandbox.demoShopper)
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        #expect(checkout.amountSplit.map(\.amount) == [30])
        // The new session has no wallet session: none of the shopper's saved cards is in it.
        let update = try await checkout.updateSession(
            widgetData: try sandbox.createClientSession(amount: 30, shopper: nil).widgetData)
        let share = try #require(update.secondaryShares.first)
        #expect(share.isSaved && share.outcome == .released(.tokenRemoved) && share.newID == nil)
        #expect(checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == 30)
        #expect(checkout.savedSecondaryTokens.isEmpty)
    }

    @Test("a saved gift card another order spent to zero is released when the update reads it again (emptyBalance)")
    func emptyBalance() async throws {
        let checkout = try await sandbox.openCheckout(amount: 30, shopper: PurseSandbox.demoShopper)
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        #expect(checkout.amountSplit.map(\.amount) == [30])  // read against 30.00 of its 40.00
        // Another order of the same shopper spends the card to zero meanwhile.
        let other = try await sandbox.openCheckout(amount: 40, shopper: PurseSandbox.demoShopper)
        await other.waitForSavedSecondaryBalances()
        try other.applySecondary(try other.savedGiftCard(Catalogue.savedGiftCard40))
        _ = try await other.submitPayment()
        #expect(sandbox.balance(ofGiftCard: "easy2play-saved-40") == 0)

        let update = try await checkout.updateSession(
            widgetData: try sandbox.createClientSession(amount: 45, shopper: PurseSandbox.demoShopper).widgetData)
        let share = try #require(update.secondaryShares.first)
        #expect(share.balanceReread && share.outcome == .released(.emptyBalance) && share.newID == nil)
        #expect(checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == 45)
    }

    @Test("a primary whose new configuration no plugin pays (a pci_proxy vault) is dropped as notImplemented")
    func primaryNotImplemented() async throws {
        let checkout = try await sandbox.openCheckout(amount: 50, shopper: nil)
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        try checkout.setPrimary(card)
        #expect(checkout.primary?.id == "payzen-creditcard")
        let widgetData = try sandbox.createClientSession(amount: 50, shopper: nil).widgetData
        let params = try JSONValue.parse(try #require(Data(base64Encoded: widgetData)))
        let edited = try #require(
            SessionUpdateRuleTests.replacing(
                in: params, at: ["paymentSession", "protocols", "payzen", "creditcard", "configurations", "vault"],
                with: ["vendor": .string("pci_proxy")]))
        let update = try await checkout.updateSession(widgetData: edited.serialized().base64EncodedString())
        #expect(update.primary == .dropped(id: "payzen-creditcard", reason: .notImplemented))
        #expect(checkout.primary == nil && checkout.remainingAmountToPay == 50)
    }

    @Test("after a cart change the Apple Pay request is built on the new session and pays it", arguments: Wire.allCases)
    func applePayAfterUpdate(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout(amount: Decimal(string: "42.99")!, shopper: nil)
        let giftCard = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        try checkout.applySecondary(
            try await checkout.getSecondaryToken(
                method: giftCard, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin),
            amount: 20)
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.method == .applepay }))
        let before = checkout.paymentElement(for: try #require(checkout.primary))
        await before.prepare()
        #expect(try before.applePayRequest().summaryItems.map(\.minorUnits) == [4299, -2000, 2299])

        let update = try await checkout.updateSession(
            widgetData: try harness.sandbox.createClientSession(amount: 50, shopper: nil).widgetData)
        #expect(update.primary == .kept(id: "ingenico-applepay"))
        #expect(update.secondaryShares.map(\.outcome) == [.kept(amount: 20)])
        let sheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
        let element = checkout.paymentElement(for: try #require(checkout.primary))
        element.applePaySheet = sheet
        await element.prepare()
        let request = try element.applePayRequest()
        #expect(request.summaryItems.map(\.minorUnits) == [5000, -2000, 3000])
        #expect(request.total.minorUnits == 3000)

        guard case .completed(let result) = await element.submitAndWait() else {
            Issue.record("the new session was not paid")
            return
        }
        #expect(result.globalStatus == .success)
        #expect(sheet.presentedRequests == [request])
        let status = try #require(harness.sandbox.clientSessionStatus(id: update.sessionID))
        #expect(status.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "a fault on the balance read of an update with four gift cards leaves all four as they were",
        arguments: [SandboxFault.status(503), .malformed(), .reset(), .html()])
    func faultWithSeveralCards(fault: SandboxFault) async throws {
        let checkout = try await sandbox.openCheckout(amount: 160, shopper: nil)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
        try checkout.applySecondary(try await checkout.read(.mybeezbox, pan: Catalogue.mybeezbox75, cvv: nil))
        try checkout.applySecondary(
            try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin))
        #expect(checkout.amountSplit.map(\.amount) == [50, 25, 75, 10])  // Ogloba read against the 10.00 left
        let before = checkout.state
        let calls = sandbox.stats().requests(.gatewayInit)
        sandbox.faults.inject(fault, on: .gatewayInit)
        let widgetData = try sandbox.createClientSession(amount: 200, shopper: nil).widgetData
        let code = await thrownCode { try await checkout.updateSession(widgetData: widgetData) }
        #expect(code == .failedToInitSecondaryToken)
        #expect(sandbox.stats().requests(.gatewayInit) == calls + 1)  // the one read the update needs, failed
        #expect(checkout.state == before)
        sandbox.faults.clearAll()
        let update = try await checkout.updateSession(widgetData: widgetData)
        #expect(
            update.secondaryShares.map(\.outcome) == [
                .kept(amount: 50), .kept(amount: 25), .kept(amount: 75), .clamped(from: 10, to: 50),
            ])
        #expect(checkout.amountSplit.map(\.amount) == [50, 25, 75, 50] && checkout.remainingAmountToPay == 0)
    }
}
