import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// Plays the shopper on the sandbox's hosted pages (3-D Secure challenge, PSP page): takes `decision` on the
/// page the action opens, and reports the return URL the page redirects to. The "browser" talks to the
/// sandbox in-process whatever the wire of the checkout under test.
@MainActor
final class ShopperPresenter: RedirectPresenter {
    let sandbox: PurseSandbox
    /// What the shopper chooses on the page: `approve`, `decline` or `cancel`; a test may change its mind between attempts.
    var decision: String
    private(set) var presented: [RedirectAction] = []

    init(_ sandbox: PurseSandbox, decision: String = "approve") {
        self.sandbox = sandbox
        self.decision = decision
    }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        presented.append(action)
        guard case .get(let page) = action else {
            return .failed(PurseCheckoutError(.unknownError, message: "the test shopper only follows GET pages"))
        }
        let answer = await sandbox.handle(
            SandboxRequest(
                method: "POST", path: page.path + "/decision",
                headers: ["content-type": "application/x-www-form-urlencoded"], body: Data("decision=\(decision)".utf8))
        )
        guard answer.status == 303, let location = answer.header("location").flatMap(URL.init(string:)) else {
            return .failed(PurseCheckoutError(.unknownError, message: "the page answered HTTP \(answer.status)"))
        }
        return .returned(location)
    }
}

/// Collects every log line of a checkout.
final class LogLines: Sendable {
    private let storage = Locked<[PurseLogEntry]>([])
    var lines: [PurseLogEntry] { storage.withLock { $0 } }
    var handler: @Sendable (PurseLogEntry) -> Void { { entry in self.storage.withLock { $0.append(entry) } } }
}

extension Harness {
    /// The wallet id of the demo shopper's saved instrument `slug` (`visa-requires-cvv`, `paypal-account`, …).
    func demoTokenID(_ slug: String) throws -> String {
        try #require(sandbox.catalogue.shopper(PurseSandbox.demoShopper)?.token(slug)?.id)
    }

    /// The demo shopper's saved instrument `slug` as `checkout` lists it.
    @MainActor
    func demoToken(_ slug: String, in checkout: PurseHeadlessCheckout) throws -> PaymentToken {
        let id = try demoTokenID(slug)
        return try #require(checkout.paymentTokens.first { $0.id == id })
    }

    /// The demo shopper's wallet as the sandbox holds it now.
    var demoWallet: [String] { sandbox.walletTokenIDs(of: PurseSandbox.demoShopper) }
}

extension PurseHeadlessCheckout {
    /// The Purse-vault card method of the sandbox.
    var sandboxCardMethod: PrimaryMethod? { paymentMethods.first { $0.id == "payzen-creditcard" } }
}

/// Fills a sandbox card form and waits for its BIN look-up.
@MainActor
func enterCard(_ form: CardForm, pan: String, cvv: String = "123", expiry: String = "12/34") async {
    form.testingFields.pan = pan
    form.expiry = expiry
    form.testingFields.cvv = cvv
    form.holderName = "Camille Martin"
    await form.settleBrandLookup()
}

/// The outcome's error, or a recorded issue.
func failure(of outcome: PaymentOutcome, sourceLocation: SourceLocation = #_sourceLocation) -> PurseCheckoutError? {
    guard case .failed(let error) = outcome else {
        Issue.record("expected failed, got \(outcome)", sourceLocation: sourceLocation)
        return nil
    }
    return error
}

/// The outcome's result, or a recorded issue.
func completion(of outcome: PaymentOutcome, sourceLocation: SourceLocation = #_sourceLocation) -> ValidationResult? {
    guard case .completed(let result) = outcome else {
        Issue.record("expected completed, got \(outcome)", sourceLocation: sourceLocation)
        return nil
    }
    return result
}

/// The checkout's transport, recording what it sends: the sandbox counts requests per route only, and
/// saved gift cards' balance look-ups run `/init` in the background of every demo-shopper checkout.
final class CallLog: HTTPTransport {
    private let base: any HTTPTransport
    private let recorded = Locked<[HTTPRequest]>([])

    init(_ base: any HTTPTransport) { self.base = base }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await base.send(request)
    }

    /// The JSON bodies sent to paths ending in `suffix`, in order.
    func bodies(toPathEndingIn suffix: String) -> [JSONValue] {
        recorded.withLock { $0 }.filter { $0.url.path.hasSuffix(suffix) }.compactMap { request in
            request.body.flatMap { try? JSONValue.parse($0) }
        }
    }

    /// The requests sent to paths ending in `suffix`, in order.
    func requests(toPathEndingIn suffix: String) -> [HTTPRequest] {
        recorded.withLock { $0 }.filter { $0.url.path.hasSuffix(suffix) }
    }

    /// How many `/init` calls were made for `partner`.
    func inits(of partner: String) -> Int {
        recorded.withLock { $0 }.filter { request in
            request.url.path.hasSuffix("/init")
                && (request.body.flatMap { try? JSONValue.parse($0) }?["partner"]?.stringValue == partner)
        }.count
    }
}
