import Foundation
import PurseSandbox
import Testing

@Suite("Hosted pages: PSP page, 3-D Secure challenge, decisions, return redirect")
struct HostedPageTests {
    /// A payment pending on the 3-D Secure page, with a gift card debited in the same split.
    private func pending3DS(
        _ client: TestClient, redirect: String = "https://shop.example.com/return", locale: String? = nil
    )
        async throws -> (session: String, payment: String)
    {
        let session = try client.session(4299, redirect: redirect, locale: locale)
        let card = try await client.formToken(pan: "4000000000003220")
        _ = try await client.validate(
            session.id, [giftItem("illicado-50", amount: 1000), cardItem(formToken: card, amount: 3299)])
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment)
        #expect(payment.authorizationStatus == "PENDING")
        return (session.id, payment.id)
    }

    private func decide(
        _ client: TestClient, _ kind: String, _ payment: String, _ decision: String
    ) async throws
        -> SandboxResponse
    {
        try await client.send(
            "POST", "/pages/\(kind)/\(payment)/decision", body: "decision=\(decision)",
            headers: ["content-type": "application/x-www-form-urlencoded"])
    }

    @Test("The challenge page shows the amount and three buttons that post a decision, without JavaScript")
    func challengePage() async throws {
        let client = try TestClient()
        let (_, payment) = try await pending3DS(client)
        let page = try await client.send("GET", "/pages/3ds/\(payment)")
        #expect(page.status == 200)
        #expect(page.header("content-type")?.hasPrefix("text/html") == true)
        let html = page.bodyText
        #expect(html.contains("<dd id=\"amount\">€32.99</dd>"))
        #expect(html.contains("action=\"http://127.0.0.1:8080/pages/3ds/\(payment)/decision\""))
        for decision in ["approve", "decline", "cancel"] {
            #expect(html.contains("name=\"decision\" value=\"\(decision)\" id=\"\(decision)\""))
        }
        #expect(!html.contains("<script"))
        let posted = try await client.send("POST", "/pages/3ds/\(payment)", body: "payment_id=\(payment)")
        #expect(posted.status == 200)
        let wrongForm = try await client.send("POST", "/pages/3ds/\(payment)", body: "payment_id=other")
        #expect(wrongForm.status == 400)
        #expect(try await client.send("GET", "/pages/psp/\(payment)").status == 404)
        #expect(try await client.send("GET", "/pages/3ds/unknown").status == 404)
    }

    @Test("The pages follow the session's customer locale: French for fr-FR, English otherwise; the ids stay")
    func pageLanguage() async throws {
        let client = try TestClient()
        let (_, french) = try await pending3DS(client, locale: "fr-FR")
        let page = try await client.send("GET", "/pages/3ds/\(french)")
        #expect(page.bodyText.contains("<html lang=\"fr\">"))
        #expect(page.bodyText.contains("Vérification 3-D Secure"))
        #expect(page.bodyText.contains("id=\"approve\">Approuver</button>"))
        #expect(page.bodyText.contains("<dt>Montant</dt><dd id=\"amount\">32,99\u{A0}€</dd>"))
        #expect(!page.bodyText.contains("Approve</button>"))
        _ = try await decide(client, "3ds", french, "approve")
        let decided = try await client.send("GET", "/pages/3ds/\(french)")
        #expect(decided.bodyText.contains("Retour à la boutique"))
        let (_, english) = try await pending3DS(client, locale: "de-DE")
        let englishPage = try await client.send("GET", "/pages/3ds/\(english)")
        #expect(
            englishPage.bodyText.contains("<html lang=\"en\">") && englishPage.bodyText.contains("Approve</button>"))
    }

    @Test(
        "A decision sets the payment and answers 303 to the shop with decodable purse-redirection-data",
        arguments: [
            ("approve", "AUTHORIZED", "COMPLETED", 4000),
            ("decline", "REFUSED", "CREATED", 5000),
            ("cancel", "ABORTED", "CREATED", 5000),
        ])
    func decisions(decision: String, authorization: String, sessionStatus: String, balance: Int) async throws {
        let client = try TestClient()
        let (session, payment) = try await pending3DS(client)
        let chargesBefore = client.sandbox.stats().charges
        let response = try await decide(client, "3ds", payment, decision)
        #expect(response.status == 303)
        let location = try #require(response.header("location"))
        #expect(location.hasPrefix("https://shop.example.com/return?purse-redirection-data="))
        let data = try redirectionData(location)
        #expect(data["client_session_id"] as? String == session)
        #expect(data["payment_id"] as? String == payment)
        #expect(data["authorization_status"] as? String == authorization)
        #expect(data["client_session_status"] as? String == sessionStatus)
        let truth = try #require(client.sandbox.clientSessionStatus(id: session))
        #expect(truth.status == sessionStatus)
        #expect(truth.payment?.authorizationStatus == authorization)
        #expect(client.sandbox.balance(ofGiftCard: "illicado-50") == balance)
        #expect(client.sandbox.stats().charges == chargesBefore + (decision == "approve" ? 1 : 0))

        // A second decision changes nothing and sends the shopper back the same way.
        let again = try await decide(client, "3ds", payment, decision == "approve" ? "decline" : "approve")
        #expect(again.header("location") == location)
        let decided = try await client.send("GET", "/pages/3ds/\(payment)")
        #expect(decided.bodyText.contains("<span id=\"status\">\(authorization)</span>"))
    }

    @Test("The PSP page of a redirection method completes the payment; the session can be retried after a refusal")
    func pspFlow() async throws {
        let client = try TestClient()
        let session = try client.session(2500, redirect: "https://shop.example.com/return?from=sandbox#top")
        let initBody = try object(
            try await client.initItem(session.id, ["partner": "alma", "method": "cb2x", "amount": 2500]))
        let item: JSONObject = [
            "partner": "alma", "method": "cb2x", "amount": 2500, "step_id": initBody["step_id"] ?? 0,
        ]
        _ = try await client.validate(session.id, [item])
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        let page = try await client.send(
            "POST", "/pages/psp/\(payment)", body: "payment_id=\(payment)&session_id=\(session.id)")
        #expect(page.bodyText.contains("Alma 2x"))
        let refused = try await decide(client, "psp", payment, "decline")
        let location = try #require(refused.header("location"))
        #expect(location.hasPrefix("https://shop.example.com/return?from=sandbox&purse-redirection-data="))
        #expect(location.hasSuffix("#top"))
        #expect(try redirectionData(location)["authorization_status"] as? String == "REFUSED")

        let retry = try await client.validate(session.id, [item])
        #expect(try object(retry)["global_status"] as? String == "WAITING")
        let second = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        #expect(second != payment)
        _ = try await decide(client, "psp", second, "approve")
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.status == "COMPLETED")
    }

    @Test("Approving a 3-D Secure card saves the card the shopper asked to keep")
    func registrationOnApproval() async throws {
        let client = try TestClient()
        let session = try client.session(1000, shopper: "empty-shopper")
        let card = try await client.formToken(pan: "4000000000003220")
        _ = try await client.validate(
            session.id, [cardItem(formToken: card, amount: 1000, register: ["save_token": true, "name": "Secure"])])
        #expect(!widgetText(try client.session(1000, shopper: "empty-shopper")).contains("Secure"))
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        _ = try await decide(client, "3ds", payment, "approve")
        #expect(widgetText(try client.session(1000, shopper: "empty-shopper")).contains("\"name\":\"Secure\""))
    }

    @Test("Every interpolated value is HTML-escaped")
    func escaping() async throws {
        let client = try TestClient()
        let hostile = "https://shop.example.com/return?x=\"><script>alert(1)</script>"
        let session = try client.sandbox.createClientSession(
            SandboxClientSessionRequest(
                amount: 1000, shopperRedirectionURL: hostile, orderReference: "<img src=x onerror=alert(1)>&'"))
        let card = try await client.formToken(pan: "4000000000003220")
        _ = try await client.validate(session.id, [cardItem(formToken: card, amount: 1000)])
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        let page = try await client.send("GET", "/pages/3ds/\(payment)").bodyText
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;&amp;&#39;"))
        #expect(!page.contains("<img"))
        let response = try await decide(client, "3ds", payment, "approve")
        #expect(!response.bodyText.contains("<script>"))
        #expect(response.bodyText.contains("&lt;script&gt;"))
        let decided = try await client.send("GET", "/pages/3ds/\(payment)").bodyText
        #expect(!decided.contains("<script>"))
    }

    @Test("A quote followed by a combining mark in the return URL is escaped in the pages and the 303 body")
    func escapingCombiningMark() async throws {
        let client = try TestClient()
        let hostile = "https://shop.example.com/return?x=\"\u{301}/onfocus=alert(1)//"
        let session = try client.session(1000, redirect: hostile)
        let card = try await client.formToken(pan: "4000000000003220")
        _ = try await client.validate(session.id, [cardItem(formToken: card, amount: 1000)])
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        let response = try await decide(client, "3ds", payment, "approve")
        let decided = try await client.send("GET", "/pages/3ds/\(payment)")
        let quoteAndMark: [UInt8] = [UInt8(ascii: "\""), 0xCC, 0x81]
        let escapedAndMark = Array("&quot;\u{301}/onfocus".utf8)
        for body in [response.body, decided.body] {
            #expect(!contains(Array(body), quoteAndMark))
            #expect(contains(Array(body), escapedAndMark))
        }
    }

    @Test("The HTML redirect of oney/cb3x posts to the PSP page and has a visible button")
    func htmlRedirect() async throws {
        let client = try TestClient()
        let session = try client.session(1000)
        let initBody = try object(
            try await client.initItem(session.id, ["partner": "oney", "method": "cb3x", "amount": 1000]))
        let response = try await client.validate(
            session.id, [["partner": "oney", "method": "cb3x", "amount": 1000, "step_id": initBody["step_id"] ?? 0]])
        let form = try #require((try object(response)["redirection"] as? JSONObject)?["form"] as? String)
        let payment = try #require(client.sandbox.clientSessionStatus(id: session.id)?.payment?.id)
        #expect(form.contains("method=\"post\" action=\"http://127.0.0.1:8080/pages/psp/\(payment)\""))
        #expect(form.contains("<input type=\"hidden\" name=\"payment_id\" value=\"\(payment)\">"))
        #expect(form.contains("id=\"continue\""))
    }

    @Test("A bad decision is 400 and an unknown payment 404")
    func badDecisions() async throws {
        let client = try TestClient()
        let (_, payment) = try await pending3DS(client)
        #expect(try await decide(client, "3ds", payment, "maybe").status == 400)
        #expect(try await decide(client, "3ds", "unknown", "approve").status == 404)
        #expect(try await decide(client, "psp", payment, "approve").status == 404)
        #expect(errorCode(try await client.send("GET", "/pages/3ds/unknown")) == "PAYMENT_NOT_FOUND")
        let browser = try await client.send("GET", "/pages/3ds/unknown", headers: ["accept": "text/html,*/*"])
        #expect(browser.status == 404)
        #expect(browser.header("content-type") == "text/html; charset=utf-8")
    }
}

/// Whether `bytes` holds `part` (byte for byte: `String.contains` compares characters, and a combining mark
/// joins the character before it).
private func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
    guard !part.isEmpty, part.count <= bytes.count else { return false }
    return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
}
