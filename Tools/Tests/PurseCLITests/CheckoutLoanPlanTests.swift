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
            screen.contains("3x: 86.96 today, then 83.33 and 83.34 monthly; total 253.63 EUR (cost 3.63), TAEG 19.31 %")
        )
        #expect(
            screen.contains("3x: 69.56 today, then 66.66 and 66.68 monthly; total 202.90 EUR (cost 2.90), TAEG 19.31 %")
        )
        #expect(screen.contains("Un crédit vous engage et doit être remboursé."))
        // Floa finances from 100.00: both amounts are in range; Alma 2x is free.
        #expect(screen.contains("2x: 100.00 today, then 100.00 monthly; total 200.00 EUR (cost 0.00), TAEG 0 %"))
        #expect(!screen.contains(CheckoutCommandTests.illicadoPAN.dropFirst(6)))
    }

    @Test("an order below the lender's range: the method says there is no plan, and why")
    func belowTheRange() async throws {
        let output = try await PurseBinary.run(["checkout"], stdin: "\n")  // 42.50 EUR: Oney starts at 50.00
        let screen = output.stderr + output.stdout
        #expect(screen.contains("no plan for 42.50 EUR: Payment API POST /simulations/oney/cb3x failed: HTTP 422"))
    }
}
