import Foundation

@testable import PurseHeadlessCheckout

/// Small hand-built sessions for checkout tests (the large fixtures live in Fixtures/).
enum TestSessions {
    static let serverNow = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15
    static let expiry = serverNow.addingTimeInterval(1800)

    static func method(
        _ partner: String, _ method: String, template: String, labels: [String]? = nil, position: Int,
        vendor: String? = nil, stable: Bool = true, settings: [String: JSONValue] = [:],
        tokens: [JSONValue] = []
    ) -> (String, String, JSONValue) {
        var configuration: [String: JSONValue] = [
            "template": .string(template),
            "labels": .array((labels ?? [partner, method, "primary"]).map { .string($0) }),
            "position": .integer(Int64(position)),
            "stable": .bool(stable),
            "settings": .object(settings),
        ]
        if let vendor { configuration["vault"] = ["vendor": .string(vendor), "supported_brands": ["VISA"]] }
        var entry: [String: JSONValue] = ["configurations": .object(configuration)]
        if !tokens.isEmpty { entry["integrated_tokens"] = .array(tokens) }
        return (partner, method, .object(entry))
    }

    static func cardToken(id: String, partner: String, method: String, requiresCSC: Bool?) -> JSONValue {
        var token: [String: JSONValue] = [
            "id": .string(id), "value": "psp-token", "favorite": false, "status": "ACTIVE",
            "description": ["brand_name": "VISA", "display_token": "411111******1111", "holder_name": "Ada"],
            "payment_id": ["origin": "partner", "partner": .string(partner), "method": .string(method)],
        ]
        if let requiresCSC { token["requires_csc"] = .bool(requiresCSC) }
        return .object(token)
    }

    /// The default catalogue: a Purse-vault card with two saved cards, a pci_proxy card with a saved card,
    /// a redirection method, an unroutable method, an unstable method, and two gift cards.
    static var standardProtocols: [(String, String, JSONValue)] {
        [
            method(
                "payzen", "creditcard", template: "lyra", position: 3, vendor: "purse",
                settings: ["payment_max_amount": 4000, "payment_min_amount": .number(Decimal(string: "0.01")!)],
                tokens: [
                    cardToken(id: "tok-cvv", partner: "payzen", method: "creditcard", requiresCSC: true),
                    cardToken(id: "tok-nocvv", partner: "payzen", method: "creditcard", requiresCSC: false),
                ]),
            method(
                "payline", "creditcard", template: "payline_creditcard", position: 4, vendor: "pci_proxy",
                tokens: [cardToken(id: "tok-pci", partner: "payline", method: "creditcard", requiresCSC: true)]),
            method("fintecture", "instantpayment", template: "redirection", position: 1),
            method("alma", "cb2x", template: "alma", position: 2),
            method("klarna", "installments", template: "klarna_installments", position: 5, stable: false),
            method(
                "illicado", "giftcard", template: "secondary", labels: ["illicado", "giftcard", "secondary"],
                position: 7),
            method(
                "easy2play", "voucher", template: "secondary", labels: ["easy2play", "voucher", "secondary"],
                position: 6),
        ]
    }

    static func params(
        amount: JSONValue = .number(Decimal(string: "42.99")!), currency: String = "EUR",
        expiry: Date = TestSessions.expiry, protocols: [(String, String, JSONValue)] = standardProtocols,
        wallet: Bool = true
    ) -> JSONValue {
        var protocolObject: [String: JSONValue] = [:]
        for (partner, method, entry) in protocols {
            var methods = protocolObject[partner]?.objectValue ?? [:]
            methods[method] = entry
            protocolObject[partner] = .object(methods)
        }
        var params: [String: JSONValue] = [
            "apiKey": "pk_test", "entityId": "entity-1", "environment": "sandbox",
            "apiPaths": [
                "payment": "http://127.0.0.1:9/gateway", "wallet": "http://127.0.0.1:9/wallet",
                "datetime": "http://127.0.0.1:9/clock", "logs": "http://127.0.0.1:9/logs",
                "vault": "http://127.0.0.1:9/vault",
            ],
            "paymentSession": [
                "id": "ps-1", "amount": amount, "currency_code": .string(currency),
                "expiration_date": .string(ISO8601.format(expiry)), "redirection": "https://shop.example/return",
                "protocols": .object(protocolObject),
                "vault": ["vendor_front_data": ["purse": ["tenant_id": "tenant-1"]]],
            ],
        ]
        if wallet {
            params["walletSession"] = [
                "session_id": "ws-1", "owner_reference": "shopper-1", "merchant": "merchant-1",
                "expiration_date": .string(ISO8601.format(expiry)),
            ]
        }
        return .object(params)
    }

    static func widgetData(_ params: JSONValue = TestSessions.params()) -> String {
        params.serialized().base64EncodedString()
    }

    /// Opens a checkout on `params` with a stub transport whose clock says `serverNow`.
    @MainActor
    static func open(
        _ params: JSONValue = TestSessions.params(), serverTime: Date = TestSessions.serverNow,
        routes: @escaping StubTransport.Handler = { _ in StubTransport.json(599, ["code": "NO_ROUTE"]) }
    ) async throws -> (PurseHeadlessCheckout, StubTransport) {
        let transport = StubTransport.withServerTime(serverTime, routes: routes)
        let configuration = PurseCheckoutConfiguration(
            transport: transport, now: { serverTime }, makeIdempotencyKey: { "key-1" })
        let checkout = try await PurseHeadlessCheckout(widgetData: widgetData(params), configuration: configuration)
        return (checkout, transport)
    }
}
