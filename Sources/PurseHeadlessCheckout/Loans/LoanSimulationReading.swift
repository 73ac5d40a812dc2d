import Foundation

/// Reads a simulation answer (`{ partner, method, plugin_result }`, purse-facts §3.3) into a ``LoanSimulation``.
///
/// `plugin_result` carries minor units: `initial_instalment_amount`, `instalment_amount`, `final_instalment_amount`,
/// `instalment_number`, `total_cost`, and optionally `total_amount`, `preferred`, `effective_annual_percentage_rate`,
/// `legal_text`. Anything missing or of the wrong type, a count outside 1…120, a negative amount, or instalments
/// that do not add up to the total (or a total that is not the amount plus the cost) is `INVALID_LOAN_SIMULATION`:
/// a schedule shown to a shopper must be right to the minor unit.
///
/// Every amount exposed is one of the schedule's: a plan of two instalments has none between the first and the last,
/// so `instalment_amount` is not part of its sum and is not used (its ``LoanSimulation/installmentAmount`` is the
/// last instalment); a plan of one instalment uses neither `instalment_amount` nor `final_instalment_amount`.
struct LoanSimulationReading {
    let methodID: String
    let requested: Money
    let basis: LoanSimulationBasis
    let simulatedAt: Date

    /// The most instalments a plan may have (ten years of monthly payments).
    static let maximumInstallments = 120

    func read(_ value: JSONValue, what: String) throws(PurseCheckoutError) -> LoanSimulation {
        let reader = JSONReader(value, path: "body") { reason in
            PurseCheckoutError(
                .invalidLoanSimulation, message: "\(what) answered a simulation that is not valid: \(reason)")
        }
        let result = try reader.required("plugin_result")
        let count = try result.required("instalment_number").int()
        guard (1...Self.maximumInstallments).contains(count) else {
            throw result.fail("instalment_number \(count) is outside 1…\(Self.maximumInstallments)")
        }
        let initial = try minor(result, "initial_instalment_amount")
        let recurring = try minor(result, "instalment_amount")
        let final = try minor(result, "final_instalment_amount")
        let cost = try minor(result, "total_cost")
        // Bounded: each part is at most Int64.max / 2^8 (minor()), times at most 120, so no sum overflows.
        let sum = count == 1 ? initial : initial + recurring * Int64(count - 2) + final
        var total = sum
        if try result.optional("total_amount") != nil { total = try minor(result, "total_amount") }
        guard sum == total else {
            throw result.fail("the instalments add up to \(sum), the total is \(total) (minor units)")
        }
        let expected = requested.minorUnits.addingReportingOverflow(cost)
        guard !expected.overflow, total == expected.partialValue else {
            throw result.fail(
                "the total \(total) is not the amount \(requested.minorUnits) plus the cost \(cost) (minor units)")
        }
        let currency = requested.currency
        func major(_ minorUnits: Int64) -> Decimal { Money(minorUnits: minorUnits, currency: currency).decimal }
        let parts = count == 1 ? [initial] : [initial] + Array(repeating: recurring, count: count - 2) + [final]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let schedule = parts.enumerated().map { index, amount in
            LoanInstallment(
                number: index + 1,
                dueDate: calendar.date(byAdding: .month, value: index, to: simulatedAt) ?? simulatedAt,
                amount: major(amount))
        }
        return LoanSimulation(
            methodID: methodID, amount: requested.decimal, currency: currency.code,
            initialInstallmentAmount: major(parts[0]), installmentAmount: major(parts[min(1, parts.count - 1)]),
            finalInstallmentAmount: major(parts[parts.count - 1]), installmentCount: count,
            totalCost: major(cost), totalAmount: major(total),
            aprc: try result.decimal("effective_annual_percentage_rate"),
            legalText: try result.string("legal_text"), isPreferred: try result.bool("preferred") ?? false,
            schedule: schedule, simulatedAt: simulatedAt, basis: basis)
    }

    /// A member that must be a whole, non-negative count of minor units, small enough that sums cannot overflow.
    private func minor(_ reader: JSONReader, _ key: String) throws(PurseCheckoutError) -> Int64 {
        let member = try reader.required(key)
        let value = try member.decimal()
        guard let exact = JSONValue.exactInt64(value), exact >= 0, exact <= Int64.max >> 8 else {
            throw member.fail("expected a whole number of minor units, 0 or more")
        }
        return exact
    }
}
