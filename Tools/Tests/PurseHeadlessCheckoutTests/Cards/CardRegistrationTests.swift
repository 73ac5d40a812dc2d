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
        guard case .completed = await element.submitAndWait() else {
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
        _ = await element.submitAndWait()
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

    /// The card method's `settings.save_token_mode`, over `CardSessions.params()` (whose `save_token` is on).
    static func params(saveTokenMode: String?) -> JSONValue {
        sessionReplacing(
            "paymentSession.protocols.payzen.creditcard.configurations.settings.save_token_mode",
            with: saveTokenMode.map(JSONValue.string), in: CardSessions.params())
    }

    @Test(
        "save_token_mode decides with save_token: PREFER_NO, PREFER_YES (any case), or none save; another mode refuses",
        arguments: [
            ("PREFER_NO", true), ("PREFER_YES", true), ("prefer_yes", true), (nil, true), ("NEVER", false),
            ("NOT_A_KNOWN_MODE", false),
        ] as [(String?, Bool)])
    func saveTokenMode(mode: String?, saves: Bool) async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(Self.params(saveTokenMode: mode), stub: stub)
        let method = try cardMethod(checkout)
        #expect(method.configuration.saveTokenMode == mode)
        #expect(method.configuration.saveToken)
        #expect(method.canBeRegistered == saves)
        #expect(method.configuration.allowsSaving == saves)
        if saves {
            try checkout.registerMethod(method, registered: true, name: "Mode card")
            #expect(checkout.registrationOf(method).registered)
        } else {
            let error = #expect(throws: PurseCheckoutError.self) {
                try checkout.registerMethod(method, registered: true, name: "Mode card")
            }
            #expect(error?.code == .methodNotRegisterable && error?.kind == .walletOperationFailed)
            #expect(
                error?.message
                    == "payzen-creditcard does not allow saving cards (settings.save_token_mode \(mode ?? "") forbids "
                    + "saving)")
            #expect(checkout.registrationOf(method) == .notRegistered)
        }
        // Paying sends the decision only when one was recorded.
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await fill(try #require(element.cardForm))
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed")
            return
        }
        let item = try #require(stub.validations.first?.arrayValue?.first)
        #expect((item["payment_preferences"]?["registration"] != nil) == saves)
        #expect((stub.tokenizations.first?["card"]?["save_token"] == true) == saves)
    }

    @Test("an information request (save without paying) leaves out a card method whose save_token_mode forbids it")
    func informationRequestOffersOnlySavingMethods() throws {
        let settings = "paymentSession.protocols.payzen.creditcard.configurations.settings."
        var params = sessionReplacing("paymentSession.information_request", with: true, in: CardSessions.params())
        params = sessionReplacing("paymentSession.amount", with: 0, in: params)
        params = sessionReplacing(settings + "registration_mode", with: "OFF_SESSION", in: params)
        let allowed = try SessionDecoder.decode(params: params)
        #expect(allowed.source.isInformationRequest)
        #expect(allowed.primaryMethods.map(\.id) == ["payzen-creditcard"])
        let forbidden = try SessionDecoder.decode(
            params: sessionReplacing(settings + "save_token_mode", with: "NEVER", in: params))
        #expect(forbidden.primaryMethods.isEmpty)
    }

    @Test("a decision recorded before a session update turned saving off is refused at submit, before any call")
    func updateTurnsSavingOff() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(Self.params(saveTokenMode: "PREFER_NO"), stub: stub)
        let method = try cardMethod(checkout)
        try checkout.registerMethod(method, registered: true, name: "Mode card")
        try await checkout.updateSession(widgetData: TestSessions.widgetData(Self.params(saveTokenMode: "NEVER")))
        #expect(try !cardMethod(checkout).canBeRegistered)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await fill(try #require(element.cardForm))
        guard case .failed(let error) = await element.submitAndWait() else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .methodNotRegisterable)
        #expect(error.message.contains("no longer allows saving cards (settings.save_token_mode NEVER forbids saving)"))
        #expect(stub.tokenizations.isEmpty && stub.validations.isEmpty)
        // Withdrawn, the card pays.
        try checkout.registerMethod(method, registered: false)
        guard case .completed = await element.submitAndWait() else {
            Issue.record("expected completed after withdrawing")
            return
        }
        #expect(stub.tokenizations.first?["card"]?["save_token"] == false)
    }

    @Test("save_token off refuses whatever the mode, and says it is save_token")
    func saveTokenOffWinsOverMode() async throws {
        let params = sessionReplacing(
            "paymentSession.protocols.payzen.creditcard.configurations.settings.save_token_mode", with: "PREFER_YES",
            in: CardSessions.params(saveToken: false))
        let checkout = try await CardSessions.open(params)
        let error = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerMethod(try self.cardMethod(checkout), registered: true)
        }
        #expect(error?.message == "payzen-creditcard does not allow saving cards (settings.save_token is off)")
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
