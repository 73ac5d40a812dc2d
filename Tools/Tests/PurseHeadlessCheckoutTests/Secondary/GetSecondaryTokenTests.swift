import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// A stand-in app-approval issuer (polls while `/init` answers WAITING), with no poll interval, for these tests.
struct PollingTestConfig: SecondaryConfig {
    let takePolicy = SecondaryTakePolicy.none
    var pollInterval: Duration = .zero
    var maximumPollCount = 60
    func requiresCVV(pan: String) -> Bool { false }
    func validatePAN(_ pan: String) -> Bool { pan.hasPrefix("ANCV") }
    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] { ["card": ["number": .string(pan)]] }
    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { [:] }
    func shouldPoll(_ initData: InitData) -> Bool { initData.status.state == .waiting }
    func classifyInitError(_ initData: InitData) -> PurseCheckoutError? {
        switch initData.status.code {
        case "ABORTED_BY_CUSTOMER": return PurseCheckoutError(.userActionRequestAbortedByCustomer)
        case "EXPIRED_AUTHORIZATION": return PurseCheckoutError(.userActionRequestHasExpired)
        default: return nil
        }
    }
}

/// `getSecondaryToken(method:pan:cvv:)` against a stub issuer: local checks, `/init`, polling, failures.
@MainActor
@Suite("Reading a gift card")
struct GetSecondaryTokenTests {
    struct LocalCase: Sendable, CustomTestStringConvertible {
        let partner: Partner
        let method: PaymentMethodType
        let pan: String
        let cvv: String?
        let code: PurseCheckoutError.Code
        var testDescription: String { "\(itemID(partner, method)) → \(code)" }
    }

    nonisolated static let localCases: [LocalCase] = [
        LocalCase(partner: .illicado, method: .giftcard, pan: "123", cvv: "1234", code: .secondaryMethodWrongPANFormat),
        LocalCase(
            partner: .illicado, method: .giftcard, pan: "6003580000000000011", cvv: nil,
            code: .secondaryMethodRequiredCVV),
        LocalCase(
            partner: .illicado, method: .giftcard, pan: "6003580000000000011", cvv: "  ",
            code: .secondaryMethodRequiredCVV),
        LocalCase(
            partner: .illicado, method: .giftcard, pan: "6003580000000000011", cvv: "12",
            code: .secondaryMethodWrongCVVFormat),
        LocalCase(
            partner: .buybox, method: .giftcard, pan: "9250000000000018", cvv: nil, code: .secondaryMethodRequiredCVV),
        LocalCase(
            partner: .buybox, method: .giftcard, pan: "1250000000000017", cvv: "12",
            code: .secondaryMethodWrongCVVFormat),
        LocalCase(
            partner: .ogloba, method: .giftcard, pan: "7000000000000000014", cvv: nil, code: .secondaryMethodRequiredCVV
        ),
        LocalCase(
            partner: .mybeezbox, method: .giftcard, pan: "30000000000013", cvv: nil,
            code: .secondaryMethodWrongPANFormat),
        LocalCase(
            partner: .easy2play, method: .giftcard, pan: "8000000000000011", cvv: "1111",
            code: .secondaryMethodWrongCVVFormat),
        LocalCase(partner: .easy2play, method: .voucher, pan: "VOUCH", cvv: nil, code: .secondaryMethodWrongPANFormat),
        LocalCase(
            partner: .maxxing, method: .loyaltycard, pan: "12345", cvv: nil, code: .secondaryMethodWrongPANFormat),
        LocalCase(partner: .ancv, method: .connect, pan: "ANCV 0001", cvv: nil, code: .secondaryMethodWrongPANFormat),
    ]

