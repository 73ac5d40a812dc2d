import Foundation
import PurseSandbox
import Testing

@Suite("Gateway /init: balances, refusals, polling, slow issuers")
struct GatewayInitTests {
    @Test(
        "Balance look-up per issuer: min(balance, amount)",
        arguments: [
            ("illicado-50", 2000, 2000, 5000),
            ("illicado-50", 9000, 5000, 5000),
            ("illicado-50", 0, 0, 5000),
            ("illicado-empty", 1000, 0, 0),
            ("buybox-80", 10000, 8000, 8000),
            ("buybox-30-no-cvv", 1000, 1000, 3000),
            ("ogloba-100", 500, 500, 10000),
            ("mybeezbox-75", 10000, 7500, 7500),
            ("easy2play-25", 10000, 2500, 2500),
            ("voucher-10", 10000, 1000, 1000),
            ("maxxing-8", 10000, 800, 800),
        ])
    func balance(slug: String, amount: Int, expected: Int, total: Int) async throws {
        let client = try TestClient()
        let session = try client.session(10000)
        let response = try await client.initItem(session.id, giftItem(slug, amount: amount))
        #expect(response.status == 200)
        let body = try object(response)
        #expect(status(body).state == "SUCCESS")
        #expect((body["status"] as? JSONObject)?["action"] as? String == "INIT")
        #expect(body["step_id"] as? Int != nil)
        let result = try #require(body["plugin_result"] as? JSONObject)
        #expect(result["balance"] as? Int == expected)
        #expect(result["total_balance"] as? Int == total)
        #expect(result["currency"] as? String == "EUR")
        #expect(result["partner_reference"] as? String != nil)
        #expect(result["expiration_date"] as? String != nil)
    }

