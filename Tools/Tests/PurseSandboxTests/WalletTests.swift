import Foundation
import PurseSandbox
import Testing

@Suite("Wallet API: tokens, labels, favorites, deletion")
struct WalletTests {
    private let visa = "0b5e55ed-0000-4000-8000-000000000001"
    private let mastercard = "0b5e55ed-0000-4000-8000-000000000002"

    @Test("Listing gives every token in the integrated-token shape")
    func list() async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let response = try await client.send(
            "GET", client.walletPath(session, owner: "demo-shopper") + "?status=ACTIVE", headers: client.walletHeaders)
        #expect(response.status == 200)
        let tokens = try #require(try JSONSerialization.jsonObject(with: response.body) as? [JSONObject])
        #expect(tokens.count == 8)
        #expect(Set(tokens.compactMap { $0["id"] as? String }).contains(visa))
        let inactive = try await client.send(
            "GET", client.walletPath(session, owner: "demo-shopper") + "?status=INACTIVE", headers: client.walletHeaders
        )
        #expect(inactive.bodyText == "[]")
    }

    @Test(
        "Label rule: 1–25 letters, digits or spaces",
        arguments: [
            ("Holiday card", 200, nil), ("Carte été 2", 200, nil), ("A", 200, nil),
            (String(repeating: "x", count: 25), 200, nil),
            (String(repeating: "x", count: 26), 400, "INVALID_TOKEN_NAME"), ("", 400, "INVALID_TOKEN_NAME"),
            ("   ", 400, "INVALID_TOKEN_NAME"), ("card-1", 400, "INVALID_TOKEN_NAME"),
            ("<b>", 400, "INVALID_TOKEN_NAME"), ("work CARD", 409, "TOKEN_NAME_EXISTS"),
            ("Personal Visa", 200, nil),
        ] as [(String, Int, String?)])
    func rename(name: String, expectedStatus: Int, code: String?) async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let response = try await client.send(
            "PATCH", client.walletPath(session, owner: "demo-shopper", "/\(visa)"), json: ["name": name],
            headers: client.walletHeaders)
        #expect(response.status == expectedStatus)
        if let code {
            #expect(errorCode(response) == code)
        } else {
            #expect(try object(response)["name"] as? String == name)
        }
    }

    @Test("A rename, a favorite and a deletion show in the next session's widget data")
    func changesAreShared() async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let headers = client.walletHeaders
        let renamed = try await client.send(
            "PATCH", client.walletPath(session, owner: "demo-shopper", "/\(visa)"), json: ["name": "Renamed"],
            headers: headers)
        #expect(renamed.status == 200)
        let favorite = try await client.send(
            "PUT", client.walletPath(session, owner: "demo-shopper", "/\(mastercard)/favorite"),
            json: ["favorite": true], headers: headers)
        #expect(try object(favorite)["favorite"] as? Bool == true)
        let deleted = try await client.send(
            "DELETE", client.walletPath(session, owner: "demo-shopper", "/\(mastercard)"), headers: headers)
        #expect(deleted.status == 204)
        let again = try await client.send(
            "DELETE", client.walletPath(session, owner: "demo-shopper", "/\(mastercard)"), headers: headers)
        #expect(again.status == 404)
        #expect(errorCode(again) == "MISSING_TOKEN")
        let next = widgetText(try client.session(1000, shopper: "demo-shopper"))
        #expect(next.contains("\"name\":\"Renamed\""))
        #expect(!next.contains(mastercard))

        let all = try await client.send("DELETE", client.walletPath(session, owner: "demo-shopper"), headers: headers)
        #expect(all.status == 204)
        #expect(!widgetText(try client.session(1000, shopper: "demo-shopper")).contains("integrated_tokens"))
        let missingFavorite = try await client.send(
            "PUT", client.walletPath(session, owner: "demo-shopper", "/\(visa)/favorite"), json: ["favorite": false],
            headers: headers)
        #expect(errorCode(missingFavorite) == "MISSING_TOKEN")
    }

    @Test(
        "Header and wallet-session checks",
        arguments: [
            ("no-key", 401, "UNAUTHORIZED"), ("no-merchant", 401, "MISSING_MERCHANT_ID"),
            ("other-merchant", 403, "MERCHANT_MISMATCH"), ("other-owner", 403, "WALLET_SESSION_OWNER_MISMATCH"),
            ("unknown-session", 404, "WALLET_SESSION_NOT_FOUND"), ("expired", 410, "WALLET_SESSION_EXPIRED"),
        ])
    func checks(kind: String, expectedStatus: Int, code: String) async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper", lifetime: .seconds(30))
        var headers = client.walletHeaders
        var path = client.walletPath(session, owner: "demo-shopper")
        switch kind {
        case "no-key": headers["x-api-key"] = nil
        case "no-merchant": headers["x-merchant-id"] = nil
        case "other-merchant": headers["x-merchant-id"] = "Other"
        case "other-owner": path = client.walletPath(session, owner: "empty-shopper")
        case "unknown-session": path = "/wallet/customers/demo-shopper/sessions/nope/tokens"
        default: client.time.advance(seconds: 31)
        }
        let response = try await client.send("GET", path, headers: headers)
        #expect(response.status == expectedStatus)
        #expect(errorCode(response) == code)
    }

    @Test("Malformed wallet bodies are 400")
    func malformed() async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let rename = try await client.send(
            "PATCH", client.walletPath(session, owner: "demo-shopper", "/\(visa)"), json: ["label": "x"],
            headers: client.walletHeaders)
        #expect(errorCode(rename) == "INVALID_TOKEN_NAME")
        let favorite = try await client.send(
            "PUT", client.walletPath(session, owner: "demo-shopper", "/\(visa)/favorite"), json: ["favorite": "yes"],
            headers: client.walletHeaders)
        #expect(errorCode(favorite) == "INVALID_PAYLOAD")
        let status = try await client.send(
            "GET", client.walletPath(session, owner: "demo-shopper") + "?status=GONE", headers: client.walletHeaders)
        #expect(status.status == 400)
    }
}
