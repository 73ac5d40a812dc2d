import Foundation
import PurseCheckoutPayPal
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer
import Testing
import ToolsLock

/// How a PayPal test reaches the sandbox: the same body runs in-process and over loopback HTTP.
enum PayPalWire: String, CaseIterable, Sendable, CustomStringConvertible {
    case inProcess, loopback
    var description: String { rawValue }
}

/// A sandbox (and, over loopback, its server) and a registry with PayPal registered: never `.shared`, which
/// other tests of the process expect to route `paypal_wallet` nowhere.
final class PayPalHarness: Sendable {
    let sandbox: PurseSandbox
    let server: SandboxServer?
    let registry = PluginRegistry()
    let wire: PayPalWire

    init(_ wire: PayPalWire) throws {
        self.wire = wire
        sandbox = try PurseSandbox()
        if wire == .loopback {
            let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(1))
            _ = try server.start()
            self.server = server
        } else {
            server = nil
        }
        PurseCheckoutPayPal.register(on: registry)
    }

    deinit { server?.stop() }

    /// The transport of this wire: `SandboxTransport`, or `URLSessionTransport` to the loopback server.
    func wireTransport() -> any HTTPTransport {
        wire == .loopback ? URLSessionTransport() : SandboxTransport(sandbox)
    }

    @MainActor
    func openCheckout(
        shopper: String? = PurseSandbox.demoShopper, transport: (any HTTPTransport)? = nil
    ) async throws -> PurseHeadlessCheckout {
        let session = try sandbox.createClientSession(amount: Decimal(string: "42.99") ?? 0, shopper: shopper)
        let configuration = PurseCheckoutConfiguration(
            transport: transport ?? wireTransport(), now: { Date() }, pluginRegistry: registry)
        return try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
    }

    func authorizationStatus(_ checkout: PurseHeadlessCheckout) async -> String? {
        let id = await checkout.session.id
        return sandbox.clientSessionStatus(id: id)?.payment?.authorizationStatus
    }

    @MainActor
    func savedAccount(in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        let id = try #require(sandbox.catalogue.shopper(PurseSandbox.demoShopper)?.token("paypal-account")?.id)
        return try #require(checkout.paymentTokens.first { $0.id == id })
    }
}

/// Approves (or cancels) the sandbox's hosted page in-process, as the shopper would in a browser.
@MainActor
final class PayPalShopper: RedirectPresenter {
    let sandbox: PurseSandbox
    let decision: String
    private(set) var presented: [RedirectAction] = []

    init(_ sandbox: PurseSandbox, decision: String = "approve") {
        self.sandbox = sandbox
        self.decision = decision
    }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        presented.append(action)
        guard case .get(let page) = action else { return .canceled }
        let answer = await sandbox.handle(
            SandboxRequest(
                method: "POST", path: page.path + "/decision",
                headers: ["content-type": "application/x-www-form-urlencoded"], body: Data("decision=\(decision)".utf8))
        )
        guard let location = answer.header("location").flatMap(URL.init(string:)) else { return .canceled }
        return .returned(location)
    }
}

/// Passes requests through, recording them, and lets a test rewrite answers.
final class RecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    let rewrite: @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse
    private let recorded = Locked<[HTTPRequest]>([])

    init(
        _ base: any HTTPTransport,
        rewrite: @escaping @Sendable (HTTPRequest, HTTPResponse) -> HTTPResponse = { $1 }
    ) {
        self.base = base
        self.rewrite = rewrite
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return rewrite(request, try await base.send(request))
    }

    /// The JSON bodies of the requests whose path ends with `suffix`.
    func bodies(endingWith suffix: String) -> [JSONValue] {
        recorded.withLock { $0 }.filter { $0.url.path.hasSuffix(suffix) }.compactMap {
            $0.body.flatMap { try? JSONValue.parse($0) }
        }
    }
}
