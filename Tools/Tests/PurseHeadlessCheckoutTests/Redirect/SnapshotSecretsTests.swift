import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// DESIGN §7 for `saveState()`: a snapshot holds only what restore needs. The saved instruments of the session
/// carry every secret field an integrated token can carry (purse-facts §2.2: `value`, `uniqueness_token`,
/// `pin_code`; a PayPal billing agreement; and card data a misbehaving wallet might add), each with a marker
/// value; none may reach the snapshot, at any stage of the checkout, and restore still shows the instruments.
@MainActor
@Suite("Snapshot secrets: saved instruments keep only what restore needs")
struct SnapshotSecretsTests {
    /// Every string marker contains this word; the snapshot text must never contain it.
    static let marker = "SECRET"
    /// Full card numbers and short codes put on the saved instruments.
    static let cardPAN = "4970109988776655"
    static let giftCardNumber = "6003589988776655443"
    static let pin = "8462"
    static let cvv = "913"

    /// The secret fields added to an integrated token, with values naming the token.
    static func secretFields(_ id: String) -> [String: JSONValue] {
        [
            "value": .string("psp-\(marker)-VALUE-\(id)"),
            "uniqueness_token": .string("\(marker)-UNIQ-\(id)"),
            "pin_code": .string(pin),
            "cvv": .string(cvv),
            "csc": .string(cvv),
            "pan": .string(cardPAN),
            "card_number": .string(giftCardNumber),
            "number": .string(giftCardNumber),
            "billing_agreement_id": .string("B-\(marker)-BA-\(id)"),
            "token": .string("\(marker)-TOKEN-\(id)"),
            "vault_form_token": .string("\(marker)-FORM-\(id)"),
            "vault_vendor_token_id": .string("\(marker)-VVT-\(id)"),
            "psp_reference": .string("\(marker)-PSPREF-\(id)"),
            "owner_reference": .string("\(marker)-OWNER-\(id)"),
            "merchant": .string("\(marker)-MERCHANT-\(id)"),
            "payment_id": [
                "origin": "partner", "partner": "payzen", "method": "creditcard",
                "psp_token": .string("\(marker)-PAYMENTID-\(id)"),
            ],
            "a_future_field": .string("\(marker)-FUTURE-\(id)"),
        ]
    }

    /// `token` with every secret field added, and the description holding card data beside its display fields.
    static func withSecrets(_ token: JSONValue) -> JSONValue {
        guard var object = token.objectValue, case .string(let id) = object["id"] else { return token }
        object.merge(secretFields(id)) { _, secret in secret }
        var description = object["description"]?.objectValue ?? [:]
        description["pan"] = .string(cardPAN)
        description["card_number"] = .string(giftCardNumber)
        description["cvv"] = .string(cvv)
        description["value"] = .string("\(marker)-DESCRIPTION-\(id)")
        object["description"] = .object(description)
        return .object(object)
    }

    static let savedGiftCardID = "saved-secret-1"
    static let otherSavedGiftCardID = "saved-secret-2"

    /// Two saved cards (one paying without CVV), a PayPal account, Illicado to type a card, and two saved Easy2Play
    /// gift cards, every instrument full of secrets.
    static func params() -> JSONValue {
        var paypal: [String: JSONValue] = [
            "id": "tok-secret-paypal", "favorite": false, "status": "ACTIVE", "name": "PayPal",
            "description": ["brand_name": "PAYPAL", "display_token": "ada@example.com", "holder_name": "Ada"],
        ]
        paypal["value"] = "B-SECRET-BA-VALUE"
        let protocols: [(String, String, JSONValue)] = [
            TestSessions.method(
                "payzen", "creditcard", template: "lyra", position: 1, vendor: "purse",
                tokens: [
                    withSecrets(
                        TestSessions.cardToken(
                            id: "tok-secret-cvv", partner: "payzen", method: "creditcard", requiresCSC: true)),
                    withSecrets(
                        TestSessions.cardToken(
                            id: "tok-secret-nocvv", partner: "payzen", method: "creditcard", requiresCSC: false)),
                ]),
            TestSessions.method(
                "paypal", "wallet", template: "paypal_wallet", position: 2,
                settings: ["save_token_mode": "billing_agreement"], tokens: [withSecrets(.object(paypal))]),
            GiftCardSessions.secondary("illicado", "giftcard", position: 10),
            GiftCardSessions.secondary(
                "easy2play", "giftcard", position: 14, settings: ["save_token": true, "usage_per_session_limit": 2],
                tokens: [
                    withSecrets(GiftCardSessions.savedGiftCard(id: savedGiftCardID, name: "Birthday card")),
                    withSecrets(GiftCardSessions.savedGiftCard(id: otherSavedGiftCardID, name: nil)),
                ]),
        ]
        return TestSessions.params(amount: .number(Decimal(100)), protocols: protocols)
    }

