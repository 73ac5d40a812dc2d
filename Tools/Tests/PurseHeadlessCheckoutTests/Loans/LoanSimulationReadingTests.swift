import Foundation
import Testing

@testable import PurseHeadlessCheckout

@Suite("Loan simulation answers: exact amounts, sums to the minor unit, refusals")
struct LoanSimulationReadingTests {
    static let when = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static func reading(_ minor: Int64, _ currency: Currency = .eur) -> LoanSimulationReading {
        LoanSimulationReading(
            methodID: "oney-cb3x", requested: Money(minorUnits: minor, currency: currency),
            basis: LoanSimulationBasis(sessionID: "s", orderAmount: 1, amount: 1), simulatedAt: when)
    }

    static func answer(_ result: [String: JSONValue]) -> JSONValue {
        ["partner": "oney", "method": "cb3x", "plugin_result": .object(result)]
    }

    static func plan(
        _ count: Int64, _ initial: Int64, _ recurring: Int64, _ final: Int64, cost: Int64, total: Int64? = nil
    ) -> [String: JSONValue] {
        var result: [String: JSONValue] = [
            "instalment_number": .integer(count), "initial_instalment_amount": .integer(initial),
            "instalment_amount": .integer(recurring), "final_instalment_amount": .integer(final),
            "total_cost": .integer(cost),
        ]
        if let total { result["total_amount"] = .integer(total) }
        return result
    }

    /// (currency, amount in minor units, count, initial, recurring, final, cost, expected schedule in major units)
    @Test(
        "well-formed answers in EUR and JPY: the schedule is exact and adds up",
        arguments: [
            ("EUR", 10_000, 3, 3_478, 3_333, 3_334, 145, ["34.78", "33.33", "33.34"]),
            ("EUR", 9_999, 2, 4_999, 0, 5_000, 0, ["49.99", "50"]),
            ("EUR", 5_003, 4, 1_325, 1_250, 1_253, 75, ["13.25", "12.5", "12.5", "12.53"]),
            ("JPY", 2_999, 4, 815, 749, 752, 66, ["815", "749", "749", "752"]),
            ("JPY", 101, 3, 34, 33, 35, 1, ["34", "33", "35"]),
            ("JPY", 1_000, 1, 1_020, 0, 0, 20, ["1020"]),
        ] as [(String, Int64, Int64, Int64, Int64, Int64, Int64, [String])])
    func wellFormed(
        currency: String, amount: Int64, count: Int64, initial: Int64, recurring: Int64, final: Int64, cost: Int64,
        expected: [String]
    ) throws {
        let money = Currency(code: currency)
        let simulation = try Self.reading(amount, money).read(
            Self.answer(Self.plan(count, initial, recurring, final, cost: cost, total: amount + cost)), what: "test")
        #expect(simulation.schedule.map(\.amount) == expected.map { Decimal(string: $0)! })
        #expect(simulation.schedule.map(\.amount).reduce(0, +) == simulation.totalAmount)
        #expect(simulation.totalAmount == Money(minorUnits: amount + cost, currency: money).decimal)
        #expect(simulation.schedule.map(\.number) == Array(1...Int(count)))
        #expect(simulation.currency == currency && simulation.installmentCount == Int(count))
        // Every amount exposed is one of the schedule's (two instalments: the answer's instalment_amount, 0 in the
        // 9,999 case, is not one of them and is not exposed).
        #expect(simulation.initialInstallmentAmount == simulation.schedule.first?.amount)
        #expect(simulation.finalInstallmentAmount == simulation.schedule.last?.amount)
        #expect(simulation.installmentAmount == simulation.schedule[min(1, simulation.schedule.count - 1)].amount)
    }

    @Test(
        "answers that do not add up, or are not amounts, are INVALID_LOAN_SIMULATION",
        arguments: [
            ("a cent too many in the first", plan(3, 3_479, 3_333, 3_334, cost: 145)),
            ("a total that is not the sum", plan(3, 3_478, 3_333, 3_334, cost: 145, total: 10_146)),
            ("a cost that is not total minus amount", plan(3, 3_478, 3_333, 3_334, cost: 146, total: 10_145)),
            ("no instalments", plan(0, 0, 0, 0, cost: 0)),
            ("too many instalments", plan(121, 0, 0, 0, cost: 0)),
            ("a negative instalment", plan(3, 10_000, -1, 146, cost: 145)),
            (
                "a fraction of a cent",
                [
                    "instalment_number": 3, "initial_instalment_amount": .number(Decimal(string: "3478.5")!),
                    "instalment_amount": 3_333, "final_instalment_amount": 3_334, "total_cost": 145,
                ]
            ),
            (
                "a missing cost",
                ["instalment_number": 3, "initial_instalment_amount": 3_478, "instalment_amount": 3_333]
            ),
            ("a string amount", ["instalment_number": 3, "initial_instalment_amount": "3478"]),
        ] as [(String, [String: JSONValue])])
    func refused(what: String, result: [String: JSONValue]) {
        let error = #expect(throws: PurseCheckoutError.self, "\(what)") {
            _ = try Self.reading(10_000).read(Self.answer(result), what: "Payment API POST /simulations/oney/cb3x")
        }
        #expect(error?.code == .invalidLoanSimulation, "\(what)")
        #expect(error?.message.hasPrefix("Payment API POST /simulations/oney/cb3x answered a simulation") == true)
    }

    @Test("APR, legal text and preferred are kept as sent; absent ones are nil")
    func verbatim() throws {
        var result = Self.plan(3, 3_478, 3_333, 3_334, cost: 145, total: 10_145)
        let legal = "TAEG fixe : 19,31 %. Un crédit vous engage et doit être remboursé.\u{00A0}Vérifiez…"
        result["legal_text"] = .string(legal)
        result["effective_annual_percentage_rate"] = .number(Decimal(string: "19.31")!)
        result["preferred"] = true
        let full = try Self.reading(10_000).read(Self.answer(result), what: "t")
        #expect(full.legalText == legal && full.aprc == Decimal(string: "19.31") && full.isPreferred)
        let bare = try Self.reading(10_000).read(Self.answer(Self.plan(3, 3_478, 3_333, 3_334, cost: 145)), what: "t")
        #expect(bare.legalText == nil && bare.aprc == nil && !bare.isPreferred)
    }

    @Test("the schedule is dated monthly from the simulation, the month's last day when shorter")
    func dates() throws {
        let endOfJanuary = Date(timeIntervalSince1970: 1_769_817_600)  // 2026-01-31T00:00:00Z
        let reading = LoanSimulationReading(
            methodID: "m", requested: Money(minorUnits: 10_000, currency: .eur),
            basis: LoanSimulationBasis(sessionID: "s", orderAmount: 1, amount: 1), simulatedAt: endOfJanuary)
        let simulation = try reading.read(
            Self.answer(Self.plan(4, 2_720, 2_500, 2_500, cost: 220)), what: "t")
        let days = simulation.schedule.map { ISO8601.format($0.dueDate).prefix(10) }
        #expect(days == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
    }
}
