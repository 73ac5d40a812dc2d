import Foundation
import PurseHeadlessCheckout
import TestProcess
import Testing

/// The `purse` binary, run end to end.
@Suite("purse command line", .serialized)
struct PurseCommandTests {
    @Test("--help on the tool and on every subcommand exits 0 and describes it")
    func help() async throws {
        let top = try await PurseBinary.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("demo"))
        #expect(top.stdout.contains("sandbox"))
        for command in ["demo", "checkout", "sandbox"] {
            let output = try await PurseBinary.run([command, "--help"])
            #expect(output.status == 0)
            #expect(output.stdout.contains("Usage: purse \(command)"))
            #expect(output.stderr.isEmpty)
        }
    }

    @Test(
        "usage errors go to stderr with exit status 64",
        arguments: [
            [], ["frobnicate"], ["sandbox", "--port"], ["sandbox", "--port", "70000"], ["sandbox", "--port", "abc"],
            ["sandbox", "--nope"], ["demo", "extra"], ["demo", "--json=yes"], ["sandbox", "--latency", "-5"],
        ])
    func usageErrors(arguments: [String]) async throws {
        let output = try await PurseBinary.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(!output.stderr.isEmpty)
    }

    @Test("sandbox --catalogue prints the test data, as text and as JSON")
    func catalogue() async throws {
        let text = try await PurseBinary.run(["sandbox", "--catalogue"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("4111111111111111"))
        #expect(text.stdout.contains("demo-shopper"))
        #expect(text.stdout.contains("illicado"))
        let json = try await PurseBinary.run(["sandbox", "--catalogue", "--json"])
        #expect(json.status == 0)
        let document = try JSONValue.parse(json.stdout)
        #expect(document["entity"] != nil)
    }

    @Test("demo runs the whole tour: every chapter confirmed, every payment AUTHORIZED server-side, no card data")
    func demo() async throws {
        let output = try await PurseBinary.run(["demo"], environment: ["NO_COLOR": "1"])
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let story = output.stdout
        // What the shopper sees.
        #expect(story.contains("saved      Personal Visa VISA •••• 4242 asks for its CVV"))
        #expect(story.contains("gift card  illicado-giftcard"))
        // A method this tool cannot pay says why (was: "paypal-wallet no plugin here").
        #expect(story.contains("paypal-wallet"))
        #expect(story.contains("not payable here: PayPal's plugin is in the PurseCheckoutPayPal library"))
        #expect(!story.contains("no plugin here"))
        // Two gift cards, the split after each.
        #expect(story.contains("pays a capped slice of 20.00 EUR; left to pay: 100.00 EUR"))
        #expect(story.contains("Buybox caps a payment at 50 EUR); left to pay: 50.00 EUR"))
        #expect(story.contains("split  illicado-giftcard        20.00 EUR"))
        #expect(story.contains("split  buybox-giftcard          50.00 EUR"))
        // The rest on the saved Visa with its CVV; 3-D Secure; a redirection.
        #expect(story.contains("waits for its CVV; once typed (•••) the order is fulfilled"))
        #expect(story.contains("one submit pays all three shares: /validate answered SUCCESS"))
        #expect(story.contains("the bank's challenge page opened, the shopper approved it"))
        #expect(story.contains("fintecture-instantpayment: the shopper approved on 127.0.0.1/pages/"))
        // A gift card, then Apple Pay with the sandbox's test token (no sheet off a device).
        #expect(
            story.contains(
                "5. Order demo-0003: a gift card, then Apple Pay pays the rest (sandbox test token, no sheet)"))
        // Apple Pay is named for what it is (was: "plugin").
        #expect(
            story.contains("ingenico-applepay            Apple Pay (a sandbox test token here: no sheet off a device)"))
        #expect(!story.contains("  plugin"))
        #expect(story.contains("ingenico-applepay: the sheet would show"))
        #expect(story.contains("one /validate pays both shares: /validate answered SUCCESS"))
        // Two gift cards, then the delivery fee changes: the checkout follows the new client session.
        #expect(story.contains("6. Order demo-0004: two gift cards, then the delivery fee changes"))
        #expect(story.contains("The order is now 86.90 EUR instead of 80.00 EUR"))
        #expect(story.contains("easy2play-giftcard still pays 25.00 EUR"))
        #expect(story.contains("mybeezbox-giftcard now pays 61.90 EUR instead of 55.00 EUR (balance read again)"))
        #expect(story.contains("the backend confirms the payment's amount: 86.90 EUR"))
        // The wallet.
        #expect(story.contains("'Work card' renamed 'Business card'"))
        #expect(story.contains("Business card is now a favorite"))
        #expect(story.contains("Old Visa VISA •••• 1111 deleted from the wallet"))
        #expect(story.contains("'Business card' starred, the deleted card gone"))
        // Save and restore mid-redirect.
        #expect(
            story.contains(
                "restored after process death: sessionState = submitted, payment pending on a page of kind post_form the snapshot did not keep"
            ))
        #expect(story.contains("a second submit is refused: SESSION_ALREADY_SUBMITTED_ERROR"))
        // A gift card, then Oney 3x: the plan of the 150.00 EUR left, dated, its cost and legal text, then Oney's page.
        #expect(story.contains("Oney prices the 150.00 EUR left (the plan for 250.00 EUR is now stale)"))
        #expect(story.contains("instalment 1"))
        #expect(story.contains("52.18 EUR") && story.contains("50.00 EUR"))
        #expect(story.contains("total 152.18 EUR, of which the loan costs 2.18 EUR; APR 19.31 %"))
        #expect(story.contains("The lender's text, verbatim (in its language): "))
        #expect(story.contains("Un crédit vous engage et doit être remboursé."))
        #expect(story.contains("3 instalments add up to 152.18 EUR, to the cent"))
        // Each saved gift card is listed once, when its balance look-up has answered.
        #expect(story.components(separatedBy: "saved gift Birthday card").count == 2)
        #expect(story.components(separatedBy: "saved gift Slow card").count == 2)
        #expect(story.contains("the shopper approved the plan on Oney's page"))
        // Apple Pay with delivery: a relay point picked on the sheet prices it again, and that price is paid.
        #expect(story.contains("the sheet showed 49.89 EUR with home delivery; the shopper picks Mondial Relay"))
        #expect(story.contains("and the sheet shows 46.89 EUR"))
        #expect(story.contains("the shopper authorizes with Mondial Relay selected"))
        #expect(story.contains("the backend confirms the payment's amount: 46.89 EUR"))
        // The Oney card: the date of birth asked instead of a code, then the order paid.
        #expect(story.contains("the form asks Card number, Expiry date, Date of birth, Name on card; no security code"))
        #expect(story.contains("the Oney card pays the order: "))
        // Chèques-Vacances: ANCV Connect approved in the ANCV app (two polls), then the whole order paid with it.
        #expect(story.contains("the shopper types their ANCV Connect identifier ANCV0001"))
        #expect(story.contains("ANCV approved 95.00 EUR after "))
        #expect(story.contains("the Chèques-Vacances pay the whole order: SUCCESS"))
        // A card saved for later: in the wallet, nothing charged.
        #expect(story.contains("the card is in the wallet: Spare card MASTERCARD •••• 4444"))
        #expect(story.contains("the sandbox counted 0 charges for it"))
        // Every payment (gift cards + CVV, 3-D Secure, Apple Pay, Apple Pay with delivery, cart change, redirection,
        // restored, Oney 3x, the Oney card, ANCV) confirmed by the backend.
        #expect(
            story.components(separatedBy: "the backend confirms: client session COMPLETED, payment AUTHORIZED").count
                - 1 == 10)
        #expect(!story.contains("✗"))
        #expect(story.contains("Demo complete"))
        // The chapters are numbered 1, 2, 3… as they run, and each order's label is the reference the backend
        // gave it (was: 1, 2, 2b, 3, then "Order 6" for demo-0007).
        let numbers = story.components(separatedBy: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("▸ "), let dot = line.firstIndex(of: ".") else { return nil }
            return Int(line[line.index(line.startIndex, offsetBy: 2)..<dot])
        }
        #expect(numbers == Array(1...14), "\(numbers)")
        for line in story.components(separatedBy: "\n") where line.hasPrefix("▸ ") && line.contains("Order demo-") {
            let reference = try #require(line.range(of: #"demo-\d{4}"#, options: .regularExpression))
            #expect(story.contains("✓ order \(line[reference]) ("), "\(line)")
        }
        // What to do next: the commands and the articles, which exist.
        let next = try #require(story.components(separatedBy: "\nWhat next\n").last)
        for command in [
            "swift run --package-path Tools purse checkout", "swift run --package-path Tools purse sandbox",
            "swift test --package-path Tools",
        ] {
            #expect(next.contains(command), "\(command)")
        }
        let catalogue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PurseHeadlessCheckout/PurseHeadlessCheckout.docc")
        for article in ["GettingStarted", "Sandbox", "GiftCardsAndCoPayment", "Testing"] {
            #expect(next.contains("\(article).md"))
            #expect(FileManager.default.fileExists(atPath: catalogue.appendingPathComponent("\(article).md").path))
        }
        // Never card data: no full PAN, no first six digits.
        for secret in [
            "6003580000000000011", "9250000000000018", "8000000000000011", "3000000000000013", "7000000000000000014",
            "5555555555554444", "424242", "555555",
            "411111", "6015000000000000010", "60150000", "12041985", "12/04/1985", "1985-04-12",
        ] {
            #expect(!story.contains(secret), "printed \(secret)")
        }
        #expect(!story.contains("\u{1B}["))  // NO_COLOR, and not a terminal
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test("demo --json prints one JSON summary: every chapter present, every step passed")
    func demoJSON() async throws {
        let output = try await PurseBinary.run(["demo", "--json"])
        #expect(output.status == 0)
        let summary = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(summary["passed"] == true)
        let steps = summary["steps"]?.arrayValue ?? []
        #expect(steps.count >= 25)
        #expect(steps.allSatisfy { $0["passed"] == true })
        let chapters = Set(steps.compactMap { $0["chapter"]?.stringValue })
        #expect(
            chapters == [
                "setup", "listing", "gift cards", "saved card with CVV", "3-D Secure", "Apple Pay",
                "Apple Pay with delivery", "cart changes",
                "redirection",
                "wallet", "save and restore", "buy now, pay later", "Oney card", "ANCV Connect", "save a card",
            ])
        let confirmations = steps.filter { $0["step"]?.stringValue == "server confirmation" }
        #expect(confirmations.count == 10)
        #expect(confirmations.allSatisfy { $0["detail"]?.stringValue?.hasSuffix("payment AUTHORIZED") == true })
    }

    @Test("a run that outlives its timeout is killed and reported, not waited for")
    func runTimesOut() async throws {
        // The sandbox never exits on its own: only the watchdog can end this run.
        await #expect(throws: PurseBinary.TimedOut.self) {
            _ = try await PurseBinary.run(["sandbox", "--port", "0", "--json"], timeout: .seconds(2))
        }
    }

    @Test("sandbox serves on an ephemeral port, answers, and stops cleanly on SIGINT")
    func sandboxServes() async throws {
        let url = try #require(PurseBinary.url)
        let process = ChildProcess()
        process.executableURL = url
        process.arguments = ["sandbox", "--port", "0", "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let reader = out.fileHandleForReading
        let line = try #require(try await onThread { Self.readLine(reader) })
        let base = try #require(try JSONValue.parse(line)["base_url"]?.stringValue)
        #expect(base.hasPrefix("http://127.0.0.1:"))
        let transport = URLSessionTransport()
        let answer = try await transport.send(
            HTTPRequest(method: "GET", url: try #require(URL(string: base + "/clock/datetime"))))
        #expect(answer.status == 200)
        #expect(try JSONValue.parse(answer.body)["utc"] != nil)
        let unknown = try await transport.send(
            HTTPRequest(method: "GET", url: try #require(URL(string: base + "/no/such/route"))))
        #expect(unknown.status == 404)
        #expect(try JSONValue.parse(unknown.body)["code"] != nil)
        kill(process.processIdentifier, SIGINT)
        await process.exited()
        #expect(process.terminationStatus == 0)
    }

    @Test("sandbox --state keeps payments across a restart")
    func sandboxState() async throws {
        let url = try #require(PurseBinary.url)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("purse-state-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let statePath = directory.appendingPathComponent("state.json").path

        func start() async throws -> (ChildProcess, String) {
            let process = ChildProcess()
            process.executableURL = url
            process.arguments = ["sandbox", "--port", "0", "--json", "--state", statePath]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let reader = out.fileHandleForReading
            let line = try #require(try await onThread { Self.readLine(reader) })
            return (process, try #require(try JSONValue.parse(line)["base_url"]?.stringValue))
        }
        let transport = URLSessionTransport()
        let (first, base) = try await start()
        // Catalogue credentials of the sandbox's merchant entity (`purse sandbox --catalogue`).
        let catalogue = try JSONValue.parse(try await PurseBinary.run(["sandbox", "--catalogue", "--json"]).stdout)
        let entity = try #require(catalogue["entity"])
        func field(_ names: String...) throws -> String {
            let value = names.compactMap { entity[$0]?.stringValue }.first
            return try #require(value, "entity fields: \(entity)")
        }
        let apiKey = try field("api_key", "apiKey")
        let basic = Data("\(try field("client_id", "clientId")):\(try field("client_secret", "clientSecret"))".utf8)
        let token = try await transport.send(
            HTTPRequest(
                method: "POST", url: try #require(URL(string: base + "/oauth/token")),
                headers: [
                    "Authorization": "Basic \(basic.base64EncodedString())",
                    "Content-Type": "application/x-www-form-urlencoded",
                ], body: Data("grant_type=client_credentials".utf8)))
        let bearer = try #require(try JSONValue.parse(token.body)["access_token"]?.stringValue)
        let request: JSONValue = [
            "entity_id": .string(try field("entity_id", "entityId")), "amount": 1000, "currency": "EUR",
            "shopper_redirection_url": "https://shop.example.com/return", "order": ["reference": "state-test"],
        ]
        let created = try await transport.send(
            HTTPRequest(
                method: "POST", url: try #require(URL(string: base + "/payment/v2/client-sessions")),
                headers: [
                    "Authorization": "Bearer \(bearer)", "x-api-key": apiKey, "Content-Type": "application/json",
                ],
                body: request.serialized()))
        #expect(created.status == 201)
        let sessionID = try #require(try JSONValue.parse(created.body)["id"]?.stringValue)
        kill(first.processIdentifier, SIGINT)
        await first.exited()
        #expect(first.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: statePath))

        let (second, secondBase) = try await start()
        defer {
            kill(second.processIdentifier, SIGINT)
            second.reapInBackground()
        }
        let fetched = try await transport.send(
            HTTPRequest(
                method: "GET", url: try #require(URL(string: secondBase + "/payment/v2/client-sessions/\(sessionID)")),
                headers: ["Authorization": "Bearer \(bearer)", "x-api-key": apiKey]))
        #expect(fetched.status == 200, "\(String(decoding: fetched.body, as: UTF8.self))")
        #expect(try JSONValue.parse(fetched.body)["id"]?.stringValue == sessionID)
    }

    /// Reads one line from a pipe (the server's first output line).
    static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = handle.readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