    @Test("local validation fails first, with no network call", arguments: localCases)
    func localValidation(rule: LocalCase) async throws {
        let issuer = StubIssuer()
        // The shipped issuers only, whatever other tests register.
        try await SecondaryConfigs.$current.withValue(SecondaryConfigs(shipped: true)) {
            let (checkout, transport) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
            let before = transport.requests.count
            let error = await #expect(throws: PurseCheckoutError.self) {
                try await checkout.getSecondaryToken(
                    method: GiftCardSessions.method(checkout, rule.partner, rule.method), pan: rule.pan, cvv: rule.cvv)
            }
            #expect(error?.code == rule.code)
            #expect(error?.kind == (rule.code == .methodNotImplemented ? .method : .secondaryTokenizationFailed))
            #expect(transport.requests.count == before)
            #expect(issuer.inits.isEmpty)
        }
    }

    @Test("a method the session does not offer is PAYMENT_METHOD_NOT_FOUND")
    func unknownMethod() async throws {
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false)
        let illicado = GiftCardSessions.method(checkout, .illicado)
        let stranger = SecondaryMethod(
            partner: "nobody", method: .giftcard, configuration: illicado.configuration, contracts: nil)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(method: stranger, pan: "1", cvv: nil)
        }
        #expect(error?.code == .paymentMethodNotFound)
    }

    @Test("one /init asks for what is left to pay and reads the balance")
    func readsTheCard() async throws {
        let issuer = StubIssuer()
        let (checkout, transport) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
        let before = transport.requests.count
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: "6003 5800-0000 0000 011", cvv: " 1234 ")
        #expect(transport.requests.count == before + 1)
        let body = try #require(issuer.inits.first)
        #expect(body["amount"] == 10000)
        #expect(body["payment_data"] == ["card": ["number": "6003580000000000011", "csc": "1234"]])
        #expect(transport.requests.last?.url.path == "/gateway/sessions/ps-1/init")
        #expect(token.balance == 50)
        #expect(token.totalBalance == 50)
        #expect(token.currency == .eur)
        #expect(token.pan == "6003580000000000011")
        #expect(token.cvv == "1234")
        #expect(token.partnerReference == "REF-1")
        #expect(token.stepID == 1)
        #expect(token.id == "init-1")
        #expect(token.canBeRegistered)  // the issuer allows it and illicado's save_token is on
        #expect(token.expirationDate == ISO8601.parse("2030-12-31T23:59:59.000Z"))
        #expect(checkout.amountSplit.isEmpty)  // reading changes nothing
    }

    @Test("canBeRegistered needs the method's save_token too")
    func registrableNeedsSaveToken() async throws {
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false)
        let token = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .buybox), pan: "1250000000000017", cvv: nil)
        #expect(!token.canBeRegistered)
    }

    @Test("the amount asked is what the gift cards leave unpaid, whatever the primary")
    func askedAmount() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        #expect(checkout.remainingAmountToPay == 0)
        let first = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        try checkout.applySecondary(first)
        let second = try await checkout.getSecondaryToken(
            method: GiftCardSessions.method(checkout, .ogloba), pan: "7000000000000000014", cvv: "4321")
        #expect(issuer.inits.map { $0["amount"] } == [10000, 5000])
        #expect(second.balance == 50)  // 100.00 on the card, 50.00 asked
        #expect(second.totalBalance == 100)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let pan: String
        let pin: String?
        let serverCode: String
        var testDescription: String { serverCode }
    }

    @Test(
        "an /init refusal is FAILED_TO_INIT_SECONDARY_TOKEN with the issuer's code",
        arguments: [
            Refusal(pan: "6003580000000000037", pin: "1234", serverCode: "BLOCKED_CARD"),
            Refusal(pan: "6003580000000000011", pin: "9999", serverCode: "WRONG_CARD_DATA"),
            Refusal(pan: "6003580000000000099", pin: "1234", serverCode: "UNKNOWN_CARD"),
        ])
    func refusals(refusal: Refusal) async throws {
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false)
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(
                method: GiftCardSessions.method(checkout, .illicado), pan: refusal.pan, cvv: refusal.pin)
        }
        #expect(error?.code == .failedToInitSecondaryToken)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(error?.serverCode == refusal.serverCode)
        #expect(checkout.amountSplit.isEmpty)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let httpStatus: Int?
        let fragment: String
        let answer: @Sendable () throws -> HTTPResponse
        var testDescription: String { name }
    }

    nonisolated static let failures: [Failure] = [
        Failure(name: "503", httpStatus: 503, fragment: "HTTP 503") {
            StubTransport.json(503, ["code": "INJECTED_FAULT"])
        },
        Failure(name: "404", httpStatus: 404, fragment: "HTTP 404") {
            StubTransport.json(404, ["code": "SESSION_NOT_FOUND"])
        },
        Failure(name: "malformed JSON", httpStatus: 200, fragment: "not JSON") {
            HTTPResponse(status: 200, body: Data("{\"id\":".utf8))
        },
        Failure(name: "no status", httpStatus: nil, fragment: "body.status: missing") {
            StubTransport.json(200, ["id": "x"])
        },
        Failure(name: "no balance", httpStatus: nil, fragment: "plugin_result.balance: missing") {
            StubTransport.json(200, ["status": ["state": "SUCCESS", "code": "SUCCEEDED"], "plugin_result": [:]])
        },
        Failure(name: "other currency", httpStatus: nil, fragment: "holds USD") {
            StubTransport.json(
                200,
                [
                    "status": ["state": "SUCCESS", "code": "SUCCEEDED"],
                    "plugin_result": ["balance": 10, "currency": "USD"],
                ])
        },
        Failure(name: "connection dropped", httpStatus: nil, fragment: "connection failed") {
            throw TransportError(.connectionFailed)
        },
    ]

    @Test("a failed /init exchange is FAILED_TO_INIT_SECONDARY_TOKEN and changes nothing", arguments: failures)
    func failedExchanges(failure: Failure) async throws {
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params(savedGiftCards: false)) { request in
            try failure.answer()
        }
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(
                method: GiftCardSessions.method(checkout, .illicado), pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        }
        #expect(error?.code == .failedToInitSecondaryToken)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(error?.httpStatus == failure.httpStatus)
        #expect(error?.message.contains(failure.fragment) == true, "\(error?.message ?? "")")
        #expect(checkout.remainingAmountToPay == 100)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test("an empty card, and a card read when nothing is left to pay, are SECONDARY_TOKEN_EMPTY_BALANCE")
    func emptyBalance() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "50.00", savedGiftCards: false)
        let illicado = GiftCardSessions.method(checkout, .illicado)
        let empty = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(method: illicado, pan: "6003580000000000029", cvv: "1234")
        }
        #expect(empty?.code == .secondaryTokenEmptyBalance)
        #expect(empty?.kind == .secondaryTokenizationFailed)

        try checkout.applySecondary(
            try await checkout.getSecondaryToken(method: illicado, pan: GiftCardSessions.illicadoPAN, cvv: "1234"))
        #expect(checkout.isPaymentFulfilled)
        let nothingLeft = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(
                method: GiftCardSessions.method(checkout, .ogloba), pan: "7000000000000000014", cvv: "4321")
        }
        #expect(nothingLeft?.code == .secondaryTokenEmptyBalance)
        #expect(nothingLeft?.message.contains("nothing was left to pay") == true)
    }

    @Test("a WAITING answer without shouldPoll is a refusal")
    func waitingWithoutPolling() async throws {
        let registry = SecondaryConfigs(shipped: true)
        struct NoPoll: SecondaryConfig {
            let takePolicy = SecondaryTakePolicy.none
            func requiresCVV(pan: String) -> Bool { false }
            func validatePAN(_ pan: String) -> Bool { true }
            func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] {
                ["card": ["number": .string(pan)]]
            }
            func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { [:] }
        }
        registry.register(partner: .ancv, method: .connect, config: NoPoll())
        try await SecondaryConfigs.$current.withValue(registry) {
            let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false)
            let error = await #expect(throws: PurseCheckoutError.self) {
                try await checkout.getSecondaryToken(
                    method: GiftCardSessions.method(checkout, .ancv, .connect), pan: "ANCV0001", cvv: nil)
            }
            #expect(error?.code == .failedToInitSecondaryToken)
            #expect(error?.serverCode == "WAITING_PARTNER_RESPONSE")
        }
    }

    @Test("shouldPoll polls /init with the same step_id until SUCCESS")
    func polling() async throws {
        let registry = SecondaryConfigs(shipped: true)
        registry.register(partner: .ancv, method: .connect, config: PollingTestConfig())
        let issuer = StubIssuer()
        try await SecondaryConfigs.$current.withValue(registry) {
            let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
            let token = try await checkout.getSecondaryToken(
                method: GiftCardSessions.method(checkout, .ancv, .connect), pan: "ANCV0001", cvv: nil)
            #expect(token.balance == 100)
            #expect(issuer.inits.count == 3)
            #expect(issuer.inits.map { $0["step_id"] } == [nil, 1, 1])
            #expect(token.stepID == 1)
        }
    }

    @Test("classifyInitError maps a terminal code to a precise error")
    func classified() async throws {
        let registry = SecondaryConfigs(shipped: true)
        registry.register(partner: .ancv, method: .connect, config: PollingTestConfig())
        try await SecondaryConfigs.$current.withValue(registry) {
            let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false)
            let error = await #expect(throws: PurseCheckoutError.self) {
                try await checkout.getSecondaryToken(
                    method: GiftCardSessions.method(checkout, .ancv, .connect), pan: "ANCV0002", cvv: nil)
            }
            #expect(error?.code == .userActionRequestAbortedByCustomer)
            #expect(error?.kind == .secondaryTokenizationFailed)
        }
    }

    @Test("polling gives up after maximumPollCount")
    func pollCap() async throws {
        let registry = SecondaryConfigs(shipped: true)
        registry.register(partner: .ancv, method: .connect, config: PollingTestConfig(maximumPollCount: 3))
        let issuer = StubIssuer()
        try await SecondaryConfigs.$current.withValue(registry) {
            let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
            let error = await #expect(throws: PurseCheckoutError.self) {
                try await checkout.getSecondaryToken(
                    method: GiftCardSessions.method(checkout, .ancv, .connect), pan: "ANCV0003", cvv: nil)
            }
            #expect(error?.code == .failedToInitSecondaryToken)
            #expect(error?.message.contains("still waiting after 3 polls") == true)
            #expect(issuer.inits.count == 4)
        }
    }

    @Test("cancelling the task during /init is SECONDARY_METHOD_REQUEST_ABORTED")
    func cancellation() async throws {
        let started = Locked(false)
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params(savedGiftCards: false)) { _ in
            started.withLock { $0 = true }
            return try await StubTransport.parkUntilCancelled()
        }
        let method = GiftCardSessions.method(checkout, .illicado)
        let task = Task {
            try await checkout.getSecondaryToken(method: method, pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        }
        await yieldUntil { started.withLock { $0 } }
        task.cancel()
        let error = await #expect(throws: PurseCheckoutError.self) { try await task.value }
        #expect(error?.code == .secondaryMethodRequestAborted)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(checkout.amountSplit.isEmpty)
    }

    @Test("an already cancelled task makes no call")
    func cancelledBeforeCalling() async throws {
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(savedGiftCards: false, issuer: issuer)
        let method = GiftCardSessions.method(checkout, .illicado)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await checkout.getSecondaryToken(method: method, pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        }
        let error = await #expect(throws: PurseCheckoutError.self) { try await task.value }
        #expect(error?.code == .secondaryMethodRequestAborted)
        #expect(issuer.inits.isEmpty)
    }

    @Test("after submit, reading a card is refused")
    func afterSubmit() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "20.00", savedGiftCards: false)
        let method = GiftCardSessions.method(checkout, .illicado)
        try checkout.applySecondary(
            try await checkout.getSecondaryToken(method: method, pan: GiftCardSessions.illicadoPAN, cvv: "1234"))
        _ = try await checkout.submitPayment()
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(method: method, pan: GiftCardSessions.illicadoPAN, cvv: "1234")
        }
        #expect(error?.code == .sessionAlreadySubmitted)
    }
}
