import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer
import Testing
import ToolsLock

/// How a test reaches the sandbox: the same test body runs both ways.
enum Wire: String, CaseIterable, CustomStringConvertible, Sendable {
    /// `SandboxTransport`: in-process, no socket.
    case inProcess
    /// `URLSessionTransport` against a `SandboxServer` on 127.0.0.1 and an ephemeral port.
    case loopback

    var description: String { rawValue }
}

/// A sandbox (and, over loopback, its server) for one test.
final class Harness: Sendable {
    let wire: Wire
    let sandbox: PurseSandbox
    let server: SandboxServer?
    let serverTime: MutableTime
    /// Whether the sandbox waits on a test clock rather than in real time.
    let clockIsSimulated: Bool

    init(
        _ wire: Wire, clock: any Clock<Duration> = ContinuousClock(), catalogue: SandboxCatalogue = .standard
    ) throws {
        let serverTime = MutableTime(Date())
        self.wire = wire
        clockIsSimulated = !(clock is ContinuousClock)
        self.serverTime = serverTime
        sandbox = try PurseSandbox(
            configuration: SandboxConfiguration(clock: clock, now: { serverTime.value }, catalogue: catalogue))
        if wire == .loopback {
            // A short read timeout: libcurl (FoundationNetworking) may resend a POST whose reused connection
            // was dropped without its body; the server then answers 408 instead of waiting 10 s.
            let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(1))
            try server.start()
            self.server = server
        } else {
            server = nil
        }
    }

    deinit { server?.stop() }

    /// The checkout configuration for this wire (its transport), with `configure` applied.
    func configuration(_ configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }) -> PurseCheckoutConfiguration
    {
        var configuration = PurseCheckoutConfiguration(
            transport: wire == .loopback ? URLSessionTransport() : SandboxTransport(sandbox), now: { Date() })
        if clockIsSimulated {
            // The sandbox's slow answers wait on the test clock while the request's timeout runs in real time:
            // on a loaded machine (a sanitizer run) the test may take longer than the default 30 s to advance
            // the clock. Tests of the timeout itself set their own.
            configuration.requestTimeout = .seconds(600)
        }
        configure(&configuration)
        return configuration
    }

    @MainActor
    func openCheckout(
        amount: Decimal = Harness.defaultAmount, shopper: String? = PurseSandbox.demoShopper,
        configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }
    ) async throws -> PurseHeadlessCheckout {
        let session = try sandbox.createClientSession(amount: amount, shopper: shopper)
        return try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration(configure))
    }

    /// The order amount ``openCheckout(amount:shopper:configure:)`` uses when none is given.
    static let defaultAmount = Decimal(string: "42.99")!

    /// ``openCheckout(amount:shopper:configure:)`` with every request it sends recorded in the returned ``CallLog``.
    @MainActor
    func openRecordedCheckout(
        amount: Decimal = Harness.defaultAmount, shopper: String? = PurseSandbox.demoShopper,
        configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }
    ) async throws -> (PurseHeadlessCheckout, CallLog) {
        var calls: CallLog?
        let checkout = try await openCheckout(amount: amount, shopper: shopper) { configuration in
            let log = CallLog(configuration.transport)
            calls = log
            configuration.transport = log
            configure(&configuration)
        }
        return (checkout, try #require(calls))
    }

    func status(of checkout: PurseHeadlessCheckout) async -> SandboxClientSessionStatus? {
        let id = await checkout.session.id
        return sandbox.clientSessionStatus(id: id)
    }
}

final class MutableTime: Sendable {
    private let storage: Locked<Date>
    init(_ date: Date) { storage = Locked(date) }
    var value: Date {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
