import Foundation

/// The Purse card vault (CONTRACT §4), under `{vault}/v1/tenants/{tenant_id}`: the BIN look-up that detects a
/// card's brands, and the tokenization that turns a fresh card into a form token for `/validate`.
///
/// Card data goes to the vault and nowhere else; nothing of it is logged (the client logs the call, its
/// status and its duration, never a body).
struct VaultAPI: Sendable {
    let client: APIClient
    let root: URL
    let tenantID: String
    /// Makes the `X-Request-ID` of one tokenization (kept across its retries).
    var makeRequestID: @Sendable () -> String = { UUID().uuidString }

    /// How many times a tokenization is retried after a 5xx.
    static let maxRetries = 3
    /// Sent as `X-Purse-SDK-Version`.
    static let sdkVersion = "purse-headless-checkout-ios/0.2.0"

    private var base: URL { root.appending(segments: ["v1", "tenants", tenantID]) }

    /// `POST …/bin-lookup` `{ "first_digits" }` (6 to 8 digits): the brands of the range, main brand flagged.
    /// An unknown range answers no brand.
    func binLookup(firstDigits: String) async throws(PurseCheckoutError) -> [DetectedCardBrand] {
        let what = "Vault API POST /bin-lookup"
        let body = try await client.send(
            service: "Vault API", method: "POST", url: base.appendingPathComponent("bin-lookup"),
            display: "/bin-lookup", headers: ["X-Purse-SDK-Version": Self.sdkVersion],
            body: ["first_digits": .string(firstDigits)], effect: .chargesNothing)
        let reader = try APIClient.reader(body, what: what)
        return try reader.optional("brands")?.elements().map { (brand) throws(PurseCheckoutError) in
            DetectedCardBrand(
                brand: CardBrand(rawValue: try brand.required("brand").string()),
                isMain: try brand.bool("is_main") ?? false,
                panLengths: try brand.optional("pan_lengths")?.elements().map { (length) throws(PurseCheckoutError) in
                    try length.int()
                },
                cvvLengths: try brand.optional("cvv_lengths")?.elements().map { (length) throws(PurseCheckoutError) in
                    try length.int()
                })
        } ?? []
    }

    /// `POST …/forms/secure-fields`: tokenizes a card; the answer's form token pays it at `/validate`.
    ///
    /// Retried up to ``maxRetries`` times on a 5xx answer only. A transport error (no answer) is never
    /// retried: the vault may have stored the card already, and a second form token would be a duplicate.
    func tokenize(_ card: VaultCard) async throws(PurseCheckoutError) -> VaultFormToken {
        let what = "Vault API POST /forms/secure-fields"
        let headers = ["X-Purse-SDK-Version": Self.sdkVersion, "X-Request-ID": makeRequestID()]
        var attempt = 0
        while true {
            do {
                let body = try await client.send(
                    service: "Vault API", method: "POST", url: base.appending(segments: ["forms", "secure-fields"]),
                    display: "/forms/secure-fields", headers: headers, body: card.json)
                let reader = try APIClient.reader(body, what: what)
                let summary = try reader.optional("card")
                return VaultFormToken(
                    formToken: try reader.required("form_token").string(),
                    bin: try summary?.string("bin"), lastFourDigits: try summary?.string("last_four_digits"))
            } catch  where error.code == .apiError && (error.httpStatus ?? 0) >= 500 && attempt < Self.maxRetries {
                attempt += 1
                client.log.info(
                    "\(what) answered HTTP \(error.httpStatus ?? 0): retry \(attempt) of \(Self.maxRetries)")
            }
        }
    }
}

/// The card a tokenization sends: `{ cvv?, card: { pan, expiry_month, expiry_year, card_holder_name?,
/// save_token?, selected_network } }`. Never printed: its description hides every field.
struct VaultCard: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let pan: String
    let expiryMonth: Int
    /// Four digits; sent as two (`2029` → `29`).
    let expiryYear: Int
    let cvv: String?
    let holderName: String?
    let saveToken: Bool?
    let selectedNetwork: CardBrand

    var json: JSONValue {
        var card: [String: JSONValue] = [
            "pan": .string(pan),
            "expiry_month": .string(twoDigits(expiryMonth)),
            "expiry_year": .string(twoDigits(expiryYear % 100)),
            "selected_network": .string(selectedNetwork.rawValue),
        ]
        if let holderName { card["card_holder_name"] = .string(holderName) }
        if let saveToken { card["save_token"] = .bool(saveToken) }
        var body: [String: JSONValue] = ["card": .object(card)]
        if let cvv { body["cvv"] = .string(cvv) }
        return .object(body)
    }

    var description: String { "VaultCard(\(selectedNetwork), ••••)" }
    var debugDescription: String { description }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// What the vault answered: the form token and the card's public summary.
struct VaultFormToken: Sendable, Hashable {
    /// Sent as `payment_data.vault_form_token`.
    let formToken: String
    /// The first digits (BIN), when the vault gives them.
    let bin: String?
    /// The last four digits.
    let lastFourDigits: String?
}
