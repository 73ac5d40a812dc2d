import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// One physical gift card, saved in the wallet and typed by number, never enters the split twice: the second
/// application is refused with `SECONDARY_TOKEN_ALREADY_APPLIED`, in either order, and the split stays as it was.
@MainActor
@Suite("Same gift card twice: saved and typed")
struct SameCardTwiceTests {
    /// The saved Easy2Play card `saved-40` (`************0045`) is this card.
    nonisolated static let savedPAN = "8000000000000045"
    nonisolated static let savedPIN = "444"
    /// Another card of the same issuer.
    nonisolated static let otherPAN = "8000000000000011"
    /// Another card whose number ends like the saved one's.
    nonisolated static let lookAlikePAN = "8000000000010045"

    /// An issuer that knows `saved-40` as the card `8000000000000045`; `references` says whether its answers carry
    /// a `partner_reference` (stable per card, as the sandbox's).
    nonisolated static func issuer(references: Bool) -> StubTransport.Handler {
        let cards: [String: (balance: Int64, pin: String, reference: String)] = [
            savedPAN: (4000, savedPIN, "E2P-CARD-A"),
            otherPAN: (2500, "111", "E2P-CARD-B"),
            lookAlikePAN: (1000, "555", "E2P-CARD-C"),
        ]
        let savedPAN = Self.savedPAN
        return { request in
            guard request.url.path.hasSuffix("/init") else { return StubTransport.json(599, ["code": "NO_ROUTE"]) }
            let body = try JSONValue.parse(request.body ?? Data())
            let data = body["payment_data"]
            let number: String?
            if let token = data?["token"]?.stringValue {
                number = token == GiftCardSessions.savedCardID ? savedPAN : nil
            } else {
                number = data?["card"]?["number"]?.stringValue
            }
            let status: JSONValue
            var result: [String: JSONValue] = [:]
            if let number, let card = cards[number],
                data?["token"] != nil || data?["card"]?["csc"]?.stringValue == card.pin
            {
                status = ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"]
                result = [
                    "balance": .integer(min(card.balance, body["amount"]?.int64Value ?? 0)),
                    "total_balance": .integer(card.balance), "currency": "EUR",
                ]
                if references { result["partner_reference"] = .string(card.reference) }
            } else {
                status = ["action": "INIT", "state": "FAILED", "code": "UNKNOWN_CARD"]
            }
            return StubTransport.json(
                200,
                [
                    "id": .string(UUID().uuidString), "step_id": 1, "partner": "easy2play", "method": "giftcard",
                    "status": status, "plugin_result": .object(result),
                ])
        }
    }

    /// A 100 EUR checkout whose saved card `saved-40` has its balance (40 EUR).
    static func open(references: Bool) async throws -> PurseHeadlessCheckout {
        let (checkout, _) = try await TestSessions.open(
            GiftCardSessions.params(), routes: issuer(references: references))
        await checkout.waitForSavedSecondaryBalances()
        return checkout
    }