    @Test(
        "Refused cards answer FAILED with a code",
        arguments: [
            ("illicado-50", "9999", "WRONG_CARD_DATA"),
            ("illicado-blocked", nil, "BLOCKED_CARD"),
            ("illicado-expired", nil, "CARD_EXPIRED"),
        ] as [(String, String?, String)])
    func refused(slug: String, pin: String?, code: String) async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let body = try object(try await client.initItem(session.id, giftItem(slug, amount: 1000, pin: pin)))
        #expect(status(body).state == "FAILED")
        #expect(status(body).code == code)
    }

    @Test("A missing PIN, an unknown card and another currency are refused")
    func otherRefusals() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let noPIN: JSONObject = [
            "partner": "illicado", "method": "giftcard", "amount": 100,
            "payment_data": ["card": ["number": "6003 5800 0000 0000 011"]],
        ]
        #expect(status(try object(try await client.initItem(session.id, noPIN))).code == "WRONG_CARD_DATA")
        let unknown: JSONObject = [
            "partner": "illicado", "method": "giftcard", "amount": 100,
            "payment_data": ["card": ["number": "6003580000000000999", "csc": "1234"]],
        ]
        #expect(status(try object(try await client.initItem(session.id, unknown))).code == "UNKNOWN_CARD")
        let swiss = try client.session(1000, currency: "CHF")
        let body = try object(try await client.initItem(swiss.id, giftItem("illicado-50", amount: 100)))
        #expect(status(body).code == "TRANSACTION_NOT_SUPPORTED_BY_CARD")
    }

    @Test("Spaces and dashes in a PAN are ignored; a registrable issuer says so")
    func normalisedPAN() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let item: JSONObject = [
            "partner": "illicado", "method": "giftcard", "amount": 100,
            "payment_data": ["card": ["number": "6003-5800 0000-0000 011", "csc": "1234"]],
        ]
        let body = try object(try await client.initItem(session.id, item))
        #expect(status(body).state == "SUCCESS")
        #expect((body["plugin_result"] as? JSONObject)?["can_be_registered"] as? Bool == true)
        let buybox = try object(try await client.initItem(session.id, giftItem("buybox-80", amount: 100)))
        #expect((buybox["plugin_result"] as? JSONObject)?["can_be_registered"] as? Bool == false)
    }

    @Test(
        "ANCV Connect polls with the same step_id until a final state",
        arguments: [
            ("ancv-approves", ["WAITING", "WAITING", "SUCCESS", "SUCCESS"], "SUCCEEDED"),
            ("ancv-aborted", ["WAITING", "FAILED", "FAILED"], "ABORTED_BY_CUSTOMER"),
            ("ancv-expires", ["WAITING", "WAITING", "WAITING", "FAILED"], "EXPIRED_AUTHORIZATION"),
        ])
    func ancvPolling(slug: String, states: [String], finalCode: String) async throws {
        let client = try TestClient()
        let session = try client.session(5000)
        var item = giftItem(slug, amount: 5000)
        let first = try object(try await client.initItem(session.id, item))
        #expect(status(first).state == states[0])
        #expect(status(first).code == "WAITING_PARTNER_RESPONSE")
        let stepId = try #require(first["step_id"] as? Int)
        item["step_id"] = stepId
        var last = first
        for expected in states.dropFirst() {
            last = try object(try await client.initItem(session.id, item))
            #expect(status(last).state == expected)
            #expect(last["step_id"] as? Int == stepId)
        }
        #expect(status(last).code == finalCode)
        if finalCode == "SUCCEEDED" {
            #expect((last["plugin_result"] as? JSONObject)?["balance"] as? Int == 5000)
        }
    }

    @Test("A poll with a step_id of another item is 400 UNKNOWN_STEP")
    func unknownStep() async throws {
        let client = try TestClient()
        let session = try client.session(5000)
        var item = giftItem("ancv-approves", amount: 5000)
        item["step_id"] = 999
        let response = try await client.initItem(session.id, item)
        #expect(response.status == 400)
        #expect(errorCode(response) == "UNKNOWN_STEP")
    }

    @Test("Saved gift cards: balance by token, a failing look-up, and a slow issuer on the injected clock")
    func savedGiftCards() async throws {
        let client = try TestClient()
        let session = try client.session(10000, shopper: "demo-shopper")
        func tokenItem(_ slug: String) throws -> JSONObject {
            let token = try #require(catalogue.shopper("demo-shopper")?.token(slug))
            return ["partner": "easy2play", "method": "giftcard", "amount": 10000, "payment_data": ["token": token.id]]
        }
        let ok = try object(try await client.initItem(session.id, try tokenItem("giftcard-40")))
        #expect((ok["plugin_result"] as? JSONObject)?["balance"] as? Int == 4000)
        #expect((ok["plugin_result"] as? JSONObject)?["can_be_registered"] as? Bool == false)
        let failing = try object(try await client.initItem(session.id, try tokenItem("giftcard-lookup-fails")))
        #expect(status(failing) == ("FAILED", "TECHNICAL_ISSUE_TO_CONTACT_PARTNER"))

        let slowItem = try tokenItem("giftcard-slow")
        let sandbox = client.sandbox
        let body = try JSONSerialization.data(withJSONObject: slowItem)
        let slow = Task {
            await sandbox.handle(
                SandboxRequest(
                    method: "POST", target: "/gateway/sessions/\(session.id)/init", headers: ["x-api-key": apiKey],
                    body: body))
        }
        await client.clock.waitForSleepers(1)
        await client.clock.advance(by: .seconds(1))
        #expect(client.clock.sleeperCount == 1)
        await client.clock.advance(by: .seconds(1))
        let answer = try object(await slow.value)
        #expect((answer["plugin_result"] as? JSONObject)?["balance"] as? Int == 3000)

        let noWallet = try client.session(1000)
        let foreign = try object(try await client.initItem(noWallet.id, try tokenItem("giftcard-40")))
        #expect(status(foreign).code == "UNKNOWN_CARD")
    }

    @Test("Card, PayPal and redirection methods answer SUCCESS with a step_id; unavailable ones FAILED")
    func primaries() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        for (partner, method) in [
            ("payzen", "creditcard"), ("paypal", "wallet"), ("fintecture", "instantpayment"),
            ("alma", "cb2x"), ("oney", "cb3x"), ("payline", "ideal"),
        ] {
            let body = try object(
                try await client.initItem(session.id, ["partner": partner, "method": method, "amount": 1000]))
            #expect(status(body).state == "SUCCESS", "\(partner)/\(method)")
            #expect(body["step_id"] as? Int != nil)
        }
        let googlePay = try object(
            try await client.initItem(session.id, ["partner": "adyen", "method": "googlepay", "amount": 1000]))
        #expect(status(googlePay).code == "TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT")
    }

    @Test(
        "Malformed /init payloads are 400 with a code",
        arguments: [
            (#"{"method":"giftcard","amount":1}"#, "INVALID_PAYLOAD"),
            (#"{"partner":"illicado","amount":1}"#, "INVALID_PAYLOAD"),
            (#"{"partner":"illicado","method":"giftcard"}"#, "INVALID_AMOUNT"),
            (#"{"partner":"illicado","method":"giftcard","amount":12.5}"#, "INVALID_AMOUNT"),
            (#"{"partner":"illicado","method":"giftcard","amount":"12"}"#, "INVALID_AMOUNT"),
            (#"{"partner":"illicado","method":"giftcard","amount":-1}"#, "INVALID_AMOUNT"),
            (#"{"partner":"nope","method":"giftcard","amount":1}"#, "UNKNOWN_METHOD"),
            (#"{"partner":"illicado","method":"giftcard","amount":1,"payment_data":{}}"#, "INVALID_PAYMENT_DATA"),
            (
                #"{"partner":"easy2play","method":"voucher","amount":1,"payment_data":{"card":{"number":"VOUCHER10"}}}"#,
                "INVALID_PAYMENT_DATA"
            ),
            (#"{"partner":"illicado","method":"giftcard","amount":1,"step_id":"x"}"#, "INVALID_PAYLOAD"),
            (#"{"partner":"illicado","#, "INVALID_JSON"),
            (#"[1]"#, "INVALID_PAYLOAD"),
        ])
    func malformed(body: String, code: String) async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let response = try await client.send(
            "POST", "/gateway/sessions/\(session.id)/init", body: body, headers: ["x-api-key": apiKey])
        #expect(response.status == 400)
        #expect(errorCode(response) == code)
    }

    @Test("Session and key checks: 401, 404, 410, and a restricted method is unknown")
    func sessionChecks() async throws {
        let client = try TestClient()
        let session = try client.session(1000, methods: ["payzen-creditcard"], lifetime: .seconds(60))
        let item = giftItem("illicado-50", amount: 100)
        let noKey = try await client.initItem(session.id, item, headers: [:])
        #expect(noKey.status == 401)
        #expect(errorCode(noKey) == "UNAUTHORIZED")
        #expect(
            errorCode(try await client.initItem(session.id, item, headers: ["x-api-key": "wrong"])) == "UNAUTHORIZED")
        let missing = try await client.initItem("nope", item)
        #expect(missing.status == 404)
        #expect(errorCode(missing) == "SESSION_NOT_FOUND")
        #expect(errorCode(try await client.initItem(session.id, item)) == "UNKNOWN_METHOD")
        client.time.advance(seconds: 61)
        let expired = try await client.initItem(session.id, ["partner": "payzen", "method": "creditcard", "amount": 1])
        #expect(expired.status == 410)
        #expect(errorCode(expired) == "EXPIRED_SESSION")
    }
}
