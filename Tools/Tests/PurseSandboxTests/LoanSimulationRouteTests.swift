import Foundation
import PurseSandbox
import Testing

@Suite("Loan simulations: schedule arithmetic, the routes, refusals")
struct LoanSimulationRouteTests {
    /// (instalments, fee basis points, amount in minor units, expected cost, expected instalments)
    @Test(
        "The instalments add up to amount + cost, the last absorbs the remainder (EUR and JPY minor units)",
        arguments: [
            (3, 145, 10_000, 145, [3_478, 3_333, 3_334]),  // 100.00 EUR, Oney 3x
            (4, 220, 10_000, 220, [2_720, 2_500, 2_500, 2_500]),  // exact quarters
            (3, 145, 20_001, 290, [6_957, 6_667, 6_667]),  // 20001 × 1.45 % = 290.01 → 290
            (3, 145, 5_000, 73, [1_739, 1_666, 1_668]),  // 72.5 rounds half up to 73
            (2, 0, 9_999, 0, [4_999, 5_000]),  // free 2x, odd cent to the last
            (4, 150, 5_003, 75, [1_325, 1_250, 1_250, 1_253]),  // 75.045 → 75
            (3, 195, 1_000, 20, [353, 333, 334]),  // JPY: 1000 yen, 19.5 → 20
            (4, 245, 2_999, 73, [822, 749, 749, 752]),  // JPY: 73.4755 → 73
            (3, 90, 101, 1, [34, 33, 35]),  // JPY: 0.909 → 1
        ] as [(Int, Int, Int, Int, [Int])])
    func schedule(count: Int, fee: Int, amount: Int, cost: Int, expected: [Int]) {
        let plan = SandboxLoanPlan(
            installmentCount: count, feeBasisPoints: fee, minAmount: "0", maxAmount: "100000", aprc: "1",
            legalText: "text")
        let quote = plan.quote(amount: amount)
        #expect(quote.totalCost == cost)
        #expect(quote.installments == expected)
        #expect(quote.installments.reduce(0, +) == amount + cost)
        #expect(quote.totalAmount == amount + cost)
        #expect(quote.installments.count == count)
    }

    @Test("Every standard plan adds up for every amount of a sweep, in EUR and JPY")
    func sweep() {
        let plans = catalogue.methods.flatMap(\.loanPlans)
        #expect(plans.count == 7)
        for plan in plans {
            for amount in stride(from: 1, through: 400_000, by: 997) {
                let quote = plan.quote(amount: amount)
                #expect(quote.installments.reduce(0, +) == quote.totalAmount, "\(plan.installmentCount)x \(amount)")
                #expect(quote.finalInstallment >= quote.installment)
                #expect(quote.finalInstallment - quote.installment < plan.installmentCount)
            }
        }
    }

    @Test("The BNPL methods carry the simulable label in the session; the others do not")
    func labels() throws {
        let client = try TestClient()
        let widget = try widget(try client.session(25_000))
        let protocols = try #require((widget["paymentSession"] as? JSONObject)?["protocols"] as? JSONObject)
        func labels(_ partner: String, _ method: String) -> [String] {
            let entry = (protocols[partner] as? JSONObject)?[method] as? JSONObject
            return ((entry?["configurations"] as? JSONObject)?["labels"] as? [String]) ?? []
        }
        for (partner, method) in [
            ("oney", "cb3x"), ("oney", "cb4x"), ("alma", "cb2x"), ("alma", "cb3x"), ("alma", "cb4x"), ("floa", "bnpl"),
        ] {
            #expect(labels(partner, method).contains("simulable"), "\(partner)-\(method)")
        }
        #expect(!labels("payzen", "creditcard").contains("simulable"))
        #expect(labels("payzen", "creditcard").contains("primary"))
    }

    @Test("POST …/simulations/oney/cb3x answers the schedule, the APR and the legal text")
    func single() async throws {
        let client = try TestClient()
        let session = try client.session(25_000)
        let response = try await client.simulate(session.id, "oney", "cb3x", amount: 20_000)
        #expect(response.status == 200, "\(response.bodyText)")
        let body = try object(response)
        #expect(body["partner"] as? String == "oney")
        let result = try #require(body["plugin_result"] as? JSONObject)
        #expect(result["instalment_number"] as? Int == 3)
        #expect(result["total_cost"] as? Int == 290)
        #expect(result["initial_instalment_amount"] as? Int == 6_956)
        #expect(result["instalment_amount"] as? Int == 6_666)
        #expect(result["final_instalment_amount"] as? Int == 6_668)
        #expect(result["total_amount"] as? Int == 20_290)
        #expect((result["effective_annual_percentage_rate"] as? NSNumber)?.decimalValue == Decimal(string: "19.31"))
        let legal = try #require(result["legal_text"] as? String)
        #expect(legal.contains("Un crédit vous engage et doit être remboursé."))
        #expect(client.sandbox.stats().charges == 0)
    }

