import Foundation
import PurseHeadlessCheckout

/// Buy now, pay later in the menu: each simulable method shows its plan for what it would pay, before the shopper
/// chooses it (the schedule, its cost, the APR and the lender's legal text, as French law expects).
extension InteractiveCheckout {
    /// Simulates every simulable method for the amount left after the gift cards (a read: nothing is charged; an
    /// amount already priced comes from the checkout's cache).
    /// A method with no plan for that amount (out of the lender's range, or the simulation failed) is unavailable
    /// in the menu, with why, as a method whose session rules refuse the amount is.
    func loadPlans() async {
        var plans: [String: [String]] = [:]
        var refusals: [String: (reason: String, hidden: Bool)] = [:]
        for method in checkout.paymentMethods where method.isSimulable {
            do {
                let plan = try await checkout.simulateLoan(method: method)
                plans[method.id] = Self.describe(plan, money: money, text: text)
            } catch {
                let error = PurseCheckoutError(error)
                let reason = text(
                    "cli.loans.noPlan",
                    [
                        ("amount", amount(checkout.primaryAmount)),
                        ("reason", .text(text.isEnglish ? error.message : text(error.localizedMessage))),
                    ])
                refusals[method.id] = (reason, hidden: error.httpStatus == 422)
            }
        }
        self.plans = plans
        planRefusals = refusals
    }

    /// `3x: 69.56 today, then 66.66 and 66.68 monthly; total 202.90 EUR (cost 2.90), APR 19.31 %` and the legal text;
    /// in French `3x : 69,56 € aujourd'hui, puis 66,66 € et 66,68 € par mois ; total 202,90 € (coût 2,90 €), TAEG 19,31 %`.
    static func describe(
        _ plan: LoanSimulation, money: (Decimal) -> String, text: CLIText = CLIText(locale: Locale(identifier: "en"))
    ) -> [String] {
        // English writes the instalments as bare figures and the total with its currency code, as before.
        func part(_ value: Decimal) -> PurseMessage.Value {
            text.isEnglish ? .text(money(value)) : text.amount(value, currency: plan.currency)
        }
        let later = plan.schedule.dropFirst().map { text(part($0.amount)) }
        var arguments: [(String, PurseMessage.Value)] = [
            ("count", .count(plan.installmentCount)),
            ("first", plan.schedule.first.map { part($0.amount) } ?? .text("?")),
            ("total", text.amount(plan.totalAmount, currency: plan.currency)), ("cost", part(plan.totalCost)),
        ]
        if let last = later.last, later.count > 1 {
            let items = later.dropLast().joined(separator: ", ")
            arguments.append(("later", .text(text("cli.list.and", [("items", .text(items)), ("last", .text(last))]))))
        } else if let only = later.first {
            arguments.append(("later", .text(only)))
        }
        var key = later.isEmpty ? "cli.loans.planOnce" : "cli.loans.plan"
        if let aprc = plan.aprc {
            key += "WithAPRC"
            arguments.append(("aprc", .text(aprc.formatted(.number.locale(text.localizer.locale)))))
        }
        var lines = [text(key, arguments)]
        if let legal = plan.legalText { lines.append(text("cli.loans.legalText", [("text", .text(legal))])) }
        return lines
    }
}
