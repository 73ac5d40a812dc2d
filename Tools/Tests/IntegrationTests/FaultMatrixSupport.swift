import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The faults of the matrix, in column order.
///
/// "Handled" faults let the sandbox do the work (charge, rename, delete) and then break the answer: the
/// dangerous case a retry must survive. The others refuse before anything happens.
enum MatrixFault: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// The answer comes 30 s (sandbox clock) after the request; the SDK's `requestTimeout` is 5 s.
    case timeout
    /// Handled, then the connection is reset (RST) without an answer.
    case reset
    /// Handled, then the connection is closed (FIN) without an answer.
    case drop
    case http500
    case http502
    case http503
    /// 400 with `{ "code": "INJECTED_FAULT", "message": … }`.
    case http400JSON
    /// 404 with no body at all.
    case http404Empty
    /// Handled, then the JSON body is cut in half.
    case malformed
    /// Handled, then answered `200 text/html` with an HTML page (a proxy or captive portal in the way).
    case html
    /// Handled, then half the body is sent under the whole body's `Content-Length`, and the connection held.
    case stall

    var testDescription: String { rawValue }

    /// The sandbox fault; it stays on the route until the test clears it.
    var sandboxFault: SandboxFault {
        switch self {
        case .timeout: .latency(.seconds(30))
        case .reset: .reset()
        case .drop: .drop()
        case .http500: .status(500)
        case .http502: .status(502)
        case .http503: .status(503)
        case .http400JSON: .status(400, code: "INJECTED_FAULT")
        case .http404Empty: .statusWithoutBody(404)
        case .malformed: .malformed()
        case .html: .html()
        case .stall: .stall()
        }
    }

    /// Whether the sandbox did the work before the answer was lost or broken.
    var handled: Bool {
        switch self {
        case .timeout, .reset, .drop, .malformed, .html, .stall: true
        case .http500, .http502, .http503, .http400JSON, .http404Empty: false
        }
    }

    /// The status the SDK's error carries (`nil`: no answer arrived).
    var httpStatus: Int? {
        switch self {
        case .http500: 500
        case .http502: 502
        case .http503: 503
        case .http400JSON: 400
        case .http404Empty: 404
        case .malformed, .html: 200
        case .timeout, .reset, .drop, .stall: nil
        }
    }

    /// The server code the SDK's error carries.
    var serverCode: String? {
        switch self {
        case .http500, .http502, .http503, .http400JSON: "INJECTED_FAULT"
        default: nil
        }
    }

    /// Where the cell runs: a timeout needs a real socket and a real deadline (`SandboxTransport` has none).
    var wires: [Wire] { self == .timeout ? [.loopback] : Wire.allCases }
}