    @Test("…/multi answers every plan in range, the preferred one first")
    func multi() async throws {
        let client = try TestClient()
        let session = try client.session(25_000)
        let response = try await client.simulate(session.id, "floa", "bnpl", amount: 25_000, multi: true)
        #expect(response.status == 200, "\(response.bodyText)")
        let plans = try #require(try JSONSerialization.jsonObject(with: response.body) as? [JSONObject])
        let results = plans.compactMap { $0["plugin_result"] as? JSONObject }
        #expect(results.map { $0["instalment_number"] as? Int } == [3, 4])
        #expect(results.map { $0["preferred"] as? Bool } == [true, false])
        let single = try object(try await client.simulate(session.id, "floa", "bnpl", amount: 25_000))
        #expect((single["plugin_result"] as? JSONObject)?["instalment_number"] as? Int == 3)
    }

    @Test(
        "Refusals: range, not simulable, not offered, currency, amount, session, key",
        arguments: [
            ("oney", "cb3x", 4_999, "EUR", 422, "INVALID_LOAN_SIMULATION"),  // below 50.00
            ("oney", "cb3x", 300_001, "EUR", 422, "INVALID_LOAN_SIMULATION"),  // above 3000.00
            ("floa", "bnpl", 9_999, "EUR", 422, "INVALID_LOAN_SIMULATION"),  // below 100.00
            ("payzen", "creditcard", 10_000, "EUR", 422, "METHOD_IS_NOT_SIMULABLE"),
            ("klarna", "installments", 10_000, "EUR", 400, "UNKNOWN_METHOD"),
            ("oney", "cb3x", 10_000, "USD", 400, "CURRENCY_MISMATCH"),
            ("oney", "cb3x", 0, "EUR", 400, "INVALID_AMOUNT"),
        ] as [(String, String, Int, String, Int, String)])
    func refusals(
        partner: String, method: String, amount: Int, currency: String, status: Int, code: String
    )
        async throws
    {
        let client = try TestClient()
        let session = try client.session(25_000)
        let response = try await client.simulate(session.id, partner, method, amount: amount, currency: currency)
        #expect(response.status == status, "\(response.bodyText)")
        #expect(errorCode(response) == code)
    }

    @Test("An unknown session is 404, a wrong key 401, an expired session 410; the route is counted")
    func sessionRefusals() async throws {
        let client = try TestClient()
        let session = try client.session(25_000, lifetime: .seconds(60))
        #expect(try await client.simulate("nope", "oney", "cb3x", amount: 10_000).status == 404)
        let noKey = try await client.send(
            "POST", "/gateway/sessions/\(session.id)/simulations/oney/cb3x",
            json: ["amount": 10_000, "currency_code": "EUR"])
        #expect(noKey.status == 401)
        client.time.advance(seconds: 61)
        let expired = try await client.simulate(session.id, "oney", "cb3x", amount: 10_000)
        #expect(expired.status == 410 && errorCode(expired) == "EXPIRED_SESSION")
        #expect(client.sandbox.stats().requests[.gatewaySimulation] == 3)
    }

    @Test("A JPY session simulates in yen: no decimals, the sum is exact")
    func yen() async throws {
        let client = try TestClient()
        let session = try client.session(2_000, currency: "JPY")
        let body = try object(try await client.simulate(session.id, "oney", "cb4x", amount: 2_000, currency: "JPY"))
        let result = try #require(body["plugin_result"] as? JSONObject)
        let parts = ["initial_instalment_amount", "instalment_amount", "instalment_amount", "final_instalment_amount"]
            .compactMap { result[$0] as? Int }
        #expect(parts == [544, 500, 500, 500])
        #expect(parts.reduce(0, +) == result["total_amount"] as? Int)
    }
}

extension TestClient {
    func simulate(
        _ session: String, _ partner: String, _ method: String, amount: Int, currency: String = "EUR",
        multi: Bool = false
    ) async throws -> SandboxResponse {
        try await send(
            "POST", "/gateway/sessions/\(session)/simulations/\(partner)/\(method)" + (multi ? "/multi" : ""),
            json: ["amount": amount, "currency_code": currency], headers: ["x-api-key": apiKey])
    }
}
