import Foundation
import PurseSandbox
import Testing

@Suite("Concurrency: atomic splits and idempotent retries under load")
struct ConcurrencyTests {
    @Test("50 concurrent validates on one gift card: never overspent, exactly the right number succeed")
    func noOverspend() async throws {
        let client = try TestClient()
        // illicado-50 holds 50.00 EUR; each payment takes 10.00 from it.
        let sessions = try (0..<50).map { _ in try client.session(1000) }
        let item = try JSONSerialization.data(withJSONObject: [giftItem("illicado-50", amount: 1000)])
        let sandbox = client.sandbox
        let outcomes = await withTaskGroup(of: String.self, returning: [String].self) { group in
            for session in sessions {
                group.addTask {
                    let response = await sandbox.handle(
                        SandboxRequest(
                            method: "POST", target: "/gateway/sessions/\(session.id)/validate",
                            headers: ["x-api-key": apiKey, "idempotency-key": session.id], body: item))
                    return (try? object(response))?["global_status"] as? String ?? "HTTP \(response.status)"
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "SUCCESS" }.count == 5)
        #expect(outcomes.filter { $0 == "FAILED" }.count == 45)
        #expect(sandbox.balance(ofGiftCard: "illicado-50") == 0)
        #expect(sandbox.stats().chargesPerGiftCard["illicado-50"] == 5)
    }

    @Test("50 concurrent validates of one session with different keys: one payment, 49 refusals")
    func oneSessionManyKeys() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let item = try JSONSerialization.data(withJSONObject: [giftItem("ogloba-100", amount: 1000)])
        let sandbox = client.sandbox
        let statuses = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<50 {
                group.addTask {
                    await sandbox.handle(
                        SandboxRequest(
                            method: "POST", target: "/gateway/sessions/\(session.id)/validate",
                            headers: ["x-api-key": apiKey, "idempotency-key": "key-\(index)"], body: item)
                    ).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1)
        #expect(statuses.filter { $0 == 409 }.count == 49)
        #expect(sandbox.balance(ofGiftCard: "ogloba-100") == 9000)
        #expect(sandbox.stats().charges == 1)
    }

    @Test("20 concurrent retries with the same key: identical answers, one charge")
    func sameKeyRetries() async throws {
        let client = try TestClient()
        let session = try client.session(2000)
        let card = try await client.formToken(pan: "4111111111111111")
        let body = try JSONSerialization.data(
            withJSONObject: [giftItem("mybeezbox-75", amount: 500), cardItem(formToken: card, amount: 1500)])
        let sandbox = client.sandbox
        let bodies = await withTaskGroup(of: Data.self, returning: [Data].self) { group in
            for _ in 0..<20 {
                group.addTask {
                    await sandbox.handle(
                        SandboxRequest(
                            method: "POST", target: "/gateway/sessions/\(session.id)/validate",
                            headers: ["x-api-key": apiKey, "idempotency-key": "retry"], body: body)
                    ).body
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(bodies).count == 1)
        #expect(sandbox.stats().charges == 2)
        let payment = try #require(sandbox.clientSessionStatus(id: session.id)?.payment)
        #expect(sandbox.stats().chargesPerPayment[payment.id] == 2)
        #expect(sandbox.balance(ofGiftCard: "mybeezbox-75") == 7000)
    }
}
