import Foundation
import PurseSandbox
import Testing

@Suite("Gateway /validate: cards, tokens, redirections, split atomicity, idempotency")
struct GatewayValidateTests {
    @Test(
        "Fresh cards by test PAN",
        arguments: [
            ("visa-success", "SUCCESS", "SUCCEEDED", "AUTHORIZED", "COMPLETED"),
            ("amex-success", "SUCCESS", "SUCCEEDED", "AUTHORIZED", "COMPLETED"),
            ("visa-3ds", "WAITING", "WAITING_PARTNER_RESPONSE", "PENDING", "SUBMITTED"),
            ("mastercard-3ds", "WAITING", "WAITING_PARTNER_RESPONSE", "PENDING", "SUBMITTED"),
            ("visa-declined", "FAILED", "REJECTED_BANK", "REFUSED", "CREATED"),
            ("visa-insufficient-funds", "FAILED", "INSUFFICIENT_FUNDS", "REFUSED", "CREATED"),
        ])
    func freshCards(slug: String, state: String, code: String, payment: String, session: String) async throws {
        let client = try TestClient()
        let created = try client.session(4299)
        let card = try #require(catalogue.testCard(slug))
        let token = try await client.formToken(pan: card.pan, cvv: card.cvv)
        let response = try await client.validate(created.id, [cardItem(formToken: token, amount: 4299)])
        #expect(response.status == 200)
        let body = try object(response)
        let result = try #require(try results(response).first)
        #expect(status(result).state == state)
        #expect(status(result).code == code)
        #expect((result["status"] as? JSONObject)?["action"] as? String == "AUTHORIZE")
        #expect(result["transaction_id"] as? String != nil)
        let truth = try #require(client.sandbox.clientSessionStatus(id: created.id))
        #expect(truth.payment?.authorizationStatus == payment)
        #expect(truth.status == session)
        if state == "WAITING" {
            let redirection = try #require(body["redirection"] as? JSONObject)
            let url = try #require(redirection["url"] as? String)
            #expect(url == "http://127.0.0.1:8080/pages/3ds/\(truth.payment?.id ?? "")")
            #expect(body["global_status"] as? String == "WAITING")
        } else {
            #expect(body["redirection"] == nil)
        }
    }

