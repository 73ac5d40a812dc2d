import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse checkout --locale fr` past the card form: loan plans in the menu and a payment on a hosted page read
/// French, through the real binary on the embedded sandbox.
@Suite("purse checkout in French: loan plans and hosted pages", .serialized)
struct CheckoutFrenchPagesAndLoansTests {
    @Test("loan plans: French amounts, instalments joined with « et », the TAEG written the French way")
    func loanPlans() async throws {
        let output = try await PurseBinary.run(["checkout", "--amount", "250", "--locale", "fr"], stdin: "\n\n")
        let screen = CheckoutFrenchTests.plain(output.stderr + output.stdout)
        #expect(
            screen.contains(
                "3x : 86,96 € aujourd'hui, puis 83,33 € et 83,34 € par mois ; total 253,63 € (coût 3,63 €), TAEG 19,31 %"
            ))
        #expect(
            screen.contains(
                "2x : 125,00 € aujourd'hui, puis 125,00 € par mois ; total 250,00 € (coût 0,00 €), TAEG 0 %"))
        // Four instalments: the later three joined the French way.
        #expect(screen.contains("4x : 68,00 € aujourd'hui, puis 62,50 €, 62,50 € et 62,50 € par mois"))
        for english in ["today", "monthly", "(cost "] { #expect(!screen.contains(english), "English left: \(english)") }
    }

    @Test("a hosted page: the address to open, the wait and the confirmed outcome read French")
    func hostedPage() async throws {
        let purse = try InteractivePurse(["checkout", "--no-browser", "--locale", "fr"])
        let menu = try await purse.waitFor("Ajouter une carte cadeau")
        let fintecture = try #require(CheckoutCommandTests.menuNumber("fintecture-instantpayment", in: menu))
        purse.type("\n\(fintecture)\noui\n")
        purse.closeInput()
        let returned = try await CheckoutCommandTests.approvePrintedPage(of: purse)
        #expect(returned.status == 200)
        #expect(try await purse.waitForExit() == 0, "\(purse.output)\n\(purse.errors)")
        let screen = CheckoutFrenchTests.plain(purse.output + purse.errors)
        #expect(screen.contains("Ouvrez cette adresse dans un navigateur pour continuer le paiement :"))
        #expect(screen.contains("Le paiement continue sur une page hébergée"))
        #expect(screen.contains("Payé 42,50 €."))
        for english in ["Open this address", "continues on a hosted page", "Waiting for the shopper", "Paid "] {
            #expect(!screen.contains(english), "English left: \(english)")
        }
    }

    @Test("no browser can be opened: the shopper is told so in French, with the address, and the page still pays")
    func noBrowserInFrench() async throws {
        // No `xdg-open` on the PATH: the system opener fails as on a server with no desktop.
        let purse = try InteractivePurse(
            ["checkout", "--locale", "fr"], environment: ["NO_COLOR": "1", "PATH": "/nonexistent"])
        let menu = try await purse.waitFor("Ajouter une carte cadeau")
        let fintecture = try #require(CheckoutCommandTests.menuNumber("fintecture-instantpayment", in: menu))
        purse.type("\n\(fintecture)\noui\n")
        purse.closeInput()
        _ = try await purse.waitFor("Aucun navigateur n'a pu être ouvert ici")
        let returned = try await CheckoutCommandTests.approvePrintedPage(of: purse)
        #expect(returned.status == 200)
        #expect(try await purse.waitForExit() == 0, "\(purse.output)\n\(purse.errors)")
        let screen = CheckoutFrenchTests.plain(purse.output + purse.errors)
        #expect(!screen.contains("No browser could be opened") && !screen.contains("Open this address"))
    }
}
