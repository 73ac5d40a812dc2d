import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Every SDK call that reaches the network × every fault the sandbox can inject (see ``FaultMatrixTable`` for the
/// expected table). Each cell checks: the typed error (code, group, status, server code), the checkout's
/// observable state (unchanged, or the documented rollback), how many requests the faulted route received (the
/// SDK retries only the vault tokenization, after a 5xx, under one `X-Request-ID`), that no order is charged
/// twice, and that the call succeeds, charging exactly once, after the fault clears.
@MainActor
@Suite("Fault matrix: every network call × every fault")
struct FaultMatrixTests {
    /// One test case per call; its cells (every fault, on every wire) run one after another. 336 cases in
    /// parallel held well over a thousand descriptors at once (a sandbox server and a URL session per cell), and
    /// with that many, the toolchain's `Foundation.Process.run()` — which the CLI tests use meanwhile — copies past
    /// the end of a buffer while it lists `/proc/self/fd` and crashed the test process (seen once in CI).
    @Test("every fault on one call", arguments: MatrixCall.allCases)
    func row(call: MatrixCall) async throws {
        for (rowCall, fault, wire) in FaultMatrixTable.cells where rowCall == call {
            try await cell(call: call, fault: fault, wire: wire)
        }
    }

    func cell(call: MatrixCall, fault: MatrixFault, wire: Wire) async throws {
        let rig = try MatrixRig(wire, fault)
        let expected = try FaultMatrixTable.expectation(call, fault)
        switch call {
        case .openServerTime: try await openServerTime(rig, fault, expected)
        case .savedGiftCardBalances: try await savedGiftCardBalances(rig, fault, expected)
        case .getSecondaryToken: try await getSecondaryToken(rig, fault, expected)
        case .submitGiftCards: try await submitGiftCards(rig, fault, expected)
        case .savedCardCVV, .threeDSValidate: try await savedCard(call, rig, fault, expected)
        case .freshCardTokenize, .freshCardValidate: try await freshCard(call, rig, fault, expected)
        case .binLookup: try await binLookup(rig, fault, expected)
        case .redirectionInit, .redirectionValidate: try await redirection(call, rig, fault, expected)
        case .editToken, .setTokenFavorite, .deleteToken, .editSavedGiftCard:
            try await walletCall(call, rig, fault, expected)
        case .deleteAllTokens: try await deleteAllTokens(rig, fault, expected)
        }
        await rig.releaseLateAnswers()
        await waitUntil { rig.sandbox.faults.delayedRequests == 0 }
        #expect(rig.sandbox.faults.delayedRequests == 0, "a late request never finished")
        expectAtMostOneCharge(rig)
        MatrixCounter.count()
    }

    @Test("the matrix has every call and every fault")
    func shape() throws {
        #expect(MatrixCall.allCases.count == 16)
        #expect(MatrixFault.allCases.count == 11)
        // Timeouts run over loopback only: 16 × 11 loopback cells + 16 × 10 in-process cells.
        #expect(FaultMatrixTable.cells.count == 16 * 11 + 16 * 10)
        print(
            "FaultMatrix: \(MatrixCall.allCases.count) calls × \(MatrixFault.allCases.count) faults = "
                + "\(MatrixCall.allCases.count * MatrixFault.allCases.count) cells over loopback; "
                + "\(FaultMatrixTable.cells.count) cells with the in-process ones")
        for call in MatrixCall.allCases {
            for fault in MatrixFault.allCases { _ = try FaultMatrixTable.expectation(call, fault) }
        }
    }

    // MARK: - Opening

    private func openServerTime(_ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation) async throws {
        rig.sandbox.faults.inject(fault.sandboxFault, on: .datetime)
        let checkout = try await rig.open(shopper: nil)
        rig.sandbox.faults.clear(.datetime)
        #expect(rig.requests(.datetime) == expected.requests)
        // Documented fallback: a warning, then expiry checked against the device clock.
        let warnings = rig.logs.lines.filter { $0.level == .warning && $0.message.contains("server time unavailable") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("(\(expected.code.rawValue))") == true, "\(warnings)")
        #expect(checkout.sessionState == .ready && checkout.amountSplit.isEmpty)
        // Once the fault clears, opening reads the server's time again.
        _ = try await rig.open(shopper: nil)
        #expect(rig.requests(.datetime) == expected.requests + 1)
        #expect(rig.logs.lines.filter { $0.message.contains("server time unavailable") }.count == 1)
    }

    private func savedGiftCardBalances(
        _ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation
    )
        async throws
    {
        rig.sandbox.faults.inject(fault.sandboxFault, on: .gatewayInit)
        let checkout = try await rig.open(settle: false)
        await checkout.waitForSavedSecondaryBalances()
        rig.sandbox.faults.clear(.gatewayInit)
        #expect(rig.requests(.gatewayInit) == expected.requests)
        #expect(checkout.savedSecondaryTokens.count == 3)
        for card in checkout.savedSecondaryTokens {
            #expect(card.disabled?.code == expected.code.rawValue, "\(card)")
            #expect(!card.balanceResolved && card.balance == 0)
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(card) }
        }
        #expect(checkout.amountSplit.isEmpty && checkout.remainingAmountToPay == checkout.amount)
        // A checkout opened once the fault clears reads the balance.
        let again = try await rig.open(settle: false)
        await waitUntil { (try? again.savedGiftCard(Catalogue.savedGiftCard40))?.balanceResolved == true }
        let card = try again.savedGiftCard(Catalogue.savedGiftCard40)
        #expect(card.balanceResolved && card.disabled == nil && card.balance == 40)
    }

    /// The phase a failed submit leaves: `outcomeUnknown` when `/validate` was sent and its answer lost (the payment
    /// may have gone through), `error` otherwise.
    private func phase(after error: PurseCheckoutError?, validateSent: Bool) -> SessionState {
        guard let error, validateSent else { return .error }
        return PurseHeadlessCheckout.leavesOutcomeUnknown(error) ? .outcomeUnknown : .error
    }

    // MARK: - Gift cards

    private func getSecondaryToken(_ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation) async throws {
        let checkout = try await rig.open(amount: 80, shopper: nil)
        try checkout.applySecondary(try await checkout.read(.mybeezbox, pan: Catalogue.mybeezbox75), amount: 20)
        let before = ObservedCheckout(checkout)
        let requestsBefore = rig.requests(.gatewayInit)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .gatewayInit)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        }
        rig.sandbox.faults.clear(.gatewayInit)
        expectCellError(error, expected, kind: .secondaryTokenizationFailed, fault: fault, wire: rig.harness.wire)
        #expect(ObservedCheckout(checkout) == before)
        #expect(rig.requests(.gatewayInit) - requestsBefore == expected.requests)
        try checkout.applySecondary(
            try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin))
        #expect(checkout.amountSplit.map(\.amount) == [20, 50] && checkout.remainingAmountToPay == 10)
    }

    private func submitGiftCards(_ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation) async throws {
        let checkout = try await rig.open(amount: 60)
        let illicado = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(illicado)
        try checkout.registerSecondary(illicado, registered: true, name: "Matrix gift")
        try checkout.applySecondary(try await checkout.read(.easy2play, .voucher, pan: Catalogue.voucher10))
        let wallet = rig.harness.demoWallet
        let before = ObservedCheckout(checkout)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .gatewayValidate)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        rig.sandbox.faults.clear(.gatewayValidate)
        expectCellError(error, expected, kind: .api, fault: fault, wire: rig.harness.wire)
        // Documented rollback: the phase is `error` (`outcomeUnknown` when the answer was lost), the split and the
        // registration decision stay.
        var rolledBack = before
        rolledBack.phase = phase(after: error, validateSent: true)
        #expect(ObservedCheckout(checkout) == rolledBack)
        #expect(checkout.registrationOf(illicado).registered)
        #expect(rig.requests(.gatewayValidate) == expected.requests)
        let wentThrough = fault.handled && fault != .timeout
        #expect(rig.sandbox.stats().charges == (wentThrough ? 2 : 0))
        #expect(rig.harness.demoWallet.count == wallet.count + (wentThrough ? 1 : 0))
        // The retry: same split, same key; it charges once in all.
        try await checkout.submitPayment()
        #expect(checkout.sessionState == .submitted)
        #expect(rig.requests(.gatewayValidate) == expected.requests + 1)
        #expect(rig.sandbox.stats().charges == 2)
        #expect(rig.sandbox.balance(ofGiftCard: "illicado-50") == 0)
        #expect(rig.harness.demoWallet.count == wallet.count + 1)
    }

    // MARK: - Cards

    private func savedCard(
        _ call: MatrixCall, _ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation
    ) async throws {
        let checkout = try await rig.open()
        let token: PaymentToken
        let presenter = ShopperPresenter(rig.sandbox)
        if call == .threeDSValidate {
            token = try #require(checkout.paymentTokens.first { $0.id == threeDSVisaID })
        } else {
            token = try rig.harness.demoToken("visa-requires-cvv", in: checkout)
        }
        try checkout.setPrimaryToken(token)
        let element = checkout.paymentElement(for: .paymentToken(token), redirect: presenter)
        await element.prepare()
        element.cvvField?.testingField.cvv = "123"
        try #require(element.isReady)
        let before = ObservedCheckout(checkout)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .gatewayValidate)
        let outcome = await element.submitAndWait()
        rig.sandbox.faults.clear(.gatewayValidate)
        expectCellError(failure(of: outcome), expected, kind: .api, fault: fault, wire: rig.harness.wire)
        var rolledBack = before
        rolledBack.phase = phase(after: failure(of: outcome), validateSent: true)
        #expect(ObservedCheckout(checkout) == rolledBack)
        #expect(rig.requests(.gatewayValidate) == expected.requests)
        #expect(presenter.presented.isEmpty)
        let retry = await element.submitAndWait()
        #expect(rig.requests(.gatewayValidate) == expected.requests + 1)
        if call == .threeDSValidate {
            guard case .returnedFromRedirect = retry else {
                Issue.record("expected returnedFromRedirect, got \(retry)")
                return
            }
            #expect(presenter.presented.count == 1)
        } else {
            #expect(completion(of: retry)?.globalStatus == .success)
        }
        #expect(await rig.harness.authorizationStatus(of: checkout) == "AUTHORIZED")
        #expect(rig.sandbox.stats().charges == 1)
    }

    private func freshCard(
        _ call: MatrixCall, _ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation
    ) async throws {
        let checkout = try await rig.open()
        let method = try #require(checkout.sandboxCardMethod)
        let registers = call == .freshCardValidate
        if registers { try checkout.registerMethod(method, registered: true, name: "Matrix card") }
        try checkout.setPrimary(method)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        let form = try #require(element.cardForm)
        await enterCard(form, pan: "4111111111111111")
        try #require(element.isReady)
        let wallet = rig.harness.demoWallet
        let before = ObservedCheckout(checkout)
        let vaultBefore = rig.requests(.vault)
        let route: SandboxRoute = registers ? .gatewayValidate : .vault
        let routeBefore = rig.requests(route)
        rig.sandbox.faults.inject(fault.sandboxFault, on: route)
        let outcome = await element.submitAndWait()
        rig.sandbox.faults.clear(route)
        expectCellError(failure(of: outcome), expected, kind: .api, fault: fault, wire: rig.harness.wire)
        var rolledBack = before
        rolledBack.phase = phase(after: failure(of: outcome), validateSent: registers)
        #expect(ObservedCheckout(checkout) == rolledBack)
        #expect(rig.requests(route) - routeBefore == expected.requests)
        if registers {
            #expect(rig.requests(.vault) - vaultBefore == 1)
        } else {
            #expect(rig.requests(.gatewayValidate) == 0)
        }
        let retry = await element.submitAndWait()
        #expect(completion(of: retry)?.globalStatus == .success)
        // After a lost /validate answer the form token is reused: no second tokenization, same key.
        if registers { #expect(rig.requests(.vault) - vaultBefore == 1) }
        #expect(rig.sandbox.stats().charges == 1)
        #expect(rig.harness.demoWallet.count == wallet.count + (registers ? 1 : 0))
        #expect(await rig.harness.authorizationStatus(of: checkout) == "AUTHORIZED")
    }

    private func binLookup(_ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation) async throws {
        let checkout = try await rig.open()
        let method = try #require(checkout.sandboxCardMethod)
        try checkout.setPrimary(method)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        let form = try #require(element.cardForm)
        let before = ObservedCheckout(checkout)
        let requestsBefore = rig.requests(.vault)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .vault)
        form.testingFields.pan = "4111111111111111"
        await form.settleBrandLookup()
        rig.sandbox.faults.clear(.vault)
        #expect(rig.requests(.vault) - requestsBefore == expected.requests)
        // Documented fallback: the local IIN table, and a warning naming the code.
        #expect(form.brandSource == .localFallback && form.brand == .visa)
        let warnings = rig.logs.lines.filter { $0.message.contains("BIN look-up failed") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("(\(expected.code.rawValue))") == true, "\(warnings)")
        #expect(ObservedCheckout(checkout) == before)
        form.testingFields.pan = "5555555555554444"
        await form.settleBrandLookup()
        #expect(form.brandSource == .vault && form.brand == .mastercard)
    }

    // MARK: - Redirection

    private func redirection(
        _ call: MatrixCall, _ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation
    ) async throws {
        let checkout = try await rig.open(shopper: nil)
        let method = try #require(checkout.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        try checkout.setPrimary(method)
        let presenter = ShopperPresenter(rig.sandbox)
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
        await element.prepare()
        let before = ObservedCheckout(checkout)
        let route: SandboxRoute = call == .redirectionInit ? .gatewayInit : .gatewayValidate
        rig.sandbox.faults.inject(fault.sandboxFault, on: route)
        let outcome = await element.submitAndWait()
        rig.sandbox.faults.clear(route)
        expectCellError(failure(of: outcome), expected, kind: .api, fault: fault, wire: rig.harness.wire)
        var rolledBack = before
        rolledBack.phase = phase(after: failure(of: outcome), validateSent: call != .redirectionInit)
        #expect(ObservedCheckout(checkout) == rolledBack)
        #expect(rig.requests(route) == expected.requests)
        if call == .redirectionInit { #expect(rig.requests(.gatewayValidate) == 0) }
        #expect(presenter.presented.isEmpty)
        let retry = await element.submitAndWait()
        guard case .returnedFromRedirect = retry else {
            Issue.record("expected returnedFromRedirect, got \(retry)")
            return
        }
        #expect(presenter.presented.count == 1)
        #expect(await rig.harness.authorizationStatus(of: checkout) == "AUTHORIZED")
        #expect(rig.sandbox.stats().charges == 1)
    }

    // MARK: - Wallet

    private func walletCall(
        _ call: MatrixCall, _ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation
    ) async throws {
        let checkout = try await rig.open()
        let token = try rig.harness.demoToken("visa-requires-cvv", in: checkout)
        let giftCard = try checkout.savedGiftCard(Catalogue.savedGiftCard40)
        let favorite = token.favorite
        let before = ObservedCheckout(checkout)
        let requestsBefore = rig.requests(.wallet)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .wallet)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await perform(call, checkout, token: token, giftCard: giftCard)
        }
        rig.sandbox.faults.clear(.wallet)
        expectCellError(error, expected, kind: .walletOperationFailed, fault: fault, wire: rig.harness.wire)
        // Unchanged: a rename or delete shows only once confirmed; an optimistic star is put back.
        #expect(ObservedCheckout(checkout) == before)
        expectRequests(
            rig.requests(.wallet) - requestsBefore, expected, call: call, fault: fault, wire: rig.harness.wire)
        // The retry. A delete the wallet did before the answer was lost is `MISSING_TOKEN` now, and the token
        // leaves the checkout too (documented); every other retry succeeds.
        let goneAlready = call == .deleteToken && fault.handled && fault != .timeout
        if goneAlready {
            let missing = await #expect(throws: PurseCheckoutError.self) {
                try await perform(call, checkout, token: token, giftCard: giftCard)
            }
            #expect(missing?.code == .missingToken)
        } else {
            try await perform(call, checkout, token: token, giftCard: giftCard)
        }
        switch call {
        case .editToken:
            #expect(checkout.paymentTokens.first { $0.id == token.id }?.name == "Matrix rename")
        case .setTokenFavorite:
            #expect(checkout.paymentTokens.first { $0.id == token.id }?.favorite == !favorite)
        case .deleteToken:
            #expect(!checkout.paymentTokens.contains { $0.id == token.id })
            #expect(!rig.harness.demoWallet.contains(token.id))
        default:
            #expect((try? checkout.savedGiftCard(giftCard.id))?.name == "Matrix rename")
        }
    }

    private func perform(
        _ call: MatrixCall, _ checkout: PurseHeadlessCheckout, token: PaymentToken, giftCard: SavedSecondaryToken
    ) async throws {
        switch call {
        case .editToken: try await checkout.editToken(token, name: "Matrix rename")
        case .setTokenFavorite: try await checkout.setTokenFavorite(token)
        case .deleteToken: try await checkout.deleteToken(token)
        default: try await checkout.editToken(giftCard, name: "Matrix rename")
        }
    }

    private func deleteAllTokens(_ rig: MatrixRig, _ fault: MatrixFault, _ expected: CellExpectation) async throws {
        let checkout = try await rig.open()
        let before = ObservedCheckout(checkout)
        #expect(!before.tokens.isEmpty)
        let requestsBefore = rig.requests(.wallet)
        rig.sandbox.faults.inject(fault.sandboxFault, on: .wallet)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.deleteAllTokens() }
        rig.sandbox.faults.clear(.wallet)
        expectCellError(error, expected, kind: .walletOperationFailed, fault: fault, wire: rig.harness.wire)
        #expect(ObservedCheckout(checkout) == before)
        expectRequests(
            rig.requests(.wallet) - requestsBefore, expected, call: .deleteAllTokens, fault: fault,
            wire: rig.harness.wire)
        try await checkout.deleteAllTokens()
        #expect(checkout.paymentTokens.isEmpty && checkout.savedSecondaryTokens.isEmpty)
        #expect(rig.harness.demoWallet.isEmpty)
    }
}

/// At most one payment per order, each gift card debited at most once.
@MainActor
func expectAtMostOneCharge(_ rig: MatrixRig, sourceLocation: SourceLocation = #_sourceLocation) {
    let stats = rig.sandbox.stats()
    #expect(stats.chargesPerPayment.count <= 1, "\(stats.chargesPerPayment)", sourceLocation: sourceLocation)
    #expect(stats.chargesPerGiftCard.values.allSatisfy { $0 <= 1 }, sourceLocation: sourceLocation)
}

/// Waits (bounded: 5 s) for something another task or process does, such as a late request the sandbox
/// releases; checks every 10 ms.
func waitUntil(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async {
    for _ in 0..<500 {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