/// Every SDK call of the public API that reaches the network, in row order.
enum MatrixCall: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// Opening: `GET /datetime` (server time).
    case openServerTime
    /// Opening: the saved gift cards' balance look-ups (`/init` with a token, in the background).
    case savedGiftCardBalances
    /// `getSecondaryToken` (`/init`).
    case getSecondaryToken
    /// `registerSecondary` then `submitPayment()` with gift cards covering everything (`/validate`).
    case submitGiftCards
    /// A saved card with its CVV: `element.submit()` (`/validate`).
    case savedCardCVV
    /// A fresh card: `element.submit()`, fault at the vault tokenization (`/forms/secure-fields`).
    case freshCardTokenize
    /// A fresh card registered with `registerMethod`: `element.submit()`, fault at `/validate`.
    case freshCardValidate
    /// The card form's BIN look-up (`/bin-lookup`) while typing a PAN.
    case binLookup
    /// A redirection method: `element.submit()`, fault at its `/init`.
    case redirectionInit
    /// A redirection method: `element.submit()`, fault at `/validate`; then the hosted page and the return.
    case redirectionValidate
    /// A saved card with 3-D Secure: `element.submit()`, fault at `/validate`; then the challenge and the return.
    case threeDSValidate
    /// `editToken(PaymentToken, name:)` (`PATCH …/tokens/{id}`).
    case editToken
    /// `setTokenFavorite` (`PUT …/tokens/{id}/favorite`).
    case setTokenFavorite
    /// `deleteToken` (`DELETE …/tokens/{id}`).
    case deleteToken
    /// `deleteAllTokens` (`DELETE …/tokens`).
    case deleteAllTokens
    /// `editToken(SavedSecondaryToken, name:)` (`PATCH …/tokens/{id}`).
    case editSavedGiftCard

    var testDescription: String { rawValue }

    /// The route the fault is set on.
    var route: SandboxRoute {
        switch self {
        case .openServerTime: .datetime
        case .savedGiftCardBalances, .getSecondaryToken, .redirectionInit: .gatewayInit
        case .submitGiftCards, .savedCardCVV, .freshCardValidate, .redirectionValidate, .threeDSValidate:
            .gatewayValidate
        case .freshCardTokenize, .binLookup: .vault
        case .editToken, .setTokenFavorite, .deleteToken, .deleteAllTokens, .editSavedGiftCard: .wallet
        }
    }
}

/// One cell's expectation: the error's code (for the two calls that do not throw, the code their documented
/// fallback records), and how many requests the route receives.
struct CellExpectation: Sendable {
    let code: PurseCheckoutError.Code
    let requests: Int
}

/// The expected table, written out: one row per call, one column per fault in ``MatrixFault`` order
/// (timeout, reset, drop, 500, 502, 503, 400 JSON, 404 empty, malformed, html, stall).
enum FaultMatrixTable {
    private typealias Code = PurseCheckoutError.Code
    private static let net = Code.networkError
    private static let api = Code.apiError
    private static let bad = Code.invalidResponse
    private static let initFailed = Code.failedToInitSecondaryToken
    private static let deleteAll = Code.failedToDeleteAllTokens
    private static let lookupFailed: Code = "TOKEN_INIT_FAILED"

    /// The code of each cell. `openServerTime` does not throw: the code is the one its warning names.
    /// `savedGiftCardBalances` does not throw: the code is every saved card's `disabled.code`. `binLookup` does
    /// not throw: the code is the one the failed look-up logs.
    private static let codes: [MatrixCall: [Code]] = [
        //                       timeout reset drop  500  502  503  400J 404e malformed html stall
        .openServerTime: [net, net, net, api, api, api, api, api, bad, bad, net],
        .savedGiftCardBalances: Array(repeating: lookupFailed, count: 11),
        .getSecondaryToken: Array(repeating: initFailed, count: 11),
        .submitGiftCards: [net, net, net, api, api, api, api, api, bad, bad, net],
        .savedCardCVV: [net, net, net, api, api, api, api, api, bad, bad, net],
        .freshCardTokenize: [net, net, net, api, api, api, api, api, bad, bad, net],
        .freshCardValidate: [net, net, net, api, api, api, api, api, bad, bad, net],
        .binLookup: [net, net, net, api, api, api, api, api, bad, bad, net],
        .redirectionInit: [net, net, net, api, api, api, api, api, bad, bad, net],
        .redirectionValidate: [net, net, net, api, api, api, api, api, bad, bad, net],
        .threeDSValidate: [net, net, net, api, api, api, api, api, bad, bad, net],
        .editToken: [net, net, net, api, api, api, api, api, bad, bad, net],
        .setTokenFavorite: [net, net, net, api, api, api, api, api, bad, bad, net],
        .deleteToken: [net, net, net, api, api, api, api, api, bad, bad, net],
        .deleteAllTokens: Array(repeating: deleteAll, count: 11),
        .editSavedGiftCard: [net, net, net, api, api, api, api, api, bad, bad, net],
    ]

