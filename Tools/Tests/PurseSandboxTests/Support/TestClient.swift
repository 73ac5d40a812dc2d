import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

/// 2026-01-01T00:00:00Z, the server time of most tests.
let fixedNow = Date(timeIntervalSince1970: 1_767_225_600)
let catalogue = SandboxCatalogue.standard
let apiKey = catalogue.entity.apiKey

/// A JSON object decoded for assertions (the tests decode with Foundation, not with the sandbox's code).
typealias JSONObject = [String: Any]

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

/// Talks to a sandbox in process, the way the SDK and a merchant backend would.
struct TestClient {
    let sandbox: PurseSandbox
    let clock: TestClock
    let time: TestTime

    init(statePath: String? = nil, now: Date = fixedNow) throws {
        clock = TestClock()
        let time = TestTime(now)
        self.time = time
        sandbox = try PurseSandbox(
            configuration: SandboxConfiguration(
                baseURL: "http://127.0.0.1:8080", clock: clock, now: { time.now }, statePath: statePath))
    }

    init(sandbox: PurseSandbox, clock: TestClock, time: TestTime) {
        self.sandbox = sandbox
        self.clock = clock
        self.time = time
    }

    func send(
        _ method: String, _ target: String, json: Any? = nil, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> SandboxResponse {
        var data = Data()
        var headers = headers
        if let json {
            data = try JSONSerialization.data(withJSONObject: json)
            if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                headers["content-type"] = "application/json"
            }
        }
        if let body { data = Data(body.utf8) }
        return await sandbox.handle(SandboxRequest(method: method, target: target, headers: headers, body: data))
    }

    /// A session for `amount` minor units.
    func session(
        _ amount: Int, shopper: String? = nil, currency: String = "EUR", methods: [String]? = nil,
        redirect: String = "https://shop.example.com/return", lifetime: Duration? = nil, locale: String? = nil
    ) throws -> SandboxClientSession {
        try sandbox.createClientSession(
            SandboxClientSessionRequest(
                amount: amount, currency: currency, shopperRedirectionURL: redirect, customerReference: shopper,
                lifetime: lifetime, methods: methods, customerLocale: locale))
    }

    func initItem(
        _ session: String, _ item: JSONObject, headers: [String: String]? = nil
    ) async throws
        -> SandboxResponse
    {
        try await send(
            "POST", "/gateway/sessions/\(session)/init", json: item, headers: headers ?? ["x-api-key": apiKey])
    }

    func validate(
        _ session: String, _ items: [JSONObject], key: String? = UUID().uuidString, headers: [String: String] = [:]
    ) async throws -> SandboxResponse {
        var all = ["x-api-key": apiKey]
        if let key { all["Idempotency-Key"] = key }
        all.merge(headers) { $1 }
        return try await send("POST", "/gateway/sessions/\(session)/validate", json: items, headers: all)
    }

    /// A vault form token for a test card.
    func formToken(pan: String, cvv: String = "123", month: Int = 12, year: Int = 30) async throws -> String {
        let response = try await send(
            "POST", "/vault/v1/tenants/\(catalogue.entity.vaultTenantId)/forms/secure-fields",
            json: [
                "cvv": cvv,
                "card": [
                    "pan": pan, "expiry_month": month, "expiry_year": year,
                    "selected_network": catalogue.testCard(pan: pan)?.brand ?? "VISA",
                ],
            ])
        guard response.status == 200, let token = try object(response)["form_token"] as? String else {
            throw TestFailure(description: "no form token: \(response.status) \(response.bodyText)")
        }
        return token
    }

    func walletPath(_ session: SandboxClientSession, owner: String, _ rest: String = "") -> String {
        "/wallet/customers/\(owner)/sessions/\(session.walletSessionId ?? "none")/tokens\(rest)"
    }

    var walletHeaders: [String: String] { ["x-api-key": apiKey, "x-merchant-id": catalogue.entity.merchantId] }
}

func object(_ response: SandboxResponse) throws -> JSONObject {
    guard let value = try JSONSerialization.jsonObject(with: response.body) as? JSONObject else {
        throw TestFailure(description: "not a JSON object: \(response.bodyText)")
    }
    return value
}

func errorCode(_ response: SandboxResponse) -> String? {
    (try? object(response))?["code"] as? String
}

/// The widget data decoded (base64 JSON).
func widget(_ session: SandboxClientSession) throws -> JSONObject {
    guard let data = Data(base64Encoded: session.widgetData),
        let value = try JSONSerialization.jsonObject(with: data) as? JSONObject
    else { throw TestFailure(description: "widget data is not base64 JSON") }
    return value
}

func widgetText(_ session: SandboxClientSession) -> String {
    Data(base64Encoded: session.widgetData).flatMap { String(data: $0, encoding: .utf8) } ?? ""
}

/// `status.state` and `status.code` of an `/init` answer or a validation result.
func status(_ value: JSONObject) -> (state: String?, code: String?) {
    let status = value["status"] as? JSONObject
    return (status?["state"] as? String, status?["code"] as? String)
}

func results(_ response: SandboxResponse) throws -> [JSONObject] {
    try object(response)["results"] as? [JSONObject] ?? []
}

func giftItem(_ slug: String, amount: Int, pin: String? = nil) -> JSONObject {
    guard let card = catalogue.giftCard(slug) else { return [:] }
    var cardData: JSONObject = ["number": card.pan]
    if let code = pin ?? card.pin { cardData["csc"] = code }
    let paymentData: JSONObject =
        card.method == "voucher" ? ["voucher_number": card.pan] : ["card": cardData]
    return ["partner": card.partner, "method": card.method, "amount": amount, "payment_data": paymentData]
}

func cardItem(formToken: String, amount: Int, register: JSONObject? = nil) -> JSONObject {
    var item: JSONObject = [
        "partner": "payzen", "method": "creditcard", "amount": amount,
        "payment_data": ["vault_form_token": formToken],
    ]
    if let register { item["payment_preferences"] = ["registration": register] }
    return item
}

/// Decodes the payload of `purse-redirection-data` (a compact JWS: `header.payload.signature`) from a return URL.
func redirectionData(_ location: String) throws -> JSONObject {
    guard let components = URLComponents(string: location),
        let token = components.queryItems?.first(where: { $0.name == "purse-redirection-data" })?.value
    else { throw TestFailure(description: "no purse-redirection-data in \(location)") }
    let segments = token.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3 else { throw TestFailure(description: "purse-redirection-data is not a compact JWS") }
    let value = String(segments[1])
    var base64 = value.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    guard let data = Data(base64Encoded: base64),
        let json = try JSONSerialization.jsonObject(with: data) as? JSONObject
    else { throw TestFailure(description: "undecodable purse-redirection-data") }
    return json
}
