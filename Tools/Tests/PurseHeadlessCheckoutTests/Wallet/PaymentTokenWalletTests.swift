import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Managing saved cards and PayPal accounts: rename, favorite (optimistic, reverted on failure), delete;
/// `paymentTokens` and the split follow without restarting.
@MainActor
@Suite("Wallet: saved cards and accounts")
struct PaymentTokenWalletTests {
    enum Operation: String, CaseIterable, Sendable {
        case edit, favorite, delete

        @MainActor
        func run(_ checkout: PurseHeadlessCheckout, _ token: PaymentToken, name: String = "New name") async throws {
            switch self {
            case .edit: try await checkout.editToken(token, name: name)
            case .favorite: try await checkout.setTokenFavorite(token)
            case .delete: try await checkout.deleteToken(token)
            }
        }
    }

    func token(_ id: String, in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        try #require(checkout.paymentTokens.first { $0.id == id })
    }

    @Test("rename: PATCH …/tokens/{id} with the name; the list and the primary show it at once")
    func rename() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let card = try token("tok-nt", in: checkout)
        try checkout.setPrimaryToken(card)
        try await checkout.editToken(card, name: "Team card 2")
        #expect(try token("tok-nt", in: checkout).name == "Team card 2")
        #expect(try token("tok-nt", in: checkout).displayLabel == "Team card 2")
        guard case .paymentToken(let primary) = checkout.primary else {
            Issue.record("the primary should still be the token")
            return
        }
        #expect(primary.name == "Team card 2")
        let call = try #require(stub.walletCalls.last)
        #expect(call.method == "PATCH")
        #expect(call.url.path == "/wallet/customers/shopper-1/sessions/ws-1/tokens/tok-nt")
        #expect(call.headers["x-merchant-id"] == "merchant-1")
        #expect(call.body.flatMap { try? JSONValue.parse($0) } == ["name": "Team card 2"])
    }

    @Test(
        "a label that is not 1–25 letters, digits or spaces is INVALID_TOKEN_NAME, before any call",
        arguments: ["", " ", "   ", "work-card", "work_card", "card!", "a name that is far too long", "tab\tname", "🎉"])
    func badLabels(name: String) async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(try self.token("tok-nt", in: checkout), name: name)
        }
        #expect(error?.code == .invalidTokenName)
        #expect(error?.kind == .walletOperationFailed)
        #expect(stub.walletCalls.isEmpty)
    }

    @Test(
        "labels the rule accepts go to the wallet",
        arguments: ["a", "Work card", "Carte de Zoé", "1234567890123456789012345", "Visa 2"])
    func goodLabels(name: String) async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        try await checkout.editToken(try token("tok-nt", in: checkout), name: name)
        #expect(stub.walletCalls.count == 1)
    }

    @Test(
        "the wallet's refusals become walletOperationFailed with its code",
        arguments: [
            (404, "MISSING_TOKEN", "MISSING_TOKEN"), (400, "INVALID_TOKEN_NAME", "INVALID_TOKEN_NAME"),
            (409, "TOKEN_NAME_EXISTS", "TOKEN_NAME_EXISTS"), (403, "TOKEN_NOT_REGISTERABLE", "TOKEN_NOT_REGISTERABLE"),
            (403, "METHOD_NOT_REGISTERABLE", "METHOD_NOT_REGISTERABLE"), (503, "INJECTED_FAULT", "API_ERROR"),
            (410, "WALLET_SESSION_EXPIRED", "API_ERROR"),
        ])
    func serverCodes(status: Int, serverCode: String, code: String) async throws {
        let stub = GatewayStub(GatewayStub.Script(walletFailures: [(status, serverCode)]))
        let checkout = try await CardSessions.open(stub: stub)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.editToken(try self.token("tok-nt", in: checkout), name: "Work card 2")
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.kind == .walletOperationFailed)
        #expect(error?.httpStatus == status)
        #expect(error?.serverCode == serverCode)
        // Only a token the wallet no longer has leaves the list.
        #expect(checkout.paymentTokens.contains { $0.id == "tok-nt" } == (code != "MISSING_TOKEN"))
        if code != "MISSING_TOKEN" { #expect(try token("tok-nt", in: checkout).name == "Work card") }
    }

    @Test(
        "without a wallet session every operation is MISSING_WALLET_SESSION and no call is made",
        arguments: Operation.allCases)
    func missingWalletSession(operation: Operation) async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(CardSessions.params(wallet: false), stub: stub)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await operation.run(checkout, try self.token("tok-nt", in: checkout))
        }
        #expect(error?.code == .missingWalletSession)
        #expect(error?.kind == .walletOperationFailed)
        #expect(stub.walletCalls.isEmpty)
    }

    @Test("a token no longer in paymentTokens is MISSING_TOKEN, and no call is made", arguments: Operation.allCases)
    func missingTokenLocally(operation: Operation) async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let card = try token("tok-nt", in: checkout)
        try await checkout.deleteToken(card)
        let error = await #expect(throws: PurseCheckoutError.self) { try await operation.run(checkout, card) }
        #expect(error?.code == .missingToken)
        #expect(stub.walletCalls.count == 1)  // the delete only
    }

    @Test("favorite toggles from the checkout's current copy, whatever the value passed")
    func favoriteToggles() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let stale = try token("tok-cvv", in: checkout)
        #expect(stale.favorite)
        try await checkout.setTokenFavorite(stale)
        #expect(try token("tok-cvv", in: checkout).favorite == false)
        try await checkout.setTokenFavorite(stale)  // a stale copy still toggles the current value
        #expect(try token("tok-cvv", in: checkout).favorite == true)
        let bodies = stub.walletCalls.map { $0.body.flatMap { try? JSONValue.parse($0) } }
        #expect(bodies == [["favorite": false], ["favorite": true]])
        #expect(stub.walletCalls.allSatisfy { $0.method == "PUT" && $0.url.path.hasSuffix("/tokens/tok-cvv/favorite") })
    }

    @Test("favorite is optimistic: the star flips at once, then flips back when the call fails; the error is rethrown")
    func favoriteRevert() async throws {
        let gate = Gate()
        let transport = StubTransport.withServerTime(TestSessions.serverNow) { request in
            await gate.wait()
            return StubTransport.json(503, ["code": "INJECTED_FAULT"])
        }
        let checkout = try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(CardSessions.params()),
            configuration: PurseCheckoutConfiguration(transport: transport, now: { TestSessions.serverNow }))
        let card = try token("tok-nt", in: checkout)
        #expect(!card.favorite)
        let call = Task { try await checkout.setTokenFavorite(card) }
        for _ in 0..<10_000 where transport.requests(endingWith: "/favorite").isEmpty { await Task.yield() }
        #expect(try token("tok-nt", in: checkout).favorite)  // flipped before the wallet answered
        gate.open()
        let result = await call.result
        #expect(throws: PurseCheckoutError.self) { try result.get() }
        #expect(try token("tok-nt", in: checkout).favorite == false)  // flipped back
    }

    @Test("deleting the primary token clears it from the split; deleting another leaves the primary")
    func deletePrimary() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let primary = try token("tok-nt", in: checkout)
        try checkout.setPrimaryToken(primary)
        #expect(checkout.isPaymentFulfilled)
        try await checkout.deleteToken(try token("tok-bare", in: checkout))
        #expect(checkout.primary == .paymentToken(primary))
        #expect(checkout.isPaymentFulfilled)
        try await checkout.deleteToken(primary)
        #expect(!checkout.paymentTokens.contains { $0.id == "tok-nt" })
        #expect(checkout.primary == nil)
        #expect(!checkout.isPaymentFulfilled)
        #expect(checkout.amountSplit.isEmpty)
        #expect(checkout.remainingAmountToPay == checkout.amount)
        let call = try #require(stub.walletCalls.last)
        #expect(call.method == "DELETE" && call.url.path.hasSuffix("/tokens/tok-nt"))
        let element = checkout.paymentElement(for: .paymentToken(primary))
        await element.prepare()
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("a deleted token cannot pay")
            return
        }
        #expect(error.code == .paymentTokenNotFoundInSession)
    }

    @Test("a token deleted elsewhere (MISSING_TOKEN from the wallet) leaves the list and the primary")
    func deletedElsewhere() async throws {
        let stub = GatewayStub(GatewayStub.Script(walletFailures: [(404, "MISSING_TOKEN")]))
        let checkout = try await CardSessions.open(stub: stub)
        let card = try token("tok-nt", in: checkout)
        try checkout.setPrimaryToken(card)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.deleteToken(card) }
        #expect(error?.code == .missingToken)
        #expect(checkout.primary == nil)
        #expect(!checkout.paymentTokens.contains { $0.id == "tok-nt" })
    }

    @Test("after submit, deleting the paying token updates the list but not the submitted split")
    func deleteAfterSubmit() async throws {
        let checkout = try await CardSessions.open()
        let card = try token("tok-nt", in: checkout)
        try checkout.setPrimaryToken(card)
        try await checkout.submitPayment()
        try await checkout.deleteToken(card)
        #expect(!checkout.paymentTokens.contains { $0.id == "tok-nt" })
        #expect(checkout.primary?.id == "tok-nt")
        #expect(checkout.sessionState == .submitted)
    }

    @Test("deleteAllTokens() empties paymentTokens and clears a token primary")
    func deleteAllClearsTokenPrimary() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        try checkout.setPrimaryToken(try token("tok-nt", in: checkout))
        try await checkout.deleteAllTokens()
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.savedSecondaryTokens.isEmpty)
        #expect(checkout.primary == nil)
        #expect(!checkout.isPaymentFulfilled)
        #expect(stub.walletCalls.last?.method == "DELETE")
        #expect(stub.walletCalls.last?.url.path.hasSuffix("/tokens") == true)
    }

    @Test("deleteAllTokens() leaves a method primary alone")
    func deleteAllKeepsMethodPrimary() async throws {
        let checkout = try await CardSessions.open()
        let method = try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" })
        try checkout.setPrimary(method)
        try await checkout.deleteAllTokens()
        #expect(checkout.paymentTokens.isEmpty)
        #expect(checkout.primary == .primaryMethod(method))
    }
}

/// Holds requests until the test opens it.
final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
