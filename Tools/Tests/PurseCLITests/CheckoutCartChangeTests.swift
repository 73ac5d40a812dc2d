import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse checkout --new-amount`: the cart changes after the gift cards, the embedded merchant backend creates a
/// new client session and the checkout moves onto it, printing the change report.
@Suite("purse checkout: the cart changes mid-checkout", .serialized)
struct CheckoutCartChangeTests {
    @Test("the order grows after a gift card: the card is read again and pays the new amount, confirmed AUTHORIZED")
    func orderGrows() async throws {
        // Gift card 1 (illicado, 50.00 on the card) for all of the 30.00 order; the cart becomes 45.00; confirm.
        let answers = "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n\ny\n"
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--amount", "30", "--new-amount", "45"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid")
        #expect(report["authorization_status"] == "AUTHORIZED")
        #expect(report["confirmed_by"] == "merchant backend")
        #expect(report["amount"]?.decimalValue == 45)
        let split = report["split"]?.arrayValue ?? []
        #expect(split.count == 1)
        #expect(split.first?["method"] == "illicado-giftcard")
        #expect(split.first?["amount"]?.decimalValue == 45)
        // The change report, and the session the payment is confirmed on: the new one.
        #expect(output.stderr.contains("The cart changes"))
        #expect(output.stderr.contains("The order is now 45.00 EUR instead of 30.00 EUR"))
        #expect(
            output.stderr.contains("illicado-giftcard now pays 45.00 EUR instead of 30.00 EUR (balance read again)"))
        let created = try #require(
            output.stderr.split(separator: "\n").first { $0.contains("The merchant backend created client session") })
        let sessionID = try #require(report["client_session_id"]?.stringValue)
        #expect(created.contains(sessionID))
        for stream in [output.stdout, output.stderr] { #expect(!stream.contains(CheckoutCommandTests.illicadoPAN)) }
    }

    @Test("the order shrinks below the gift card: the card is clamped, nothing is left to pay")
    func orderShrinks() async throws {
        let answers = "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n\ny\n"
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--amount", "30", "--new-amount", "20"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid" && report["amount"]?.decimalValue == 20)
        #expect(output.stderr.contains("illicado-giftcard now pays 20.00 EUR instead of 30.00 EUR"))
        #expect(!output.stderr.contains("(balance read again)"))
    }

    @Test("--locale fr: the change report reads French, from the SDK's update messages")
    func reportInFrench() async throws {
        let answers = "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n\noui\n"
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--amount", "30", "--new-amount", "45", "--locale", "fr"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let dialogue = CheckoutFrenchTests.plain(output.stderr)
        #expect(dialogue.contains("Le panier change"))
        #expect(dialogue.contains("pour le nouveau panier."))
        #expect(dialogue.contains("La commande est maintenant de 45,00 € au lieu de 30,00 €"))
        #expect(dialogue.contains("illicado-giftcard paie maintenant 45,00 € au lieu de 30,00 € (solde relu)"))
        for english in ["The cart changes", "now pays", "instead of", "balance read again", "merchant backend created"]
        {
            #expect(!dialogue.contains(english), "English left: \(english)")
        }
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid" && report["amount"]?.decimalValue == 45)
    }

    @Test(
        "at the confirmation the shopper changes the amount: a wrong amount is asked again, the card pays the new one")
    func changeAtTheConfirmation() async throws {
        // The gift card pays all of 30.00; at "Pay 30.00 EUR now?" the shopper types c, then abc, then 45.
        let answers = "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n\nc\nabc\n45\ny\n"
        let output = try await PurseBinary.run(["checkout", "--json", "--amount", "30"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        #expect(output.stderr.contains("Pay 30.00 EUR now? [y/N] (c: change the order's amount)"))
        #expect(output.stderr.contains("'abc' is not an amount such as 10.50; type another."))
        #expect(
            output.stderr.contains("illicado-giftcard now pays 45.00 EUR instead of 30.00 EUR (balance read again)"))
        #expect(output.stderr.contains("Pay 45.00 EUR now?"))
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid" && report["authorization_status"] == "AUTHORIZED")
        #expect(report["amount"]?.decimalValue == 45)
    }

    @Test("in French, m and 80,5: the typed card is kept and pays the new rest, nothing typed again")
    func changeAtTheConfirmationInFrench() async throws {
        let card = "1\n4111 1111 1111 1111\n12/29\n123\n"
        let answers =
            "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n20\n\n\(card)m\n80,5\noui\n"
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--shopper", "guest", "--locale", "fr"], stdin: answers)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
        let dialogue = CheckoutFrenchTests.plain(output.stderr)
        #expect(dialogue.contains("Payer 42,50 € maintenant ? [o/N] (m : modifier le montant de la commande)"))
        #expect(dialogue.contains("La commande est maintenant de 80,50 € au lieu de 42,50 €"))
        #expect(dialogue.contains("illicado-giftcard paie toujours 20,00 €"))
        #expect(dialogue.contains("payzen-creditcard paie toujours le reste"))
        // The card number was asked once: the form kept what was typed.
        #expect(dialogue.components(separatedBy: "Numéro de carte :").count == 2)
        // The new split is shown once (it was printed by the change, then again under "À payer").
        #expect(dialogue.components(separatedBy: "payzen-creditcard                  60,50 €").count == 2)
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid" && report["amount"]?.decimalValue == Decimal(string: "80.5"))
        let split = report["split"]?.arrayValue ?? []
        #expect(split.last?["method"] == "payzen-creditcard")
        #expect(split.last?["amount"]?.decimalValue == Decimal(string: "60.5"))
    }

    @Test(
        "--new-amount is checked like --amount, and only for the embedded sandbox",
        arguments: [
            ["--new-amount", "0"], ["--new-amount", "1.234"], ["--new-amount", "abc"],
            ["--api-base", "http://127.0.0.1:9", "--widget-data", "x", "--new-amount", "5"],
        ])
    func badNewAmount(arguments: [String]) async throws {
        let output = try await PurseBinary.run(["checkout"] + arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains("--new-amount"))
        #expect(output.stdout.isEmpty)
    }
}
