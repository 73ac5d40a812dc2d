import Foundation

@testable import PurseHeadlessCheckout

/// Sessions with a Purse-vault card method and saved instruments of every kind, and a stub vault and gateway
/// that record what they were sent (the sandbox runs the same flows in IntegrationTests).
enum CardSessions {
    static let brands: [JSONValue] = ["CARTE_BANCAIRE", "VISA", "MASTERCARD", "AMERICAN_EXPRESS"]

    static func savedCard(
        id: String, brand: String = "VISA", name: String? = nil, maskedPAN: String? = "424242******4242",
        requiresCSC: Bool?, networkToken: Bool? = nil, favorite: Bool = false
    ) -> JSONValue {
        var description: [String: JSONValue] = ["brand_name": .string(brand), "holder_name": "Ada Lovelace"]
        if let maskedPAN { description["masked_pan"] = .string(maskedPAN) }
        var token: [String: JSONValue] = [
            "id": .string(id), "favorite": .bool(favorite), "status": "ACTIVE", "description": .object(description),
        ]
        if let name { token["name"] = .string(name) }
        if let requiresCSC { token["requires_csc"] = .bool(requiresCSC) }
        if let networkToken { token["network_token"] = .bool(networkToken) }
        return .object(token)
    }

    static let paypalAccount: JSONValue = [
        "id": "tok-paypal", "favorite": false, "status": "ACTIVE", "name": "PayPal",
        "description": ["brand_name": "PAYPAL", "display_token": "ada@example.com", "holder_name": "Ada Lovelace"],
    ]

    static func cardMethod(
        partner: String = "payzen", vendor: String = "purse", brands: [JSONValue] = CardSessions.brands,
        saveToken: Bool = true, tokens: [JSONValue] = [], position: Int = 1
    ) -> (String, String, JSONValue) {
        var entry: [String: JSONValue] = [
            "configurations": [
                "template": partner == "payline" ? "payline_creditcard" : "lyra",
                "labels": [.string(partner), "creditcard", "primary"], "position": .integer(Int64(position)),
                "stable": true, "vault": ["vendor": .string(vendor), "supported_brands": .array(brands)],
                "settings": ["save_token": .bool(saveToken), "save_token_mode": "PREFER_NO"],
            ]
        ]
        if !tokens.isEmpty { entry["integrated_tokens"] = .array(tokens) }
        return (partner, "creditcard", .object(entry))
    }

    /// A Purse-vault card method with three saved cards (CVV required, network token, no label at all), a
    /// pci_proxy card method with a saved card, PayPal with a saved account, a redirection method and a gift
    /// card.
    static func protocols(saveToken: Bool = true, vendor: String = "purse") -> [(String, String, JSONValue)] {
        [
            cardMethod(
                vendor: vendor, saveToken: saveToken,
                tokens: [
                    savedCard(id: "tok-cvv", name: "Personal Visa", requiresCSC: true, favorite: true),
                    savedCard(
                        id: "tok-nt", brand: "MASTERCARD", name: "Work card", maskedPAN: "555555******4444",
                        requiresCSC: nil, networkToken: true),
                    savedCard(id: "tok-bare", name: nil, maskedPAN: nil, requiresCSC: false),
                    savedCard(
                        id: "tok-amex", brand: "AMERICAN_EXPRESS", name: "Travel", maskedPAN: "378282*****0005",
                        requiresCSC: true),
                ]),
            cardMethod(
                partner: "payline", vendor: "pci_proxy", saveToken: false,
                tokens: [savedCard(id: "tok-pci", name: "Old Visa", requiresCSC: true)], position: 3),
            TestSessions.method(
                "paypal", "wallet", template: "paypal_wallet", position: 2,
                settings: ["save_token": true, "merchant_specifics": ["integration_mode": "popup"]],
                tokens: [paypalAccount]),
            TestSessions.method("fintecture", "instantpayment", template: "redirection", position: 4),
            TestSessions.method(
                "illicado", "giftcard", template: "secondary", labels: ["illicado", "giftcard", "secondary"],
                position: 10),
        ]
    }

    static func params(
        saveToken: Bool = true, vendor: String = "purse", wallet: Bool = true, tenant: Bool = true
    ) -> JSONValue {
        var params = TestSessions.params(protocols: protocols(saveToken: saveToken, vendor: vendor), wallet: wallet)
        if !tenant {
            params = sessionReplacing("paymentSession.vault", with: nil, in: params)
        }
        return params
    }

    /// Opens a checkout on `params` over `stub`, with the stub clock's time and a log sink.
    @MainActor
    static func open(
        _ params: JSONValue = CardSessions.params(), stub: GatewayStub = GatewayStub(), log: LogSink? = nil,
        registry: PluginRegistry = .shared, locale: Locale? = Locale(identifier: "en"),
        messageOverrides: [String: String] = [:], configure: ((inout PurseCheckoutConfiguration) -> Void)? = nil
    ) async throws -> PurseHeadlessCheckout {
        let keys = Locked(0)
        var configuration = PurseCheckoutConfiguration(
            transport: stub.transport, now: { TestSessions.serverNow }, logHandler: log?.append,
            makeIdempotencyKey: { "key-\(keys.withLock { $0 += 1; return $0 })" }, pluginRegistry: registry,
            locale: locale, messageOverrides: messageOverrides)
        configure?(&configuration)
        return try await PurseHeadlessCheckout(
            widgetData: TestSessions.widgetData(params), configuration: configuration)
    }
}

