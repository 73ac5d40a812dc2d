import Foundation
import Testing

@testable import PurseHeadlessCheckout

@Suite("Errors: codes, groups, messages and card data")
struct ErrorTests {
    @Test(
        "split refusals map to the docs' codes and groups",
        arguments: [
            (
                SplitError.invalidTakeAmount(amount: 500, balance: 200, remaining: 1000), "INVALID_TAKE_AMOUNT",
                "invalidTake"
            ),
            (.maxAmountReached(amount: 500, limit: 300), "MAX_AMOUNT_REACHED", "invalidTake"),
            (.usageLimitReached(limit: 2), "USAGE_LIMIT_ERROR", "invalidTake"),
            (.takePolicyViolated, "SECONDARY_METHOD_TAKE_POLICY_VIOLATED", "invalidTake"),
            (.emptyBalance, "SECONDARY_TOKEN_EMPTY_BALANCE", "secondaryTokenizationFailed"),
        ])
    func splitErrors(error: SplitError, code: String, kind: String) {
        let wrapped = PurseCheckoutError(error, partner: .illicado, method: .giftcard, currency: .eur)
        #expect(wrapped.code.rawValue == code)
        #expect(wrapped.code.rawValue == error.code)
        #expect(wrapped.kind.rawValue == kind)
        #expect(wrapped.message.contains("illicado-giftcard"))
    }

