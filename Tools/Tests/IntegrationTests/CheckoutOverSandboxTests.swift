import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The SDK against the sandbox, each test run in-process and over loopback HTTP with the real
/// `URLSessionTransport`.
@MainActor
@Suite("Checkout against the sandbox")
struct CheckoutOverSandboxTests {
    @Test("the demo shopper's session decodes: methods, saved instruments, gift cards", arguments: Wire.allCases)
    func opensDemoSession(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        #expect(checkout.sessionState == .ready)
        #expect(checkout.amount == Decimal(string: "42.99"))
        #expect(checkout.currency == "EUR")
        let ids = checkout.paymentMethods.map(\.id)
        #expect(ids.first == "payzen-creditcard")
        #expect(ids.contains("fintecture-instantpayment"))
        #expect(!ids.contains("adyen-googlepay"))  // stable: false
        #expect(checkout.secondaryMethods.map(\.partner).contains(.illicado))
        #expect(checkout.paymentTokens.contains { $0.brand == "PAYPAL" && !$0.isVaultedCard })
        #expect(checkout.paymentTokens.contains { $0.paysWithoutCVV })
        #expect(checkout.paymentTokens.contains { $0.requiresCVV })
        #expect(!checkout.savedSecondaryTokens.isEmpty)
        #expect(checkout.session.walletSession?.ownerReference == PurseSandbox.demoShopper)
        let redirection = try #require(checkout.paymentMethods.first { $0.id == "alma-cb2x" })
        #expect(
            PluginRegistry.shared.plugin(
                partner: redirection.partner, method: redirection.method, session: checkout.session.source)
                is any RedirectionPlugin)
    }

    @Test("a saved card without CVV pays; the server confirms AUTHORIZED, one charge", arguments: Wire.allCases)
    func paysWithSavedCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        let card = try #require(checkout.paymentTokens.first { $0.paysWithoutCVV })
        try checkout.setPrimaryToken(card)
        #expect(checkout.isPaymentFulfilled)
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(result.redirection == nil)
        #expect(checkout.sessionState == .submitted)
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.authorizationStatus == "AUTHORIZED")
        #expect(status?.payment?.amount == 4299)
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test("a redirection method runs /init then /validate and gets the PSP page to open", arguments: Wire.allCases)
    func redirectionMethod(wire: Wire) async throws {
        let harness = try Harness(wire)
        // A shopper with no saved gift cards: opening reads no balances, so every /init counted is the payment's.
        let checkout = try await harness.openCheckout(shopper: PurseSandbox.emptyShopper)
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" }))
        let result = try await checkout.submitPayment()
        guard case .get(let url) = result.redirection else {
            Issue.record("expected a GET redirect, got \(String(describing: result.redirection))")
            return
        }
        #expect(url.absoluteString.hasPrefix(harness.sandbox.baseURL + "/pages/psp/"))
        let status = await harness.status(of: checkout)
        #expect(status?.payment?.authorizationStatus == "PENDING")
        #expect(harness.sandbox.stats().requests(.gatewayInit) == 1)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
    }

    @Test("a session the server says has expired is refused at opening", arguments: Wire.allCases)
    func expiredSession(wire: Wire) async throws {
        let harness = try Harness(wire)
        let session = try harness.sandbox.createClientSession(amount: 10)
        harness.serverTime.value = session.expiresAt.addingTimeInterval(1)
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: harness.configuration())
        }
        #expect(error?.code == .expiredSession)
    }

    @Test("a dropped /validate answer is retried with the same key: AUTHORIZED, one charge", arguments: Wire.allCases)
    func droppedValidateIsReplayed(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        harness.sandbox.faults.inject(.drop(count: 1), on: .gatewayValidate)
        let lost = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        // In-process, and with most HTTP clients, the answer is simply lost. libcurl (FoundationNetworking on
        // Linux) resends a POST whose reused connection died, without its body: the server then answers 408.
        // Either way nothing was confirmed, and the retry below must not charge twice.
        let lostAnswer = lost?.code == .networkError || (wire == .loopback && lost?.httpStatus == 408)
        #expect(lostAnswer, "\(String(describing: lost))")
        // A lost answer leaves the outcome unknown; a 408 says the server never read the request.
        #expect(checkout.sessionState == (lost?.code == .networkError ? .outcomeUnknown : .error))
        try await checkout.submitPayment()
        #expect(checkout.sessionState == .submitted)
        #expect(harness.sandbox.stats().charges == 1)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 2)
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }

    @Test(
        "gateway faults become typed errors and charge nothing",
        arguments: Wire.allCases, [500, 502, 503])
    func gatewayStatusFaults(wire: Wire, status: Int) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        harness.sandbox.faults.inject(.status(status, count: 1), on: .gatewayValidate)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .apiError)
        #expect(error?.message == "Payment API POST /validate failed: HTTP \(status)")
        #expect(harness.sandbox.stats().charges == 0)
        try await checkout.submitPayment()
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test("a malformed or mistyped /validate answer is INVALID_RESPONSE", arguments: Wire.allCases)
    func malformedAnswer(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        harness.sandbox.faults.inject(.malformed(count: 1), on: .gatewayValidate)
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .invalidResponse)
        // The charge happened server-side; the retry replays it under the same key and charges nothing more.
        try await checkout.submitPayment()
        #expect(harness.sandbox.stats().charges == 1)
    }

    @Test("a wrong API key is refused by the gateway as API_ERROR 401", arguments: Wire.allCases)
    func wrongAPIKey(wire: Wire) async throws {
        let harness = try Harness(wire)
        let session = try harness.sandbox.createClientSession(amount: 10)
        var params = try JSONValue.parse(try #require(Data(base64Encoded: session.widgetData)))
        guard case .object(var members) = params else { return }
        members["apiKey"] = "pk_wrong"
        params = .object(members)
        let checkout = try await PurseHeadlessCheckout(
            widgetData: params.serialized().base64EncodedString(), configuration: harness.configuration())
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .apiError)
        #expect(error?.httpStatus == 401)
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("many concurrent submits on one checkout make exactly one charge", arguments: Wire.allCases)
    func concurrentSubmits(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        let taps = (0..<20).map { _ in Task { @MainActor in (try? await checkout.submitPayment()) != nil } }
        var successes = 0
        for tap in taps where await tap.value { successes += 1 }
        #expect(successes == 1)
        #expect(harness.sandbox.stats().charges == 1)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
    }

    @Test("cancelling while the server is slow cancels the request", arguments: Wire.allCases)
    func cancellation(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        // A shopper without saved gift cards: the time request is the only call of the opening.
        let session = try harness.sandbox.createClientSession(amount: 10, shopper: PurseSandbox.emptyShopper)
        harness.sandbox.faults.inject(.latency(.seconds(60)), on: .datetime)  // never elapses on the test clock
        let configuration = harness.configuration()
        let task = Task { @MainActor in
            try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
        }
        await clock.waitForSleepers()
        #expect(clock.sleeperCount == 1)
        task.cancel()
        let result = await task.result
        guard case .failure(let error as PurseCheckoutError) = result else {
            Issue.record("expected REQUEST_CANCELLED, got \(result)")
            return
        }
        #expect(error.code == .requestCancelled)
        await clock.advance(by: .seconds(60))  // let the parked server handler finish
    }

    @Test(
        "opening sends the balance look-ups with the time request; a failed opening drops them",
        arguments: Wire.allCases)
    func balanceLookUpsGoOutWithTheTimeRequest(wire: Wire) async throws {
        let clock = TestClock()
        let harness = try Harness(wire, clock: clock)
        let session = try harness.sandbox.createClientSession(amount: 10)  // demo shopper: 3 saved gift cards
        // Every call of the opening is parked on arrival; none elapses on the test clock.
        harness.sandbox.faults.inject(.latency(.seconds(60)), on: .datetime)
        harness.sandbox.faults.inject(.latency(.seconds(60)), on: .gatewayInit)
        let configuration = harness.configuration()
        let task = Task { @MainActor in
            try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
        }
        // While the time request is parked, the three look-ups reach the sandbox: they do not wait for it. The
        // limit only bounds a failure; it is generous because under a sanitizer the whole suite shares two
        // cooperative threads.
        await clock.waitForSleepers(4, limit: .seconds(90))
        #expect(harness.sandbox.stats().requests(.gatewayInit) == 3)
        #expect(harness.sandbox.stats().requests(.datetime) == 1)
        task.cancel()
        let result = await task.result
        guard case .failure(let error as PurseCheckoutError) = result else {
            Issue.record("expected REQUEST_CANCELLED, got \(result)")
            return
        }
        #expect(error.code == .requestCancelled)
        #expect(harness.sandbox.stats().charges == 0)
        await clock.advance(by: .seconds(60))  // let the parked server handlers finish
    }

    @Test("an expired session is refused even though its balance look-ups already went out")
    func expiredSessionWithSavedGiftCards() async throws {
        let harness = try Harness(.inProcess)
        let session = try harness.sandbox.createClientSession(amount: 10)
        harness.sandbox.faults.inject(.status(503, count: 1), on: .datetime)  // the device clock decides
        let configuration = harness.configuration { $0.now = { Date().addingTimeInterval(24 * 3600) } }
        do {
            _ = try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
            Issue.record("an expired session opened")
        } catch {
            #expect(PurseCheckoutError(error).code == .expiredSession)
        }
        #expect(harness.sandbox.stats().charges == 0)
    }
}
