import Foundation
import PurseHeadlessCheckout
import Testing

/// The dialogue of `purse checkout` where a shopper makes a mistake: each finding of the first-hour review, run
/// through the real binary with piped answers on the embedded sandbox (an order of 42.50 EUR).
@Suite("purse checkout: mistakes in the dialogue", .serialized)
struct CheckoutDialogueTests {
    static let pan = CheckoutCommandTests.illicadoPAN
    static let pin = CheckoutCommandTests.illicadoPIN

    static func report(_ output: PurseBinary.Output) throws -> JSONValue {
        try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func occurrences(of text: String, in stream: String) -> Int {
        stream.components(separatedBy: text).count - 1
    }

    /// Was: a bad amount dropped the card, and the shopper typed its number and PIN again; an amount above what
    /// the card may pay quoted that (42.50) as "the balance" (the card holds 50.00).
    @Test("a wrong gift-card amount is asked again, the card stays read, the limit is named for what it is")
    func wrongAmountIsAskedAgain() async throws {
        let answers = "1\n\(Self.pan)\n\(Self.pin)\nabc\n-5\n60\n20\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try Self.report(output)["outcome"] == "paid")
        #expect(try Self.report(output)["split"]?.arrayValue?.first?["amount"]?.decimalValue == 20)
        #expect(Self.occurrences(of: "illicado-giftcard number:", in: output.stderr) == 1)
        #expect(Self.occurrences(of: "PIN or security code", in: output.stderr) == 1)
        #expect(output.stderr.contains("'abc' is not an amount such as 10.50; type another."))
        #expect(output.stderr.contains("'-5' is not an amount such as 10.50; type another."))
        #expect(output.stderr.contains("the card may pay at most 42.50 EUR of this order"))
        #expect(!output.stderr.contains("at most the balance"))
        #expect(Self.occurrences(of: "Amount to take from it", in: output.stderr) == 4)
    }

    @Test("'no' at the amount leaves the card out, and nothing of it reaches the split")
    func amountNoLeavesTheCardOut() async throws {
        let answers = "1\n\(Self.pan)\n\(Self.pin)\nno\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        let split = try Self.report(output)["split"]?.arrayValue ?? []
        #expect(split.count == 1)
        #expect(split.first?["method"] == "payzen-creditcard")
    }

    /// Was: a mistyped number was reported only after the PIN had been typed.
    @Test("a number that is not the card's shape is refused before the PIN is asked")
    func badNumberBeforePIN() async throws {
        let answers = "1\n1234\n\(Self.pan)\n\(Self.pin)\n20\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        let refused = try #require(output.stderr.range(of: "That is not a illicado-giftcard number; type it again."))
        let pin = try #require(output.stderr.range(of: "PIN or security code"))
        #expect(refused.upperBound < pin.lowerBound)
        #expect(Self.occurrences(of: "illicado-giftcard number:", in: output.stderr) == 2)
    }

    /// Was: a wrong CVV on the saved Visa in a split with a gift card was reported as "illicado-giftcard FAILED".
    @Test("a wrong CVV in a split names the card that refused and its code, on screen and in --json")
    func wrongCVVNamesTheCard() async throws {
        let answers = "1\n\(Self.pan)\n\(Self.pin)\n20\n\n1\n999\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 1, "\(output.stderr)")
        let report = try Self.report(output)
        #expect(report["outcome"] == "refused")
        #expect(report["error"]?["code"] == "VALIDATE_FAILED")
        #expect(report["error"]?["participant"] == "payzen-creditcard")
        #expect(report["error"]?["server_code"] == "WRONG_CARD_DATA")
        #expect(output.stderr.contains("payzen-creditcard WRONG_CARD_DATA"))
        #expect(!output.stderr.contains("illicado-giftcard FAILED"))
    }

    /// Was: the same card typed twice silently kept its first amount.
    @Test("the same gift card typed again says it is in the split, and the new amount replaces the old")
    func sameCardTwice() async throws {
        let answers = "1\n\(Self.pan)\n\(Self.pin)\n20\n1\n\(Self.pan)\n\(Self.pin)\n10\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("This card is already in the split for 20.00 EUR"))
        let split = try Self.report(output)["split"]?.arrayValue ?? []
        #expect(split.map { $0["method"]?.stringValue } == ["illicado-giftcard", "payzen-creditcard"])
        #expect(split.first?["amount"]?.decimalValue == 10)
        #expect(split.last?["amount"]?.decimalValue == Decimal(string: "32.5"))
    }

    /// Was: a saved gift card picked twice was applied again without a word.
    @Test("a saved gift card picked twice says it is already in the split; the prompt asks for a line number")
    func savedCardTwice() async throws {
        // Line 9 is the saved "Birthday card" (balance 40.00), after the eight gift-card methods.
        let answers = "9\n9\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Birthday card •••• 0045 is already in the split for 40.00 EUR."))
        #expect(output.stderr.contains("Add a gift card? Type its line number (1-11), or press Enter to go on:"))
        let split = try Self.report(output)["split"]?.arrayValue ?? []
        #expect(split.count == 2)
        #expect(split.first?["amount"]?.decimalValue == 40)
    }

    /// Was: the list of instruments had scrolled away when "Pay the rest" asked for a line number; rows that
    /// could not pay said only "not payable from a terminal".
    @Test("'Pay the rest' lists the instruments again, and with --all-methods a row that cannot pay says why")
    func payTheRestListsAgain() async throws {
        let answers = "1\n\(Self.pan)\n\(Self.pin)\n20\n\n1\n123\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json", "--all-methods"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        let rest = try #require(output.stderr.range(of: "Pay the rest"))
        let after = output.stderr[rest.upperBound...]
        #expect(after.contains("1)  Personal Visa VISA •••• 4242"))
        #expect(!output.stderr.contains("not payable from a terminal"))
        #expect(
            after.contains("paypal-wallet                   paypal_wallet — not payable here: PayPal's plugin is in"))
        #expect(
            after.contains(
                "payline-ideal                   redirection_suffix — not payable here: nothing handles template "
                    + "redirection_suffix"))
        // Every row that cannot pay says why, with its code, and which ones an app would leave out.
        #expect(
            after.contains(
                "cofidis-cb4x                    hosted page (redirection) — unavailable: pays orders between 100.00 "
                    + "EUR and 1000.00 EUR; this order is 42.50 EUR (AMOUNT_CONDITION_UNREACHABLE); an app hides"))
        #expect(after.contains("adyen-googlepay                 googlepay — unavailable: this method is temporarily"))
    }

    /// Apple Pay from a terminal: no sheet, so a sandbox test token stands for the shopper's approval.
    @Test(
        "a gift card, then Apple Pay with a sandbox test token pays the rest; a declining token names Apple Pay",
        arguments: [("", 0, "paid"), ("decline", 1, "refused")])
    func applePayWithATestToken(token: String, status: Int32, outcome: String) async throws {
        let purse = try InteractivePurse(["checkout", "--json"])
        try await purse.waitFor("Add a gift card?")
        purse.type("1\n\(Self.pan)\n\(Self.pin)\n20\n\n")
        let menu = try await purse.waitFor("Pay 22.50 EUR with")
        let applePay = try #require(CheckoutCommandTests.menuNumber("ingenico-applepay", in: menu))
        #expect(menu.contains("Apple Pay (a sandbox test token: no sheet in a terminal)"))
        purse.type("\(applePay)\n")
        let asked = try await purse.waitFor("Sandbox Apple Pay token")
        #expect(asked.contains("On a device the Apple Pay sheet would show: Order 42.50 EUR, Illicado"))
        purse.type("not-a-token\n")
        try await purse.waitFor("is not a sandbox test token")
        purse.type("\(token)\n")
        try await purse.waitFor("now? [y/N]")
        purse.type("y\n")
        #expect(try await purse.waitForExit() == status, "\(purse.output)\n\(purse.errors)")
        let report = try JSONValue.parse(purse.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"]?.stringValue == outcome)
        if outcome == "paid" {
            let split = report["split"]?.arrayValue ?? []
            #expect(split.map { $0["method"]?.stringValue } == ["illicado-giftcard", "ingenico-applepay"])
            #expect(split.last?["amount"]?.decimalValue == Decimal(string: "22.5"))
        } else {
            #expect(report["error"]?["participant"] == "ingenico-applepay")
            #expect(report["error"]?["server_code"] == "REJECTED_BANK")
        }
    }

    /// The line number the gift-card list gives `title` (`  8)  ancv-connect — …`).
    static func giftCardLine(_ title: String, in output: String) -> String? {
        let list = output.components(separatedBy: "Gift cards\n").last ?? ""
        for line in list.components(separatedBy: .newlines) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let close = trimmed.firstIndex(of: ")"), let number = Int(trimmed[..<close]) else { continue }
            if trimmed[trimmed.index(after: close)...].drop(while: { $0 == " " }).hasPrefix(title) {
                return String(number)
            }
        }
        return nil
    }

    /// Was: a gift card no reader handled asked for its number and PIN, then failed with METHOD_NOT_IMPLEMENTED;
    /// the Slow card's "balance unknown" stayed on screen after its balance arrived.
    @Test("a gift card that cannot pay is refused with its reason, nothing asked; the list follows late balances")
    func unavailableGiftCardAndLateBalance() async throws {
        let purse = try InteractivePurse(["checkout", "--all-methods"])
        let first = try await purse.waitFor("Add a gift card?")
        #expect(first.contains("saved: Slow card •••• 0060 (balance unknown)"), "\(first)")
        // The saved "Broken card": the sandbox fails its balance look-up, so the checkout disables it.
        let broken = try #require(Self.giftCardLine("saved: Broken card", in: first), "\(first)")
        // Pick the card that cannot pay until the Slow card's balance (2 s late on the sandbox) has arrived and the
        // list has been shown again with it; each pick is refused at once.
        var picks = 0
        while !(purse.output + purse.errors).contains("saved: Slow card •••• 0060 (balance 30.00 EUR)") && picks < 120 {
            picks += 1
            purse.type("\(broken)\n")
            try await purse.waitFor("Add a gift card?", count: picks + 1)
            try await Task.sleep(for: .milliseconds(250))
        }
        let seen = try await purse.waitFor("saved: Slow card •••• 0060 (balance 30.00 EUR)")
        #expect(seen.contains("Broken card •••• 0052 is "), "\(seen)")
        #expect(Self.occurrences(of: "Choose another.", in: seen) == picks)
        #expect(!seen.contains("PIN or security code"))
        #expect(!seen.contains("METHOD_NOT_IMPLEMENTED"))
        // The list was shown again once the balance arrived, and its latest showing has no "balance unknown".
        #expect(Self.occurrences(of: "Gift cards\n", in: seen) >= 2)
        let latest = seen.components(separatedBy: "Gift cards\n").last ?? ""
        #expect(latest.contains("saved: Slow card •••• 0060 (balance 30.00 EUR)"))
        #expect(!latest.contains("(balance unknown)"))
        purse.closeInput()
        #expect(try await purse.waitForExit() == 1)
    }

    @Test("an Oney card asks the holder's date of birth instead of a security code, checks it, and pays")
    func oneyCard() async throws {
        let answers = "\n7\n6015000000000000010\n12/34\n31/02/1990\n12/04/1985\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("7)  oneycard-comptant               enter a card"))
        #expect(Self.occurrences(of: "Date of birth (DD/MM/YYYY):", in: output.stderr) == 2)
        #expect(output.stderr.contains("Check the date of birth: that day does not exist."))
        #expect(!output.stderr.contains("Security code"))
        let report = try Self.report(output)
        #expect(report["authorization_status"]?.stringValue == "AUTHORIZED")
        #expect(report["split"]?.arrayValue?.first?["method"]?.stringValue == "oneycard-comptant")
        for secret in ["6015000000000000010", "12/04/1985", "1985-04-12"] {
            #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret), "printed \(secret)")
        }
    }

    @Test("a saved Oney card (oney-shopper) asks the holder's date of birth, checks it, and pays with the token alone")
    func savedOneyCard() async throws {
        let answers = "\n1\n1204\n12/04/1985\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json", "--shopper", "oney-shopper"], stdin: answers)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains("1)  Oney card ONEY •••• 0010   saved card, asks for the holder's date of birth"))
        #expect(Self.occurrences(of: "Date of birth (DD/MM/YYYY):", in: output.stderr) == 2)
        #expect(output.stderr.contains("Enter the date of birth in full: day, month and year."))
        #expect(!output.stderr.contains("CVV") && !output.stderr.contains("Security code"))
        let report = try Self.report(output)
        #expect(report["authorization_status"]?.stringValue == "AUTHORIZED")
        #expect(report["split"]?.arrayValue?.first?["method"]?.stringValue == "oneycard-comptant")
        for secret in ["12/04/1985", "1985-04-12", "12041985"] {  // not "1985" alone: a session id may hold it
            #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret), "printed \(secret)")
        }
    }

    @Test("--shopper names every shopper of the catalogue in its usage error")
    func unknownShopper() async throws {
        let output = try await PurseBinary.run(["checkout", "--shopper", "nobody"], stdin: "")
        #expect(output.status == 64, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "--shopper must be demo-shopper, empty-shopper, shared-wallet-shopper, oney-shopper or guest, got 'nobody'"
            ))
    }

    @Test("a currency the sandbox refuses is a usage error (64) found before anything starts")
    func unsupportedCurrency() async throws {
        let output = try await PurseBinary.run(["checkout", "--currency", "XYZ"], stdin: "")
        #expect(output.status == 64, "\(output.stderr)")
        #expect(
            output.stderr.hasPrefix(
                "purse checkout: --currency must be one the embedded sandbox takes (CHF, EUR, GBP, JPY, USD), got 'XYZ'"
            ),
            "\(output.stderr)")
        // Refused before the embedded sandbox started or an order was created.
        #expect(!output.stderr.contains("Embedded sandbox"))
        #expect(!output.stderr.contains("Creating the order"))
        #expect(output.stdout.isEmpty)
    }

    @Test(
        "every currency the CLI accepts is one the embedded sandbox takes: the order is created",
        arguments: ["CHF", "eur", "GBP", "JPY", "USD"])
    func acceptedCurrency(code: String) async throws {
        let output = try await PurseBinary.run(["checkout", "--currency", code, "--amount", "100"], stdin: "")
        // No answers on stdin: the dialogue ends at its first question, nothing charged (exit 1), after the order.
        #expect(output.status == 1, "\(output.stderr)")
        let dialogue = output.stdout + output.stderr
        #expect(dialogue.contains("Order: 100"), "\(dialogue)")
        #expect(!dialogue.contains("UNSUPPORTED_CURRENCY"))
    }
}
