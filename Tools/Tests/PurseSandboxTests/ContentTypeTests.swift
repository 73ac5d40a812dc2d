import Foundation
import PurseSandbox
import Testing

/// A JSON route refuses a body labelled as something else (415 `UNSUPPORTED_MEDIA_TYPE`); JSON with or without
/// parameters, a body with no `Content-Type`, and the form posts of the OAuth token and the hosted pages still
/// work.
@Suite("Content-Type of JSON bodies")
struct ContentTypeTests {
    private static var sessionBody: JSONObject {
        [
            "entity_id": catalogue.entity.entityId, "amount": 4299, "currency": "EUR",
            "shopper_redirection_url": "https://shop.example.com/return", "order": ["reference": "ct-1"],
        ]
    }

    /// Merchant headers with a fresh bearer token.
    private func merchantHeaders(_ client: TestClient) async throws -> [String: String] {
        let basic = Data("\(catalogue.entity.clientId):\(catalogue.entity.clientSecret)".utf8).base64EncodedString()
        let response = try await client.send(
            "POST", "/oauth/token", body: "grant_type=client_credentials",
            headers: ["authorization": "Basic \(basic)", "content-type": "application/x-www-form-urlencoded"])
        #expect(response.status == 200, "the OAuth form post: \(response.bodyText)")
        let bearer = try #require(try object(response)["access_token"] as? String)
        return ["x-api-key": apiKey, "authorization": "Bearer \(bearer)"]
    }

    @Test(
        "A client session posted as another media type is refused with 415 and not created",
        arguments: [
            "application/xml", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
            "text/json", "application/jsonp", "application/json-patch",
        ])
    func clientSessionRefused(contentType: String) async throws {
        let client = try TestClient()
        var headers = try await merchantHeaders(client)
        headers["content-type"] = contentType
        let response = try await client.send(
            "POST", "/payment/v2/client-sessions", json: Self.sessionBody, headers: headers)
        #expect(response.status == 415, "\(contentType): \(response.bodyText)")
        #expect(errorCode(response) == "UNSUPPORTED_MEDIA_TYPE")
        #expect(response.header("content-type") == "application/json; charset=utf-8")
        let message = try #require(try object(response)["message"] as? String)
        #expect(message.contains("application/json"))
        #expect(client.sandbox.ledger().clientSessions == 0)
    }

    @Test(
        "JSON, with parameters, in any case, with a +json suffix, or with no Content-Type at all, is accepted",
        arguments: [
            "application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
            " application/json ", "application/vnd.purse+json", nil,
        ] as [String?])
    func clientSessionAccepted(contentType: String?) async throws {
        let client = try TestClient()
        var headers = try await merchantHeaders(client)
        if let contentType { headers["content-type"] = contentType }
        let response = try await client.send(
            "POST", "/payment/v2/client-sessions", json: Self.sessionBody, headers: headers)
        #expect(response.status == 201, "\(contentType ?? "no Content-Type"): \(response.bodyText)")
        #expect(client.sandbox.ledger().clientSessions == 1)
    }

    static let walletHeaders = ["x-api-key": apiKey, "x-merchant-id": catalogue.entity.merchantId]

    /// Every JSON route, with the headers that get it as far as reading its body.
    static let jsonRoutes: [(method: String, target: String, headers: [String: String])] = [
        ("POST", "/gateway/sessions/cs_x/init", ["x-api-key": apiKey]),
        ("POST", "/gateway/sessions/cs_x/validate", ["x-api-key": apiKey, "idempotency-key": "k-1"]),
        ("POST", "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)/bin-lookup", [:]),
        ("POST", "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)/forms/secure-fields", [:]),
        ("PATCH", "/wallet/customers/o/sessions/w/tokens/t", walletHeaders),
        ("PUT", "/wallet/customers/o/sessions/w/tokens/t/favorite", walletHeaders),
        ("POST", "/sandbox/faults", [:]),
    ]

    @Test("An admin POST says application/json or is refused, even with an empty or JSON body")
    func adminPostsNeedJSON() async throws {
        let client = try TestClient()
        for (target, body) in [("/sandbox/faults", #"{"route":"validate","status":503}"#), ("/sandbox/reset", "")] {
            for contentType in [nil, "text/plain", "application/x-www-form-urlencoded", "application/ld+json"] {
                let headers = contentType.map { ["content-type": $0] } ?? [:]
                let response = try await client.send("POST", target, body: body, headers: headers)
                #expect(response.status == 415, "\(target) \(contentType ?? "none")")
                #expect(errorCode(response) == "UNSUPPORTED_MEDIA_TYPE")
            }
        }
        #expect(client.sandbox.faults.fault(on: .gatewayValidate) == nil)
        let json = try await client.send(
            "POST", "/sandbox/faults", body: #"{"route":"validate","status":503}"#,
            headers: ["content-type": "application/json; charset=utf-8"])
        #expect(json.status == 204)
    }

    @Test("Every JSON route checks the media type in the same place", arguments: 0..<jsonRoutes.count)
    func everyJSONRoute(index: Int) async throws {
        let route = Self.jsonRoutes[index]
        let client = try TestClient()
        var headers = route.headers
        headers["content-type"] = "application/xml"
        let refused = try await client.send(route.method, route.target, body: "<a/>", headers: headers)
        #expect(refused.status == 415, "\(route.target): \(refused.bodyText)")
        #expect(errorCode(refused) == "UNSUPPORTED_MEDIA_TYPE")
        // The same body labelled as JSON reaches the JSON parser instead.
        headers["content-type"] = "application/json"
        let parsed = try await client.send(route.method, route.target, body: "<a/>", headers: headers)
        #expect(parsed.status == 400, "\(route.target): \(parsed.bodyText)")
        #expect(errorCode(parsed) == "INVALID_JSON")
    }

    @Test("An empty body is left to the parser, whatever its label: 400 INVALID_JSON, not 415")
    func emptyBody() async throws {
        let client = try TestClient()
        let response = try await client.send(
            "POST", "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)/bin-lookup",
            headers: ["content-type": "application/x-www-form-urlencoded"])
        #expect(response.status == 400)
        #expect(errorCode(response) == "INVALID_JSON")
    }

    @Test("Routes that take no JSON are not affected: logs take any body, hosted pages take their form posts")
    func nonJSONRoutes() async throws {
        let client = try TestClient()
        let logs = try await client.send("POST", "/logs", body: "plain text", headers: ["content-type": "text/plain"])
        #expect(logs.status == 204)

        // A card payment pending on the 3-D Secure page, then the page's own form posts.
        let session = try client.session(4299)
        let card = try await client.formToken(pan: "4000000000003220")
        let validated = try await client.validate(session.id, [cardItem(formToken: card, amount: 4299)])
        #expect(validated.status == 200, "\(validated.bodyText)")
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment)
        #expect(payment.authorizationStatus == "PENDING")
        let form = ["content-type": "application/x-www-form-urlencoded"]
        let page = try await client.send(
            "POST", "/pages/3ds/\(payment.id)", body: "payment_id=\(payment.id)", headers: form)
        #expect(page.status == 200)
        let decision = try await client.send(
            "POST", "/pages/3ds/\(payment.id)/decision", body: "decision=approve", headers: form)
        #expect(decision.status == 303, "\(decision.status) \(decision.bodyText)")
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.payment?.authorizationStatus == "AUTHORIZED")
    }
}