    /// A token's `balance` is what the card may pay of this order, not the card's own balance (which can be
    /// larger): the message names the limit the amount broke in those words, never "the balance".
    @Test("amounts in split messages are major units, and name the limit that was broken")
    func splitMessageAmounts() {
        func message(_ amount: Int64, balance: Int64, remaining: Int64) -> String {
            PurseCheckoutError(
                .invalidTakeAmount(amount: amount, balance: balance, remaining: remaining), partner: .illicado,
                method: .giftcard, currency: .eur
            ).message
        }
        #expect(
            message(500, balance: 200, remaining: 1000)
                == "cannot take 5.00 EUR from illicado-giftcard: the card may pay at most 2.00 EUR of this order")
        #expect(
            message(500, balance: 2000, remaining: 300)
                == "cannot take 5.00 EUR from illicado-giftcard: only 3.00 EUR is left to pay")
        #expect(
            message(1500, balance: 1200, remaining: 1000)
                == "cannot take 15.00 EUR from illicado-giftcard: only 10.00 EUR is left to pay")
        #expect(message(0, balance: 200, remaining: 1000).hasSuffix(": the amount must be above zero"))
        #expect(message(-100, balance: 200, remaining: 1000).hasSuffix(": the amount must be above zero"))
        #expect(message(100, balance: 200, remaining: 0).hasSuffix(": nothing is left to pay"))
        for text in [message(500, balance: 200, remaining: 1000), message(500, balance: 2000, remaining: 300)] {
            #expect(!text.contains("balance"))
        }
    }

    @Test(
        "wallet answers adopt the server's code and the walletOperationFailed group",
        arguments: [
            (404, "MISSING_TOKEN", PurseCheckoutError.Code.missingToken),
            (400, "INVALID_TOKEN_NAME", .invalidTokenName),
            (409, "TOKEN_NAME_EXISTS", .tokenNameExists),
            (400, "TOKEN_NOT_REGISTERABLE", .tokenNotRegisterable),
            (400, "METHOD_NOT_REGISTERABLE", .methodNotRegisterable),
            (401, "MISSING_WALLET_SESSION", .missingWalletSession),
            (500, "BOOM", .apiError),
        ])
    func walletErrors(status: Int, serverCode: String, expected: PurseCheckoutError.Code) async throws {
        let transport = StubTransport { _ in StubTransport.json(status, ["code": .string(serverCode)]) }
        let wallet = WalletAPI(
            client: APIClient(transport: transport, timeout: .seconds(5), log: Logger(handler: nil)),
            root: URL(string: "http://127.0.0.1:9/wallet")!, apiKey: "pk",
            walletSession: WalletSession(
                sessionID: "ws 1", ownerReference: "shopper/1", merchant: "m-1", expirationDate: nil))
        let error = await #expect(throws: PurseCheckoutError.self) { try await wallet.rename(tokenID: "t1", name: "x") }
        #expect(error?.code == expected)
        #expect(error?.kind == .walletOperationFailed)
        #expect(error?.httpStatus == status)
        let request = try #require(transport.requests.first)
        #expect(request.method == "PATCH")
        #expect(
            request.url.absoluteString == "http://127.0.0.1:9/wallet/customers/shopper%2F1/sessions/ws%201/tokens/t1")
        #expect(request.header("x-merchant-id") == "m-1")
        #expect(request.header("x-api-key") == "pk")
    }

    @Test("wallet calls use the contract's methods and paths")
    func walletCalls() async throws {
        let transport = StubTransport { request in
            if request.method == "GET" { return StubTransport.json(200, [["id": "t1"], ["id": "t2"]]) }
            return HTTPResponse(status: 204)
        }
        let wallet = WalletAPI(
            client: APIClient(transport: transport, timeout: .seconds(5), log: Logger(handler: nil)),
            root: URL(string: "http://127.0.0.1:9/wallet")!, apiKey: "pk",
            walletSession: WalletSession(sessionID: "ws", ownerReference: "me", merchant: "m", expirationDate: nil))
        #expect(try await wallet.listTokens().count == 2)
        try await wallet.setFavorite(tokenID: "t1", favorite: true)
        try await wallet.delete(tokenID: "t1")
        try await wallet.deleteAll()
        let calls = transport.requests.map { "\($0.method) \($0.url.path)\($0.url.query.map { "?" + $0 } ?? "")" }
        #expect(
            calls == [
                "GET /wallet/customers/me/sessions/ws/tokens?status=ACTIVE",
                "PUT /wallet/customers/me/sessions/ws/tokens/t1/favorite",
                "DELETE /wallet/customers/me/sessions/ws/tokens/t1",
                "DELETE /wallet/customers/me/sessions/ws/tokens",
            ])
        #expect(try JSONValue.parse(try #require(transport.requests[1].body)) == ["favorite": true])
    }

    @Test(
        "digit runs that look like card numbers are masked in messages and server codes",
        arguments: [
            ("card 4111111111111111 refused", "card ••••••••••••1111 refused"),
            ("card 4111 1111 1111 1111 refused", "card •••• •••• •••• 1111 refused"),
            ("gift 6000-0000-0000-0000-123", "gift ••••-••••-••••-•••0-123"),
            ("order 12345678901 is short", "order 12345678901 is short"),
            ("no digits", "no digits"),
        ])
    func redaction(input: String, expected: String) {
        #expect(Redaction.scrub(input) == expected)
        let error = PurseCheckoutError(.apiError, message: input, serverCode: input)
        #expect(error.message == expected)
        #expect(error.serverCode == expected)
        #expect(!error.description.contains("4111111111111111"))
    }

    @Test("a submitted checkout refuses changes with SESSION_ALREADY_SUBMITTED_ERROR")
    @MainActor
    func submittedRefusesChanges() async throws {
        let (checkout, _) = try await TestSessions.open()
        checkout.mutate { $0.phase = .submitted }
        let error = #expect(throws: PurseCheckoutError.self) { try checkout.setPrimary(checkout.paymentMethods[0]) }
        #expect(error?.code == .sessionAlreadySubmitted)
        #expect(error?.kind == .session)
    }

    @Test("descriptions of errors and tokens carry codes, never full card numbers")
    @MainActor
    func descriptions() async throws {
        let (checkout, _) = try await TestSessions.open()
        for token in checkout.paymentTokens {
            #expect(!"\(token)".contains("4111111111111111"))
            #expect("\(token)".contains(token.id))
        }
        let error = PurseCheckoutError(.apiError, message: "x", httpStatus: 502, serverCode: "BAD_GATEWAY")
        #expect(error.description == "API_ERROR: x (HTTP 502, BAD_GATEWAY)")
        #expect(error.documentationURL.hasSuffix("#api_error"))
    }

    /// An error an app's own code threw in the same `do` block as an SDK call; its text carries a card number.
    struct AppError: Error, CustomStringConvertible {
        var description: String { "could not save 4970101234567890 for later" }
    }

    @Test("PurseCheckoutError(_:): the SDK's error as it is, a cancellation REQUEST_CANCELLED, others UNKNOWN_ERROR")
    func convertingAnyError() {
        let original = PurseCheckoutError(
            .apiError, message: "Payment API POST /init failed", httpStatus: 502, serverCode: "BAD_GATEWAY")
        #expect(PurseCheckoutError(original as any Error) == original)
        let other = PurseCheckoutError(AppError())
        #expect(other.code == .unknownError)
        #expect(other.kind == PurseCheckoutError.Code.unknownError.defaultKind)
        #expect(other.message.contains("AppError"))
        #expect(!other.message.contains("4970101234567890"))
        #expect(!other.description.contains("4970"))
        #expect(PurseCheckoutError(CancellationError()).code == .requestCancelled)
    }
}
