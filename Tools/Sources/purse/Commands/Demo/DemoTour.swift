import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// The cast of the demo: the embedded sandbox, the merchant backend, the scripted shopper on hosted pages,
/// and the list of checked steps. Each chapter (in its own file) is an extension.
@MainActor
final class DemoTour {
    let story: Console
    private(set) var steps: [DemoCommand.Step] = []
    /// The chapter the next recorded steps belong to.
    private var chapter = "setup"
    private var backend: MerchantBackend?
    private var accessToken = ""
    private var orderCount = 0
    private(set) var sandbox: PurseSandbox?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(story: Console) {
        self.story = story
    }

    /// Records one checked step and prints it.
    func record(_ title: String, _ passed: Bool, _ detail: String) {
        steps.append(DemoCommand.Step(chapter: chapter, title: title, passed: passed, detail: detail))
        story.check(passed, detail)
    }

    /// The chapters started so far: the story numbers them 1, 2, 3… in the order they run.
    private(set) var chapterCount = 0

    /// Which order a chapter's title names.
    enum OrderLabel {
        /// The chapter opens a new order: its title names the reference that order gets.
        case next
        /// The chapter goes on with the order the previous chapter opened.
        case current
        /// The chapter names no order.
        case none
    }

    /// Starts a chapter: a numbered title in the story (`3. Order demo-0001: …`, the order's reference as the
    /// backend creates it), a name in the summary.
    func chapter(_ name: String, _ title: String, order: OrderLabel = .none) {
        chapter = name
        chapterCount += 1
        let label: String
        switch order {
        case .next: label = "Order \(Self.reference(orderCount + 1)): "
        case .current: label = "Order \(Self.reference(orderCount)): "
        case .none: label = ""
        }
        story.step("\(chapterCount). \(label)\(title)")
    }

    /// The backend's reference of the `number`th order: `demo-0001`.
    static func reference(_ number: Int) -> String { String(format: "demo-%04d", number) }

    /// The merchant backend authenticates against the sandbox.
    func start(sandbox: PurseSandbox, base: URL) async throws {
        self.sandbox = sandbox
        let entity = sandbox.catalogue.entity
        let backend = MerchantBackend(
            base: base, apiKey: entity.apiKey, entityID: entity.entityId, clientID: entity.clientId,
            clientSecret: entity.clientSecret, transport: URLSessionTransport())
        accessToken = try await backend.accessToken()
        self.backend = backend
        record("backend", true, "the merchant backend holds an OAuth access token")
    }

    /// The backend creates a client session for the demo shopper; the app opens the checkout over HTTP. An amount of
    /// 0 with `allowFutureUsage` is an information request: it saves a card and charges nothing.
    func openOrder(amount: Int64, what: String, allowFutureUsage: Bool = false) async throws -> PurseHeadlessCheckout {
        guard let backend else { throw Failure(description: "the backend is not started") }
        orderCount += 1
        let reference = Self.reference(orderCount)
        let created = try await backend.createClientSession(
            token: accessToken, amount: amount, currency: "EUR", customer: PurseSandbox.demoShopper,
            order: reference, allowFutureUsage: allowFutureUsage)
        let checkout = try await PurseHeadlessCheckout(widgetData: created.widgetData)
        record(
            "order \(reference)", checkout.sessionState == .ready,
            "order \(reference) (\(what)): \(money(checkout.amount)) \(checkout.currency), client session \(created.id)"
        )
        return checkout
    }

    /// The backend creates a new client session for the changed cart: its id and widget data.
    func reorder(amount: Int64, reference: String) async throws -> (id: String, widgetData: String) {
        guard let backend else { throw Failure(description: "the backend is not started") }
        let created = try await backend.createClientSession(
            token: accessToken, amount: amount, currency: "EUR", customer: PurseSandbox.demoShopper,
            order: reference)
        return (created.id, created.widgetData)
    }

    /// The amount the server recorded for the session's payment, minor units.
    func confirmedAmount(_ sessionID: String) async throws -> Int? {
        guard let backend else { throw Failure(description: "the backend is not started") }
        return try await backend.paymentAmount(token: accessToken, sessionID: sessionID)
    }

    /// Step 7 of every payment: the merchant backend asks the server, not the app, whether it went through.
    @discardableResult
    func confirm(_ sessionID: String, expecting expected: String = "AUTHORIZED") async throws -> Bool {
        guard let backend else { throw Failure(description: "the backend is not started") }
        let status = try await backend.status(token: accessToken, sessionID: sessionID)
        let authorization = status.authorization ?? "missing"
        let passed = authorization == expected
        record(
            "server confirmation", passed,
            "the backend confirms: client session \(status.session), payment \(authorization)")
        return passed
    }

    /// A shopper who opens the hosted pages over loopback HTTP and clicks `steps` in order (no browser: the
    /// demo runs unattended).
    func shopper(_ steps: [ScriptedRedirectPresenter.Step]) -> ScriptedRedirectPresenter {
        ScriptedRedirectPresenter(policy: .sandboxShop, transport: URLSessionTransport(), steps: steps)
    }

    /// The split as the shopper sees it after a step.
    func showSplit(of checkout: PurseHeadlessCheckout) {
        for entry in checkout.amountSplit {
            let what = "\(entry.partner.rawValue)-\(entry.method.rawValue)"
            story.detail(
                "split  \(padded(what, 24)) \(money(entry.amount)) \(checkout.currency)"
                    + (entry.isPrimary ? "  (primary: pays the rest)" : ""))
        }
        story.detail("split  \(padded("left to pay", 24)) \(money(checkout.remainingAmountToPay)) \(checkout.currency)")
    }

    /// An amount with its two decimals, as a receipt shows it.
    func money(_ amount: Decimal) -> String {
        String(format: "%.2f", NSDecimalNumber(decimal: amount).doubleValue)
    }

    /// A saved instrument as the story prints it: its name and brand, and only the last four digits.
    func describe(_ token: PaymentToken) -> String {
        var parts: [String] = [token.name ?? token.brand ?? token.methodID]
        if let brand = token.brand, token.name != nil { parts.append(brand) }
        if let last4 = Self.lastFour(token.maskedPAN) { parts.append("•••• \(last4)") }
        return parts.joined(separator: " ")
    }

    /// The last four digits of a masked or full card number, never more.
    static func lastFour(_ pan: String?) -> String? {
        guard let digits = pan?.filter(\.isNumber), digits.count >= 4 else { return nil }
        return String(digits.suffix(4))
    }

    func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }

    /// The outcome of a submit, in words.
    func describe(_ outcome: PaymentOutcome) -> String {
        switch outcome {
        case .returnedFromRedirect: return "the shopper came back from the page"
        case .completed(let result): return "/validate answered \(result.globalStatus)"
        case .canceled: return "the page was closed"
        case .failed(let error): return "failed: \(error)"
        }
    }
}