    /// Requests the faulted route receives during the call. The vault tokenization is the only call the SDK
    /// retries: 3 more times after a 5xx (same `X-Request-ID`), never after a transport error.
    private static let requests: [MatrixCall: [Int]] = [
        //                       timeout reset drop 500 502 503 400J 404e malformed html stall
        .openServerTime: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .savedGiftCardBalances: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
        .getSecondaryToken: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .submitGiftCards: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .savedCardCVV: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .freshCardTokenize: [1, 1, 1, 4, 4, 4, 1, 1, 1, 1, 1],
        .freshCardValidate: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .binLookup: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .redirectionInit: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .redirectionValidate: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .threeDSValidate: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .editToken: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .setTokenFavorite: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .deleteToken: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .deleteAllTokens: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        .editSavedGiftCard: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    ]

    /// The group of the thrown error (`nil`: the call does not throw).
    static func kind(_ call: MatrixCall) -> PurseCheckoutError.Kind? {
        switch call {
        case .openServerTime, .savedGiftCardBalances, .binLookup: nil
        case .getSecondaryToken: .secondaryTokenizationFailed
        case .editToken, .setTokenFavorite, .deleteToken, .deleteAllTokens, .editSavedGiftCard: .walletOperationFailed
        default: .api
        }
    }

    static func expectation(_ call: MatrixCall, _ fault: MatrixFault) throws -> CellExpectation {
        let column = try #require(MatrixFault.allCases.firstIndex(of: fault))
        let codeRow = try #require(codes[call])
        let requestRow = try #require(requests[call])
        try #require(codeRow.count == MatrixFault.allCases.count && requestRow.count == MatrixFault.allCases.count)
        return CellExpectation(code: codeRow[column], requests: requestRow[column])
    }

    /// Every cell that runs: (call, fault, wire).
    static var cells: [(MatrixCall, MatrixFault, Wire)] {
        MatrixCall.allCases.flatMap { call in
            MatrixFault.allCases.flatMap { fault in fault.wires.map { (call, fault, $0) } }
        }
    }
}

/// What an app can observe of a checkout, compared before and after a failed call.
struct ObservedCheckout: Equatable, CustomStringConvertible {
    var phase: SessionState
    var split: [AmountSplitEntry]
    var remaining: Decimal
    var fulfilled: Bool
    var primary: String?
    var tokens: [PaymentToken]
    var savedGiftCards: [SavedSecondaryToken]
    var submitted: SubmittedPayment?

    @MainActor
    init(_ checkout: PurseHeadlessCheckout) {
        phase = checkout.sessionState
        split = checkout.amountSplit
        remaining = checkout.remainingAmountToPay
        fulfilled = checkout.isPaymentFulfilled
        primary = checkout.primary?.id
        tokens = checkout.paymentTokens
        savedGiftCards = checkout.savedSecondaryTokens
        submitted = checkout.submittedPayment
    }

    var description: String {
        "\(phase) split \(split.map { "\($0.id)=\($0.amount)" }) remaining \(remaining) primary \(primary ?? "-") "
            + "tokens \(tokens.map(\.id)) saved \(savedGiftCards.map(\.id))"
    }
}

/// A harness for one cell: the sandbox clock is a test clock for the timeout column (the late answer is released
/// by advancing it), the real clock otherwise.
@MainActor
struct MatrixRig {
    let harness: Harness
    let clock: TestClock?
    let fault: MatrixFault
    let logs = LogLines()

    init(_ wire: Wire, _ fault: MatrixFault) throws {
        self.fault = fault
        if fault == .timeout {
            let clock = TestClock()
            self.clock = clock
            harness = try Harness(wire, clock: clock)
        } else {
            clock = nil
            harness = try Harness(wire)
        }
    }

    var sandbox: PurseSandbox { harness.sandbox }

