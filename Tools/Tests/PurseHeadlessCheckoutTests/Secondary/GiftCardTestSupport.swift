import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Sessions with every shipped issuer, and a stub issuer answering `/init` and `/validate`, for the
/// checkout-level gift card tests (the sandbox runs the same flows in IntegrationTests).
enum GiftCardSessions {
    static let illicadoPAN = "6003580000000000011"
    static let illicadoPIN = "1234"
    static let savedCardID = "saved-40"
    static let savedFailingID = "saved-fails"
    static let savedEmptyID = "saved-empty"

    static func secondary(
        _ partner: String, _ method: String, position: Int, settings: [String: JSONValue] = [:],
        tokens: [JSONValue] = []
    ) -> (String, String, JSONValue) {
        TestSessions.method(
            partner, method, template: "secondary", labels: [partner, method, "secondary"], position: position,
            settings: settings, tokens: tokens)
    }

    static func savedGiftCard(id: String, name: String?) -> JSONValue {
        var token: [String: JSONValue] = [
            "id": .string(id), "favorite": false, "status": "ACTIVE",
            "description": ["brand_name": "EASY2PLAY", "display_token": "************0045"],
        ]
        if let name { token["name"] = .string(name) }
        return .object(token)
    }

    /// A saved card named "Personal Visa" that pays without CVV.
    static var savedCard: JSONValue {
        var card =
            TestSessions.cardToken(id: "tok-nocvv", partner: "payzen", method: "creditcard", requiresCSC: false)
            .objectValue ?? [:]
        card["name"] = "Personal Visa"
        return .object(card)
    }

    /// A saved card, a redirection method, and every shipped issuer with the sandbox's settings; Easy2Play
    /// gift cards include three saved ones.
    static func protocols(savedGiftCards: Bool = true) -> [(String, String, JSONValue)] {
        [
            TestSessions.method(
                "payzen", "creditcard", template: "lyra", position: 1, vendor: "purse",
                tokens: [savedCard]),
            TestSessions.method("fintecture", "instantpayment", template: "redirection", position: 2),
            secondary("illicado", "giftcard", position: 10, settings: ["save_token": true]),
            secondary(
                "buybox", "giftcard", position: 11, settings: ["payment_max_amount": 50, "usage_per_session_limit": 0]),
            secondary("ogloba", "giftcard", position: 12),
            secondary("mybeezbox", "giftcard", position: 13),
            secondary(
                "easy2play", "giftcard", position: 14, settings: ["save_token": true, "usage_per_session_limit": 2],
                tokens: savedGiftCards
                    ? [
                        savedGiftCard(id: savedCardID, name: "Birthday card"),
                        savedGiftCard(id: savedFailingID, name: "Broken card"),
                        savedGiftCard(id: savedEmptyID, name: nil),
                    ] : []),
            secondary("easy2play", "voucher", position: 15, settings: ["usage_per_session_limit": 0]),
            secondary("maxxing", "loyaltycard", position: 16),
            secondary("ancv", "connect", position: 17),
            secondary("acme", "voucher", position: 18),
        ]
    }

    static func params(amount: String = "100.00", wallet: Bool = true, savedGiftCards: Bool = true) -> JSONValue {
        TestSessions.params(
            amount: .number(Decimal(string: amount)!), protocols: protocols(savedGiftCards: savedGiftCards),
            wallet: wallet)
    }

    /// Opens a checkout on the gift-card session with `issuer` answering, and waits for the saved gift cards'
    /// balances.
    @MainActor
    static func open(
        amount: String = "100.00", wallet: Bool = true, savedGiftCards: Bool = true, issuer: StubIssuer = StubIssuer(),
        configure: (inout PurseCheckoutConfiguration) -> Void = { _ in }
    ) async throws -> (PurseHeadlessCheckout, StubTransport) {
        let transport = StubTransport.withServerTime(TestSessions.serverNow) { try await issuer.handle($0) }
        var configuration = PurseCheckoutConfiguration(
            transport: transport, now: { TestSessions.serverNow }, makeIdempotencyKey: { "key-1" })
        configure(&configuration)
        let checkout = try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(params(amount: amount, wallet: wallet, savedGiftCards: savedGiftCards)),
            configuration: configuration)
        await checkout.waitForSavedSecondaryBalances()
        return (checkout, transport)
    }

    /// The illicado method of a checkout.
    @MainActor
    static func method(
        _ checkout: PurseHeadlessCheckout, _ partner: Partner, _ method: PaymentMethodType = .giftcard
    )
        -> SecondaryMethod
    {
        checkout.secondaryMethods.first { $0.partner == partner && $0.method == method }!
    }
}

