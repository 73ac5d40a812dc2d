import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse demo` in French, through the real binary: `--locale fr` tells the whole story in French (chapter titles,
/// steps, the split, the summary and what to do next, amounts written `86,90 €`), the environment picks French when
/// `--locale` is not given (failure lines included), and `--locale en` keeps the English story.
@Suite("purse demo in French")
struct DemoFrenchTests {
    /// `text` without what differs from one run to the next: client session ids, the sandbox's port, no-break
    /// spaces (U+00A0, U+202F, which French amounts carry) as plain spaces.
    static func normalized(_ text: String) -> String {
        CheckoutFrenchTests.plain(text)
            .replacingOccurrences(
                of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, with: "<id>",
                options: .regularExpression
            )
            .replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:<port>", options: .regularExpression)
    }

    /// Distinctive English sentences of the story, one or more per chapter and for the closing lines.
    static let englishPhrases = [
        "An embedded sandbox stands in for Purse", "nothing leaves this machine", "holds an OAuth access token",
        "what the shopper can pay", "asks for its CVV", "pays without CVV", "up to ", "read in the background",
        "saved instruments", "two gift cards take their share", "pays a capped slice", "left to pay",
        "pays as much as it may", "the rest on the saved Visa", "waits for its CVV", "one submit pays",
        "the backend confirms", "through a 3-D Secure challenge", "the element is ready at once",
        "the bank's challenge page opened", "the shopper came back from the page", "then Apple Pay pays the rest",
        "the sheet would show", "the shopper authorizes", "paid by instant transfer", "the shopper approved on",
        "the delivery fee changes", "cover the", "picks express delivery", "The order is now",
        "nothing to type again", "the payment's amount", "manages the wallet", "renamed", "is now a favorite",
        "deleted from the wallet", "a new checkout lists", "dies mid-redirect", "bytes of JSON",
        "restored after process death", "a second submit is refused", "meanwhile the shopper",
        "Oney prices", "instalment", "of which the loan costs", "add up to", "the plan on Oney's page",
        "pays the order once the shopper approves", "the form asks", "the Oney card pays",
        "the shopper picks Mondial Relay", "approves in the ANCV app",
        "pay the whole order",
        "save a card for later", "an information request offers", "the card is in the wallet",
        "the sandbox counted", "Demo complete", "What next", "pay an order yourself", "every test suite", "Read:",
        "split ", "Order demo-", "order demo-", "(primary: pays the rest)", "redirection (hosted page)",
        "gift card  ", "method  ",
    ]

    @Test("--locale fr: every line of the story is French, none is its English line; --locale en stays English")
    func frenchStory() async throws {
        // The machine's environment says French: --locale wins over it both ways.
        let environment = ["NO_COLOR": "1", "PURSE_LOCALE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"]
        let french = try await PurseBinary.run(["demo", "--locale", "fr"], environment: environment)
        #expect(french.status == 0, "\(french.stdout)\n\(french.stderr)")
        #expect(french.stderr.isEmpty, "\(french.stderr)")
        let story = Self.normalized(french.stdout)
        // French sentences from every chapter, with French amounts.
        for sentence in [
            "▸ Un bac à sable intégré tient lieu de Purse",
            "le serveur du marchand détient un jeton d'accès OAuth",
            "▸ 1. Commande demo-0001 : les moyens avec lesquels le client peut payer 120,00 €",
            "Personal Visa VISA •••• 4242 demande son cryptogramme, favori",
            "carte cadeau             illicado-giftcard            jusqu'à 120,00 €",
            "▸ 2. Commande demo-0001 : deux cartes cadeaux prennent leur part",
            "paie une part plafonnée à 20,00 € ; reste à payer : 100,00 €",
            "(Buybox plafonne un paiement à 50 €) ; reste à payer : 50,00 €",
            "répartition  illicado-giftcard        20,00 €",
            "répartition  payzen-creditcard        50,00 €  (principal : paie le reste)",
            "un seul envoi paie les trois parts : /validate a répondu SUCCESS",
            "la feuille Apple Pay afficherait Commande 42,99 €, Illicado -10,00 €",  // the SDK's applepay.order
            "la page d'authentification de la banque s'est ouverte et le client a validé",
            "▸ 6. Commande demo-0004 : deux cartes cadeaux, puis les frais de livraison changent",
            "le client choisit la livraison express (+6,90 €)",
            "La commande est maintenant de 86,90 € au lieu de 80,00 €",  // the SDK's update message
            "le serveur du marchand confirme le montant du paiement : 86,90 €",
            "« Work card » devient « Carte pro »",
            "Carte pro est désormais en favori",
            // The API's values are named as the API writes them, marked as such.
            "sessionState = submitted, paiement en attente sur une page de type post_form",
            "un second envoi est refusé : SESSION_ALREADY_SUBMITTED_ERROR",
            "échéance 1",
            "total 152,18 €, dont 2,18 € de coût du crédit ; TAEG 19,31 %",
            "les 3 échéances totalisent 152,18 €, au centime près",
            "le formulaire demande Numéro de carte, Date d'expiration, Date de naissance, Nom sur la carte",
            "la carte Oney paie la commande : ",
            "la feuille affichait 49,89 € avec la livraison à domicile",
            "et la feuille affiche 46,89 €",
            "ANCV a validé 95,00 € après ",
            "les Chèques-Vacances paient toute la commande : SUCCESS",
            "la carte est dans le portefeuille : Carte de secours MASTERCARD •••• 4444",
            "Démo terminée : chaque étape a fait ce qu'elle annonce",
            "\nEt maintenant\n",
            "toutes les suites de tests",
        ] {
            #expect(story.contains(sentence), "missing: \(sentence)")
        }
        #expect(
            story.components(
                separatedBy: "le serveur du marchand confirme : session client COMPLETED, paiement "
                    + "AUTHORIZED"
            ).count - 1 == 10)
        for phrase in Self.englishPhrases {
            #expect(!story.contains(phrase), "English left: \(phrase)")
        }
        #expect(!story.contains("cli.demo."))  // a key without its text

        let english = try await PurseBinary.run(["demo", "--locale", "en"], environment: environment)
        #expect(english.status == 0, "\(english.stderr)")
        let englishStory = Self.normalized(english.stdout)
        #expect(englishStory.contains("▸ 1. Order demo-0001: what the shopper can pay 120.00 EUR with"))
        #expect(englishStory.contains("the backend confirms the payment's amount: 86.90 EUR"))
        #expect(englishStory.contains("Demo complete: every step did what it says"))
        #expect(!englishStory.contains("Commande") && !englishStory.contains("€"))
        // Line by line, the same story: no French line is its English one, except blank lines and the lender's legal
        // text (French in both: the sandbox writes it so).
        let frenchLines = story.components(separatedBy: "\n")
        let englishLines = englishStory.components(separatedBy: "\n")
        #expect(frenchLines.count == englishLines.count)
        for (line, englishLine) in zip(frenchLines, englishLines)
        where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.contains("Un crédit vous engage") {
            #expect(line != englishLine, "not translated: \(line)")
        }
    }

    @Test("LANG=fr_FR.UTF-8 without --locale reads French, failure lines included (exit 1 on an injected fault)")
    func frenchFromTheEnvironment() async throws {
        let output = try await PurseBinary.run(
            ["demo", "--inject-fault", "validate:503"],
            environment: ["NO_COLOR": "1", "PURSE_LOCALE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"])
        #expect(output.status == 1)
        let story = Self.normalized(output.stdout)
        #expect(story.contains("panne simulée : chaque appel « validate » répond HTTP 503"))
        #expect(story.contains("La démo a échoué : "))
        #expect(
            story.contains("✗ carte enregistrée avec cryptogramme › envoi : un seul envoi paie les trois parts : échec")
        )
        #expect(story.contains("Et maintenant"))
        #expect(
            Self.normalized(output.stderr).hasPrefix(
                "purse demo : échec à l'étape carte enregistrée avec cryptogramme › envoi : "))
        for phrase in Self.englishPhrases + ["Demo failed", "failed at", "saved card with CVV", "injected fault"] {
            #expect(!story.contains(phrase) && !output.stderr.contains(phrase), "English left: \(phrase)")
        }
        #expect(!story.contains("cli.demo."))

        // The JSON summary is for scripts: its chapter and step names stay English in French.
        let json = try await PurseBinary.run(
            ["demo", "--json", "--locale", "fr", "--inject-fault", "init:500"], environment: ["NO_COLOR": "1"])
        #expect(json.status == 1)
        let summary = try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let failed = summary["failed_steps"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(failed.first?.hasPrefix("gift cards ›") == true, "\(failed)")
        let steps = summary["steps"]?.arrayValue ?? []
        #expect(steps.first?["chapter"] == "setup" && steps.first?["step"] == "sandbox")
        #expect(steps.contains { $0["step"]?.stringValue == "order demo-0001" })
    }
}