    /// The checkout's `requestTimeout`: 5 s where the client's deadline ends the call (a late answer, a body that
    /// never finishes) — short, yet long enough for the retry after the fault to be answered on a slow machine (a
    /// ThreadSanitizer build missed 1 s) — and 20 s elsewhere, so that a slow machine never turns an HTTP answer
    /// into a client timeout.
    var requestTimeout: Duration { fault == .timeout || fault == .stall ? .seconds(5) : .seconds(20) }

    /// A checkout whose requests time out after ``requestTimeout`` and whose log lines are kept; unless `settle`
    /// is false, its saved gift cards' background look-ups have ended, so that they do not change the state
    /// during the call.
    func open(
        amount: Decimal = Decimal(string: "42.99")!, shopper: String? = PurseSandbox.demoShopper, settle: Bool = true
    ) async throws -> PurseHeadlessCheckout {
        let timeout = requestTimeout
        let checkout = try await harness.openCheckout(amount: amount, shopper: shopper) { configuration in
            configuration.requestTimeout = timeout
            configuration.logHandler = logs.handler
        }
        guard settle, shopper != nil else { return checkout }
        // In the timeout column the slow card's issuer waits on the parked test clock: its look-up ends with the
        // client's 5 s timeout (the card is disabled).
        await checkout.waitForSavedSecondaryBalances()
        return checkout
    }

    func requests(_ route: SandboxRoute) -> Int { sandbox.stats().requests(route) }

    /// Lets the late handlers of the timeout column finish (their answer goes nowhere).
    func releaseLateAnswers() async {
        guard let clock else { return }
        for _ in 0..<4 {
            await clock.advance(by: .seconds(60))
            await Task.yield()
        }
    }
}

/// Checks an error against its cell: code, group, status and server code.
///
/// One platform quirk is written out: over loopback, libcurl (FoundationNetworking) resends a request whose
/// kept-alive connection was dropped or reset, and a POST goes out again without its body: the server answers
/// 408 `REQUEST_TIMEOUT` after its read timeout, unless the client's own timeout ends first. The SDK reports
/// both as `NETWORK_ERROR`; only the status differs (408 or none).
func expectCellError(
    _ error: PurseCheckoutError?, _ expected: CellExpectation, kind: PurseCheckoutError.Kind, fault: MatrixFault,
    wire: Wire, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error else {
        Issue.record("expected \(expected.code), got no error", sourceLocation: sourceLocation)
        return
    }
    #expect(error.code == expected.code, "\(error)", sourceLocation: sourceLocation)
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    if wire == .loopback && (fault == .drop || fault == .reset) && error.httpStatus == 408 {
        #expect(error.serverCode == "REQUEST_TIMEOUT", "\(error)", sourceLocation: sourceLocation)
    } else {
        #expect(error.httpStatus == fault.httpStatus, "\(error)", sourceLocation: sourceLocation)
        #expect(error.serverCode == fault.serverCode, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Checks the requests a route received during a call. Over loopback, libcurl resends a request without a
/// body (`DELETE`) whose kept-alive connection was dropped or reset, once per pooled connection it tries (at
/// most 5 times): the sandbox receives and handles each resend. Those are idempotent deletes; every other
/// count is exact.
func expectRequests(
    _ received: Int, _ expected: CellExpectation, call: MatrixCall, fault: MatrixFault, wire: Wire,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let resendable =
        wire == .loopback && (fault == .drop || fault == .reset) && (call == .deleteToken || call == .deleteAllTokens)
    if resendable {
        #expect(
            (expected.requests...(expected.requests + 5)).contains(received), "\(received)",
            sourceLocation: sourceLocation)
    } else {
        #expect(received == expected.requests, "\(received)", sourceLocation: sourceLocation)
    }
}

/// Counts the cells that ran, for the report.
enum MatrixCounter {
    private static let ran = Locked<Int>(0)
    static func count() { ran.withLock { $0 += 1 } }
    static var cells: Int { ran.withLock { $0 } }
}
