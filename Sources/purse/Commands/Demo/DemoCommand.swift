import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// `purse demo`: the SDK end to end on an embedded sandbox, told as a story. Exits 0 only if every step
/// did what it says.
///
/// The chapters live next to this file: ``DemoTour`` (the shared cast: sandbox, merchant backend, the
/// scripted shopper), `DemoPayments.swift` (what the shopper sees, gift cards, saved cards, 3-D Secure, a
/// redirection) and `DemoWalletAndRestore.swift` (the wallet, process death mid-redirect).
struct DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "A guided tour of the SDK against an embedded sandbox on 127.0.0.1.",
        usage: "purse demo [--json]",
        options: [
            OptionSpec(name: "json", value: nil, help: "Print a JSON summary of every step instead of the story.")
        ],
        details: """
            The demo plays both sides: the merchant backend (it creates a client session per order and confirms \
            every payment server-side) and the app (it opens the checkout over HTTP, shows what the shopper can \
            pay with, applies two gift cards, pays with saved cards through a CVV and a 3-D Secure challenge, \
            pays by redirection, manages the wallet, and survives process death mid-redirect). Hosted pages are \
            approved by a scripted shopper, so the tour runs unattended. Card numbers are never printed.
            """)

    let options: ParsedOptions
    let console: Console

    /// One checked step of the tour, for the summary.
    struct Step {
        let chapter: String
        let title: String
        let passed: Bool
        let detail: String
    }

    @MainActor
    func run() async -> Int32 {
        let story = options.flag("json") ? console.silenced() : console
        let tour = DemoTour(story: story)
        do {
            story.step("An embedded sandbox stands in for Purse")
            let sandbox = try PurseSandbox()
            let server = SandboxServer(sandbox: sandbox)
            let base = try server.start()
            defer { server.stop() }
            tour.record(
                "sandbox", true, "listening on \(base.absoluteString) (a simulation: nothing leaves this machine)")
            try await tour.start(sandbox: sandbox, base: base)
            let first = try await tour.showWhatTheShopperSees()
            try await tour.payWithGiftCardsAndCVV(first)
            try await tour.payWithThreeDSecure()
            try await tour.payByRedirection()
            try await tour.manageWallet()
            try await tour.restoreMidRedirect()
        } catch {
            tour.record("error", false, "\(error)")
        }
        return finish(tour.steps)
    }

    private func finish(_ steps: [Step]) -> Int32 {
        let passed = !steps.isEmpty && steps.allSatisfy(\.passed)
        if options.flag("json") {
            let summary: JSONValue = [
                "passed": .bool(passed),
                "steps": .array(
                    steps.map {
                        [
                            "chapter": .string($0.chapter), "step": .string($0.title), "passed": .bool($0.passed),
                            "detail": .string($0.detail),
                        ]
                    }),
            ]
            console.print(summary.jsonText)
        } else {
            let failed = steps.filter { !$0.passed }.count
            console.print("")
            console.print(
                passed
                    ? console.green("Demo complete: every step did what it says (\(steps.count) checks).")
                    : console.red("Demo failed: \(failed) of \(steps.count) checks did not pass."))
        }
        return passed ? 0 : 1
    }
}
