import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Saved gift cards: background balances, using them, renaming, deleting every token.
@MainActor
@Suite("Saved gift cards")
struct SavedGiftCardTests {
    static func saved(_ checkout: PurseHeadlessCheckout, _ id: String) throws -> SavedSecondaryToken {
        try #require(checkout.savedSecondaryTokens.first { $0.id == id })
    }

    @Test("balances are read in the background once the checkout opens, one /init per card with its token")
    func backgroundBalances() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        let good = try Self.saved(checkout, GiftCardSessions.savedCardID)
        #expect(good.balanceResolved)
        #expect(good.balance == 40)
        #expect(good.totalBalance == 40)
        #expect(good.disabled == nil)
        let failing = try Self.saved(checkout, GiftCardSessions.savedFailingID)
        #expect(!failing.balanceResolved)
        #expect(failing.disabled?.code == "TOKEN_INIT_FAILED")
        #expect(failing.disabled?.message.contains("TECHNICAL_ISSUE_TO_CONTACT_PARTNER") == true)
        let empty = try Self.saved(checkout, GiftCardSessions.savedEmptyID)
        #expect(empty.balanceResolved && empty.balance == 0)
        let bodies = issuer.inits
        #expect(bodies.count == 3)
        #expect(
            Set(bodies.compactMap { $0["payment_data"]?["token"]?.stringValue }) == [
                GiftCardSessions.savedCardID, GiftCardSessions.savedFailingID, GiftCardSessions.savedEmptyID,
            ])
        #expect(bodies.allSatisfy { $0["amount"] == 10000 && $0["partner"] == "easy2play" })
    }

    @Test("the look-ups run concurrently: all three are in flight at once")
    func concurrent() async throws {
        let inFlight = Locked((now: 0, most: 0, arrived: 0))
        let issuer = StubIssuer()
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params()) { request in
            inFlight.withLock {
                $0.now += 1
                $0.arrived += 1
                $0.most = max($0.most, $0.now)
            }
            // Hold each answer until the three look-ups have arrived (bounded, no real-time wait).
            await yieldUntil { inFlight.withLock { $0.arrived } >= 3 }
            defer { inFlight.withLock { $0.now -= 1 } }
            return try await issuer.handle(request)
        }
        await checkout.waitForSavedSecondaryBalances()
        #expect(inFlight.withLock { $0.most } == 3)
        #expect(checkout.savedSecondaryTokens.filter(\.balanceResolved).count == 2)
    }

    @Test("applySecondary re-reads the checkout's current copy, not the captured value")
    func rereads() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "30.00")
        var captured = try Self.saved(checkout, GiftCardSessions.savedCardID)
        captured.balance = 1_000_000
        captured.balanceResolved = false
        try checkout.applySecondary(captured)
        #expect(checkout.amountSplit.map(\.amount) == [30])
        #expect(checkout.amountSplit.first?.id == GiftCardSessions.savedCardID)
        #expect(checkout.isPaymentFulfilled)
        checkout.removeSecondary(captured)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test("a disabled, unresolved or empty saved card throws secondaryTokenizationFailed")
    func unusable() async throws {
        let gate = Locked(true)
        let issuer = StubIssuer()
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params()) { request in
            // The good card's look-up does not answer until the test lets it.
            if request.body.flatMap({ try? JSONValue.parse($0) })?["payment_data"]?["token"]
                == .string(GiftCardSessions.savedCardID)
            {
                while gate.withLock({ $0 }) && !Task.isCancelled { await Task.yield() }
            }
            return try await issuer.handle(request)
        }
        await yieldUntil {
            checkout.savedSecondaryTokens.filter { $0.balanceResolved || $0.disabled != nil }.count >= 2
        }
        let pending = try Self.saved(checkout, GiftCardSessions.savedCardID)
        #expect(!pending.balanceResolved)
        let unresolved = #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(pending) }
        #expect(unresolved?.code == .secondaryTokenEmptyBalance)
        #expect(unresolved?.kind == .secondaryTokenizationFailed)
        #expect(unresolved?.message.contains("balanceResolved") == true)
        let disabled = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(try Self.saved(checkout, GiftCardSessions.savedFailingID))
        }
        #expect(disabled?.code == .failedToInitSecondaryToken)
        #expect(disabled?.kind == .secondaryTokenizationFailed)
        let empty = #expect(throws: PurseCheckoutError.self) {
            try checkout.applySecondary(try Self.saved(checkout, GiftCardSessions.savedEmptyID))
        }
        #expect(empty?.code == .secondaryTokenEmptyBalance)
        #expect(checkout.amountSplit.isEmpty)
        gate.withLock { $0 = false }
        await checkout.waitForSavedSecondaryBalances()
        try checkout.applySecondary(pending)  // the same captured value now works
        #expect(checkout.amountSplit.map(\.amount) == [40])
    }

    @Test("a saved card pays with payment_data.token and its look-up's step_id, before the primary")
    func validatePayload() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        try checkout.applySecondary(try Self.saved(checkout, GiftCardSessions.savedCardID))
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        _ = try await checkout.submitPayment()
        let items = try #require(issuer.validations.first)
        #expect(items.count == 2)
        #expect(items[0]["payment_data"] == ["token": .string(GiftCardSessions.savedCardID)])
        #expect(items[0]["amount"] == 4000)
        #expect(items[0]["step_id"] != nil)
        #expect(items[1]["partner"] == "payzen")
        #expect(items[1]["amount"] == 6000)
    }

    @Test("editToken renames a saved gift card in the wallet and in savedSecondaryTokens")
    func rename() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        let card = try Self.saved(checkout, GiftCardSessions.savedCardID)
        try await checkout.editToken(card, name: "Grandma gift")
        #expect(try Self.saved(checkout, GiftCardSessions.savedCardID).name == "Grandma gift")
        #expect(issuer.walletRequests == ["PATCH /wallet/customers/shopper-1/sessions/ws-1/tokens/saved-40"])
    }

    struct EditCase: Sendable, CustomTestStringConvertible {
        let name: String
        let wallet: Bool
        let serverFailure: (status: Int, code: String)?
        let code: PurseCheckoutError.Code
        let calls: Int
        var testDescription: String { "\(code)" }
    }

    @Test(
        "editToken failures are walletOperationFailed",
        arguments: [
            EditCase(name: "ok name", wallet: false, serverFailure: nil, code: .missingWalletSession, calls: 0),
            EditCase(name: "bad-name!", wallet: true, serverFailure: nil, code: .invalidTokenName, calls: 0),
            EditCase(
                name: "Work card", wallet: true, serverFailure: (409, "TOKEN_NAME_EXISTS"), code: .tokenNameExists,
                calls: 1),
            EditCase(
                name: "ok name", wallet: true, serverFailure: (404, "MISSING_TOKEN"), code: .missingToken, calls: 1),
            EditCase(name: "ok name", wallet: true, serverFailure: (500, "BOOM"), code: .apiError, calls: 1),
        ])
    func renameFailures(rule: EditCase) async throws {
        let issuer = StubIssuer()
        issuer.failWallet(rule.serverFailure)
        let (checkout, _) = try await GiftCardSessions.open(wallet: rule.wallet, issuer: issuer)
        let card = try Self.saved(checkout, GiftCardSessions.savedCardID)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(card, name: rule.name)
        }
        #expect(error?.code == rule.code)
        #expect(error?.kind == .walletOperationFailed)
        #expect(issuer.walletRequests.count == rule.calls)
        if rule.code == .missingToken {
            // The wallet no longer has it: it leaves the list.
            #expect(!checkout.savedSecondaryTokens.contains { $0.id == GiftCardSessions.savedCardID })
        } else {
            #expect(try Self.saved(checkout, GiftCardSessions.savedCardID).name == "Birthday card")
        }
    }

    @Test("editToken on a card no longer in the list is MISSING_TOKEN without a call")
    func renameUnknown() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        var card = try Self.saved(checkout, GiftCardSessions.savedCardID)
        try await checkout.deleteAllTokens()
        card.name = "x"
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(card, name: "New name")
        }
        #expect(error?.code == .missingToken)
        #expect(issuer.walletRequests.count == 1)  // only the DELETE
    }

    @Test("deleteAllTokens empties saved cards and saved gift cards, and takes them out of the split")
    func deleteAll() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        let fresh = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.applySecondary(fresh)
        try checkout.applySecondary(try Self.saved(checkout, GiftCardSessions.savedCardID))
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        try await checkout.deleteAllTokens()
        #expect(issuer.walletRequests == ["DELETE /wallet/customers/shopper-1/sessions/ws-1/tokens"])
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.savedSecondaryTokens.isEmpty)
        #expect(checkout.primary == nil)
        #expect(checkout.amountSplit.map(\.id) == [fresh.id])
        #expect(checkout.remainingAmountToPay == 50)
    }

    @Test(
        "deleteAllTokens failures change nothing locally",
        arguments: [(500, PurseCheckoutError.Code.failedToDeleteAllTokens), (401, .missingWalletSession)])
    func deleteAllFailures(status: Int, code: PurseCheckoutError.Code) async throws {
        let issuer = StubIssuer()
        issuer.failWallet((status, status == 401 ? "MISSING_WALLET_SESSION" : "BOOM"))
        let (checkout, _) = try await GiftCardSessions.open(issuer: issuer)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.deleteAllTokens() }
        #expect(error?.code == code)
        #expect(error?.kind == .walletOperationFailed)
        #expect(error?.httpStatus == status)
        #expect(checkout.savedSecondaryTokens.count == 3)
        #expect(checkout.paymentTokens.count == 1)
    }

    @Test("deleteAllTokens without a wallet session is MISSING_WALLET_SESSION without a call")
    func deleteAllWithoutWallet() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(wallet: false, issuer: issuer)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.deleteAllTokens() }
        #expect(error?.code == .missingWalletSession)
        #expect(issuer.walletRequests.isEmpty)
    }

    @Test("the look-ups are cancelled when the checkout goes away")
    func cancelledOnDeinit() async throws {
        let parked = Locked(0)
        let cancelled = Locked(0)
        var checkout: PurseHeadlessCheckout? = try await TestSessions.open(GiftCardSessions.params()) { _ in
            parked.withLock { $0 += 1 }
            do {
                return try await StubTransport.parkUntilCancelled()
            } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
        }.0
        await yieldUntil { parked.withLock { $0 } >= 3 }
        #expect(parked.withLock { $0 } == 3)
        weak let gone = checkout
        checkout = nil
        await yieldUntil { cancelled.withLock { $0 } >= 3 }
        #expect(cancelled.withLock { $0 } == 3)
        #expect(gone == nil)
    }
}