    static func saved(_ checkout: PurseHeadlessCheckout) throws -> SavedSecondaryToken {
        try #require(
            checkout.savedSecondaryTokens.first { $0.id == GiftCardSessions.savedCardID && $0.balanceResolved })
    }

    static func typed(_ checkout: PurseHeadlessCheckout, _ pan: String, pin: String) async throws -> SecondaryToken {
        try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .easy2play), pan: pan, cvv: pin)
    }

    /// The refusal expected: the stable code, no card data in the message.
    static func expectAlreadyApplied(_ error: PurseCheckoutError?) {
        #expect(error?.code.rawValue == "SECONDARY_TOKEN_ALREADY_APPLIED")
        #expect(error?.kind == .invalidTake)
        let text = error.map { "\($0) \($0.message)" } ?? ""
        #expect(!text.contains(savedPAN) && !SecretWords.holds(text, code: savedPIN), "card data in: \(text)")
    }

    @Test(
        "a saved gift card applied, then the same card typed: refused, the split unchanged", arguments: [true, false])
    func savedThenTyped(references: Bool) async throws {
        let checkout = try await Self.open(references: references)
        try checkout.applySecondary(try Self.saved(checkout))
        let before = checkout.amountSplit
        #expect(before.map(\.amount) == [40])

        let typed = try await Self.typed(checkout, Self.savedPAN, pin: Self.savedPIN)
        #expect(typed.balance == 40)
        Self.expectAlreadyApplied(#expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(typed) })
        Self.expectAlreadyApplied(
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(typed, amount: Decimal(10)) })
        #expect(checkout.amountSplit == before)
        #expect(checkout.remainingAmountToPay == 60)
        #expect(!checkout.isPaymentFulfilled)
    }

    @Test(
        "a card typed and applied, then the same card's saved token: refused, the split unchanged",
        arguments: [true, false])
    func typedThenSaved(references: Bool) async throws {
        let checkout = try await Self.open(references: references)
        let typed = try await Self.typed(checkout, Self.savedPAN, pin: Self.savedPIN)
        try checkout.applySecondary(typed)
        let before = checkout.amountSplit
        #expect(before.map(\.id) == [typed.id])
        #expect(before.map(\.amount) == [40])

        Self.expectAlreadyApplied(
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(try Self.saved(checkout)) })
        #expect(checkout.amountSplit == before)
        #expect(checkout.remainingAmountToPay == 60)

        // Taking the typed card out lets the saved one in.
        checkout.removeSecondary(typed)
        try checkout.applySecondary(try Self.saved(checkout))
        #expect(checkout.amountSplit.map(\.id) == [GiftCardSessions.savedCardID])
    }

    @Test("another card of the same issuer still stacks with the saved one, in either order")
    func otherCardsStack() async throws {
        let checkout = try await Self.open(references: true)
        try checkout.applySecondary(try Self.saved(checkout))
        let other = try await Self.typed(checkout, Self.otherPAN, pin: "111")
        try checkout.applySecondary(other)
        #expect(checkout.amountSplit.map(\.amount) == [40, 25])

        let reversed = try await Self.open(references: true)
        try reversed.applySecondary(try await Self.typed(reversed, Self.otherPAN, pin: "111"))
        try reversed.applySecondary(try Self.saved(reversed))
        #expect(reversed.amountSplit.map(\.amount) == [25, 40])
    }

    @Test("with issuer references, a different card whose number ends like the saved one's is not taken for it")
    func lookAlikeWithReferences() async throws {
        let checkout = try await Self.open(references: true)
        try checkout.applySecondary(try Self.saved(checkout))
        try checkout.applySecondary(try await Self.typed(checkout, Self.lookAlikePAN, pin: "555"))
        #expect(checkout.amountSplit.map(\.amount) == [40, 10])
    }

    @Test("a second reading of a typed card still replaces the first (unchanged), and then meets the saved one")
    func typedReadingsStillReplace() async throws {
        let checkout = try await Self.open(references: true)
        let first = try await Self.typed(checkout, Self.savedPAN, pin: Self.savedPIN)
        try checkout.applySecondary(first)
        let second = try await Self.typed(checkout, Self.savedPAN, pin: Self.savedPIN)
        try checkout.applySecondary(second)
        #expect(checkout.amountSplit.map(\.id) == [second.id])
        Self.expectAlreadyApplied(
            #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(try Self.saved(checkout)) })
    }

    @Test(
        "a wallet's masked number matches a typed number where it shows characters, four at least",
        arguments: [
            ("************0045", "8000000000000045", true), ("•••• 0045", "8000000000000045", true),
            ("8000 XXXX XXXX 0045", "8000000000000045", true), ("************0046", "8000000000000045", false),
            ("9000********0045", "8000000000000045", false), ("*****************0045", "8000000000000045", false),
            ("************045", "8000000000000045", false), ("****", "8000000000000045", false),
            ("***her50xl", "VOUCHER50XL", true),
        ])
    func maskedNumbers(masked: String, pan: String, matches: Bool) {
        #expect(PurseHeadlessCheckout.maskedNumber(masked, matches: pan) == matches)
    }
}
