import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// An outside review: error-text redaction masked only runs of 12 or more digits, so an alphanumeric code a
/// server echoed (`VOUCHER50XL`, `ACME-0001`) reached the error's message and server code. What the shopper typed
/// into a secondary field is now masked wherever it appears.
@Suite("What the shopper typed never comes back in an error, whatever a server echoes")
struct TypedSecretRedactionTests {
    @Test(
        "typed codes are masked case-insensitively, everywhere in the text; short inputs are left",
        arguments: [
            ("voucher VOUCHER50XL refused", ["VOUCHER50XL"], "voucher ••••••••••• refused"),
            ("code voucher50xl / VOUCHER50XL", ["VOUCHER50XL"], "code ••••••••••• / •••••••••••"),
            ("card ACME-0001 with PIN 4321 blocked", ["ACME-0001", "4321"], "card ••••••••• with PIN •••• blocked"),
            ("HTTP 12 for 12", ["12"], "HTTP 12 for 12"),
            ("nothing typed here", ["VOUCHER10"], "nothing typed here"),
        ])
    func masking(text: String, secrets: [String], expected: String) {
        #expect(Redaction.masking(secrets, in: text) == expected)
    }

    @Test("an error keeps its code, kind and status; its message and server code lose the typed values")
    func errorMasking() {
        let error = PurseCheckoutError(
            .failedToInitSecondaryToken, message: "the easy2play-voucher issuer refused VOUCHER50XL at /init",
            httpStatus: 422, serverCode: "INVALID_VOUCHER_VOUCHER50XL")
        let masked = error.masking(["VOUCHER50XL", nil])
        #expect(masked.code == error.code)
        #expect(masked.kind == error.kind)
        #expect(masked.httpStatus == 422)
        #expect(masked.message == "the easy2play-voucher issuer refused ••••••••••• at /init")
        #expect(masked.serverCode == "INVALID_VOUCHER_•••••••••••")
        #expect(!masked.description.contains("VOUCHER50XL"))
    }

    /// Through `getSecondaryToken` with the shipped Easy2Play voucher config (codes of letters and digits): an
    /// issuer whose `/init` refusal echoes the typed code in its status code, and one whose HTTP error body does.
    @Test("getSecondaryToken's errors never carry the typed code, whichever way the server echoes it")
    @MainActor
    func throughTokenization() async throws {
        let code = "VOUCHER50XL"
        let answers = [
            StubTransport.json(
                200, ["id": "i1", "status": ["action": "INIT", "state": "FAILED", "code": .string("UNKNOWN_\(code)")]]),
            StubTransport.json(400, ["code": .string("BAD_CARD_\(code.lowercased())"), "message": "no"]),
        ]
        for answer in answers {
            let transport = StubTransport.withServerTime(TestSessions.serverNow) { request in
                request.url.path.hasSuffix("/init") ? answer : StubTransport.json(404, [:])
            }
            let checkout = try await PurseHeadlessCheckout(
                widgetData: TestSessions.widgetData(GiftCardSessions.params(wallet: false, savedGiftCards: false)),
                configuration: PurseCheckoutConfiguration(transport: transport, now: { TestSessions.serverNow }))
            let method = try #require(
                checkout.secondaryMethods.first { $0.partner == .easy2play && $0.method == .voucher })
            let error = await #expect(throws: PurseCheckoutError.self) {
                _ = try await checkout.getSecondaryToken(method: method, pan: code, cvv: nil)
            }
            let text = [error?.message, error?.serverCode, error?.description].compactMap { $0 }.joined(separator: " ")
            #expect(!text.lowercased().contains(code.lowercased()), "\(text)")
            #expect(error?.kind == .secondaryTokenizationFailed)
        }
    }
}