    /// What of the secrets `snapshot` holds: an empty list when it holds none.
    static func leaks(_ snapshot: CheckoutSnapshot) -> [String] {
        let text = String(decoding: snapshot.data, as: UTF8.self)
        var found: [String] = []
        if text.contains(marker) { found.append("a \(marker) marker: \(SecretWords.context(of: marker, in: text))") }
        for number in [cardPAN, giftCardNumber, GiftCardSessions.illicadoPAN] where text.contains(number) {
            found.append(number)
        }
        for code in [pin, cvv, GiftCardSessions.illicadoPIN] where SecretWords.holds(text, code: code) {
            found.append("\(code): \(SecretWords.context(of: code, in: text))")
        }
        return found
    }

    /// Opens the secret session with the stub issuer, its saved gift cards' balances read.
    static func open() async throws -> (PurseHeadlessCheckout, StubIssuer) {
        let issuer = StubIssuer(saved: [savedGiftCardID: 4000, otherSavedGiftCardID: 2500])
        let (checkout, _) = try await TestSessions.open(params()) { try await issuer.handle($0) }
        await checkout.waitForSavedSecondaryBalances()
        return (checkout, issuer)
    }

    @Test("the scan itself finds a marker, a card number and a PIN standing alone")
    func scanFindsLeaks() {
        #expect(Self.leaks(CheckoutSnapshot(data: Data(#"{"value":"psp-SECRET-VALUE-x"}"#.utf8))).count == 1)
        #expect(Self.leaks(CheckoutSnapshot(data: Data(#"{"pan":"4970109988776655"}"#.utf8))).count == 1)
        #expect(Self.leaks(CheckoutSnapshot(data: Data(#"{"pin_code":"8462"}"#.utf8))).count == 1)
        #expect(Self.leaks(CheckoutSnapshot(data: Data(#"{"balance":84620}"#.utf8))).isEmpty)
    }

    @Test("no secret of a saved instrument reaches the snapshot: opened, gift cards applied, submitted, restored")
    func noSecretInAnySnapshot() async throws {
        let (checkout, _) = try await Self.open()
        let opened = checkout.saveState()
        #expect(Self.leaks(opened).isEmpty, "opened")

        let saved = try #require(checkout.savedSecondaryTokens.first { $0.id == Self.savedGiftCardID })
        try checkout.applySecondary(saved)
        let illicado = GiftCardSessions.method(checkout, .illicado)
        let typed = try await checkout.getSecondaryToken(
            method: illicado, pan: GiftCardSessions.illicadoPAN, cvv: GiftCardSessions.illicadoPIN)
        try checkout.applySecondary(typed)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == "tok-secret-nocvv" }))
        let applied = checkout.saveState()
        #expect(Self.leaks(applied).isEmpty, "gift cards applied")

        try await checkout.submitPayment()
        let submitted = checkout.saveState()
        #expect(Self.leaks(submitted).isEmpty, "submitted")

        for snapshot in [opened, applied, submitted] {
            let (configuration, _) = SaveRestoreTests.silentConfiguration()
            let restored = try PurseHeadlessCheckout.restore(snapshot, configuration: configuration)
            #expect(Self.leaks(restored.saveState()).isEmpty, "saved again after restore")
        }
    }

    @Test("a restored checkout shows the same saved instruments: ids, labels, masked numbers, balances, the split")
    func restoreShowsInstruments() async throws {
        let (checkout, _) = try await Self.open()
        let saved = try #require(checkout.savedSecondaryTokens.first { $0.id == Self.savedGiftCardID })
        try checkout.applySecondary(saved)
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-secret-nocvv" })
        try checkout.setPrimaryToken(token)

        let (configuration, silent) = SaveRestoreTests.silentConfiguration()
        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: configuration)
        #expect(silent.requests.isEmpty)
        #expect(restored.paymentTokens == checkout.paymentTokens)
        #expect(restored.paymentTokens.map(\.id) == ["tok-secret-cvv", "tok-secret-nocvv", "tok-secret-paypal"])
        #expect(restored.paymentTokens.map(\.displayLabel) == ["411111******1111", "411111******1111", "PayPal"])
        #expect(restored.paymentTokens.map(\.requiresCVV) == [true, false, false])
        #expect(restored.paymentTokens.last?.label == "ada@example.com")
        #expect(restored.savedSecondaryTokens == checkout.savedSecondaryTokens)
        #expect(restored.savedSecondaryTokens.map(\.id) == [Self.savedGiftCardID, Self.otherSavedGiftCardID])
        #expect(restored.savedSecondaryTokens.map(\.maskedPAN) == ["************0045", "************0045"])
        #expect(restored.savedSecondaryTokens.map(\.name) == ["Birthday card", nil])
        #expect(restored.savedSecondaryTokens.map(\.balance) == [40, 25])
        #expect(restored.primary == .paymentToken(token))
        #expect(restored.amountSplit == checkout.amountSplit)
        #expect(restored.isPaymentFulfilled)
        #expect(restored.session.paymentTokens == checkout.session.paymentTokens)
        #expect(restored.session.savedSecondaryTokens == checkout.session.savedSecondaryTokens)
    }
}
