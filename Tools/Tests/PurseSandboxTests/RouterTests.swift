import Foundation
import PurseSandbox
import Testing

@Suite("Router: layout, datetime, logs, admin endpoints")
struct RouterTests {
    @Test(
        "Unknown paths are 404, known paths with another method 405",
        arguments: [
            ("GET", "/nowhere", 404, "NOT_FOUND"), ("GET", "/gateway/sessions/x/init", 405, "METHOD_NOT_ALLOWED"),
            ("POST", "/clock/datetime", 405, "METHOD_NOT_ALLOWED"), ("GET", "/pages/other/x", 404, "NOT_FOUND"),
            ("PUT", "/wallet/customers/a/sessions/b/tokens", 405, "METHOD_NOT_ALLOWED"),
            ("GET", "/%zz", 400, "INVALID_PATH"),
        ])
    func notFound(method: String, path: String, status: Int, code: String) async throws {
        let client = try TestClient()
        let response = try await client.send(method, path)
        #expect(response.status == status)
        #expect(errorCode(response) == code)
        #expect(response.header("content-type") == "application/json; charset=utf-8")
    }

    @Test("An oversized body is 413 and the sandbox keeps serving")
    func oversized() async throws {
        let client = try TestClient()
        let huge = String(repeating: "x", count: (1 << 20) + 1)
        let response = try await client.send("POST", "/logs", body: huge)
        #expect(response.status == 413)
        #expect(errorCode(response) == "PAYLOAD_TOO_LARGE")
        #expect(try await client.send("GET", "/clock/datetime").status == 200)
    }

    @Test("Server time comes from the injected now")
    func datetime() async throws {
        let client = try TestClient(now: Date(timeIntervalSince1970: 1_767_225_600.592))
        let body = try object(try await client.send("GET", "/clock/datetime"))
        #expect(body["utc"] as? Int == 1_767_225_600_592)
        #expect(body["iso"] as? String == "2026-01-01T00:00:00.592Z")
    }

    @Test("Logs are accepted and discarded")
    func logs() async throws {
        let client = try TestClient()
        for path in ["/logs", "/logs/events", "/logs/a/b/c", "/widget/secure_fields?api-key=x"] {
            let response = try await client.send("POST", path, body: "[{\"event\":\"x\"}]")
            #expect(response.status == 204, "\(path)")
        }
        #expect(client.sandbox.stats().requests(.logs) == 4)
    }

    @Test("The catalogue is served as JSON and as text; stats count requests; reset restores the seed")
    func admin() async throws {
        let client = try TestClient()
        let json = try object(try await client.send("GET", "/sandbox/catalogue"))
        #expect((json["entity"] as? JSONObject)?["api_key"] as? String == apiKey)
        #expect((json["gift_cards"] as? [JSONObject])?.count == catalogue.giftCards.count)
        let text = try await client.send("GET", "/sandbox/catalogue?format=text")
        #expect(text.header("content-type") == "text/plain; charset=utf-8")
        #expect(text.bodyText == catalogue.text)
        for needle in ["4111111111111111", "6003580000000000011", "demo-shopper", "empty-shopper", "illicado/giftcard"]
        {
            #expect(catalogue.text.contains(needle), "\(needle)")
        }
        let session = try client.session(1000)
        _ = try await client.validate(session.id, [giftItem("illicado-50", amount: 1000)])
        let stats = try object(try await client.send("GET", "/sandbox/stats"))
        #expect(stats["charges"] as? Int == 1)
        #expect((stats["requests"] as? JSONObject)?["validate"] as? Int == 1)
        #expect((stats["charges_per_gift_card"] as? JSONObject)?["illicado-50"] as? Int == 1)
        // An admin POST must be labelled JSON (no cross-site simple request can reset the sandbox).
        #expect(try await client.send("POST", "/sandbox/reset").status == 415)
        #expect(client.sandbox.stats().charges == 1)
        let labelled = ["content-type": "application/json"]
        #expect(try await client.send("POST", "/sandbox/reset", headers: labelled).status == 204)
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 5000)
        #expect(client.sandbox.stats().charges == 0)
        #expect(client.sandbox.clientSessionStatus(id: session.id) == nil)
        #expect(try await client.send("GET", "/cdn/headless-checkout/purse.js").status == 200)
    }

    @Test("A base URL with a path prefix is honoured in routes and in the URLs handed out")
    func basePath() async throws {
        let sandbox = try PurseSandbox(configuration: SandboxConfiguration(baseURL: "http://127.0.0.1:9000/purse/"))
        #expect(sandbox.baseURL == "http://127.0.0.1:9000/purse")
        #expect(await sandbox.handle(SandboxRequest(method: "GET", target: "/purse/clock/datetime")).status == 200)
        #expect(await sandbox.handle(SandboxRequest(method: "GET", target: "/clock/datetime")).status == 404)
        let session = try sandbox.createClientSession(SandboxClientSessionRequest(amount: 100))
        #expect(widgetText(session).contains("\"payment\":\"http://127.0.0.1:9000/purse/gateway\""))
        sandbox.setBaseURL("http://127.0.0.1:9001")
        #expect(
            await sandbox.handle(SandboxRequest(method: "GET", target: "http://127.0.0.1:9001/clock/datetime")).status
                == 200)
    }

    @Test("Requests read headers without regard to case and decode their query")
    func requestValues() {
        let request = SandboxRequest(
            method: "get", target: "/wallet/x?status=ACTIVE&name=a%20b+c#frag", headers: ["X-API-Key": "k"])
        #expect(request.method == "GET")
        #expect(request.path == "/wallet/x")
        #expect(request.query == ["status": "ACTIVE", "name": "a b c"])
        #expect(request.header("x-api-key") == "k")
        #expect(request.header("X-Api-Key") == "k")
    }

    @Test("Every catalogue test card is Luhn-valid and every method has a distinct position")
    func catalogueSanity() {
        for card in catalogue.testCards {
            var sum = 0
            for (offset, character) in card.pan.reversed().enumerated() {
                let digit = character.wholeNumberValue ?? 0
                let value = offset % 2 == 1 ? digit * 2 : digit
                sum += value > 9 ? value - 9 : value
            }
            #expect(sum % 10 == 0, "\(card.slug)")
        }
        #expect(Set(catalogue.methods.map(\.position)).count == catalogue.methods.count)
        #expect(Set(catalogue.giftCards.map(\.slug)).count == catalogue.giftCards.count)
    }
}
