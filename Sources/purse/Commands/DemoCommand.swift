import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// `purse demo`: the SDK end to end on an embedded sandbox, told as a story. Exits 0 only if every step
/// did what it says.
struct DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "A guided tour of the SDK against an embedded sandbox on 127.0.0.1.",
        usage: "purse demo [--json]",
        options: [
            OptionSpec(name: "json", value: nil, help: "Print a JSON summary of every step instead of the story.")
        ],
        details: """
            The demo plays both sides: the merchant backend (it creates a client session for the demo shopper) \
            and the app (it opens the checkout over HTTP, shows what the shopper can pay with, pays, and has the \
            backend confirm the payment server-side).
            """)

    let options: ParsedOptions
    let console: Console

    /// One checked step of the tour, for the summary.
    struct Step {
        let title: String
        let passed: Bool
        let detail: String
    }

    @MainActor
    func run() async -> Int32 {
        let story = options.flag("json") ? console.silenced() : console
        var steps: [Step] = []
        func record(_ title: String, _ passed: Bool, _ detail: String) {
            steps.append(Step(title: title, passed: passed, detail: detail))
            story.check(passed, detail)
        }
        do {
            story.step("An embedded sandbox stands in for Purse")
            let sandbox = try PurseSandbox()
            let server = SandboxServer(sandbox: sandbox)
            let base = try server.start()
            defer { server.stop() }
            record("sandbox", true, "listening on \(base.absoluteString) (a simulation: nothing leaves this machine)")

            story.step("The merchant backend creates a client session")
            let entity = sandbox.catalogue.entity
            let backend = MerchantBackend(
                base: base, apiKey: entity.apiKey, entityID: entity.entityId, clientID: entity.clientId,
                clientSecret: entity.clientSecret, transport: URLSessionTransport())
            let token = try await backend.accessToken()
            let created = try await backend.createClientSession(
                token: token, amount: 4299, currency: "EUR", customer: PurseSandbox.demoShopper, order: "demo-0001")
            record("client session", true, "session \(created.id) for 42.99 EUR, shopper '\(PurseSandbox.demoShopper)'")

            story.step("The app opens the checkout with the widget data")
            let checkout = try await PurseHeadlessCheckout(widgetData: created.widgetData)
            record(
                "checkout", checkout.sessionState == .ready,
                "ready: \(checkout.amount) \(checkout.currency), expires \(checkout.session.expirationDate)")

            story.step("What the shopper can pay with")
            for method in checkout.paymentMethods {
                story.detail(
                    "method     \(method.id.padding(toLength: 28, withPad: " ", startingAt: 0)) \(kind(of: method, in: checkout))"
                )
            }
            for token in checkout.paymentTokens {
                let rule =
                    token.isVaultedCard ? (token.requiresCVV ? "asks for its CVV" : "pays without CVV") : "no CVV"
                story.detail(
                    "saved      \(token.displayLabel.padding(toLength: 28, withPad: " ", startingAt: 0)) \(token.brand ?? "") — \(rule)"
                )
            }
            for giftCard in checkout.secondaryMethods {
                story.detail("gift card  \(giftCard.id)")
            }
            for saved in checkout.savedSecondaryTokens {
                story.detail("saved gift \(saved.displayName)")
            }
            record(
                "listing", !checkout.paymentMethods.isEmpty && !checkout.paymentTokens.isEmpty,
                "\(checkout.paymentMethods.count) methods, \(checkout.paymentTokens.count) saved instruments, "
                    + "\(checkout.secondaryMethods.count) gift-card methods, \(checkout.savedSecondaryTokens.count) saved gift cards"
            )

            story.step("The shopper pays with a saved card that needs no CVV")
            guard let card = checkout.paymentTokens.first(where: { $0.paysWithoutCVV }) else {
                record("payment", false, "the demo shopper has no card that pays without CVV")
                return finish(steps)
            }
            try checkout.setPrimaryToken(card)
            record(
                "selection", checkout.isPaymentFulfilled,
                "\(card.displayLabel) pays \(checkout.amountSplit.first?.amount ?? 0) \(checkout.currency); "
                    + "left to pay: \(checkout.remainingAmountToPay)")
            let result = try await checkout.submitPayment()
            record("submit", result.globalStatus == .success, "/validate answered \(result.globalStatus)")

            story.step("The merchant backend confirms the payment server-side")
            let status = try await backend.status(token: token, sessionID: created.id)
            record(
                "confirmation", status.authorization == "AUTHORIZED",
                "client session \(status.session), payment \(status.authorization ?? "missing")")
        } catch {
            record("error", false, "\(error)")
        }
        return finish(steps)
    }

    private func finish(_ steps: [Step]) -> Int32 {
        let passed = steps.allSatisfy(\.passed)
        if options.flag("json") {
            let summary: JSONValue = [
                "passed": .bool(passed),
                "steps": .array(
                    steps.map { ["step": .string($0.title), "passed": .bool($0.passed), "detail": .string($0.detail)] }),
            ]
            console.print(summary.jsonText)
        } else {
            console.print("")
            console.print(
                passed ? console.green("Demo complete: every step did what it says.") : console.red("Demo failed."))
        }
        return passed ? 0 : 1
    }

    @MainActor
    private func kind(of method: PrimaryMethod, in checkout: PurseHeadlessCheckout) -> String {
        switch PluginRegistry.shared.plugin(
            partner: method.partner, method: method.method, session: checkout.session.source)
        {
        case is any RedirectionPlugin: return "redirection (hosted page)"
        case is any CardPlugin: return "card (\(method.template))"
        case is any PayPalPlugin: return "PayPal"
        case .some: return "plugin"
        case .none: return "no plugin on iOS (\(method.template))"
        }
    }
}

extension SavedSecondaryToken {
    fileprivate var displayName: String { name ?? maskedPAN ?? id }
}
