import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// The cast of the demo: the embedded sandbox, the merchant backend, the scripted shopper on hosted pages,
/// and the list of checked steps. Each chapter (in its own file) is an extension.
@MainActor
final class DemoTour {
    let story: Console
    /// The story's words, in the language of `--locale` or the environment.
    let text: CLIText
    private(set) var steps: [DemoCommand.Step] = []
    /// The chapter the next recorded steps belong to: its stable name and its name in the story's language.
    private var chapter = "setup"
    private var chapterLabel = ""
    private var backend: MerchantBackend?
    private var accessToken = ""
    private var orderCount = 0
    private(set) var sandbox: PurseSandbox?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(story: Console, text: CLIText) {
        self.story = story
        self.text = text
        chapterLabel = text(Self.key("cli.demo.chapterName", chapter))
    }

    /// Records one checked step and prints it. `title` is the step's stable name (the JSON summary's); `label` its
    /// name in the story, by default the text of `cli.demo.step.<title in camel case>`.
    func record(_ title: String, _ passed: Bool, _ detail: String, label: String? = nil) {
        steps.append(
            DemoCommand.Step(
                chapter: chapter, title: title, passed: passed, detail: detail, chapterLabel: chapterLabel,
                label: label ?? text(Self.key("cli.demo.step", title))))
        story.check(passed, detail)
    }

    /// The catalogue key of a stable name: `cli.demo.step` and `server confirmation` → `cli.demo.step.serverConfirmation`,
    /// `3-D Secure` → `…3DSecure`, `Oney's page` → `…oneysPage`.
    static func key(_ prefix: String, _ name: String) -> String {
        let words = name.replacingOccurrences(of: "'", with: "").split { !$0.isLetter && !$0.isNumber }
        let camel = words.enumerated().map { index, word in
            index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst()
        }
        return prefix + "." + camel.joined()
    }

    /// An error in the story's words: an SDK error in the story's language (English keeps its developer account, as
    /// before), anything else as it describes itself.
    func reason(_ error: any Error) -> String {
        if let error = error as? PurseCheckoutError, !text.isEnglish { return text(error.localizedMessage) }
        return "\(error)"
    }

    /// A failure of the demo's own, in the story's language: the text of `cli.demo.failure.<key>`.
    func failure(_ key: String, _ arguments: [(String, PurseMessage.Value)] = []) -> Failure {
        Failure(description: text("cli.demo.failure." + key, arguments))
    }

