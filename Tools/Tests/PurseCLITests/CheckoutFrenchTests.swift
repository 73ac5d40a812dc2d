import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse checkout` in French, through the real binary with piped answers on the embedded sandbox (an order of
/// 42.50 EUR for a guest): the dialogue, the SDK's messages and the amounts read French, a gift-card amount typed
/// with a comma is taken, and an expiry of month 13 is named.
@Suite("purse checkout in French", .serialized)
struct CheckoutFrenchTests {
    static let pan = CheckoutCommandTests.illicadoPAN
    static let pin = CheckoutCommandTests.illicadoPIN
    /// A gift card for 20,50, the card for the rest (an expiry of month 13 first), and a French yes.
    static let answers = "1\n\(pan)\n\(pin)\n20,5\n\n1\n4111 1111 1111 1111\n13/29\n12/29\n123\noui\n"

    /// `text` with its no-break spaces (U+00A0, U+202F) as plain spaces.
    static func plain(_ text: String) -> String {
        String(text.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 })
    }

    @Test("--locale fr: French questions, SDK messages and amounts; 20,5 is 20.50; month 13 is named")
    func frenchDialogue() async throws {
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--shopper", "guest", "--locale", "fr", "--all-methods"], stdin: Self.answers)
        #expect(output.status == 0, "\(output.stderr)")
        let dialogue = Self.plain(output.stderr)
        #expect(dialogue.contains("Commande : 42,50 €"))
        #expect(dialogue.contains("Ajouter une carte cadeau ? Tapez son numéro de ligne (1-8)"))
        #expect(dialogue.contains("illicado-giftcard •••• 0011 : solde 50,00 €, peut payer 42,50 € de cette commande"))
        #expect(dialogue.contains("reste à payer                      22,00 €"))
        #expect(dialogue.contains("13 n'est pas un mois : saisissez un mois de 01 à 12."))
        #expect(dialogue.contains("Paie les commandes entre 100,00 € et 1 000,00 €"))  // an SDK availability reason
        #expect(dialogue.contains("Payer 42,50 € maintenant ? [o/N]"))
        #expect(!dialogue.contains("Add a gift card") && !dialogue.contains("left to pay"))
        let report = try JSONValue.parse(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report["outcome"] == "paid")
        #expect(report["split"]?.arrayValue?.first?["amount"]?.decimalValue == Decimal(string: "20.5"))
        #expect(report["message"]?.stringValue?.hasPrefix("Payé 42,50") == true)
    }

    @Test("the environment picks the language when --locale is not given: LANG=fr_FR.UTF-8 reads French")
    func frenchFromTheEnvironment() async throws {
        let output = try await PurseBinary.run(
            ["checkout", "--json", "--shopper", "guest"], environment: ["PURSE_LOCALE": "", "LANG": "fr_FR.UTF-8"],
            stdin: "\n")
        #expect(Self.plain(output.stderr).contains("Payer avec :"))
        #expect(!output.stderr.contains("Pay with:"))
    }
}

/// `--amount` as a French shopper writes it.
@Suite("purse checkout --amount with a decimal comma")
struct CheckoutAmountCommaTests {
    @Test("--locale fr: --amount 20,5 is an order of 20,50 €")
    func frenchAmountOption() async throws {
        let output = try await PurseBinary.run(["checkout", "--locale", "fr", "--amount", "20,5"], stdin: "")
        // No answers: the dialogue ends at its first question, nothing charged, after the order is shown.
        #expect(output.status == 1, "\(output.stderr)")
        #expect(CheckoutFrenchTests.plain(output.stdout + output.stderr).contains("Commande : 20,50 €"))
    }

    @Test("in English a comma is not a decimal point: --amount 20,5 is a usage error")
    func englishAmountOptionWithComma() async throws {
        let output = try await PurseBinary.run(["checkout", "--amount", "20,5"])
        #expect(output.status == 64)
        #expect(
            output.stderr.hasPrefix("purse checkout: --amount must be an amount above zero such as 42.50, got '20,5'"))
    }
}