/// A stub gift-card issuer behind `/init` and `/validate`: cards by number, saved cards by token id, balances
/// computed against the amount asked (CONTRACT §2). Records every item it was sent.
final class StubIssuer: Sendable {
    struct Card: Sendable {
        var balance: Int64
        var pin: String?
        var refusal: String?
        /// `WAITING` answers before the final one (app-approval issuers).
        var waits: Int = 0
    }

    private struct State {
        var cards: [String: Card]
        var saved: [String: Int64?]
        var inits: [JSONValue] = []
        var validations: [[JSONValue]] = []
        var walletRequests: [String] = []
        var walletFailure: (status: Int, code: String)?
        var stepOfCard: [String: Int64] = [:]
        var counter = 0
    }

    private let state: Locked<State>

    init(
        cards: [String: Card] = [
            GiftCardSessions.illicadoPAN: Card(balance: 5000, pin: GiftCardSessions.illicadoPIN),
            "6003580000000000029": Card(balance: 0, pin: "1234"),
            "6003580000000000037": Card(balance: 2000, pin: "1234", refusal: "BLOCKED_CARD"),
            "9250000000000018": Card(balance: 8000, pin: "123"),
            "1250000000000017": Card(balance: 3000),
            "7000000000000000014": Card(balance: 10000, pin: "4321"),
            "3000000000000013": Card(balance: 7500),
            "8000000000000011": Card(balance: 2500, pin: "111"),
            "8000000000000029": Card(balance: 1500, pin: "222"),
            "8000000000000037": Card(balance: 1000, pin: "333"),
            "VOUCHER10": Card(balance: 1000),
            "VOUCHER50XL": Card(balance: 5000),
            "1234567890": Card(balance: 800),
            "ANCV0001": Card(balance: 15000, waits: 2),
            "ANCV0002": Card(balance: 15000, refusal: "ABORTED_BY_CUSTOMER", waits: 1),
            "ANCV0003": Card(balance: 15000, waits: 1000),
            "ACME-42": Card(balance: 2000),
        ],
        saved: [String: Int64?] = [
            GiftCardSessions.savedCardID: 4000, GiftCardSessions.savedFailingID: nil, GiftCardSessions.savedEmptyID: 0,
        ]
    ) {
        state = Locked(State(cards: cards, saved: saved))
    }

    /// Every `/init` body received.
    var inits: [JSONValue] { state.withLock { $0.inits } }
    /// Every `/validate` body received.
    var validations: [[JSONValue]] { state.withLock { $0.validations } }

    /// `METHOD path` of every wallet call received.
    var walletRequests: [String] { state.withLock { $0.walletRequests } }

    /// Makes every wallet call fail with `status` and `code` (`nil`: succeed).
    func failWallet(_ failure: (status: Int, code: String)?) { state.withLock { $0.walletFailure = failure } }