    @Test("Saved card needing a CVV: missing is 400, wrong is FAILED, right pays")
    func savedCardCVV() async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let token = try #require(catalogue.shopper("demo-shopper")?.token("visa-requires-cvv"))
        func item(_ csc: String?) -> JSONObject {
            var data: JSONObject = ["token": token.id]
            if let csc { data["csc"] = csc }
            return ["partner": "payzen", "method": "creditcard", "amount": 1000, "payment_data": data]
        }
        let missing = try await client.validate(session.id, [item(nil)])
        #expect(missing.status == 400)
        #expect(errorCode(missing) == "MISSING_CSC")
        let wrong = try await client.validate(session.id, [item("999")])
        #expect(status(try #require(try results(wrong).first)).code == "WRONG_CARD_DATA")
        let right = try await client.validate(session.id, [item("123")])
        #expect(try object(right)["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.payment?.split.first?.tokenId == token.id)
    }

    @Test(
        "Saved instruments that pay without a CVV",
        arguments: [
            ("mastercard-network-token", "payzen", "creditcard", "SUCCESS"),
            ("paypal-account", "paypal", "wallet", "SUCCESS"), ("visa-3ds-no-label", "payzen", "creditcard", "WAITING"),
        ])
    func savedWithoutCVV(slug: String, partner: String, method: String, global: String) async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "demo-shopper")
        let token = try #require(catalogue.shopper("demo-shopper")?.token(slug))
        let response = try await client.validate(
            session.id, [["partner": partner, "method": method, "amount": 1000, "payment_data": ["token": token.id]]])
        #expect(try object(response)["global_status"] as? String == global)
    }

    @Test(
        "Redirection methods need their step_id and answer the page in their style",
        arguments: [
            ("fintecture", "instantpayment", "get"), ("alma", "cb2x", "post_form"), ("oney", "cb3x", "html"),
            ("paypal", "wallet", "get"), ("payline", "ideal", "get"),
        ])
    func redirections(partner: String, method: String, style: String) async throws {
        let client = try TestClient()
        let session = try client.session(2500)
        let withoutStep = try await client.validate(
            session.id, [["partner": partner, "method": method, "amount": 2500]])
        #expect(status(try #require(try results(withoutStep).first)) == ("FAILED", "BAD_REQUEST"))
        #expect(try object(withoutStep)["redirection"] == nil)

        let initBody = try object(
            try await client.initItem(session.id, ["partner": partner, "method": method, "amount": 2500]))
        let stepId = try #require(initBody["step_id"] as? Int)
        let response = try await client.validate(
            session.id, [["partner": partner, "method": method, "amount": 2500, "step_id": stepId]])
        let redirection = try #require(try object(response)["redirection"] as? JSONObject)
        let paymentId = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        let page = "http://127.0.0.1:8080/pages/psp/\(paymentId)"
        switch style {
        case "get":
            #expect(redirection["url"] as? String == page)
            #expect(redirection["method"] == nil)
        case "post_form":
            #expect(redirection["url"] as? String == page)
            #expect(redirection["method"] as? String == "POST")
            #expect((redirection["fields"] as? JSONObject)?["payment_id"] as? String == paymentId)
        default:
            let form = try #require(redirection["form"] as? String)
            #expect(form.contains("action=\"\(page)\""))
            #expect(form.contains("<button type=\"submit\""))
            #expect(redirection["name"] as? String == "\(partner)-\(method)")
        }
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.status == "SUBMITTED")
    }

    @Test("Gift cards covering everything complete the payment and debit the balance")
    func giftCardsOnly() async throws {
        let client = try TestClient()
        let session = try client.session(6000)
        let response = try await client.validate(
            session.id, [giftItem("illicado-50", amount: 5000), giftItem("easy2play-25", amount: 1000)])
        let body = try object(response)
        #expect(body["global_status"] as? String == "SUCCESS")
        let first = try #require(try results(response).first)
        #expect((first["status"] as? JSONObject)?["action"] as? String == "APPLY")
        #expect((first["plugin_result"] as? JSONObject)?["balance"] as? Int == 0)
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 0)
        #expect(client.sandbox.balance(ofGiftCard: "easy2play-25") == 1500)
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.status == "COMPLETED")
        #expect(client.sandbox.stats().charges == 2)
    }

    @Test("A refused card leaves the gift cards of the same split untouched")
    func splitIsAtomic() async throws {
        let client = try TestClient()
        let session = try client.session(5000)
        let declined = try await client.formToken(pan: "4000000000000002")
        let response = try await client.validate(
            session.id, [giftItem("illicado-50", amount: 2000), cardItem(formToken: declined, amount: 3000)])
        let all = try results(response)
        #expect(try object(response)["global_status"] as? String == "FAILED")
        #expect(status(all[0]) == ("FAILED", "FAILED"))
        #expect(status(all[1]) == ("FAILED", "REJECTED_BANK"))
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 5000)
        #expect(client.sandbox.stats().charges == 0)
        // The session stays open: another attempt with another key goes through.
        let good = try await client.formToken(pan: "4111111111111111")
        let retry = try await client.validate(
            session.id, [giftItem("illicado-50", amount: 2000), cardItem(formToken: good, amount: 3000)])
        #expect(try object(retry)["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 3000)
    }

    @Test("Two items can never spend the same balance twice")
    func sameCardTwice() async throws {
        let client = try TestClient()
        let session = try client.session(6000)
        let response = try await client.validate(
            session.id, [giftItem("illicado-50", amount: 3000), giftItem("illicado-50", amount: 3000)])
        #expect(status(try results(response)[1]).code == "INSUFFICIENT_FUNDS")
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 5000)
    }

    @Test("A voucher is consumed whole; the loss is reported")
    func voucherLoss() async throws {
        let client = try TestClient()
        let session = try client.session(3000)
        let card = try await client.formToken(pan: "4111111111111111")
        let response = try await client.validate(
            session.id, [giftItem("voucher-50", amount: 2000), cardItem(formToken: card, amount: 1000)])
        let voucher = try #require(try results(response).first?["plugin_result"] as? JSONObject)
        #expect(voucher["amount_loss"] as? Int == 3000)
        #expect(client.sandbox.balance(ofGiftCard: "voucher-50") == 0)
    }

    @Test(
        "Request-level refusals charge nothing",
        arguments: [
            ("sum", "AMOUNT_MISMATCH"), ("primaries", "INVALID_SPLIT"), ("usage", "USAGE_LIMIT_ERROR"),
            ("max", "MAX_AMOUNT_REACHED"), ("zero", "INVALID_AMOUNT"), ("unknown", "UNKNOWN_METHOD"),
            ("name", "INVALID_TOKEN_NAME"), ("taken", "TOKEN_NAME_EXISTS"), ("nodata", "INVALID_PAYMENT_DATA"),
        ])
    func refusals(kind: String, code: String) async throws {
        let client = try TestClient()
        let session = try client.session(6000, shopper: "demo-shopper")
        let card = try await client.formToken(pan: "4111111111111111")
        let items: [JSONObject] =
            switch kind {
            case "sum": [giftItem("illicado-50", amount: 1000)]
            case "primaries": [cardItem(formToken: card, amount: 3000), cardItem(formToken: card, amount: 3000)]
            case "usage":
                [
                    giftItem("easy2play-25", amount: 2000), giftItem("easy2play-15", amount: 1000),
                    giftItem("easy2play-10", amount: 1000), cardItem(formToken: card, amount: 2000),
                ]
            case "max": [giftItem("buybox-80", amount: 5001), cardItem(formToken: card, amount: 999)]
            case "zero": [giftItem("illicado-50", amount: 0), cardItem(formToken: card, amount: 6000)]
            case "unknown": [["partner": "stripe", "method": "creditcard", "amount": 6000]]
            case "name": [cardItem(formToken: card, amount: 6000, register: ["save_token": true, "name": "no/slash"])]
            case "taken":
                [cardItem(formToken: card, amount: 6000, register: ["save_token": true, "name": "WORK CARD"])]
            default: [["partner": "payzen", "method": "creditcard", "amount": 6000, "payment_data": [:]]]
            }
        let response = try await client.validate(session.id, items)
        #expect(response.status == (code == "TOKEN_NAME_EXISTS" ? 409 : 400))
        #expect(errorCode(response) == code)
        #expect(client.sandbox.stats().charges == 0)
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.payment == nil)
    }

    @Test("Idempotency: the same key replays byte-for-byte; another key is 409; another body is 422")
    func idempotency() async throws {
        let client = try TestClient()
        let session = try client.session(3000)
        let card = try await client.formToken(pan: "4111111111111111")
        let items = [giftItem("illicado-50", amount: 1000), cardItem(formToken: card, amount: 2000)]
        let first = try await client.validate(session.id, items, key: "attempt-1")
        let again = try await client.validate(session.id, items, key: "attempt-1")
        #expect(first.body == again.body)
        #expect(first.status == again.status)
        #expect(client.sandbox.stats().charges == 2)
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == 4000)
        let other = try await client.validate(session.id, items, key: "attempt-2")
        #expect(other.status == 409)
        #expect(errorCode(other) == "SESSION_ALREADY_SUBMITTED")
        let changed = try await client.validate(session.id, [cardItem(formToken: card, amount: 3000)], key: "attempt-1")
        #expect(changed.status == 422)
        #expect(errorCode(changed) == "IDEMPOTENCY_KEY_REUSED")
        let noKey = try await client.validate(session.id, items, key: nil)
        #expect(noKey.status == 400)
        #expect(errorCode(noKey) == "MISSING_IDEMPOTENCY_KEY")
    }

    @Test("Validate checks the key, the session and the body shape")
    func shapeAndSession() async throws {
        let client = try TestClient()
        let session = try client.session(1000, lifetime: .seconds(10))
        let item = [giftItem("illicado-50", amount: 1000)]
        #expect(try await client.validate(session.id, item, headers: ["x-api-key": "bad"]).status == 401)
        #expect(errorCode(try await client.validate("nope", item)) == "SESSION_NOT_FOUND")
        let empty = try await client.validate(session.id, [])
        #expect(errorCode(empty) == "INVALID_PAYLOAD")
        client.time.advance(seconds: 11)
        let expired = try await client.validate(session.id, item)
        #expect(expired.status == 410)
        #expect(errorCode(expired) == "EXPIRED_SESSION")
    }

    @Test("Registration saves a fresh card and a gift card; the next session lists them")
    func registration() async throws {
        let client = try TestClient()
        let session = try client.session(3000, shopper: "empty-shopper")
        let card = try await client.formToken(pan: "5555555555554444")
        let response = try await client.validate(
            session.id,
            [
                giftItem("illicado-50", amount: 1000).merging(
                    ["payment_preferences": ["registration": ["save_token": true, "name": "Gift one"]]]) { $1 },
                cardItem(formToken: card, amount: 2000, register: ["save_token": true, "name": "My Mastercard"]),
            ])
        let all = try results(response)
        let cardTokenId = try #require((all[1]["plugin_result"] as? JSONObject)?["token_id"] as? String)
        #expect((all[0]["plugin_result"] as? JSONObject)?["token_id"] as? String != nil)

        let next = try widget(try client.session(1000, shopper: "empty-shopper"))
        let protocols = try #require((next["paymentSession"] as? JSONObject)?["protocols"] as? [String: JSONObject])
        let saved = try #require(
            (protocols["payzen"]?["creditcard"] as? JSONObject)?["integrated_tokens"] as? [JSONObject])
        #expect(saved.first?["id"] as? String == cardTokenId)
        #expect(saved.first?["name"] as? String == "My Mastercard")
        #expect((saved.first?["description"] as? JSONObject)?["masked_pan"] as? String == "555555******4444")
        #expect(saved.first?["requires_csc"] as? Bool == true)
        let gifts = (protocols["illicado"]?["giftcard"] as? JSONObject)?["integrated_tokens"] as? [JSONObject]
        #expect(gifts?.first?["name"] as? String == "Gift one")
        #expect(!widgetText(try client.session(1000, shopper: "empty-shopper")).contains("5555555555554444"))

        // Without a wallet session the decision has nowhere to go: paid, not saved.
        let anonymous = try client.session(1000)
        let other = try await client.formToken(pan: "4111111111111111")
        let paid = try await client.validate(
            anonymous.id, [cardItem(formToken: other, amount: 1000, register: ["save_token": true, "name": "x"])])
        #expect(try object(paid)["global_status"] as? String == "SUCCESS")
        #expect((try results(paid).first?["plugin_result"] as? JSONObject)?["token_id"] == nil)
    }

    @Test("A vault form token pays once, and not on a pci_proxy method")
    func formTokenRules() async throws {
        let client = try TestClient()
        let card = try await client.formToken(pan: "4111111111111111")
        let first = try client.session(1000)
        _ = try await client.validate(first.id, [cardItem(formToken: card, amount: 1000)])
        let second = try client.session(1000)
        let reused = try await client.validate(second.id, [cardItem(formToken: card, amount: 1000)])
        #expect(status(try #require(try results(reused).first)).code == "DUPLICATED_TRANSACTION")
        let fresh = try await client.formToken(pan: "4111111111111111")
        let payline = try await client.validate(
            second.id,
            [
                [
                    "partner": "payline", "method": "creditcard", "amount": 1000,
                    "payment_data": ["vault_form_token": fresh],
                ]
            ])
        #expect(
            status(try #require(try results(payline).first)).code == "TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT")
    }

    @Test("ANCV pays at validate only with the step_id of an approved poll")
    func ancvValidate() async throws {
        let client = try TestClient()
        let session = try client.session(5000)
        var item = giftItem("ancv-approves", amount: 5000)
        let noStep = try await client.validate(session.id, [item])
        #expect(status(try #require(try results(noStep).first)).code == "BAD_REQUEST")
        let first = try object(try await client.initItem(session.id, item))
        item["step_id"] = first["step_id"]
        for _ in 0..<2 { _ = try await client.initItem(session.id, item) }
        let paid = try await client.validate(session.id, [item])
        #expect(try object(paid)["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.balance(ofGiftCard: "ancv-approves") == 10000)

        // The partner_reference of the approved poll designates it too.
        let next = try client.session(2000)
        var poll = giftItem("ancv-approves", amount: 2000)
        let opened = try object(try await client.initItem(next.id, poll))
        poll["step_id"] = opened["step_id"]
        var last = opened
        for _ in 0..<2 { last = try object(try await client.initItem(next.id, poll)) }
        let reference = try #require((last["plugin_result"] as? JSONObject)?["partner_reference"] as? String)
        #expect(reference == "ANCV-REF-0001")
        let byReference: JSONObject = [
            "partner": "ancv", "method": "connect", "amount": 2000, "payment_data": ["partner_reference": reference],
        ]
        #expect(try object(try await client.validate(next.id, [byReference]))["global_status"] as? String == "SUCCESS")
        #expect(client.sandbox.balance(ofGiftCard: "ancv-approves") == 8000)
    }
}
