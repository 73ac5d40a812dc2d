import Foundation
import PurseSandbox
import Testing

/// `begin(_:)` and `finish(_:)`: what a server may answer on its event loop, and what must wait.
@Suite("Sandbox steps: answered at once, or pending")
struct SandboxStepTests {
    func begin(
        _ client: TestClient, _ method: String, _ target: String, headers: [String: String] = [:], json: Any? = nil
    )
        throws -> PurseSandbox.Step
    {
        let body = try json.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        return client.sandbox.begin(SandboxRequest(method: method, target: target, headers: headers, body: body))
    }

    @Test("a request that needs no waiting is answered by begin, and counted once")
    func answeredAtOnce() throws {
        let client = try TestClient()
        guard case .answered(let response) = try begin(client, "GET", "/clock/datetime") else {
            Issue.record("expected an answer")
            return
        }
        #expect(response.status == 200)
        #expect(client.sandbox.stats().requests(.datetime) == 1)
        guard case .answered(let missing) = try begin(client, "GET", "/nowhere") else {
            Issue.record("expected an answer")
            return
        }
        #expect(missing.status == 404)
    }

    @Test("injected latency is pending: finish waits on the clock, then answers; the request is counted once")
    func latencyIsPending() async throws {
        let client = try TestClient()
        guard
            case .pending(let pending) = try begin(
                client, "GET", "/clock/datetime", headers: ["x-sandbox-fault": "latency=500"])
        else {
            Issue.record("expected pending")
            return
        }
        let finished = Task { await client.sandbox.finish(pending) }
        for _ in 0..<1000 where client.clock.sleeperCount == 0 { await Task.yield() }
        #expect(client.clock.sleeperCount == 1)
        await client.clock.advance(by: .milliseconds(500))
        #expect(await finished.value.status == 200)
        #expect(client.sandbox.stats().requests(.datetime) == 1)
    }

    @Test("a status fault answers at once and its endpoint does not run (nothing is charged)")
    func statusFaultDoesNotRunTheEndpoint() throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let step = try begin(
            client, "POST", "/gateway/sessions/\(session.id)/validate",
            headers: ["x-api-key": apiKey, "Idempotency-Key": "k", "x-sandbox-fault": "status=503"],
            json: [giftItem("illicado-50", amount: 1000)])
        guard case .answered(let response) = step else {
            Issue.record("expected an answer")
            return
        }
        #expect(response.status == 503)
        #expect(errorCode(response) == "INJECTED_FAULT")
        #expect(client.sandbox.stats().charges == 0)
    }

    @Test("/init suspends (an issuer may wait on the clock): pending, and finish answers it")
    func initIsPending() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let step = try begin(
            client, "POST", "/gateway/sessions/\(session.id)/init", headers: ["x-api-key": apiKey],
            json: giftItem("illicado-50", amount: 1000))
        guard case .pending(let pending) = step else {
            Issue.record("expected pending")
            return
        }
        let response = await client.sandbox.finish(pending)
        #expect(response.status == 200)
        #expect(status(try object(response)).state == "SUCCESS")
    }

    @Test("a sandbox with a state file says so, so a server keeps its requests off the event loop")
    func stateFileIsKnown() throws {
        #expect(try TestClient().sandbox.writesStateFile == false)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("step-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TestClient(statePath: path).sandbox.writesStateFile)
    }
}