    func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.url.path.contains("/tokens") {
            let failure = state.withLock { state in
                state.walletRequests.append("\(request.method) \(request.url.path)")
                return state.walletFailure
            }
            if let failure { return StubTransport.json(failure.status, ["code": .string(failure.code)]) }
            return HTTPResponse(status: 204)
        }
        let body = try JSONValue.parse(request.body ?? Data())
        if request.url.path.hasSuffix("/validate") {
            let items = body.arrayValue ?? []
            state.withLock { $0.validations.append(items) }
            let results: [JSONValue] = items.map { item in
                [
                    "partner": item["partner"] ?? "", "method": item["method"] ?? "",
                    "status": ["action": "APPLY", "state": "SUCCESS", "code": "SUCCEEDED"],
                ]
            }
            return StubTransport.json(200, ["results": .array(results), "global_status": "SUCCESS"])
        }
        guard request.url.path.hasSuffix("/init") else { return StubTransport.json(599, ["code": "NO_ROUTE"]) }
        let amount = body["amount"]?.int64Value ?? 0
        let data = body["payment_data"]
        return state.withLock { state in
            state.inits.append(body)
            state.counter += 1
            var step = JSONValue.integer(Int64(state.counter))
            func answer(_ status: String, _ code: String, _ result: JSONValue = [:]) -> HTTPResponse {
                StubTransport.json(
                    200,
                    [
                        "id": .string("init-\(state.counter)"), "partner": body["partner"] ?? "",
                        "method": body["method"] ?? "", "step_id": step,
                        "status": ["action": "INIT", "state": .string(status), "code": .string(code)],
                        "plugin_result": result,
                    ])
            }
            func balance(_ total: Int64, canBeRegistered: Bool) -> JSONValue {
                [
                    "balance": .integer(min(total, amount)), "total_balance": .integer(total), "currency": "EUR",
                    "expiration_date": "2030-12-31T23:59:59.000Z", "partner_reference": .string("REF-\(state.counter)"),
                    "can_be_registered": .bool(canBeRegistered),
                ]
            }
            if let token = data?["token"]?.stringValue {
                guard let entry = state.saved[token] else { return answer("FAILED", "UNKNOWN_CARD") }
                guard let total = entry else { return answer("FAILED", "TECHNICAL_ISSUE_TO_CONTACT_PARTNER") }
                return answer("SUCCESS", "SUCCEEDED", balance(total, canBeRegistered: false))
            }
            let number =
                data?["card"]?["number"]?.stringValue ?? data?["voucher_number"]?.stringValue
                ?? data?["voucher_code"]?.stringValue ?? data?["account"]?.stringValue ?? ""
            guard var card = state.cards[number] else { return answer("FAILED", "UNKNOWN_CARD") }
            if card.waits > 0 {
                if let stepID = state.stepOfCard[number], body["step_id"]?.int64Value != stepID {
                    return answer("FAILED", "UNKNOWN_STEP")
                }
                card.waits -= 1
                state.cards[number] = card
                let first = state.stepOfCard[number] ?? Int64(state.counter)
                state.stepOfCard[number] = first
                return StubTransport.json(
                    200,
                    [
                        "id": .string("init-\(state.counter)"), "step_id": .integer(first),
                        "status": ["action": "INIT", "state": "WAITING", "code": "WAITING_PARTNER_RESPONSE"],
                    ])
            }
            if let first = state.stepOfCard[number] { step = .integer(first) }  // the poll's final answer
            if let refusal = card.refusal { return answer("FAILED", refusal) }
            if let pin = card.pin, data?["card"]?["csc"]?.stringValue != pin {
                return answer("FAILED", "WRONG_CARD_DATA")
            }
            return answer("SUCCESS", "SUCCEEDED", balance(card.balance, canBeRegistered: true))
        }
    }
}

/// A small seeded generator for the gift-card property tests (xorshift64*), deterministic everywhere.
struct GiftCardRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A value in `range` (modulo bias is irrelevant here).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }
}

/// Builds tokens straight from values, for split tests that need no network.
extension SecondaryToken {
    static func stub(
        _ id: String, partner: Partner, method: PaymentMethodType = .giftcard, pan: String? = nil, balance: Int64,
        sessionID: String = "ps-1", canBeRegistered: Bool = true
    ) -> SecondaryToken {
        SecondaryToken(
            id: id, partner: partner, method: method, pan: pan ?? "PAN-\(id)", cvv: nil, balanceMinorUnits: balance,
            totalBalance: nil, currency: .eur, canBeRegistered: canBeRegistered, expirationDate: nil,
            partnerReference: nil, stepID: nil, pluginResult: [:], sessionID: sessionID)
    }
}

/// Collects the SDK's log lines.
final class LogLines: Sendable {
    private let lines = Locked<[PurseLogEntry]>([])

    var handler: @Sendable (PurseLogEntry) -> Void { { entry in self.lines.withLock { $0.append(entry) } } }

    var all: [PurseLogEntry] { lines.withLock { $0 } }
}

/// Yields, then polls every millisecond, until `condition` holds; records an issue when it still does not hold
/// after `limit` of real time. The bound is real time (not a count of yields): on a loaded machine, under a
/// sanitizer, an answer over loopback may take seconds to come back.
func yieldUntil(
    isolation: isolated (any Actor)? = #isolation, limit: Duration = .seconds(120),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async rethrows {
    let deadline = ContinuousClock.now + limit
    var spins = 0
    while ContinuousClock.now < deadline {
        if try condition() { return }
        spins += 1
        if spins < 1000 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))  // leave the actor to the work being waited for
        }
    }
    if try condition() { return }
    Issue.record("the condition still did not hold after \(limit)", sourceLocation: sourceLocation)
}
