import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Keeping a gift card: `registerSecondary` / `registrationOf`, and what reaches `/validate`.
@MainActor
@Suite("Keeping a gift card")
struct RegistrationTests {
    static func open(wallet: Bool = true) async throws -> (PurseHeadlessCheckout, StubIssuer) {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(amount: "20.00", wallet: wallet, issuer: issuer)
        return (checkout, issuer)
    }

    @Test("registered: true is read back and travels to /validate as payment_preferences.registration")
    func registration() async throws {
        let (checkout, issuer) = try await Self.open()
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        #expect(checkout.registrationOf(token) == .notRegistered)
        #expect(token.canBeRegistered)
        try checkout.registerSecondary(token, registered: true, name: "gift one")
        #expect(checkout.registrationOf(token) == SecondaryRegistration(registered: true, name: "gift one"))
        try checkout.applySecondary(token)
        _ = try await checkout.submitPayment()
        let item = try #require(issuer.validations.first?.first)
        #expect(item["payment_preferences"] == ["registration": ["save_token": true, "name": "gift one"]])
    }

    @Test("registered: false withdraws the decision and sends save_token false")
    func withdraw() async throws {
        let (checkout, issuer) = try await Self.open()
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.registerSecondary(token, registered: true, name: "gift one")
        try checkout.registerSecondary(token, registered: false, name: "ignored")
        #expect(checkout.registrationOf(token) == SecondaryRegistration(registered: false))
        try checkout.applySecondary(token)
        _ = try await checkout.submitPayment()
        #expect(issuer.validations.first?.first?["payment_preferences"] == ["registration": ["save_token": false]])
    }

    @Test("a card that cannot be saved is TOKEN_NOT_REGISTERABLE")
    func notRegisterable() async throws {
        let (checkout, _) = try await Self.open()
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .buybox), pan: "1250000000000017", cvv: nil)
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerSecondary(token, registered: true, name: "gift one")
        }
        #expect(error?.code == .tokenNotRegisterable)
        #expect(error?.kind == .walletOperationFailed)
        #expect(checkout.registrationOf(token) == .notRegistered)
        try checkout.registerSecondary(token, registered: false)  // withdrawing is always fine
    }

    struct LabelCase: Sendable, CustomTestStringConvertible {
        let name: String
        let code: PurseCheckoutError.Code?
        var testDescription: String { "\"\(name)\" → \(code?.rawValue ?? "ok")" }
    }

    @Test(
        "label rules: 1–25 letters, digits or spaces, unique ignoring case",
        arguments: [
            LabelCase(name: "gift one", code: nil),
            LabelCase(name: "A", code: nil),
            LabelCase(name: "Cadeau de Noël 2026", code: nil),
            LabelCase(name: String(repeating: "x", count: 25), code: nil),
            LabelCase(name: String(repeating: "x", count: 26), code: .invalidTokenName),
            LabelCase(name: "", code: .invalidTokenName),
            LabelCase(name: "   ", code: .invalidTokenName),
            LabelCase(name: "gift-one", code: .invalidTokenName),
            LabelCase(name: "gift_one!", code: .invalidTokenName),
            LabelCase(name: "Personal Visa", code: .tokenNameExists),  // a saved card's name (TestSessions)
            LabelCase(name: "BIRTHDAY CARD", code: .tokenNameExists),  // a saved gift card's name
            LabelCase(name: "Other Gift", code: .tokenNameExists),  // another pending registration
        ])
    func labels(rule: LabelCase) async throws {
        let (checkout, _) = try await Self.open()
        let illicado = GiftCardSessions.method(checkout, .illicado)
        let other = try await checkout.getSecondaryToken(
            method: illicado, pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.registerSecondary(other, registered: true, name: "other gift")
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .easy2play), pan: "8000000000000011", cvv: "111")
        if let code = rule.code {
            let error = #expect(throws: PurseCheckoutError.self) {
                try checkout.registerSecondary(token, registered: true, name: rule.name)
            }
            #expect(error?.code == code)
            #expect(error?.kind == .walletOperationFailed)
            #expect(checkout.registrationOf(token) == .notRegistered)
        } else {
            try checkout.registerSecondary(token, registered: true, name: rule.name)
            #expect(checkout.registrationOf(token).name == rule.name)
        }
    }

    @Test("re-registering the same card under its own label is fine; no label at all is fine")
    func sameCard() async throws {
        let (checkout, _) = try await Self.open()
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.registerSecondary(token, registered: true, name: "gift one")
        try checkout.registerSecondary(token, registered: true, name: "Gift One")
        try checkout.registerSecondary(token, registered: true)
        #expect(checkout.registrationOf(token) == SecondaryRegistration(registered: true, name: nil))
    }

    @Test("without a wallet session the decision is recorded (and logged), never checked against a wallet")
    func noWalletSession() async throws {
        let lines = LogLines()
        let issuer = StubIssuer()
        let (checkout, transport) = try await GiftCardSessions.open(amount: "20.00", wallet: false, issuer: issuer) {
            $0.logHandler = lines.handler
        }
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.registerSecondary(token, registered: true, name: "gift one")
        #expect(checkout.registrationOf(token).registered)
        #expect(lines.all.contains { $0.level == .warning && $0.message.contains("no wallet session") })
        #expect(!transport.requests.contains { $0.url.path.contains("/tokens") })
        try checkout.applySecondary(token)
        _ = try await checkout.submitPayment()
        #expect(issuer.validations.first?.first?["payment_preferences"]?["registration"]?["save_token"] == true)
    }
}