/// A stub of the vault, the gateway and the wallet: answers like the sandbox, records every request, and
/// fails on demand.
final class GatewayStub: Sendable {
    struct Script: Sendable {
        /// Statuses the next BIN look-ups answer instead of brands (503…); `-1` drops the connection.
        var lookupFailures: [Int] = []
        /// Statuses the next tokenizations answer before succeeding; `-1` drops the connection.
        var tokenizeFailures: [Int] = []
        /// The `/validate` answer.
        var validate: @Sendable () -> HTTPResponse = { SubmissionTests.validateAnswer() }
        /// Statuses (and server codes) the next wallet calls answer; an empty list answers success.
        var walletFailures: [(Int, String)] = []
    }

    /// The script, shared with the transport's handler.
    final class Box: Sendable {
        let script: Locked<Script>
        init(_ script: Script) { self.script = Locked(script) }
    }

    private let box: Box
    let transport: StubTransport

    init(_ script: Script = Script()) {
        let box = Box(script)
        self.box = box
        transport = StubTransport.withServerTime(TestSessions.serverNow) { request in
            try GatewayStub.answer(request, script: box.script)
        }
    }

    func update(_ change: (inout Script) -> Void) { box.script.withLock { change(&$0) } }

    var lookups: [String] {
        transport.requests(endingWith: "/bin-lookup").compactMap {
            $0.body.flatMap { try? JSONValue.parse($0) }?["first_digits"]?.stringValue
        }
    }

    var tokenizations: [JSONValue] {
        transport.requests(endingWith: "/forms/secure-fields").compactMap {
            $0.body.flatMap { try? JSONValue.parse($0) }
        }
    }

    var validations: [JSONValue] {
        transport.requests(endingWith: "/validate").compactMap { $0.body.flatMap { try? JSONValue.parse($0) } }
    }

    var walletCalls: [HTTPRequest] { transport.requests.filter { $0.url.path.contains("/wallet/") } }

    private static func answer(_ request: HTTPRequest, script: borrowing Locked<Script>) throws -> HTTPResponse {
        let path = request.url.path
        if path.hasSuffix("/bin-lookup") {
            if let failure = script.withLock({ $0.lookupFailures.isEmpty ? nil : $0.lookupFailures.removeFirst() }) {
                return try failed(failure)
            }
            let digits = request.body.flatMap { try? JSONValue.parse($0) }?["first_digits"]?.stringValue ?? ""
            return StubTransport.json(200, ["brands": .array(brands(digits))])
        }
        if path.hasSuffix("/forms/secure-fields") {
            if let failure = script.withLock({ $0.tokenizeFailures.isEmpty ? nil : $0.tokenizeFailures.removeFirst() })
            {
                return try failed(failure)
            }
            return StubTransport.json(
                200, ["form_token": "vft_1", "card": ["bin": "41111111", "last_four_digits": "1111"]])
        }
        if path.hasSuffix("/validate") { return script.withLock { $0.validate }() }
        if path.hasSuffix("/init") {
            return StubTransport.json(
                200, ["id": "i1", "step_id": 7, "status": ["action": "INIT", "state": "SUCCESS", "code": "SUCCEEDED"]])
        }
        if path.contains("/wallet/") {
            if let failure = script.withLock({ $0.walletFailures.isEmpty ? nil : $0.walletFailures.removeFirst() }) {
                return StubTransport.json(failure.0, ["code": .string(failure.1), "message": "refused"])
            }
            return HTTPResponse(status: request.method == "DELETE" ? 204 : 200, headers: [:], body: Data())
        }
        return StubTransport.json(599, ["code": "NO_ROUTE"])
    }

    private static func failed(_ status: Int) throws -> HTTPResponse {
        if status < 0 { throw TransportError(.connectionFailed, detail: "dropped") }
        return StubTransport.json(status, ["code": "INJECTED_FAULT"])
    }

    /// The sandbox's BIN table, in short.
    static func brands(_ digits: String) -> [JSONValue] {
        func brand(_ name: String, main: Bool = true, pan: [Int] = [16], cvv: [Int] = [3]) -> JSONValue {
            [
                "brand": .string(name), "is_main": .bool(main), "pan_lengths": .array(pan.map { .integer(Int64($0)) }),
                "cvv_lengths": .array(cvv.map { .integer(Int64($0)) }),
            ]
        }
        if digits.hasPrefix("4970") { return [brand("VISA"), brand("CARTE_BANCAIRE", main: false)] }
        if digits.hasPrefix("4") { return [brand("VISA")] }
        if digits.hasPrefix("5") || digits.hasPrefix("2") { return [brand("MASTERCARD")] }
        if digits.hasPrefix("34") || digits.hasPrefix("37") { return [brand("AMEX", pan: [15], cvv: [4])] }
        if digits.hasPrefix("62") { return [brand("UNIONPAY", pan: [16, 17, 18, 19])] }
        return []
    }
}

/// Fills a card form with a valid card unless told otherwise.
@MainActor
func fill(
    _ form: CardForm, pan: String = "4111111111111111", month: String = "12", year: String = "29", cvv: String = "123",
    holder: String = "Ada Lovelace"
) async {
    form.pan = pan
    form.expiryMonth = month
    form.expiryYear = year
    form.cvv = cvv
    form.holderName = holder
    await form.settleBrandLookup()
}

/// Keeps objects alive for the length of a test (elements hold their checkout weakly).
@MainActor
final class Retained {
    private var objects: [AnyObject] = []
    func keep(_ object: AnyObject) { objects.append(object) }
}
