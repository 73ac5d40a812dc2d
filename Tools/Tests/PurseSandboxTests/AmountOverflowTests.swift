import Foundation
import PurseSandbox
import Testing

/// Sums of request amounts: two items of `Int.max` minor units used to overflow the sandbox's total (a trap under
/// its state lock, taking the whole process down).
@Suite("Gateway /validate: amounts that overflow a sum")
struct AmountOverflowTests {
    static let huge = Int.max

    @Test("two items of Int.max minor units: 400 INVALID_AMOUNT, nothing charged, the sandbox keeps serving")
    func overflowingItems() async throws {
        let client = try TestClient()
        let session = try client.session(4299)
        let items = [cardItem(formToken: "ft_x", amount: Self.huge), cardItem(formToken: "ft_y", amount: Self.huge)]
        let response = try await client.validate(session.id, items)
        #expect(response.status == 400, "\(response.bodyText)")
        #expect(errorCode(response) == "INVALID_AMOUNT")
        #expect(client.sandbox.stats().charges == 0)
        #expect(client.sandbox.clientSessionStatus(id: session.id)?.status == "CREATED")
        // Still serving, and the session can still be paid.
        let card = try #require(catalogue.testCard("visa-success"))
        let token = try await client.formToken(pan: card.pan, cvv: card.cvv)
        let paid = try await client.validate(session.id, [cardItem(formToken: token, amount: 4299)])
        #expect(paid.status == 200, "\(paid.bodyText)")
    }

    @Test("a gift card and a card whose amounts overflow together: 400 INVALID_AMOUNT")
    func overflowingSplit() async throws {
        let client = try TestClient()
        let session = try client.session(4299)
        let gift = try #require(catalogue.giftCards.first { $0.method == "giftcard" })
        let items = [giftItem(gift.slug, amount: Self.huge), cardItem(formToken: "ft_x", amount: 2)]
        let response = try await client.validate(session.id, items)
        #expect(response.status == 400, "\(response.bodyText)")
        #expect(errorCode(response) == "INVALID_AMOUNT")
    }
}
