import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "Never sent" (no connection could be made) against "sent, no answer" (the connection was lost after the request
/// was written), through the real `URLSessionTransport` over 127.0.0.1.
@Suite("Never sent or sent with no answer")
final class NeverSentTests: Sendable {
    /// A socket bound to a port of 127.0.0.1 (the system picks a free one) and never listening: connecting to it is
    /// refused, and while the suite holds it no other test can take the port. (A port closed again at once could be
    /// picked by the next server a parallel test starts, which then answers.)
    private let descriptor: Int32
    /// `http://127.0.0.1:<that port>`.
    let closedBase: URL

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        var read = sockaddr_in()
        var readLength = length
        let named = withUnsafeMutablePointer(to: &read) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &readLength) }
        }
        guard bound == 0, named == 0, let base = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: read.sin_port))")
        else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        closedBase = base
    }

    deinit { close(descriptor) }

    @Test("URLSessionTransport reports a refused connection as cannotConnect, for a GET and for a POST with a body")
    func transportKind() async throws {
        let base = closedBase
        for request in [
            HTTPRequest(method: "GET", url: base.appendingPathComponent("clock/datetime"), timeout: .seconds(10)),
            HTTPRequest(
                method: "POST", url: base.appendingPathComponent("gateway/sessions/ps-1/validate"),
                headers: ["Content-Type": "application/json"], body: Data(#"[{"amount":100}]"#.utf8),
                timeout: .seconds(10)),
        ] {
            let error = await #expect(throws: TransportError.self) { _ = try await URLSessionTransport().send(request) }
            #expect(error?.kind == .cannotConnect, "\(request.method): \(String(describing: error))")
        }
    }

    @Test("a payment and a balance look-up to a closed port are API_UNREACHABLE: not sent, nothing processed")
    func callsNeverSent() async throws {
        let base = closedBase
        let api = PaymentAPI(
            client: APIClient(transport: URLSessionTransport(), timeout: .seconds(10), log: Logger(handler: nil)),
            roots: .sandbox(base: base), apiKey: "k")
        let validate = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.validate(
                sessionID: "ps-1", items: [ItemPayload(partner: .payzen, method: .creditcard, amount: 1000)],
                idempotencyKey: "k-1")
        }
        #expect(validate?.code == .apiUnreachable && validate?.kind == .api)
        #expect(
            validate?.message
                == "Payment API POST /validate was not sent: could not connect to 127.0.0.1:\(base.port ?? 0); nothing "
                + "reached the server, so nothing was processed")
        let balance = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.initialize(
                sessionID: "ps-1", item: ItemPayload(partner: .illicado, method: .giftcard, amount: 1000))
        }
        #expect(balance?.code == .apiUnreachable)
        #expect(balance?.message.contains("may have") == false)
        #expect(balance?.localizedMessage.key == "error.API_UNREACHABLE")
    }

    @Test("a checkout opened against an API that nothing answers says so at open, and its balance look-ups stop")
    @MainActor
    func openAgainstClosedPort() async throws {
        let sandbox = try PurseSandbox()
        let session = try sandbox.createClientSession(amount: 42, shopper: PurseSandbox.demoShopper)
        let base = closedBase
        let configuration = PurseCheckoutConfiguration(
            transport: URLSessionTransport(), apiRoots: .sandbox(base: base), requestTimeout: .seconds(10))
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
        }
        #expect(error?.code == .apiUnreachable, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("the checkout cannot open: Datetime API GET /datetime was not sent") == true)
        #expect(sandbox.stats().requests(.gatewayInit) == 0)  // nothing reached the sandbox itself
    }

    @Test(
        "sent, no answer (the sandbox drops or resets the connection): a balance look-up says it charges nothing",
        arguments: [SandboxFault.drop(), .reset()])
    @MainActor
    func balanceLookUpLostAnswer(fault: SandboxFault) async throws {
        let harness = try Harness(.loopback)
        let checkout = try await harness.openCheckout(shopper: PurseSandbox.emptyShopper)
        let illicado = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        harness.sandbox.faults.inject(fault, on: .gatewayInit)
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await checkout.getSecondaryToken(method: illicado, pan: "6003580000000000011", cvv: "1234")
        }
        harness.sandbox.faults.clearAll()
        // libcurl may resend the dropped POST without its body and get the sandbox's 408: the same lost answer.
        #expect(error?.code == .networkError || error?.httpStatus == 408, "\(String(describing: error))")
        #expect(error?.message.contains("may have") == false, "\(String(describing: error))")
        #expect(error?.message.contains("outcome is unknown") == false)
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("sent, no answer to /validate is still an unknown outcome, and the retry reuses the idempotency key")
    @MainActor
    func validateLostAnswerStaysUnknown() async throws {
        let harness = try Harness(.loopback)
        let checkout = try await harness.openCheckout()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.paysWithoutCVV }))
        harness.sandbox.faults.inject(.drop(), on: .gatewayValidate)
        let lost = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        harness.sandbox.faults.clearAll()
        #expect(lost?.code == .networkError, "\(String(describing: lost))")
        #expect(lost?.message.contains("the outcome is unknown: the server may have processed it") == true)
        #expect(lost?.message.contains("same idempotency key") == true)
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(harness.sandbox.stats().chargesPerPayment.count == 1)
    }
}
