import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// What an app prints or logs (`print(outcome)`, `"\(checkout.amountSplit)"`) reads as one short line: the ids,
/// states and amounts, never raw nested structures, a gateway's `plugin_result`, a URL's query or card data.
@MainActor
@Suite("Printing SDK values: short, readable, secret-free")
struct DescriptionsTests {
    /// Fails on what a raw dump of these values shows, and on card data.
    func expectReadable(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.count < 400, "\(text.count) characters: \(text)", sourceLocation: sourceLocation)
        for raw in ["JSONValue", ".object(", ".string(", "pluginResult", "Optional(", "purse-redirection-data", "\n"] {
            #expect(!text.contains(raw), "\(raw) in \(text)", sourceLocation: sourceLocation)
        }
        for secret in [Catalogue.illicado50.pan, "4000000000003220", "1234567"] {
            #expect(!text.contains(secret), "card data in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("a gift card, a cart change, a 3-D Secure card and a loan plan, printed")
    func flowValuesPrintReadably() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await harness.openCheckout(amount: 80, shopper: nil) {
            $0.paymentStatusProvider = harness.statusProvider()
        }
        let token = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(token)
        let split = "\(checkout.amountSplit)"
        expectReadable(split)
        #expect(split.contains("illicado-giftcard 50 (gift card)"))

        let bigger = try harness.sandbox.createClientSession(amount: 250, shopper: nil)
        let update = try await checkout.updateSession(widgetData: bigger.widgetData)
        expectReadable("\(update)")
        #expect("\(update)".contains("80 → 250 EUR; illicado-giftcard kept 50"))

        let oney = try checkout.method(.oney, .cb3x)
        expectReadable("\(oney)")
        let plan = try await checkout.simulateLoan(method: oney)
        expectReadable("\(plan)")
        #expect("\(plan)".hasPrefix("LoanSimulation(oney-cb3x, 200 EUR in 3: "))

        let card = try #require(checkout.sandboxCardMethod)
        let element = checkout.paymentElement(
            for: .primaryMethod(card), redirect: ShopperPresenter(harness.sandbox, decision: "approve"))
        let form = try #require(element.cardForm)
        try checkout.setPrimary(card)
        await element.prepare()
        await enterCard(form, pan: "4000000000003220")
        let outcome = await element.submitAndWait()
        expectReadable("\(outcome)")
        #expect("\(outcome)".hasPrefix("returnedFromRedirect(http"))
        let status = try await checkout.confirmPayment()
        expectReadable("\(status)")
        #expect("\(status)".hasPrefix("authorized (payment "))
    }

    @Test("a validation result and its redirections: states and addresses, no fields, no HTML, no query")
    func validationResultAndPages() throws {
        let page = try #require(URL(string: "https://psp.example/pay/3ds?token=secret-token&pan=4000000000003220"))
        let actions: [RedirectAction] = [
            .get(page), .postForm(url: page, fields: ["PaReq": "secret", "pan": "4000000000003220"]),
            .postHTML(html: "<form><input name=pan value=4000000000003220></form>", name: "3ds"),
        ]
        #expect(
            actions.map(\.description) == [
                "GET https://psp.example/pay/3ds?…", "POST https://psp.example/pay/3ds?… (2 fields)",
                "HTML document \"3ds\"",
            ])
        let body = try JSONValue.parse(
            Data(
                #"""
                {"global_status":"WAITING","results":[{"id":"t1","partner":"payzen","method":"creditcard",
                "status":{"action":"VALIDATE","state":"WAITING","code":"WAITING_3DS"},
                "plugin_result":{"pan":"4000000000003220","redirection":{"method":"GET","url":"https://psp.example/x?y=1"}}}],
                "redirection":{"method":"GET","url":"https://psp.example/pay/3ds?token=secret"}}
                """#.utf8))
        let result = try ValidationResult(reading: APIClient.reader(body, what: "test"))
        let text = "\(result)"
        expectReadable(text)
        #expect(!text.contains("secret"))
        #expect(
            text
                == "ValidationResult(WAITING: payzen-creditcard WAITING WAITING_3DS; redirection GET https://psp.example/pay/3ds?…)"
        )
        expectReadable("\(PaymentOutcome.completed(result))")
    }
}
