import Foundation
import PurseHeadlessCheckout
import Testing

/// `purse checkout` shows each buy-now-pay-later method's plan next to it, for what it would pay.
@Suite("purse checkout: loan plans in the menu", .serialized)
struct CheckoutLoanPlanTests {
    @Test("the plan of the whole order, then of what is left after a gift card; out of range says why")
    func plansFollowTheGiftCards() async throws {
        // A gift card of 50.00, no second card, then the input ends at the menu: nothing is paid.
        let answers = "1\n\(CheckoutCommandTests.illicadoPAN)\n\(CheckoutCommandTests.illicadoPIN)\n\n\n"
        let output = try await PurseBinary.run(["checkout", "--amount", "250"], stdin: answers)
        let screen = output.stderr + output.stdout
        #expect(
            screen.contains("3x: 86.96 today, then 83.33 and 83.34 monthly; total 253.63 EUR (cost 3.63), APR 19.31 %")
        )
        #expect(
            screen.contains("3x: 69.56 today, then 66.66 and 66.68 monthly; total 202.90 EUR (cost 2.90), APR 19.31 %")
        )
        #expect(screen.contains("Un crédit vous engage et doit être remboursé."))
        // Floa finances from 100.00: both amounts are in range; Alma 2x is free.
        #expect(screen.contains("2x: 100.00 today, then 100.00 monthly; total 200.00 EUR (cost 0.00), APR 0 %"))
        #expect(!screen.contains(CheckoutCommandTests.illicadoPAN.dropFirst(6)))
    }

    @Test("an order below the lenders' ranges: a shopper sees no such method; --all-methods says why, as for Cofidis")
    func belowTheRange() async throws {
        // 42.50 EUR: Oney and Alma start at 50.00, Floa and Cofidis at 100.00.
        let shopper = try await PurseBinary.run(["checkout"], stdin: "\n")
        let menu = shopper.stderr + shopper.stdout
        for hidden in ["oney-cb3x", "alma-cb2x", "floa-bnpl", "cofidis-cb4x", "paypal-wallet", "PLUGIN_INCOMPATIBLE"] {
            #expect(!menu.contains(hidden), "\(hidden) is shown to the shopper")
        }
        #expect(menu.contains("payzen-creditcard") && menu.contains("fintecture-instantpayment"))
        let developer = try await PurseBinary.run(["checkout", "--all-methods"], stdin: "\n")
        let screen = developer.stderr + developer.stdout
        #expect(
            screen.contains(
                "oney-cb3x                       hosted page (redirection) — no plan for 42.50 EUR: Payment API POST "
                    + "/simulations/oney/cb3x failed: HTTP 422"))
        #expect(screen.contains("(3x: 50 to 3000 EUR); an app hides this row"))
        #expect(screen.contains("(AMOUNT_CONDITION_UNREACHABLE); an app hides this row"))
    }

    @Test("--locale de: one warning, then English throughout (the dialogue speaks English and French)")
    func unsupportedLocale() async throws {
        let output = try await PurseBinary.run(["checkout", "--locale", "de"], stdin: "\n")
        let screen = output.stderr + output.stdout
        #expect(screen.contains("purse checkout speaks English and French, not de: the dialogue is in English"))
        #expect(screen.contains("Order: 42.50 EUR"))
        #expect(!screen.contains("Bestellung") && !screen.contains("Zahlen") && !screen.contains("Karte"))
        let french = try await PurseBinary.run(["checkout", "--locale", "fr_BE"], stdin: "\n")
        #expect(!(french.stderr + french.stdout).contains("speaks English and French"))
    }
}