    /// `amount` as the story writes it: `42.50 EUR` in English, `42,50 €` in French.
    func amount(_ amount: Decimal, currency: String = "EUR") -> PurseMessage.Value {
        text.amount(amount, currency: currency)
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
    /// backend creates it), a name in the summary. `title` is in the story's language.
    func chapter(_ name: String, _ title: String, order: OrderLabel = .none) {
        chapter = name
        chapterLabel = text(Self.key("cli.demo.chapterName", name))
        chapterCount += 1
        var arguments: [(String, PurseMessage.Value)] = [("number", .text("\(chapterCount)")), ("title", .text(title))]
        switch order {
        case .next: arguments.append(("reference", .text(Self.reference(orderCount + 1))))
        case .current: arguments.append(("reference", .text(Self.reference(orderCount))))
        case .none: break
        }
        story.step(text(order == .none ? "cli.demo.chapter" : "cli.demo.chapter.order", arguments))
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
        record("backend", true, text("cli.demo.backend.token"))
    }

    /// The checkout's configuration: the SDK's messages in the story's language.
    var configuration: PurseCheckoutConfiguration { PurseCheckoutConfiguration(locale: text.localizer.locale) }

    /// The shopper's language as the backend gives it to a client session (`customer.locale_code`).
    private var localeCode: String { text.localizer.locale.identifier(.bcp47) }

    /// The backend creates a client session for the demo shopper; the app opens the checkout over HTTP. An amount of
    /// 0 with `allowFutureUsage` is an information request: it saves a card and charges nothing. `what` is the key
    /// (`cli.demo.order.<what>`) of what the order is for.
    func openOrder(
        amount: Int64, what: String, allowFutureUsage: Bool = false,
        configure: ((inout PurseCheckoutConfiguration) -> Void)? = nil
    ) async throws -> PurseHeadlessCheckout {
        guard let backend else { throw failure("backendNotStarted") }
        orderCount += 1
        let reference = Self.reference(orderCount)
        let created = try await backend.createClientSession(
            token: accessToken, amount: amount, currency: "EUR", customer: PurseSandbox.demoShopper,
            order: reference, allowFutureUsage: allowFutureUsage, locale: localeCode)
        var configuration = configuration
        configure?(&configuration)
        let checkout = try await PurseHeadlessCheckout(widgetData: created.widgetData, configuration: configuration)
        record(
            "order \(reference)", checkout.sessionState == .ready,
            text(
                "cli.demo.order.opened",
                [
                    ("reference", .text(reference)), ("what", .text(text("cli.demo.order." + what))),
                    ("amount", self.amount(checkout.amount, currency: checkout.currency)),
                    ("session", .text(created.id)),
                ]),
            label: text("cli.demo.step.order", [("reference", .text(reference))]))
        return checkout
    }

    /// The backend creates a new client session for the changed cart: its id and widget data.
    func reorder(amount: Int64, reference: String) async throws -> (id: String, widgetData: String) {
        guard let backend else { throw failure("backendNotStarted") }
        let created = try await backend.createClientSession(
            token: accessToken, amount: amount, currency: "EUR", customer: PurseSandbox.demoShopper,
            order: reference, locale: localeCode)
        return (created.id, created.widgetData)
    }

    /// Records the step `title`: the backend confirms that the payment of `sessionID` is of `expected` minor units.
    func recordConfirmedAmount(_ title: String, of sessionID: String, expected: Int) async throws {
        let confirmed = try await confirmedAmount(sessionID)
        record(
            title, confirmed == expected,
            text(
                "cli.demo.cartChange.amountConfirmed",
                [("amount", confirmed.map { self.amount(Decimal($0) / 100) } ?? .text(text("cli.demo.none")))]))
    }

    /// The amount the server recorded for the session's payment, minor units.
    func confirmedAmount(_ sessionID: String) async throws -> Int? {
        guard let backend else { throw failure("backendNotStarted") }
        return try await backend.paymentAmount(token: accessToken, sessionID: sessionID)
    }

    /// Step 7 of every payment: the merchant backend asks the server, not the app, whether it went through.
    @discardableResult
    func confirm(_ sessionID: String, expecting expected: String = "AUTHORIZED") async throws -> Bool {
        guard let backend else { throw failure("backendNotStarted") }
        let status = try await backend.status(token: accessToken, sessionID: sessionID)
        let passed = status.authorization == expected
        record(
            "server confirmation", passed,
            text(
                "cli.demo.confirmed",
                [
                    ("session", .text(status.session)),
                    ("status", .text(status.authorization ?? text("cli.demo.missing"))),
                ]))
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
            let arguments: [(String, PurseMessage.Value)] = [
                ("what", .text(padded(what, 24))), ("amount", amount(entry.amount, currency: checkout.currency)),
            ]
            story.detail(text(entry.isPrimary ? "cli.demo.split.primary" : "cli.demo.split.line", arguments))
        }
        story.detail(
            text(
                "cli.demo.split.line",
                [
                    ("what", .text(padded(text("cli.demo.split.leftToPay"), 24))),
                    ("amount", amount(checkout.remainingAmountToPay, currency: checkout.currency)),
                ]))
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
        case .returnedFromRedirect: return text("cli.demo.outcome.returned")
        case .completed(let result):
            return text("cli.demo.outcome.completed", [("status", .text("\(result.globalStatus)"))])
        case .canceled: return text("cli.demo.outcome.canceled")
        case .failed(let error): return text("cli.demo.outcome.failed", [("reason", .text(reason(error)))])
        }
    }
}
