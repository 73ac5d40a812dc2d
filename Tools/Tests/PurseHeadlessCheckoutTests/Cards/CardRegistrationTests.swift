import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// "Save this card": decided on the card method before submit, sent as `payment_preferences.registration`.
@MainActor
@Suite("Saving a fresh card")
struct CardRegistrationTests {
    func cardMethod(_ checkout: PurseHeadlessCheckout) throws -> PrimaryMethod {
        try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
    }

    @Test("the decision goes to the vault as save_token and to /validate as payment_preferences.registration")
    func decisionTravels() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let method = try cardMethod(checkout)
        #expect(checkout.registrationOf(method) == .notRegistered)
        try checkout.registerMethod(method, registered: true, name: "Holiday card")
        #expect(checkout.registrationOf(method) == SecondaryRegistration(registered: true, name: "Holiday card"))
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await fill(try #require(element.cardForm))
        guard case .completed = await element.submit() else {
            Issue.record("expected completed")
            return
        }
        #expect(stub.tokenizations.first?["card"]?["save_token"] == true)
        let item = try #require(stub.validations.first?.arrayValue?.first)
        #expect(item["payment_preferences"] == ["registration": ["save_token": true, "name": "Holiday card"]])
    }

    @Test("withdrawing the decision sends save_token false")
    func withdrawn() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let method = try cardMethod(checkout)
        try checkout.registerMethod(method, registered: true)
        try checkout.registerMethod(method, registered: false)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await fill(try #require(element.cardForm))
        _ = await element.submit()
        let item = try #require(stub.validations.first?.arrayValue?.first)
        #expect(item["payment_preferences"] == ["registration": ["save_token": false]])
    }

    @Test(
        "bad labels are INVALID_TOKEN_NAME, taken ones TOKEN_NAME_EXISTS",
        arguments: [
            ("", "INVALID_TOKEN_NAME"), ("   ", "INVALID_TOKEN_NAME"), ("work-card", "INVALID_TOKEN_NAME"),
            ("a name that is far too long", "INVALID_TOKEN_NAME"), ("émoji 🎉", "INVALID_TOKEN_NAME"),
            ("personal visa", "TOKEN_NAME_EXISTS"), ("WORK CARD", "TOKEN_NAME_EXISTS"),
        ])
    func labels(name: String, code: String) async throws {
        let checkout = try await CardSessions.open()
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerMethod(try self.cardMethod(checkout), registered: true, name: name)
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.kind == .walletOperationFailed)
    }

    @Test("a method whose save_token is off, or that cannot create a token from the app, is METHOD_NOT_REGISTERABLE")
    func notRegisterable() async throws {
        let closed = try await CardSessions.open(CardSessions.params(saveToken: false))
        #expect(throws: PurseCheckoutError.self) {
            try closed.registerMethod(try self.cardMethod(closed), registered: true)
        }
        let checkout = try await CardSessions.open()
        for id in ["paypal-wallet", "fintecture-instantpayment", "payline-creditcard"] {
            let method = try #require(checkout.paymentMethods.first { $0.id == id })
            let error = #expect(throws: PurseCheckoutError.self) {
                try checkout.registerMethod(method, registered: true)
            }
            #expect(error?.code == .methodNotRegisterable)
        }
    }

    @Test("without a wallet session the decision is recorded, with a warning")
    func guest() async throws {
        let log = LogSink()
        let checkout = try await CardSessions.open(CardSessions.params(wallet: false), log: log)
        try checkout.registerMethod(try cardMethod(checkout), registered: true)
        #expect(checkout.registrationOf(try cardMethod(checkout)).registered)
        #expect(log.lines.contains { $0.level == .warning && $0.message.contains("no wallet session") })
    }
}
