import Foundation
import PurseHeadlessCheckout

/// Buy now, pay later in the menu: each simulable method shows its plan for what it would pay, before the shopper
/// chooses it (the schedule, its cost, the APR and the lender's legal text, as French law expects).
extension InteractiveCheckout {
    /// Simulates every simulable method for the amount left after the gift cards (a read: nothing is charged; an
    /// amount already priced comes from the checkout's cache).
    func loadPlans() async {
        var plans: [String: [String]] = [:]
        for method in checkout.paymentMethods where method.isSimulable {
            do throws(PurseCheckoutError) {
                let plan = try await checkout.simulateLoan(method: method)
                plans[method.id] = Self.describe(plan, money: money)
            } catch {
                plans[method.id] = [
                    screen.console.dim(
                        text(
                            "cli.loans.noPlan",
                            [
                                ("amount", amount(checkout.primaryAmount)),
                                ("reason", .text(text.isEnglish ? error.message : text(error.localizedMessage))),
                            ]))
                ]
            }
        }
        self.plans = plans
    }

    /// `3x: 69.56 today, then 66.66 and 66.68 monthly; total 202.90 EUR (cost 2.90), TAEG 19.31 %` and the legal text.
    static func describe(_ plan: LoanSimulation, money: (Decimal) -> String) -> [String] {
        let later = plan.schedule.dropFirst().map { money($0.amount) }
        let rest = later.isEmpty ? "" : ", then " + ListFormat.and(later) + " monthly"
        let first = plan.schedule.first.map { money($0.amount) } ?? "?"
        var lines = [
            "\(plan.installmentCount)x: \(first) today\(rest); total \(money(plan.totalAmount)) \(plan.currency) "
                + "(cost \(money(plan.totalCost)))" + (plan.aprc.map { ", TAEG \($0) %" } ?? "")
        ]
        if let legal = plan.legalText { lines.append(legal) }
        return lines
    }
}

/// `a, b and c`.
enum ListFormat {
    static func and(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }
}
