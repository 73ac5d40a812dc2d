import Foundation
import PurseSandbox
import Testing

@Suite("Fault injection: by instance, by header, by the admin endpoint")
struct FaultInjectionTests {
    @Test("A counted status fault answers once, without handling, then the route heals")
    func statusOnce() async throws {
        let client = try TestClient()
        client.sandbox.faults.inject(.status(503, count: 1), on: .datetime)
        let faulted = try await client.send("GET", "/clock/datetime")
        #expect(faulted.status == 503)
        #expect(errorCode(faulted) == "INJECTED_FAULT")
        #expect(try await client.send("GET", "/clock/datetime").status == 200)
        #expect(client.sandbox.stats().requests(.datetime) == 2)
    }

    @Test("A 5xx on validate charges nothing; a dropped validate is charged and replays under the same key")
    func validateFaults() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let item = [giftItem("illicado-50", amount: 1000)]
        client.sandbox.faults.inject(.status(502, count: 1), on: .gatewayValidate)
        #expect(try await client.validate(session.id, item, key: "k").status == 502)
        #expect(client.sandbox.stats().charges == 0)

        client.sandbox.faults.inject(.drop(count: 1), on: .gatewayValidate)
        let dropped = try await client.validate(session.id, item, key: "k")
        #expect(dropped.dropConnection)
        #expect(client.sandbox.stats().charges == 1)
        let retried = try await client.validate(session.id, item, key: "k")
        #expect(retried.status == 200)
        #expect(try object(retried)["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.stats().charges == 1)
    }

    @Test(
        "Faults by header",
        arguments: [
            ("status=503", 503, false, false, false), ("drop", 0, true, false, false),
            ("malformed", 200, false, true, false), ("content-type", 200, false, false, true),
            ("status=500; count=1", 500, false, false, false),
        ])
    func header(value: String, status: Int, dropped: Bool, truncated: Bool, wrongType: Bool) async throws {
        let client = try TestClient()
        let response = try await client.send("GET", "/clock/datetime", headers: ["x-sandbox-fault": value])
        #expect(response.status == status)
        #expect(response.dropConnection == dropped)
        if truncated { #expect((try? JSONSerialization.jsonObject(with: response.body)) == nil) }
        #expect((response.header("content-type") == "text/plain; charset=utf-8") == wrongType)
        // A header fault applies to its own request only (count=1 included).
        #expect(try await client.send("GET", "/clock/datetime").status == 200)
    }

    @Test("A header fault with count=3 stays on the route for two more requests")
    func headerCount() async throws {
        let client = try TestClient()
        #expect(
            try await client.send("GET", "/clock/datetime", headers: ["x-sandbox-fault": "status=503,count=3"]).status
                == 503)
        #expect(try await client.send("GET", "/clock/datetime").status == 503)
        #expect(try await client.send("GET", "/clock/datetime").status == 503)
        #expect(try await client.send("GET", "/clock/datetime").status == 200)
    }

    @Test("An unreadable fault header is 400")
    func badHeader() async throws {
        let client = try TestClient()
        for value in ["status=200", "latency=-1", "explode", "count=0"] {
            let response = try await client.send("GET", "/clock/datetime", headers: ["x-sandbox-fault": value])
            #expect(errorCode(response) == "INVALID_FAULT_HEADER", "\(value)")
        }
    }

    @Test("Latency waits on the injected clock: route latency plus global latency")
    func latency() async throws {
        let client = try TestClient()
        client.sandbox.faults.globalLatency = .milliseconds(50)
        client.sandbox.faults.inject(.latency(.milliseconds(100)), on: .datetime)
        let sandbox = client.sandbox
        let call = Task { await sandbox.handle(SandboxRequest(method: "GET", target: "/clock/datetime")) }
        await client.clock.waitForSleepers(1)
        await client.clock.advance(by: .milliseconds(149))
        #expect(client.clock.sleeperCount == 1)
        await client.clock.advance(by: .milliseconds(1))
        #expect(await call.value.status == 200)

        client.sandbox.faults.clearAll()
        #expect(client.sandbox.faults.globalLatency == .zero)
        #expect(try await client.send("GET", "/clock/datetime").status == 200)
    }

    @Test("The admin endpoint sets and clears faults for out-of-process clients")
    func adminEndpoint() async throws {
        let client = try TestClient()
        let set = try await client.send(
            "POST", "/sandbox/faults", json: ["route": "vault", "status": 503, "count": 2, "global_latency_ms": 0])
        #expect(set.status == 204)
        #expect(client.sandbox.faults.fault(on: .vault)?.status == 503)
        let lookup = try await client.send(
            "POST", "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)/bin-lookup", json: ["first_digits": "41111111"]
        )
        #expect(lookup.status == 503)
        #expect(try await client.send("DELETE", "/sandbox/faults").status == 204)
        #expect(client.sandbox.faults.fault(on: .vault) == nil)
        let bad = try await client.send("POST", "/sandbox/faults", json: ["route": "nowhere", "status": 500])
        #expect(errorCode(bad) == "INVALID_PAYLOAD")
    }
}
