import Foundation
import Testing

@testable import PurseHeadlessCheckout

@MainActor
@Suite("Opening a checkout")
struct CheckoutOpeningTests {
    @Test("opens ready, lists stable primary methods by position and keeps tokens apart")
    func opensAndLists() async throws {
        let (checkout, transport) = try await TestSessions.open()
        #expect(checkout.sessionState == .ready)
        #expect(
            checkout.paymentMethods.map(\.id) == [
                "fintecture-instantpayment", "alma-cb2x", "payzen-creditcard", "payline-creditcard",
            ])
        #expect(!checkout.paymentMethods.contains { $0.id == "klarna-installments" })
        #expect(checkout.session.unstableMethodIDs == ["klarna-installments"])
        #expect(checkout.secondaryMethods.map(\.id) == ["easy2play-voucher", "illicado-giftcard"])
        #expect(checkout.paymentTokens.map(\.id) == ["tok-cvv", "tok-nocvv", "tok-pci"])
        #expect(checkout.currency == "EUR")
        #expect(checkout.amount == Decimal(string: "42.99"))
        #expect(checkout.remainingAmountToPay == Decimal(string: "42.99"))
        #expect(checkout.amountSplit.isEmpty)
        #expect(!checkout.isPaymentFulfilled)
        #expect(checkout.primary == nil)
        // Opening costs exactly one call: the server time.
        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:9/clock/datetime")
        #expect(transport.requests.first?.header("x-api-key") == "pk_test")
    }

    @Test("an expired session is refused against server time, even when the device clock disagrees")
    func expiredAgainstServerTime() async throws {
        let serverTime = TestSessions.expiry.addingTimeInterval(1)
        let transport = StubTransport.withServerTime(serverTime)
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.serverNow })  // the device thinks it is earlier
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
        }
        #expect(error?.code == .expiredSession)
        #expect(error?.kind == .session)
    }

    @Test("a session valid on the server opens even if the device clock is past its expiry")
    func serverTimeWins() async throws {
        let transport = StubTransport.withServerTime(TestSessions.serverNow)
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.expiry.addingTimeInterval(3600) })
        let checkout = try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(), configuration: configuration)
        #expect(checkout.sessionState == .ready)
    }

    @Test("without server time, expiry is checked against the device clock")
    func fallsBackToDeviceClock() async throws {
        let entries = LogSink()
        let transport = StubTransport { _ in throw TransportError(.connectionFailed) }
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.expiry.addingTimeInterval(1) }, logHandler: entries.append)
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
        }
        #expect(error?.code == .expiredSession)
        #expect(entries.lines.contains { $0.level == .warning && $0.message.contains("server time unavailable") })
    }

    @Test("an API no connection can be made to is API_UNREACHABLE at opening, not a checkout that fails at Pay")
    func unreachableAtOpening() async throws {
        let entries = LogSink()
        let transport = StubTransport { _ in throw TransportError(.cannotConnect, detail: "connection refused") }
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.serverNow }, logHandler: entries.append)
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
        }
        #expect(error?.code == .apiUnreachable && error?.kind == .api)
        #expect(
            error?.message
                == "the checkout cannot open: Datetime API GET /datetime was not sent: could not connect to "
                + "127.0.0.1:9; nothing reached the server, so nothing was processed")
        #expect(!entries.lines.contains { $0.message.contains("server time unavailable") })
    }

    @Test("malformed widget data fails before any network call")
    func malformedWidgetData() async throws {
        let transport = StubTransport.withServerTime(TestSessions.serverNow)
        let configuration = PurseCheckoutConfiguration(transport: transport)
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await PurseHeadlessCheckout(widgetData: "%%%not base64%%%", configuration: configuration)
        }
        #expect(error?.code == .widgetDataMalformed)
        #expect(transport.requests.isEmpty)
    }

    @Test("cancelling the opening task stops it with REQUEST_CANCELLED")
    func cancellation() async throws {
        let transport = StubTransport { _ in
            try await StubTransport.parkUntilCancelled()
        }
        let configuration = PurseCheckoutConfiguration(transport: transport)
        let task = Task { @MainActor in
            try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
        }
        while transport.requests.isEmpty { await Task.yield() }
        task.cancel()
        let result = await task.result
        #expect(throws: PurseCheckoutError.self) { try result.get() }
        if case .failure(let error as PurseCheckoutError) = result { #expect(error.code == .requestCancelled) }
    }

    @Test("configuration roots override the widget data's apiPaths")
    func rootsOverride() async throws {
        let transport = StubTransport.withServerTime(TestSessions.serverNow)
        let roots = APIRoots.sandbox(base: URL(string: "http://127.0.0.1:4242")!)
        let configuration = PurseCheckoutConfiguration(transport: transport, apiRoots: roots)
        _ = try await PurseHeadlessCheckout(widgetData: TestSessions.widgetData(), configuration: configuration)
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:4242/clock/datetime")
    }
}

/// Collects log lines from the checkout.
final class LogSink: Sendable {
    private let storage = Locked<[PurseLogEntry]>([])
    var lines: [PurseLogEntry] { storage.withLock { $0 } }
    var append: @Sendable (PurseLogEntry) -> Void { { entry in self.storage.withLock { $0.append(entry) } } }
}
