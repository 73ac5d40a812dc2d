import Foundation
import Testing

@testable import PurseHeadlessCheckout

@Suite("API client: every failure is typed")
struct APIClientTests {
    private func paymentAPI(_ transport: StubTransport) -> PaymentAPI {
        let roots = APIRoots.sandbox(base: URL(string: "http://127.0.0.1:9")!)
        let client = APIClient(transport: transport, timeout: .seconds(5), log: Logger(handler: nil))
        return PaymentAPI(client: client, roots: roots, apiKey: "pk_test")
    }

    private let item = ItemPayload(partner: .illicado, method: .giftcard, amount: 1234)

    @Test(
        "HTTP errors become API_ERROR naming the call and the status", arguments: [400, 401, 404, 409, 500, 502, 503])
    func httpErrors(status: Int) async throws {
        let transport = StubTransport { _ in StubTransport.json(status, ["code": "SOMETHING", "message": "no"]) }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).initialize(sessionID: "ps-1", item: item)
        }
        #expect(error?.code == .apiError)
        #expect(error?.message == "Payment API POST /init failed: HTTP \(status)")
        #expect(error?.httpStatus == status)
        #expect(error?.serverCode == "SOMETHING")
        #expect(error?.kind == .api)
    }

    @Test("a loan simulation's refusal quotes the server's message: trimmed, without control characters, scrubbed")
    func simulationRefusalQuotesTheServer() async throws {
        let server =
            "  40.00 EUR is outside\u{7} the range\n of oney-cb3x; card 4111111111111111 "
            + String(repeating: "x", count: 400)
        let transport = StubTransport { _ in
            StubTransport.json(422, ["code": "INVALID_LOAN_SIMULATION", "message": .string(server)])
        }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).simulation(
                sessionID: "ps-1", partner: .oney, method: .cb3x, amount: 4000, currency: "EUR", multi: false)
        }
        #expect(error?.code == .invalidLoanSimulation && error?.httpStatus == 422)
        let message = try #require(error?.message)
        #expect(message.hasPrefix("Payment API POST /simulations/oney/cb3x failed: HTTP 422: 40.00 EUR is outside the"))
        #expect(!message.contains("\u{7}") && !message.contains("\n") && !message.contains("4111111111111111"))
        #expect(message.count < 300 + 60)
        // Calls that send what the shopper typed never quote the server.
        let initTransport = StubTransport { _ in StubTransport.json(422, ["code": "X", "message": "PIN 1234 refused"]) }
        let initError = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(initTransport).initialize(sessionID: "ps-1", item: item)
        }
        #expect(initError?.message == "Payment API POST /init failed: HTTP 422")
    }

    @Test("an HTTP error without a JSON body still is API_ERROR, with no server code")
    func httpErrorWithoutBody() async throws {
        let transport = StubTransport { _ in HTTPResponse(status: 502, body: Data("<html>bad gateway".utf8)) }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).initialize(sessionID: "ps-1", item: item)
        }
        #expect(error?.code == .apiError)
        #expect(error?.serverCode == nil)
    }

    @Test(
        "a 200 whose body is not JSON, or not the expected shape, is INVALID_RESPONSE naming the path",
        arguments: [
            ("not json", "not JSON"),
            (#"{"id":"x"}"#, "body.status: missing"),
            (#"{"status":{"state":7}}"#, "body.status.state: expected a string"),
            (#"[]"#, "expected an object"),
        ])
    func invalidBodies(body: String, expected: String) async throws {
        let transport = StubTransport { _ in HTTPResponse(status: 200, body: Data(body.utf8)) }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).initialize(sessionID: "ps-1", item: item)
        }
        #expect(error?.code == .invalidResponse)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
    }

    @Test(
        "transport failures become NETWORK_ERROR", arguments: [TransportError.Kind.timedOut, .connectionFailed, .other])
    func transportFailures(kind: TransportError.Kind) async throws {
        let transport = StubTransport { _ in throw TransportError(kind) }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).initialize(sessionID: "ps-1", item: item)
        }
        #expect(error?.code == .networkError)
        // `/init` (a gift card's balance look-up, a card's preparation) charges nothing: no "unknown outcome".
        #expect(
            error?.message
                == "Payment API POST /init failed: \(kind.rawValue); no answer came, and this call charges nothing: "
                + "retrying it is safe")
    }

    @Test("a request the transport could not send is API_UNREACHABLE: nothing was processed, whatever the call")
    func neverSent() async throws {
        let transport = StubTransport { _ in throw TransportError(.cannotConnect, detail: "refused") }
        let api = paymentAPI(transport)
        let validate = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.validate(sessionID: "ps-1", items: [item], idempotencyKey: "k-1")
        }
        #expect(validate?.code == .apiUnreachable && validate?.kind == .api)
        #expect(
            validate?.message
                == "Payment API POST /validate was not sent: could not connect to 127.0.0.1:9; nothing reached the "
                + "server, so nothing was processed")
        let initialize = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.initialize(sessionID: "ps-1", item: item)
        }
        #expect(initialize?.code == .apiUnreachable)
        let time = await #expect(throws: PurseCheckoutError.self) { _ = try await api.serverTime() }
        #expect(time?.code == .apiUnreachable)
        for error in [validate, initialize, time] {
            #expect(error?.message.contains("may have") == false)
            #expect(error?.localizedMessage.key == "error.API_UNREACHABLE")
        }
    }

    /// An outside review: a lost `/validate` answer was reported as a request that "did not reach the server
    /// whole", though the server had processed it and charged. Nothing claims what the server did any more.
    @Test(
        "a lost answer to a payment says the outcome is unknown; a call that charges nothing says nothing of the kind",
        arguments: [408, nil] as [Int?])
    func unknownOutcomes(status: Int?) async throws {
        let transport = StubTransport { _ in
            guard let status else { throw TransportError(.connectionFailed) }
            return HTTPResponse(status: status, body: Data(#"{"code":"REQUEST_TIMEOUT"}"#.utf8))
        }
        let api = paymentAPI(transport)
        let validate = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.validate(sessionID: "ps-1", items: [item], idempotencyKey: "k-1")
        }
        #expect(validate?.code == .networkError)
        #expect(validate?.message.contains("the outcome is unknown: the server may have processed it") == true)
        #expect(validate?.message.contains("A retry with the same idempotency key cannot apply it twice") == true)
        #expect(validate?.message.contains("did not reach") == false)
        let initialize = await #expect(throws: PurseCheckoutError.self) {
            _ = try await api.initialize(sessionID: "ps-1", item: item)
        }
        #expect(initialize?.message.contains("unknown") == false)
        #expect(
            initialize?.message.hasSuffix("; no answer came, and this call charges nothing: retrying it is safe")
                == true)
        let time = await #expect(throws: PurseCheckoutError.self) { _ = try await api.serverTime() }
        #expect(time?.message.contains("unknown") == false)
        #expect(time?.code == .networkError)
    }

    @Test("cancellation becomes REQUEST_CANCELLED")
    func cancellation() async throws {
        let transport = StubTransport { _ in try await StubTransport.parkUntilCancelled() }
        let api = paymentAPI(transport)
        let task = Task { try await api.initialize(sessionID: "ps-1", item: item) }
        while transport.requests.isEmpty { await Task.yield() }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as PurseCheckoutError) = result else {
            Issue.record("expected a PurseCheckoutError, got \(result)")
            return
        }
        #expect(error.code == .requestCancelled)
    }

    @Test("/init sends one item in snake_case with the api key, to the session's path")
    func initRequestShape() async throws {
        let transport = StubTransport { _ in
            StubTransport.json(
                200,
                [
                    "id": "tx-1", "partner": "illicado", "method": "giftcard", "step_id": 7,
                    "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"],
                    "plugin_result": ["balance": 1234, "currency": "EUR"],
                ])
        }
        var item = item
        item.paymentData = ["card": ["number": "6000000000000000001", "csc": "1234"]]
        item.stepID = 3
        let answer = try await paymentAPI(transport).initialize(sessionID: "ps 1/x", item: item)
        #expect(answer.stepID == 7)
        #expect(answer.status.state == .success)
        #expect(answer.pluginResult["balance"]?.int64Value == 1234)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://127.0.0.1:9/gateway/sessions/ps%201%2Fx/init")
        #expect(request.header("x-api-key") == "pk_test")
        #expect(request.header("content-type") == "application/json")
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["amount"] == 1234)
        #expect(body["step_id"] == 3)
        #expect(body["payment_data"]?["card"]?["csc"] == "1234")
        #expect(body["payment_preferences"] == .object([:]))
    }

    @Test(
        "/validate sends an array and the idempotency key, and decodes each redirect shape",
        arguments: [
            (
                JSONValue.object(["url": "https://psp.example/pay"]),
                RedirectAction.get(URL(string: "https://psp.example/pay")!)
            ),
            (
                JSONValue.object([
                    "url": "https://acs.example/3ds", "method": "POST", "fields": ["PaReq": "abc", "n": 3],
                ]),
                .postForm(url: URL(string: "https://acs.example/3ds")!, fields: ["PaReq": "abc", "n": "3"])
            ),
            (
                JSONValue.object(["form": "<form></form>", "name": "acs"]),
                .postHTML(html: "<form></form>", name: "acs")
            ),
        ])
    func validateShapes(redirection: JSONValue, expected: RedirectAction) async throws {
        let transport = StubTransport { _ in
            StubTransport.json(
                200,
                [
                    "results": [
                        [
                            "id": "r1", "partner": "payzen", "method": "creditcard", "transaction_id": "t1",
                            "status": ["action": "AUTHORIZE", "state": "WAITING", "code": "WAITING_PARTNER_RESPONSE"],
                        ]
                    ],
                    "global_status": "WAITING", "redirection": redirection,
                ])
        }
        let result = try await paymentAPI(transport).validate(
            sessionID: "ps-1", items: [item, item], idempotencyKey: "idem-1")
        #expect(result.redirection == expected)
        #expect(result.globalStatus == .waiting)
        #expect(result.results.first?.transactionID == "t1")
        let request = try #require(transport.requests.first)
        #expect(request.header("Idempotency-Key") == "idem-1")
        #expect(try JSONValue.parse(try #require(request.body)).arrayValue?.count == 2)
    }

    @Test("a validate answer without a redirection, or an empty one, opens nothing")
    func noRedirection() async throws {
        for redirection in [nil, JSONValue.object([:]), ["should_submit_widget": false]] as [JSONValue?] {
            var body: [String: JSONValue] = ["results": [], "global_status": "SUCCESS"]
            if let redirection { body["redirection"] = redirection }
            let answer = JSONValue.object(body)
            let transport = StubTransport { _ in StubTransport.json(200, answer) }
            let result = try await paymentAPI(transport).validate(sessionID: "s", items: [item], idempotencyKey: "k")
            #expect(result.redirection == nil)
        }
    }

    @Test("a redirection with a method other than GET or POST is INVALID_RESPONSE")
    func badRedirectMethod() async throws {
        let transport = StubTransport { _ in
            StubTransport.json(
                200,
                [
                    "results": [], "global_status": "WAITING",
                    "redirection": ["url": "https://x.example", "method": "PUT"],
                ])
        }
        let error = await #expect(throws: PurseCheckoutError.self) {
            _ = try await paymentAPI(transport).validate(sessionID: "s", items: [item], idempotencyKey: "k")
        }
        #expect(error?.code == .invalidResponse)
    }

    @Test("server time reads epoch milliseconds, else the ISO string")
    func serverTime() async throws {
        let millis = StubTransport { _ in StubTransport.json(200, ["utc": 1_800_000_000_123, "iso": "ignored"]) }
        #expect(try await paymentAPI(millis).serverTime() == Date(timeIntervalSince1970: 1_800_000_000.123))
        let iso = StubTransport { _ in StubTransport.json(200, ["iso": "2027-01-15T08:00:00Z"]) }
        #expect(try await paymentAPI(iso).serverTime() == Date(timeIntervalSince1970: 1_800_000_000 - 0))
    }
}
