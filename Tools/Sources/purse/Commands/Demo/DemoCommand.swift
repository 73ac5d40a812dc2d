import ArgumentParser
import Foundation
import PurseHeadlessCheckout
import PurseSandbox
import PurseSandboxServer

/// `purse demo`: the SDK end to end on an embedded sandbox, told as a story. Exits 0 only if every step
/// did what it says.
///
/// The chapters live next to this file: ``DemoTour`` (the shared cast: sandbox, merchant backend, the
/// scripted shopper), `DemoPayments.swift` (what the shopper sees, gift cards, saved cards, 3-D Secure, a
/// redirection) and `DemoWalletAndRestore.swift` (the wallet, process death mid-redirect).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A guided tour of the SDK against an embedded sandbox on 127.0.0.1.",
        discussion: """
            The demo plays both sides: the merchant backend (it creates a client session per order and confirms \
            every payment server-side) and the app (it opens the checkout over HTTP, shows what the shopper can \
            pay with, applies two gift cards, pays with saved cards through a CVV and a 3-D Secure challenge, \
            pays by redirection, manages the wallet, and survives process death mid-redirect). Hosted pages are \
            approved by a scripted shopper, so the tour runs unattended. Card numbers are never printed.

            --inject-fault shows how a failure is reported: the embedded sandbox answers every call of ROUTE \
            with HTTP STATUS (400 to 599) instead of handling it, so nothing is charged there; the tour goes on \
            where it can, names each step that failed, and exits 1. Routes: \(SandboxRoute.allCases.map(\.rawValue)
            .joined(separator: ", ")).
            """)

    @Flag(help: "Print a JSON summary of every step instead of the story.")
    var json = false

    @Option(
        name: .customLong("inject-fault"),
        help: ArgumentHelp(
            "Make every call of a sandbox route answer STATUS (e.g. validate:503), to see a failure reported.",
            valueName: "route:status[,route:status…]"),
        completion: .list(SandboxRoute.allCases.map { "\($0.rawValue):503" }))
    var injectFault: String?

    @Option(
        help: ArgumentHelp(
            "The story's language: en or fr (the SDK's messages also de, es, it, nl). Default: PURSE_LOCALE, then "
                + "LC_ALL, LC_MESSAGES or LANG, else English.", valueName: "locale"))
    var locale: String?

    func validate() throws {
        do {
            _ = try Self.faults(injectFault)
        } catch {
            throw error.validation
        }
    }

    @MainActor
    func run() async throws {
        let status = try await playTour(console: Console.standard())
        if status != 0 { throw ExitCode(status) }
    }

    /// One checked step of the tour, for the summary: `chapter` and `title` are the stable English names the JSON
    /// summary gives; `chapterLabel` and `label` are the same in the story's language.
    struct Step {
        let chapter: String
        let title: String
        let passed: Bool
        let detail: String
        let chapterLabel: String
        let label: String
    }

    /// `--inject-fault ROUTE:STATUS[,ROUTE:STATUS…]`, checked before anything starts.
    static func faults(_ text: String?) throws(UsageError) -> [(route: SandboxRoute, status: Int)] {
        guard let text else { return [] }
        var faults: [(route: SandboxRoute, status: Int)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let route = SandboxRoute(rawValue: String(parts[0])) else {
                let routes = SandboxRoute.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    description: "--inject-fault expects ROUTE:STATUS with ROUTE among \(routes), got '\(item)'")
            }
            guard let status = Int(parts[1]), (400...599).contains(status) else {
                throw UsageError(description: "--inject-fault expects a STATUS from 400 to 599, got '\(parts[1])'")
            }
            faults.append((route, status))
        }
        return faults
    }

    /// The tour; returns the exit status (0 only if every step did what it says).
    @MainActor
    private func playTour(console: Console) async throws(UsageError) -> Int32 {
        let faults = try Self.faults(injectFault)
        let story = json ? console.silenced() : console
        let text = CLIText(locale: CLIText.locale(option: locale, environment: ProcessInfo.processInfo.environment))
        let tour = DemoTour(story: story, text: text)
        do {
            story.step(text("cli.demo.sandbox.title"))
            let sandbox = try PurseSandbox()
            for fault in faults {
                sandbox.faults.inject(.status(fault.status), on: fault.route)
                story.detail(
                    console.red(
                        text(
                            "cli.demo.sandbox.fault",
                            [("route", .text(fault.route.rawValue)), ("status", .text("\(fault.status)"))])))
            }
            let server = SandboxServer(sandbox: sandbox)
            let base = try server.start()
            defer { server.stop() }
            tour.record("sandbox", true, text("cli.demo.sandbox.listening", [("url", .text(base.absoluteString))]))
            try await tour.start(sandbox: sandbox, base: base)
            let first = try await tour.showWhatTheShopperSees()
            try await tour.payWithGiftCardsAndCVV(first)
            try await tour.payWithThreeDSecure()
            try await tour.payWithGiftCardAndApplePay()
            try await tour.payAfterTheCartChanges()
            try await tour.payWithApplePayDelivery()
            try await tour.payByRedirection()
            try await tour.manageWallet()
            try await tour.restoreMidRedirect()
            try await tour.payWithGiftCardAndOney()
            try await tour.payWithOneyCard()
            try await tour.payWithAncvConnect()
            try await tour.saveCardForLater()
        } catch {
            tour.record("error", false, tour.reason(error))
        }
        return finish(tour.steps, console: console, text: text)
    }

    /// What to run and read after the tour: the commands, from the repository's root, and the key of what each does.
    static let whatNext: [(command: String, what: String)] = [
        // Command lines to type, the same in every language.
        ("swift run --package-path Tools purse checkout", "cli.demo.next.checkout"),  // not shopper text
        ("swift run --package-path Tools purse sandbox", "cli.demo.next.sandbox"),  // not shopper text
        ("swift run --package-path Tools purse sandbox --catalogue", "cli.demo.next.catalogue"),  // not shopper text
        ("swift test --package-path Tools", "cli.demo.next.tests"),  // not shopper text
    ]

    /// The DocC articles to read next (in Sources/PurseHeadlessCheckout/PurseHeadlessCheckout.docc).
    static let articlesToRead = ["GettingStarted", "Sandbox", "GiftCardsAndCoPayment", "Testing"]

    private func printWhatNext(console: Console, text: CLIText) {
        console.print("")
        console.print(console.bold(text("cli.demo.next.title")))
        let width = (Self.whatNext.map(\.command.count).max() ?? 0) + 2
        for line in Self.whatNext {
            console.print("  " + line.command.padding(toLength: width, withPad: " ", startingAt: 0) + text(line.what))
        }
        let articles = Self.articlesToRead.map { "\($0).md" }.joined(separator: ", ")
        console.print(
            "  "
                + text(
                    "cli.demo.next.read",
                    [
                        ("articles", .text(articles)),
                        ("folder", .text("Sources/PurseHeadlessCheckout/PurseHeadlessCheckout.docc")),
                    ]))
    }

    private func finish(_ steps: [Step], console: Console, text: CLIText) -> Int32 {
        let passed = !steps.isEmpty && steps.allSatisfy(\.passed)
        let failedSteps = steps.filter { !$0.passed }
        if json {
            let summary: JSONValue = [
                "passed": .bool(passed),
                "failed_steps": .array(failedSteps.map { "\($0.chapter) › \($0.title)" }.map(JSONValue.string)),
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
            console.print("")
            console.print(
                passed
                    ? console.green(text("cli.demo.complete", [("count", .count(steps.count))], plural: "count"))
                    : console.red(
                        text(
                            "cli.demo.failed", [("failed", .count(failedSteps.count)), ("count", .count(steps.count))],
                            plural: "failed")))
            for step in failedSteps {
                console.print(console.red("  ✗ " + text("cli.demo.failedStep", Self.arguments(of: step))))
            }
            printWhatNext(console: console, text: text)
        }
        if let first = failedSteps.first {
            console.error(text("cli.demo.failedAt", Self.arguments(of: first)))
        }
        return passed ? 0 : 1
    }

    /// A failed step's arguments in a failure line: its chapter, its name and what happened, in the story's language.
    private static func arguments(of step: Step) -> [(String, PurseMessage.Value)] {
        [("chapter", .text(step.chapterLabel)), ("step", .text(step.label)), ("detail", .text(step.detail))]
    }
}
