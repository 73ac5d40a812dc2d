import Foundation
import PurseCheckoutTesting
import PurseSandbox
import PurseSandboxServer
import Testing

@testable import PurseHeadlessCheckout

/// `URLSessionTransport`'s own deadlines, against a sandbox server that never answers in time.
@Suite("URLSessionTransport deadlines")
struct TransportTimeoutTests {
    @Test("sub-second deadlines are rounded up to a whole second where FoundationNetworking truncates them")
    func timeoutRounding() {
        #if canImport(FoundationNetworking)
            #expect(URLSessionTransport.timeoutInterval(.milliseconds(300)) == 1)
            #expect(URLSessionTransport.timeoutInterval(.milliseconds(1500)) == 2)
        #else
            #expect(URLSessionTransport.timeoutInterval(.milliseconds(300)) == 0.3)
        #endif
        #expect(URLSessionTransport.timeoutInterval(.seconds(30)) == 30)
    }

    @Test("a request that outlives its timeout is NETWORK_ERROR 'timed out', not sooner")
    @MainActor
    func timeout() async throws {
        let clock = TestClock()
        let harness = try Harness(.loopback, clock: clock)
        let session = try harness.sandbox.createClientSession(amount: 10)
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData, configuration: harness.configuration())
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        harness.sandbox.faults.inject(.latency(.seconds(60)), on: .gatewayValidate)  // parked on the test clock
        let api = PaymentAPI(
            client: APIClient(transport: URLSessionTransport(), timeout: .milliseconds(300), log: Logger(handler: nil)),
            roots: checkout.roots, apiKey: checkout.session.apiKey)
        let started = ContinuousClock.now
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.validate(
                sessionID: checkout.session.id,
                items: [ItemPayload(partner: .payzen, method: .creditcard, amount: 1000)], idempotencyKey: "k")
        }
        #expect(error?.code == .networkError)
        #expect(
            error?.message
                == "Payment API POST /validate failed: timed out; the outcome is unknown: the server may have"
                + " processed it. A retry with the same idempotency key cannot apply it twice; or confirm the payment's"
                + " status on your backend")
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        await clock.advance(by: .seconds(60))  // release the parked handler
    }

    @Test("a closed port is API_UNREACHABLE, not a crash or a hang")
    func connectionRefused() async throws {
        let server = SandboxServer(sandbox: try PurseSandbox())
        let base = try server.start()
        server.stop()
        let api = PaymentAPI(
            client: APIClient(transport: URLSessionTransport(), timeout: .seconds(5), log: Logger(handler: nil)),
            roots: .sandbox(base: base), apiKey: "k")
        let error = await #expect(throws: PurseCheckoutError.self) { _ = try await api.serverTime() }
        #expect(error?.code == .apiUnreachable)
    }
}
