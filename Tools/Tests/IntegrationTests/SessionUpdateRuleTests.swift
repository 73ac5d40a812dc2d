import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// `updateSession`'s rules that need a new session with other rules or a saved gift card: a share the new rules
/// refuse, a primary out of its range, saved-card balances read again and their faults, and a torn-down
/// checkout's snapshot.
@MainActor
@Suite("Session update: rules, saved gift cards, a torn-down snapshot")
struct SessionUpdateRuleTests {
    let sandbox: PurseSandbox

    init() throws { sandbox = try PurseSandbox() }

    /// Widget data of a new client session for `amount`, with `settings` replaced in the configuration of
    /// `partner`/`method` (the rules the backend's new session carries).
    private func cart(
        _ amount: Decimal, shopper: String? = nil, editing partner: String? = nil, method: String = "giftcard",
        settings: [String: JSONValue] = [:]
    ) throws -> String {
        let widgetData = try sandbox.createClientSession(amount: amount, shopper: shopper).widgetData
        guard let partner else { return widgetData }
        let params = try JSONValue.parse(try #require(Data(base64Encoded: widgetData)))
        let edited = try #require(
            Self.replacing(
                in: params, at: ["paymentSession", "protocols", partner, method, "configurations", "settings"],
                with: settings))
        return edited.serialized().base64EncodedString()
    }

    /// `value` with the object at `path` given `members` (replacing those of the same name); `nil` when the
    /// path is not there.
    static func replacing(
        in value: JSONValue, at path: [String], with members: [String: JSONValue]
    )
        -> JSONValue?
    {
        guard case .object(var object) = value else { return nil }
        guard let key = path.first else { return .object(object.merging(members) { _, new in new }) }
        guard let child = object[key], let replaced = replacing(in: child, at: Array(path.dropFirst()), with: members)
        else { return nil }
        object[key] = replaced
        return .object(object)
    }

