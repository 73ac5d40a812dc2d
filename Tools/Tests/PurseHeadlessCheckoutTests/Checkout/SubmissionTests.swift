import Foundation
import Testing

@testable import PurseHeadlessCheckout

@MainActor
@Suite("Submitting the payment")
struct SubmissionTests {
    nonisolated static func validateAnswer(
        state: String = "SUCCESS", code: String = "SUCCEEDED", redirection: JSONValue? = nil
    )
        -> HTTPResponse
    {
        var body: [String: JSONValue] = [
            "results": [
                [
                    "id": "r1", "partner": "payzen", "method": "creditcard", "transaction_id": "tx-1",
                    "status": ["action": "AUTHORIZE", "state": .string(state), "code": .string(code)],
                ]
            ],
            "global_status": .string(state),
        ]
        if let redirection { body["redirection"] = redirection }
        return StubTransport.json(200, .object(body))
    }

    /// Opens the standard session with `routes`, a counter-based idempotency key, and optional hooks.
    static func open(
        hooks: PurseCheckoutHooks = PurseCheckoutHooks(), routes: @escaping StubTransport.Handler
    ) async throws -> (PurseHeadlessCheckout, StubTransport) {
        let keys = Locked(0)
        let transport = StubTransport.withServerTime(TestSessions.serverNow, routes: routes)
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.serverNow }, hooks: hooks,
            makeIdempotencyKey: { "key-\(keys.withLock { $0 += 1; return $0 })" })
        let checkout = try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(), configuration: configuration)
        return (checkout, transport)
    }

    @Test("a saved card that pays without CVV submits one /validate with its token and the amount in minor units")
    func savedCardWithoutCVV() async throws {
        let (checkout, transport) = try await Self.open { _ in Self.validateAnswer() }
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" }))
        let result = try await checkout.submitPayment()
        #expect(result.globalStatus == .success)
        #expect(checkout.sessionState == .submitted)
        let validate = transport.requests(endingWith: "/validate")
        #expect(validate.count == 1)
        #expect(validate.first?.url.path == "/gateway/sessions/ps-1/validate")
        #expect(validate.first?.header("Idempotency-Key") == "key-1")
        let items = try JSONValue.parse(try #require(validate.first?.body))
        #expect(
            items == [
                [
                    "partner": "payzen", "method": "creditcard", "amount": 4299, "payment_data": ["token": "tok-nocvv"],
                    "partner_data": [:], "payment_preferences": [:],
                ]
            ])
    }

    @Test("a second submit, and a double tap, never send a second /validate")
    func doubleSubmit() async throws {
        let (checkout, transport) = try await Self.open { _ in Self.validateAnswer() }
        try checkout.setPrimaryToken(checkout.paymentTokens[1])
        async let first = Self.outcome { try await checkout.submitPayment() }
        async let second = Self.outcome { try await checkout.submitPayment() }
        let outcomes = await [first, second]
        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.compactMap { $0 } == [PurseCheckoutError.Code.sessionAlreadySubmitted])
        let again = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(again?.code == .sessionAlreadySubmitted)
        #expect(transport.requests(endingWith: "/validate").count == 1)
    }

    /// `nil` when the call succeeded, else the error's code.
    static func outcome(_ body: () async throws -> ValidationResult) async -> PurseCheckoutError.Code? {
        do {
            _ = try await body()
            return nil
        } catch let error as PurseCheckoutError {
            return error.code
        } catch {
            return .unknownError
        }
    }

    @Test("submit before the split is fulfilled fails without a network call")
    func notFulfilled() async throws {
        let (checkout, transport) = try await Self.open { _ in Self.validateAnswer() }
        let noPrimary = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(noPrimary?.code == .paymentNotFulfilledOnSubmit)
        try checkout.setPrimaryToken(checkout.paymentTokens[0])  // requires its CVV: not ready
        let notReady = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(notReady?.code == .paymentNotFulfilledOnSubmit)
        #expect(notReady?.message.contains("not ready") == true)
        #expect(transport.requests(endingWith: "/validate").isEmpty)
        #expect(checkout.sessionState == .ready)
    }

    @Test("a lost answer leaves the payment's outcome unknown, and the retry reuses the idempotency key")
    func retryReusesKey() async throws {
        let attempts = Locked(0)
        let (checkout, transport) = try await Self.open { _ in
            if attempts.withLock({
                $0 += 1; return $0
            }) == 1 {
                throw TransportError(.connectionFailed)
            }
            return Self.validateAnswer()
        }
        try checkout.setPrimaryToken(checkout.paymentTokens[1])
        let lost = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(lost?.code == .networkError)
        #expect(checkout.sessionState == .outcomeUnknown)
        try await checkout.submitPayment()
        let keys = transport.requests(endingWith: "/validate").map { $0.header("Idempotency-Key") }
        #expect(keys == ["key-1", "key-1"])
        #expect(checkout.sessionState == .submitted)
    }

    @Test("the participant that refused is the one with a reason, wherever it stands in the results")
    func refusalPicksTheParticipantWithAReason() throws {
        func result(_ items: [(String, String, String, String)]) throws -> ValidationResult {
            let body: JSONValue = [
                "global_status": "FAILED",
                "results": .array(
                    items.map { partner, method, state, code in
                        [
                            "partner": .string(partner), "method": .string(method),
                            "status": ["action": "AUTHORIZE", "state": .string(state), "code": .string(code)],
                        ]
                    }),
            ]
            return try ValidationResult(
                reading: JSONReader(body, path: "body") { PurseCheckoutError(.invalidResponse, message: $0) })
        }
        let split = try result([
            ("illicado", "giftcard", "FAILED", "FAILED"), ("payzen", "card", "FAILED", "REJECTED_BANK"),
        ])
        #expect(split.refusal?.partner == "payzen")
        #expect(split.refusal?.status.code == "REJECTED_BANK")
        let first = try result([("payzen", "card", "ERROR", "WRONG_CARD_DATA"), ("illicado", "giftcard", "FAILED", "")])
        #expect(first.refusal?.partner == "payzen")
        let generic = try result([("illicado", "giftcard", "SUCCESS", "SUCCEEDED"), ("payzen", "card", "FAILED", "")])
        #expect(generic.refusal?.partner == "payzen")
        #expect(try result([("payzen", "card", "SUCCESS", "SUCCEEDED")]).refusal == nil)
    }

    @Test("a refused payment is VALIDATE_FAILED with the partner's code; the next attempt gets a new key")
    func refusedPayment() async throws {
        let attempts = Locked(0)
        let (checkout, transport) = try await Self.open { _ in
            attempts.withLock({
                $0 += 1; return $0
            }) == 1
                ? Self.validateAnswer(state: "FAILED", code: "REJECTED_BANK") : Self.validateAnswer()
        }
        try checkout.setPrimaryToken(checkout.paymentTokens[1])
        let refused = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(refused?.code == .validateFailed)
        #expect(refused?.serverCode == "REJECTED_BANK")
        #expect(refused?.participant != nil)
        #expect(refused?.kind == .payment)
        #expect(checkout.sessionState == .error)
        try await checkout.submitPayment()
        let keys = transport.requests(endingWith: "/validate").map { $0.header("Idempotency-Key") }
        #expect(keys == ["key-1", "key-2"])
    }

    @Test("onBeforeValidate sees the split; when it throws nothing is sent and the checkout stays ready")
    func beforeValidateHook() async throws {
        struct Veto: Error {}
        let seen = Locked<[AmountSplitEntry]>([])
        let hooks = PurseCheckoutHooks(onBeforeValidate: { split in
            seen.withLock { $0 = split }
            throw Veto()
        })
        let (checkout, transport) = try await Self.open(hooks: hooks) { _ in Self.validateAnswer() }
        try checkout.setPrimaryToken(checkout.paymentTokens[1])
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .onBeforeValidateHookFailed)
        #expect(checkout.sessionState == .ready)
        #expect(seen.withLock { $0.map(\.id) } == ["tok-nocvv"])
        #expect(transport.requests(endingWith: "/validate").isEmpty)
    }

    @Test("a redirection method runs /init inside submit and sends its step id back at /validate")
    func redirectionInitThenValidate() async throws {
        let (checkout, transport) = try await Self.open { request in
            if request.url.path.hasSuffix("/init") {
                return StubTransport.json(
                    200,
                    ["id": "i1", "step_id": 41, "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"]])
            }
            return Self.validateAnswer(
                state: "WAITING", code: "WAITING_PARTNER_RESPONSE", redirection: ["url": "https://psp.example/p"])
        }
        try checkout.setPrimary(try #require(checkout.paymentMethods.first { $0.id == "fintecture-instantpayment" }))
        let result = try await checkout.submitPayment()
        #expect(result.redirection == .get(URL(string: "https://psp.example/p")!))
        let item = try JSONValue.parse(try #require(transport.requests(endingWith: "/validate").first?.body))
        #expect(item.arrayValue?.first?["step_id"] == 41)
        #expect(item.arrayValue?.first?["amount"] == 4299)
        #expect(transport.requests.map(\.url.lastPathComponent) == ["datetime", "init", "validate"])
    }

    @Test("a refused redirection /init is API_ERROR 'Payment API POST /init failed: HTTP 4xx' and sends no /validate")
    func redirectionInitRefused() async throws {
        let (checkout, transport) = try await Self.open { _ in StubTransport.json(422, ["code": "REFUSED"]) }
        try checkout.setPrimary(checkout.paymentMethods[0])
        let error = await #expect(throws: PurseCheckoutError.self) { try await checkout.submitPayment() }
        #expect(error?.code == .apiError)
        #expect(error?.message == "Payment API POST /init failed: HTTP 422")
        #expect(transport.requests(endingWith: "/validate").isEmpty)
        #expect(checkout.sessionState == .error)
    }
}
