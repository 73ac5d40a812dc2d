import Foundation
import PurseSandbox
import Testing

@Suite("Merchant API: OAuth and client sessions")
struct MerchantAPITests {
    private func basic(_ id: String, _ secret: String) -> String {
        "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()
    }

    private func token(_ client: TestClient) async throws -> String {
        let response = try await client.send(
            "POST", "/oauth/token", body: "grant_type=client_credentials",
            headers: [
                "authorization": basic(catalogue.entity.clientId, catalogue.entity.clientSecret),
                "content-type": "application/x-www-form-urlencoded",
            ])
        #expect(response.status == 200)
        let body = try object(response)
        #expect(body["token_type"] as? String == "Bearer")
        #expect(body["expires_in"] as? Int == 3600)
        return try #require(body["access_token"] as? String)
    }

    private var sessionBody: JSONObject {
        [
            "entity_id": catalogue.entity.entityId, "amount": 4299, "currency": "EUR",
            "shopper_redirection_url": "https://shop.example.com/return", "order": ["reference": "A-1"],
            "customer": ["reference": "demo-shopper"],
        ]
    }

    @Test("OAuth gives a bearer token that opens the client-session API")
    func oauthThenCreate() async throws {
        let client = try TestClient()
        let bearer = try await token(client)
        let response = try await client.send(
            "POST", "/payment/v2/client-sessions", json: sessionBody,
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(response.status == 201)
        let body = try object(response)
        #expect(body["status"] as? String == "CREATED")
        #expect(body["amount"] as? Int == 4299)
        #expect(body["expires_at"] as? String == "2026-01-01T00:30:00.000Z")
        let widgetObject = try #require(body["widget"] as? JSONObject)
        #expect(widgetObject["js_url"] as? String == "http://127.0.0.1:8080/cdn/headless-checkout/purse.js")
        let id = try #require(body["id"] as? String)

        let read = try await client.send(
            "GET", "/payment/v2/client-sessions/\(id)",
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(read.status == 200)
        #expect(try object(read)["status"] as? String == "CREATED")
        #expect(try object(read)["payment"] == nil)
    }

    @Test(
        "OAuth refusals",
        arguments: [
            ("grant_type=client_credentials", "sandbox-merchant-backend", "wrong", 401, "INVALID_CLIENT"),
            ("grant_type=client_credentials", "nobody", "sandbox-secret-not-for-production", 401, "INVALID_CLIENT"),
            (
                "grant_type=password", "sandbox-merchant-backend", "sandbox-secret-not-for-production", 400,
                "UNSUPPORTED_GRANT_TYPE"
            ),
        ])
    func oauthRefusals(form: String, id: String, secret: String, status: Int, code: String) async throws {
        let client = try TestClient()
        let response = try await client.send(
            "POST", "/oauth/token", body: form, headers: ["authorization": basic(id, secret)])
        #expect(response.status == status)
        #expect(errorCode(response) == code)
    }

    @Test("Merchant calls without API key or bearer token are 401")
    func merchantAuth() async throws {
        let client = try TestClient()
        let bearer = try await token(client)
        let noKey = try await client.send(
            "POST", "/payment/v2/client-sessions", json: sessionBody, headers: ["authorization": "Bearer \(bearer)"])
        #expect(noKey.status == 401)
        let noBearer = try await client.send(
            "POST", "/payment/v2/client-sessions", json: sessionBody, headers: ["x-api-key": apiKey])
        #expect(noBearer.status == 401)
        let badBearer = try await client.send(
            "GET", "/payment/v2/client-sessions/x", headers: ["x-api-key": apiKey, "authorization": "Bearer nope"])
        #expect(errorCode(badBearer) == "INVALID_TOKEN")
        client.time.advance(seconds: 3601)
        let expired = try await client.send(
            "POST", "/payment/v2/client-sessions", json: sessionBody,
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(errorCode(expired) == "INVALID_TOKEN")
    }

    @Test(
        "Client-session creation refusals",
        arguments: [
            ("entity_id", #""other""#, "UNKNOWN_ENTITY"),
            ("amount", "42.99", "INVALID_AMOUNT"),
            ("amount", "0", "INVALID_AMOUNT"),
            ("currency", #""XYZ""#, "UNSUPPORTED_CURRENCY"),
            ("shopper_redirection_url", #""not a url""#, "INVALID_REDIRECTION_URL"),
            ("order", #""A-1""#, "INVALID_PAYLOAD"),
            ("sandbox", #"{"methods":["nope-nope"]}"#, "UNKNOWN_METHOD"),
        ])
    func creationRefusals(field: String, json: String, code: String) async throws {
        let client = try TestClient()
        let bearer = try await token(client)
        var body = sessionBody
        body[field] = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let response = try await client.send(
            "POST", "/payment/v2/client-sessions", json: body,
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(response.status == 400)
        #expect(errorCode(response) == code)
    }

    @Test(
        "A shopper_redirection_url is an http(s) URL with a host or an app's own scheme, never one a browser runs",
        arguments: [
            ("javascript:alert(1)//", 400), ("JavaScript:alert(1)", 400),
            ("data:text/html,<script>alert(1)</script>", 400),
            ("vbscript:msgbox(1)", 400), ("file:///etc/passwd", 400), ("blob:https://x/1", 400),
            ("myapp://purse/return", 201), ("com.example.shop://return?from=sandbox", 201),
            ("ftp://shop.example.com/return", 400), ("/return", 400), ("return?x=1", 400), ("https:///return", 400),
            ("https://shop.example.com/return?x=1#top", 201), ("http://127.0.0.1:4000/return", 201),
            ("HTTPS://Shop.Example.com/return", 201),
        ])
    func redirectionURL(url: String, expected: Int) async throws {
        let client = try TestClient()
        let bearer = try await token(client)
        var body = sessionBody
        body["shopper_redirection_url"] = url
        let response = try await client.send(
            "POST", "/payment/v2/client-sessions", json: body,
            headers: ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"])
        #expect(response.status == expected, "\(url): \(response.bodyText)")
        if expected == 400 {
            #expect(errorCode(response) == "INVALID_REDIRECTION_URL")
            #expect((try object(response)["message"] as? String)?.contains("http or https") == true)
        }
    }

    @Test("Widget data carries keys, service roots, the wallet session and an exact major-unit amount")
    func widgetData() throws {
        let client = try TestClient()
        let session = try client.session(4299, shopper: "demo-shopper")
        let data = try widget(session)
        #expect(data["apiKey"] as? String == apiKey)
        #expect(data["entityId"] as? String == catalogue.entity.entityId)
        let paths = try #require(data["apiPaths"] as? [String: String])
        #expect(paths["payment"] == "http://127.0.0.1:8080/gateway")
        #expect(paths["wallet"] == "http://127.0.0.1:8080/wallet")
        #expect(paths["datetime"] == "http://127.0.0.1:8080/clock")
        #expect(paths["logs"] == "http://127.0.0.1:8080/logs")
        #expect(paths["vault"] == "http://127.0.0.1:8080/vault")
        let wallet = try #require(data["walletSession"] as? JSONObject)
        #expect(wallet["owner_reference"] as? String == "demo-shopper")
        #expect(wallet["session_id"] as? String == session.walletSessionId)
        #expect(wallet["merchant"] as? String == "SandboxMerchant")
        // The amount is written as exact decimal text, never through Double formatting.
        #expect(widgetText(session).contains("\"amount\":42.99,"))
        let paymentSession = try #require(data["paymentSession"] as? JSONObject)
        #expect(paymentSession["id"] as? String == session.id)
        #expect(paymentSession["currency_code"] as? String == "EUR")
        #expect(paymentSession["expiration_date"] as? String == "2026-01-01T00:30:00.000Z")
    }

    @Test(
        "Major amounts keep their exact text",
        arguments: [(4290, "EUR", "42.9"), (4200, "EUR", "42"), (5, "EUR", "0.05"), (4299, "JPY", "4299")])
    func majorAmounts(minor: Int, currency: String, text: String) throws {
        let client = try TestClient()
        let session = try client.session(minor, currency: currency)
        #expect(widgetText(session).contains("\"amount\":\(text),"))
    }

    @Test("Protocols follow the catalogue: templates, labels, distinct positions, vault vendors")
    func protocols() throws {
        let client = try TestClient()
        let data = try widget(try client.session(1000))
        let protocols = try #require((data["paymentSession"] as? JSONObject)?["protocols"] as? [String: JSONObject])
        var positions: Set<Int> = []
        for method in catalogue.methods {
            let entry = try #require(protocols[method.partner]?[method.method] as? JSONObject, "\(method.id)")
            let configurations = try #require(entry["configurations"] as? JSONObject)
            #expect(configurations["template"] as? String == method.template)
            let labels = try #require(configurations["labels"] as? [String])
            #expect(labels.contains(method.isSecondary ? "secondary" : "primary"))
            positions.insert(try #require(configurations["position"] as? Int))
            #expect((configurations["vault"] as? JSONObject)?["vendor"] as? String == method.vaultVendor)
        }
        #expect(positions.count == catalogue.methods.count)
        let alma = protocols["alma"]?["cb2x"] as? JSONObject
        let almaSettings = (alma?["configurations"] as? JSONObject)?["settings"] as? JSONObject
        #expect((almaSettings?["merchant_specifics"] as? JSONObject)?["integration_mode"] as? String == "redirection")
        let googlePay = (protocols["adyen"]?["googlepay"] as? JSONObject)?["configurations"] as? JSONObject
        #expect(googlePay?["stable"] as? Bool == false)
        let easy = (protocols["easy2play"]?["giftcard"] as? JSONObject)?["configurations"] as? JSONObject
        #expect((easy?["settings"] as? JSONObject)?["usage_per_session_limit"] as? Int == 2)
        #expect(widgetText(try client.session(1000)).contains("\"payment_max_amount\":99999999.99"))
    }

    @Test("A known shopper's saved instruments arrive as integrated tokens of their methods")
    func integratedTokens() throws {
        let client = try TestClient()
        let data = try widget(try client.session(1000, shopper: "demo-shopper"))
        let protocols = try #require((data["paymentSession"] as? JSONObject)?["protocols"] as? [String: JSONObject])
        let cards = try #require(
            (protocols["payzen"]?["creditcard"] as? JSONObject)?["integrated_tokens"] as? [JSONObject])
        let visa = try #require(cards.first { $0["id"] as? String == "0b5e55ed-0000-4000-8000-000000000001" })
        #expect(visa["requires_csc"] as? Bool == true)
        #expect(visa["owner_reference"] as? String == "demo-shopper")
        #expect((visa["description"] as? JSONObject)?["masked_pan"] as? String == "424242******4242")
        #expect((visa["payment_id"] as? JSONObject)?["partner"] as? String == "payzen")
        for key in [
            "value", "uniqueness_token", "expiration_date", "merchant", "favorite", "status", "created_at",
            "updated_at",
        ] {
            #expect(visa[key] != nil, "\(key)")
        }
        let mastercard = try #require(cards.first { $0["name"] as? String == "Work card" })
        #expect(mastercard["requires_csc"] as? Bool == false)
        #expect(mastercard["network_token"] as? Bool == true)
        #expect(((protocols["paypal"]?["wallet"] as? JSONObject)?["integrated_tokens"] as? [JSONObject])?.count == 1)
        #expect(
            ((protocols["payline"]?["creditcard"] as? JSONObject)?["integrated_tokens"] as? [JSONObject])?.count == 1)
        #expect(
            ((protocols["easy2play"]?["giftcard"] as? JSONObject)?["integrated_tokens"] as? [JSONObject])?.count == 3)

        let empty = try widget(try client.session(1000, shopper: "empty-shopper"))
        #expect(empty["walletSession"] != nil)
        #expect(!String(describing: empty).contains("integrated_tokens"))
        #expect(try widget(try client.session(1000))["walletSession"] == nil)
    }

    @Test("The sandbox extension restricts methods and sets the lifetime")
    func sandboxExtension() throws {
        let client = try TestClient()
        let session = try client.session(
            1000, methods: ["illicado-giftcard", "payzen-creditcard"], lifetime: .seconds(60))
        let protocols = try #require(
            (try widget(session)["paymentSession"] as? JSONObject)?["protocols"] as? JSONObject)
        #expect(Set(protocols.keys) == ["illicado", "payzen"])
        #expect(session.expiresAt == fixedNow.addingTimeInterval(60))
        client.time.advance(seconds: 61)
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.status == "EXPIRED")
        #expect(client.sandbox.clientSessionStatus(id: "unknown") == nil)
        #expect(throws: SandboxAPIError.self) { try client.session(-1) }
    }
}