    @Test("a card the new session's rules refuse is released, naming the rule (usage limit)")
    func releasedByUsageLimit() async throws {
        let checkout = try await sandbox.openCheckout(amount: 60, shopper: nil)
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin))
        try checkout.applySecondary(
            try await checkout.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
        #expect(checkout.amountSplit.map(\.amount) == [25, 15])
        let calls = sandbox.stats().requests(.gatewayInit)
        let update = try await checkout.updateSession(
            widgetData: try cart(60, editing: "easy2play", settings: ["usage_per_session_limit": .integer(1)]))
        #expect(sandbox.stats().requests(.gatewayInit) == calls)  // the rules decide: no balance is read
        #expect(update.secondaryShares.map(\.outcome) == [.kept(amount: 25), .released(.refused(.usageLimitError))])
        #expect(update.secondaryShares.map(\.newID).last == .some(nil))
        #expect(checkout.amountSplit.map(\.amount) == [25] && checkout.remainingAmountToPay == 35)
        #expect(update.changesSplit)
    }

    @Test("a slice above the new session's maximum is released; a card that took all it could is capped")
    func maximumRule() async throws {
        let slice = try await sandbox.openCheckout(amount: 60, shopper: nil)
        try slice.applySecondary(
            try await slice.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin), amount: 40)
        let lowered = try await slice.updateSession(
            widgetData: try cart(60, editing: "illicado", settings: ["payment_max_amount": .integer(30)]))
        #expect(lowered.secondaryShares.map(\.outcome) == [.released(.refused(.maxAmountReached))])
        #expect(slice.amountSplit.isEmpty && slice.remainingAmountToPay == 60)

        let whole = try await sandbox.openCheckout(amount: 60, shopper: nil)
        try whole.applySecondary(
            try await whole.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin))
        #expect(whole.amountSplit.map(\.amount) == [60])
        let capped = try await whole.updateSession(
            widgetData: try cart(60, editing: "ogloba", settings: ["payment_max_amount": .integer(30)]))
        #expect(capped.secondaryShares.map(\.outcome) == [.clamped(from: 60, to: 30)])
        #expect(whole.amountSplit.map(\.amount) == [30] && whole.remainingAmountToPay == 30)
    }

    @Test("the primary is dropped when what it would pay leaves its range: above its maximum, below its minimum")
    func primaryOutOfRange() async throws {
        let checkout = try await sandbox.openCheckout(amount: 500, shopper: nil)
        let cofidis = try #require(checkout.paymentMethods.first { $0.id == "cofidis-cb4x" })
        try checkout.setPrimary(cofidis)
        let above = try await checkout.updateSession(widgetData: try cart(1200))
        #expect(above.primary == .dropped(id: "cofidis-cb4x", reason: .aboveMaximum(maximum: 1000)))
        #expect(checkout.primary == nil && checkout.remainingAmountToPay == 1200)
        #expect(checkout.availability(of: .primaryMethod(cofidis)).reason != nil)

        try await checkout.updateSession(widgetData: try cart(500))
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "cofidis-cb4x" }))
        let below = try await checkout.updateSession(widgetData: try cart(80))
        #expect(below.primary == .dropped(id: "cofidis-cb4x", reason: .belowMinimum(minimum: 100)))
        #expect(checkout.primary == nil)
    }

    @Test("a saved gift card read against a smaller amount is read again in the update and pays more")
    func savedCardReread() async throws {
        let checkout = try await sandbox.openCheckout(amount: 30, shopper: PurseSandbox.demoShopper)
        await checkout.waitForSavedSecondaryBalances()
        let card = try checkout.savedGiftCard(Catalogue.savedGiftCard40)
        #expect(card.balance == 30)  // 40.00 on the card, read against 30.00
        try checkout.applySecondary(card)
        let update = try await checkout.updateSession(
            widgetData: try cart(45, shopper: PurseSandbox.demoShopper))
        let share = try #require(update.secondaryShares.first)
        #expect(share.isSaved && share.balanceReread && share.newID == Catalogue.savedGiftCard40)
        #expect(share.outcome == .clamped(from: 30, to: 40))
        // The card in the split is read during the update; the slow card, read against 30.00 too, in the
        // background right after.
        #expect(update.savedBalancesReread == [Catalogue.savedGiftCard40, Catalogue.savedSlow])
        #expect(try checkout.savedGiftCard(Catalogue.savedGiftCard40).balance == 40)
        #expect(checkout.amountSplit.map(\.amount) == [40] && checkout.remainingAmountToPay == 5)
    }

    @Test(
        "a fault while re-reading a saved gift card leaves the checkout exactly as it was",
        arguments: [SandboxFault.status(503), .malformed(), .reset(), .html()])
    func savedCardRereadFault(fault: SandboxFault) async throws {
        let checkout = try await sandbox.openCheckout(amount: 30, shopper: PurseSandbox.demoShopper)
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        let before = checkout.state
        let calls = sandbox.stats().requests(.gatewayInit)
        sandbox.faults.inject(fault, on: .gatewayInit)
        let widgetData = try cart(45, shopper: PurseSandbox.demoShopper)
        let code = await thrownCode { try await checkout.updateSession(widgetData: widgetData) }
        #expect(code == .failedToInitSecondaryToken)
        #expect(sandbox.stats().requests(.gatewayInit) > calls)  // the read was made, and failed
        #expect(checkout.state == before)
        sandbox.faults.clearAll()
        let update = try await checkout.updateSession(widgetData: widgetData)
        #expect(update.secondaryShares.map(\.outcome) == [.clamped(from: 30, to: 40)])
    }

    @Test("a torn-down checkout's snapshot is refused with CHECKOUT_TERMINATED; its session id stays readable")
    func terminatedSnapshotRefused() async throws {
        let checkout = try await sandbox.openCheckout(amount: 30, shopper: nil)
        checkout.teardown()
        let snapshot = checkout.saveState()
        #expect(snapshot.sessionID == checkout.session.id)
        let configuration = PurseCheckoutConfiguration(transport: SandboxTransport(sandbox))
        #expect(
            thrownCode { _ = try PurseHeadlessCheckout.restore(snapshot, configuration: configuration) }
                == .checkoutTerminated)
    }
}
