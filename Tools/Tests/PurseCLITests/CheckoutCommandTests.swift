import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse checkout` run end to end as a shopper (or a script) would: piped answers, a pseudo-terminal, a
/// browser played over HTTP, Ctrl-C, bad flags and bad widget data.
@Suite("purse checkout", .serialized)
struct CheckoutCommandTests {
    /// Catalogue test data (`purse sandbox --catalogue`).
    static let illicadoPAN = "6003580000000000011"
    static let illicadoPIN = "1234"
    static let savedVisaCVV = "123"

    @Test("a script pays with a gift card slice and the saved Visa's CVV; the merchant backend confirms AUTHORIZED")
    func scriptedGiftCardAndSavedCard() async throws {
        // Gift card 1 (illicado) for 20.00, then option 1 (the saved Visa that asks for its CVV), then confirm.
        let answers = "1\n\(Self.illicadoPAN)\n\(Self.illicadoPIN)\n20\n\n1\n\(Self.savedVisaCVV)\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid")
        #expect(report["authorization_status"] == "AUTHORIZED")
        #expect(report["confirmed_by"] == "merchant backend")
        #expect(report["amount"]?.decimalValue == Decimal(string: "42.5"))
        #expect(report["payment_id"]?.stringValue?.isEmpty == false)
        let split = report["split"]?.arrayValue ?? []
        #expect(split.count == 2)
        #expect(split.first?["method"] == "illicado-giftcard")
        #expect(split.first?["amount"]?.decimalValue == 20)
        #expect(split.last?["method"] == "payzen-creditcard")
        #expect(split.last?["amount"]?.decimalValue == Decimal(string: "22.5"))
        #expect(split.last?["pays_the_rest"] == true)
        // The dialogue went to stderr (--json); the split was shown after the gift card.
        #expect(output.stderr.contains("illicado-giftcard •••• 0011        20.00 EUR"))
        #expect(output.stderr.contains("left to pay                        22.50 EUR"))
        // Secrets never printed: not the PAN, and the hidden answers show as "(hidden)".
        for stream in [output.stdout, output.stderr] {
            #expect(!stream.contains(Self.illicadoPAN))
            #expect(!stream.contains("600358"))
        }
        #expect(output.stderr.contains("PIN or security code (hidden): (hidden)"))
        #expect(output.stderr.contains("CVV of Personal Visa VISA •••• 4242 (hidden): (hidden)"))
    }

    @Test("a script pays by redirection on the embedded sandbox: the test approves the printed page over HTTP")
    func scriptedRedirection() async throws {
        let purse = try InteractivePurse(["checkout", "--no-browser"])
        let menu = try await purse.waitFor("Add a gift card?")
        let fintecture = try #require(Self.menuNumber("fintecture-instantpayment", in: menu))
        purse.type("\n\(fintecture)\ny\n")
        purse.closeInput()  // a script's answers end here; the page's return ends the wait
        let returned = try await Self.approvePrintedPage(of: purse)
        #expect(returned.status == 200)
        #expect(try await purse.waitForExit() == 0, "\(purse.output)\n\(purse.errors)")
        #expect(purse.output.contains("✓ Paid 42.50 EUR."))
        #expect(purse.output.contains("The merchant backend confirms: client session COMPLETED, payment AUTHORIZED."))
        #expect(purse.output.contains("Open this address in a browser to continue the payment:"))
    }

    @Test("with --api-base on a sandbox the test runs: 3-D Secure approved over HTTP, AUTHORIZED on the merchant side")
    func apiBaseThreeDSecure() async throws {
        let sandbox = try await SandboxProcess.start()
        let port = try freeLoopbackPort()
        // A return URL a loopback presenter issued (its path ends in an unguessable value), which the checkout
        // listens on again.
        let state = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let session = try await sandbox.createSession(
            amount: 4299, returnURL: "http://127.0.0.1:\(port)/shop-return/\(state)")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("widget-data.txt")
        try Data((session.widgetData + "\n").utf8).write(to: file)

        let purse = try InteractivePurse([
            "checkout", "--api-base", sandbox.base, "--widget-data", "@" + file.path, "--no-browser", "--json",
        ])
        let menu = try await purse.waitFor("Add a gift card?")
        #expect(menu.contains("client session \(session.id)"))
        // The saved Visa enrolled in 3-D Secure: no label, no CVV.
        let card = try #require(Self.menuNumber("VISA", in: menu))
        purse.type("\n\(card)\n")
        try await purse.waitFor("now? [y/N]")
        purse.type("y\n")
        let returned = try await Self.approvePrintedPage(of: purse, kind: "3ds")
        #expect(returned.status == 200)
        #expect(try await purse.waitForExit() == 0, "\(purse.output)\n\(purse.errors)")

        let report = try JSONValue.parse(purse.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "returned")
        #expect(report["client_session_id"]?.stringValue == session.id)
        #expect(report["confirmed_by"] == "return data (unverified)")
        // The merchant side, asked by the test itself: one authorized payment.
        let status = try await sandbox.session(session.id)
        #expect(status["status"] == "COMPLETED")
        #expect(status["payment"]?["authorization_status"] == "AUTHORIZED")
        #expect(status["payment"]?["id"] == report["payment_id"])
        #expect(try await sandbox.stats()["charges"]?.int64Value == 1)
    }

    @Test("on a pseudo-terminal the CVV and the PIN are typed with echo off, other answers are echoed")
    func pseudoTerminalHidesSecrets() async throws {
        let terminal = try PseudoTerminal.open()
        defer { terminal.close() }
        let purse = try InteractivePurse(["checkout"], terminal: terminal)
        try await purse.waitFor("Add a gift card?")
        #expect(terminal.echoes)
        purse.type("1\n")
        try await purse.waitFor("illicado-giftcard number:")
        purse.type(Self.illicadoPAN + "\n")
        try await purse.waitFor("PIN or security code (hidden):")
        #expect(!terminal.echoes)
        purse.type(Self.illicadoPIN + "\n")
        try await purse.waitFor("Amount to take from it")
        #expect(terminal.echoes)
        purse.type("20\n")
        try await purse.waitFor("Add a gift card?", count: 2)
        purse.type("\n")
        let menu = try await purse.waitFor("Pay 22.50 EUR with")
        let visa = try #require(Self.menuNumber("Personal Visa VISA •••• 4242", in: menu))
        purse.type("\(visa)\n")
        try await purse.waitFor("(hidden):", count: 2)
        #expect(!terminal.echoes)
        purse.type(Self.savedVisaCVV + "\n")
        try await purse.waitFor("now? [y/N]")
        purse.type("y\n")
        #expect(try await purse.waitForExit() == 0, "\(purse.output)")

        let screen = purse.output
        #expect(screen.contains("Paid 42.50 EUR."))
        // What was typed visibly came back as echo (so an echo would be seen), the secrets did not.
        #expect(screen.contains(Self.illicadoPAN))
        #expect(screen.contains("20\r\n"))
        let afterPIN = try #require(
            Self.text(after: "PIN or security code (hidden):", until: "Amount to take", in: screen))
        #expect(!afterPIN.contains(Self.illicadoPIN))
        let afterCVV = try #require(Self.text(after: "4242 (hidden):", until: "To pay", in: screen))
        #expect(!afterCVV.contains(Self.savedVisaCVV))
    }

    @Test("Ctrl-C while a secret is typed on a terminal: exit 130 and the terminal's echo is back on")
    func interruptDuringHiddenInput() async throws {
        let terminal = try PseudoTerminal.open()
        defer { terminal.close() }
        let purse = try InteractivePurse(["checkout"], terminal: terminal)
        let menu = try await purse.waitFor("Add a gift card?")
        purse.type("\n")
        try await purse.waitFor("Pay 42.50 EUR with")
        let visa = try #require(Self.menuNumber("Personal Visa VISA •••• 4242", in: menu))
        purse.type("\(visa)\n")
        try await purse.waitFor("(hidden):")
        #expect(!terminal.echoes)
        purse.type("12")  // half a CVV, then Ctrl-C
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 130)
        #expect(purse.output.contains("Cancelled: nothing was charged."))
        #expect(terminal.echoes)
    }

    @Test("--help describes the command; the tool's help lists it")
    func help() async throws {
        let help = try await PurseBinary.run(["checkout", "--help"])
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("Usage: purse checkout"))
        for option in ["--amount", "--currency", "--shopper", "--api-base", "--widget-data", "--no-browser", "--json"] {
            #expect(help.stdout.contains(option))
        }
        #expect(try await PurseBinary.run(["--help"]).stdout.contains("checkout"))
    }

    @Test(
        "nothing is sent unless the shopper confirms: a 'no', or answers that run out, exit 1 with nothing charged",
        arguments: [("\n1\n\(savedVisaCVV)\nn\n", "not_confirmed"), ("\n", "input_ended"), ("", "input_ended")])
    func notConfirmed(answers: String, outcome: String) async throws {
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 1, "\(output.stderr)")
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"]?.stringValue == outcome)
        #expect(report["submitted"] == false)
        #expect(report["nothing_charged"] == true)
        #expect(report["message"]?.stringValue?.hasSuffix("nothing was charged.") == true)
        // Not a terminal: no spinner frames, no colours.
        #expect(!output.stderr.contains("⠋"))
        #expect(!output.stderr.contains("\u{1B}["))
    }

    @Test(
        "bad flags are usage errors: stderr with the usage, exit 64, nothing started",
        arguments: [
            ["--bogus"], ["extra"], ["--json=1"], ["--amount"], ["--amount", "0"], ["--amount", "12.345"],
            ["--amount", "-3"], ["--amount", "abc"], ["--currency", "EURO"], ["--shopper", "nobody"],
            ["--widget-data", "abc"], ["--api-base", "http://127.0.0.1:9"],
            ["--api-base", "ftp://127.0.0.1", "--widget-data", "x"],
            ["--api-base", "http://example.com", "--widget-data", "x"],
            ["--api-base", "not a url", "--widget-data", "x"],
            ["--api-base", "http://127.0.0.1:9", "--widget-data", "@"],
            ["--api-base", "http://127.0.0.1:9", "--widget-data", ""],
            ["--api-base", "http://127.0.0.1:9", "--widget-data", "x", "--amount", "5"],
            ["--api-base", "https://api.example.com?x=1", "--widget-data", "x"],
        ])
    func badFlags(arguments: [String]) async throws {
        let output = try await PurseBinary.run(["checkout"] + arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("purse checkout: "))
        #expect(output.stderr.contains("Usage: purse checkout"))
    }

    @Test(
        "bad widget data: a clear message on stderr, exit 1, its secrets never echoed",
        arguments: WidgetDataCase.allCases)
    func badWidgetData(_ badCase: WidgetDataCase) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let argument = try badCase.argument(in: directory)
        // Port 9 (discard) is never called: the widget data is refused before any network call.
        let text = try await PurseBinary.run([
            "checkout", "--api-base", "http://127.0.0.1:9", "--widget-data", argument,
        ])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains(badCase.expectedMessage), "\(text.stderr)")
        #expect(!text.stderr.contains(WidgetDataCase.secretAPIKey))
        let json = try await PurseBinary.run([
            "checkout", "--api-base", "http://127.0.0.1:9", "--widget-data", argument, "--json",
        ])
        #expect(json.status == 1)
        let report = try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "failed")
        #expect(report["message"]?.stringValue?.contains(badCase.expectedMessage) == true)
        #expect(!json.stdout.contains(WidgetDataCase.secretAPIKey))
    }

    @Test(
        "--locale fr: bad widget data is said in French, in the dialogue and in the --json message",
        arguments: [
            (WidgetDataCase.missingFile, "impossible de lire le fichier des données du widget"),
            (.emptyFile, "le fichier des données du widget « "),
            (.notBase64, "les données du widget sont inutilisables : "),
        ])
    func badWidgetDataInFrench(_ badCase: WidgetDataCase, expected: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let argument = try badCase.argument(in: directory)
        let arguments = ["checkout", "--api-base", "http://127.0.0.1:9", "--widget-data", argument, "--locale", "fr"]
        let text = try await PurseBinary.run(arguments)
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stderr.contains("purse checkout: " + expected), "\(text.stderr)")
        let json = try await PurseBinary.run(arguments + ["--json"])
        #expect(json.status == 1)
        let report = try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "failed")
        #expect(report["message"]?.stringValue?.contains(expected) == true, "\(json.stdout)")
    }

    enum WidgetDataCase: String, CaseIterable, CustomTestStringConvertible {
        case missingFile, emptyFile, notBase64, notJSON, missingPaymentSession

        static let secretAPIKey = "sbx-pk-secret-0123456789"

        var testDescription: String { rawValue }

        func argument(in directory: URL) throws -> String {
            switch self {
            case .missingFile: return "@" + directory.appendingPathComponent("nowhere.txt").path
            case .emptyFile:
                let file = directory.appendingPathComponent("empty.txt")
                try Data("\n".utf8).write(to: file)
                return "@" + file.path
            case .notBase64: return "%%% not base64 %%%"
            case .notJSON: return Data("apiKey=\(Self.secretAPIKey)".utf8).base64EncodedString()
            case .missingPaymentSession:
                let document = #"{"apiKey":"\#(Self.secretAPIKey)","entityId":"e","environment":"sandbox"}"#
                return Data(document.utf8).base64EncodedString()
            }
        }

        var expectedMessage: String {
            switch self {
            case .missingFile: return "cannot read the widget data file"
            case .emptyFile: return "is empty"
            case .notBase64: return "WIDGET_DATA_MALFORMED"
            case .notJSON: return "WIDGET_DATA_MALFORMED"
            case .missingPaymentSession: return "SESSION_MALFORMED"
            }
        }
    }

    @Test("Ctrl-C at a question cancels: exit 130, zero charges on the sandbox, the process gone")
    func interruptAtPrompt() async throws {
        let sandbox = try await SandboxProcess.start()
        let session = try await sandbox.createSession(amount: 5000)
        let purse = try InteractivePurse([
            "checkout", "--api-base", sandbox.base, "--widget-data", session.widgetData, "--json",
        ])
        // A gift card is read (a read-only /init), then Ctrl-C at the next question.
        try await purse.waitFor("Add a gift card?")
        purse.type("1\n\(Self.illicadoPAN)\n\(Self.illicadoPIN)\n")
        try await purse.waitFor("Amount to take from it")
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 130)
        #expect(!purse.process.isRunning)
        #expect(kill(purse.process.processIdentifier, 0) == -1)
        #expect(purse.errors.contains("Cancelled: nothing was charged."))
        let report = try JSONValue.parse(purse.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "cancelled")
        #expect(report["nothing_charged"] == true)
        let stats = try await sandbox.stats()
        #expect(stats["charges"]?.int64Value == 0)
        #expect((stats["requests"]?["init"]?.int64Value ?? 0) >= 1)
        #expect(try await sandbox.session(session.id)["payment"] == nil)
    }

    @Test("Ctrl-C on the embedded sandbox stops it: exit 130, its port closed")
    func interruptEmbedded() async throws {
        let purse = try InteractivePurse(["checkout"])
        let menu = try await purse.waitFor("Add a gift card?")
        let base = try #require(Self.text(after: "Embedded sandbox on ", until: " ", in: menu))
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 130)
        #expect(purse.errors.contains("Cancelled: nothing was charged."))
        let url = try #require(URL(string: base + "/clock/datetime"))
        await #expect(throws: (any Error).self) {
            _ = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url, timeout: .seconds(2)))
        }
    }

    @Test("Ctrl-C while the payment is being sent: it is completed and reported, charged once")
    func interruptWhileSubmitting() async throws {
        let sandbox = try await SandboxProcess.start()
        let session = try await sandbox.createSession(amount: 2500)
        // The next /validate is handled 1.5 s late: Ctrl-C comes while it is under way.
        try await sandbox.injectFault(["route": "validate", "latency_ms": 1500, "count": 1])
        let purse = try InteractivePurse([
            "checkout", "--api-base", sandbox.base, "--widget-data", session.widgetData, "--json",
        ])
        let menu = try await purse.waitFor("Add a gift card?")
        let card = try #require(Self.menuNumber("Work card MASTERCARD •••• 4444", in: menu))
        purse.type("\n\(card)\n")
        try await purse.waitFor("now? [y/N]")
        purse.type("y\n")
        // The sandbox counts a request as it arrives, before the injected latency: /validate is under way.
        let deadline = ContinuousClock.now + .seconds(20)
        while try await sandbox.stats()["requests"]?["validate"]?.int64Value ?? 0 < 1 {
            try #require(ContinuousClock.now < deadline, "no /validate reached the sandbox")
            try await Task.sleep(for: .milliseconds(20))
        }
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 0, "\(purse.output)\n\(purse.errors)")
        #expect(purse.errors.contains("The payment was already sent: it is being completed"))
        let report = try JSONValue.parse(purse.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid")
        #expect(report["interrupted_while_submitting"] == true)
        #expect(try await sandbox.session(session.id)["payment"]?["authorization_status"] == "AUTHORIZED")
        #expect(try await sandbox.stats()["charges"]?.int64Value == 1)
    }

    @Test("Ctrl-C while a hosted page is open stops waiting: exit 130, the payment reported pending, not abandoned")
    func interruptOnHostedPage() async throws {
        let purse = try InteractivePurse(["checkout", "--no-browser", "--json"])
        let menu = try await purse.waitFor("Add a gift card?")
        let fintecture = try #require(Self.menuNumber("fintecture-instantpayment", in: menu))
        purse.type("\n\(fintecture)\ny\n")
        try await purse.waitFor("/pages/psp/")
        purse.send(SIGINT)
        #expect(try await purse.waitForExit() == 130, "\(purse.output)\n\(purse.errors)")
        #expect(purse.errors.contains("Stopped waiting for the hosted page."))
        let report = try JSONValue.parse(purse.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "pending")
        #expect(report["exit_status"]?.int64Value == 130)
        #expect(report["submitted"] == true)
        #expect(report["nothing_charged"] == nil)
        // The embedded merchant backend was still asked: the payment waits on its page.
        #expect(report["authorization_status"] == "PENDING")
        #expect(report["confirmed_by"] == "merchant backend")
    }

    @Test("purse demo --inject-fault validate:503: exit 1, the failing step named")
    func demoWithInjectedFault() async throws {
        let text = try await PurseBinary.run(
            ["demo", "--inject-fault", "validate:503"], environment: ["NO_COLOR": "1"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("injected fault: every 'validate' call answers HTTP 503"))
        #expect(text.stdout.contains("Demo failed:"))
        #expect(text.stdout.contains("✗ saved card with CVV › submit:"))
        #expect(text.stderr.contains("purse demo: failed at saved card with CVV › submit"))
        #expect(!text.stdout.contains("Demo complete"))

        let json = try await PurseBinary.run(["demo", "--json", "--inject-fault", "init:500"])
        #expect(json.status == 1)
        let summary = try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(summary["passed"] == false)
        let failed = summary["failed_steps"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(failed.first?.hasPrefix("gift cards ›") == true, "\(failed)")
    }

    // MARK: - Helpers

    /// The number a menu gives the line whose title is `title` (titles are padded with at least two spaces, or
    /// followed by a colon).
    static func menuNumber(_ title: String, in output: String) -> String? {
        for line in output.components(separatedBy: .newlines) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let close = trimmed.firstIndex(of: ")"), let number = Int(trimmed[..<close]) else { continue }
            let rest = trimmed[trimmed.index(after: close)...].drop { $0 == " " }
            if rest.hasPrefix(title + "  ") || rest.hasPrefix(title + ":") { return String(number) }
        }
        return nil
    }

    /// The text between the first `start` and the next `end` after it.
    static func text(after start: String, until end: String, in text: String) -> String? {
        guard let from = text.range(of: start) else { return nil }
        let rest = text[from.upperBound...]
        guard let to = rest.range(of: end) else { return String(rest) }
        return String(rest[..<to.lowerBound])
    }

    /// Plays the browser: reads the hosted page's address the checkout printed, clicks Approve (a POST of the
    /// page's form), and follows the 303 to the return URL, which the checkout's loopback listener catches.
    static func approvePrintedPage(of purse: InteractivePurse, kind: String = "psp") async throws -> HTTPResponse {
        let printed = try await purse.waitFor("/pages/\(kind)/")
        let address = try #require(
            printed.components(separatedBy: .whitespacesAndNewlines).first { $0.contains("/pages/\(kind)/") })
        let transport = URLSessionTransport()
        let decision = try await transport.send(
            HTTPRequest(
                method: "POST", url: try #require(URL(string: address + "/decision")),
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("decision=approve".utf8)))
        #expect(decision.status == 303)
        let location = try #require(decision.header("location"))
        #expect(location.hasPrefix("http://127.0.0.1:"))
        return try await transport.send(HTTPRequest(method: "GET", url: try #require(URL(string: location))))
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purse-checkout-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
