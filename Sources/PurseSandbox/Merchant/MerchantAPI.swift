internal import Foundation

/// The merchant backend's side (CONTRACT.md §5): OAuth token, create and read client sessions.
extension PurseSandbox {
    /// `POST /oauth/token`: form `grant_type=client_credentials`, HTTP Basic `client_id:client_secret`
    /// (or `client_id` / `client_secret` form fields). 401 `INVALID_CLIENT` for wrong credentials.
    func issueAccessToken(_ request: SandboxRequest) -> SandboxResponse {
        let form = request.formBody
        guard form["grant_type"] == "client_credentials" else {
            return .error(400, "UNSUPPORTED_GRANT_TYPE", "grant_type must be client_credentials")
        }
        var credentials: (id: String, secret: String)? = nil
        if let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("basic "),
            let decoded = SandboxEncoding.decodeBase64(String(authorization.dropFirst(6))),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        {
            credentials = (String(pair[..<colon]), String(pair[pair.index(after: colon)...]))
        } else if let id = form["client_id"], let secret = form["client_secret"] {
            credentials = (id, secret)
        }
        let entity = catalogue.entity
        guard let credentials, credentials.id == entity.clientId, credentials.secret == entity.clientSecret else {
            var response = SandboxResponse.error(401, "INVALID_CLIENT", "Unknown client id or wrong client secret")
            response.headers["www-authenticate"] = "Basic realm=\"purse-sandbox\""
            return response
        }
        let token = "sbx-at-" + newID().replacingOccurrences(of: "-", with: "")
        let now = self.now
        let digest = SandboxSHA256.hex(token)
        mutate { state in
            state.accessTokenDigests = state.accessTokenDigests.filter { $0.value > now }
            state.accessTokenDigests[digest] = now.addingTimeInterval(3600)
        }
        return .json(200, ["access_token": .string(token), "token_type": "Bearer", "expires_in": 3600])
    }

    /// Checks `x-api-key` and `Authorization: Bearer` of a merchant call.
    func authorizeMerchant(_ request: SandboxRequest) -> SandboxAPIError? {
        guard request.header("x-api-key") == catalogue.entity.apiKey else {
            return SandboxAPIError(401, "UNAUTHORIZED", "Missing or wrong x-api-key")
        }
        guard let authorization = request.header("authorization"), authorization.lowercased().hasPrefix("bearer ")
        else {
            return SandboxAPIError(401, "UNAUTHORIZED", "Missing Authorization: Bearer token (POST /oauth/token)")
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        let now = self.now
        let digest = SandboxSHA256.hex(token)
        let valid = read { state in state.accessTokenDigests[digest].map { $0 > now } ?? false }
        return valid ? nil : SandboxAPIError(401, "INVALID_TOKEN", "The access token is unknown or expired")
    }

    /// `POST /payment/v2/client-sessions` (201): purse-facts §2.1 fields. Any `customer.reference` gets a
    /// wallet session (a shopper the catalogue does not know starts with an empty wallet). Sandbox extension:
    /// `"sandbox": { "expires_in_seconds": N, "methods": ["illicado-giftcard", …] }` sets the lifetime and
    /// restricts the methods offered. Errors: 401 `UNAUTHORIZED` / `INVALID_TOKEN`; 400 `INVALID_PAYLOAD`,
    /// `UNKNOWN_ENTITY`, `INVALID_AMOUNT`, `UNSUPPORTED_CURRENCY`, `INVALID_REDIRECTION_URL` (not an http(s) URL with a
    /// host nor an app's own scheme), `UNKNOWN_METHOD`.
    func createClientSessionEndpoint(_ request: SandboxRequest) -> SandboxResponse {
        if let error = authorizeMerchant(request) { return error.response }
        let draft = request.jsonObjectBody().flatMap { ClientSessionDraft.parse($0, catalogue: catalogue) }
        switch draft {
        case .failure(let error): return error.response
        case .success(let draft):
            let created = create(draft)
            return .json(201, created.json)
        }
    }

    /// `GET /payment/v2/client-sessions/{id}`: the server-side truth.
    func clientSessionEndpoint(id: String, _ request: SandboxRequest) -> SandboxResponse {
        if let error = authorizeMerchant(request) { return error.response }
        guard let status = clientSessionStatus(id: id) else {
            return .error(404, "SESSION_NOT_FOUND", "No client session \(id)")
        }
        return .json(200, status.json)
    }

    /// Creates the session, its wallet session and its widget data in one critical section.
    func create(_ draft: ClientSessionDraft) -> CreatedClientSession {
        let now = self.now
        let lifetime = draft.lifetime ?? configuration.sessionLifetime
        let expiresAt = now.addingTimeInterval(TimeInterval(lifetime.components.seconds))
        let id = newID()
        let walletSessionId = draft.customerReference.map { _ in newID() }
        let merchant = catalogue.entity.merchantId
        return mutate { state in
            var walletSession: WalletSessionRecord? = nil
            if let reference = draft.customerReference, let walletSessionId {
                let record = WalletSessionRecord(
                    id: walletSessionId, ownerReference: reference, merchant: merchant, expiresAt: expiresAt)
                state.walletSessions[walletSessionId] = record
                if state.wallets[reference] == nil { state.wallets[reference] = [] }
                walletSession = record
            }
            let record = ClientSessionRecord(
                id: id, entityId: draft.entityId, amount: draft.amount, currency: draft.currency,
                shopperRedirectionURL: draft.shopperRedirectionURL, createdAt: now, expiresAt: expiresAt,
                status: "CREATED", walletSessionId: walletSessionId, ownerReference: draft.customerReference,
                methodIds: draft.methodIds, orderJSON: draft.order.text, customerJSON: draft.customer?.text,
                captureMode: draft.captureMode, informationRequest: draft.isInformationRequest ? true : nil)
            state.clientSessions[id] = record
            let tokens = draft.customerReference.flatMap { state.wallets[$0] } ?? []
            let widgetData = widgetData(for: record, walletSession: walletSession, tokens: tokens)
            return CreatedClientSession(
                record: record, widgetData: widgetData, walletSessionId: walletSessionId,
                jsURL: url("/cdn/headless-checkout/purse.js"), order: draft.order, customer: draft.customer)
        }
    }
}

/// A validated client-session request.
struct ClientSessionDraft: Sendable {
    /// Schemes a browser runs, renders or reads itself: never a return destination.
    static let browserSchemes: Set<String> = [
        "javascript", "vbscript", "data", "blob", "file", "filesystem", "about", "ftp", "ws", "wss", "view-source",
    ]

    /// An app's own URL scheme (`myapp`, `com.example.shop`): letters, digits, `+`, `-`, `.`, not a browser's.
    static func isAppScheme(_ scheme: String) -> Bool {
        !browserSchemes.contains(scheme) && scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    var entityId: String
    var amount: Int
    var currency: String
    var shopperRedirectionURL: String
    var order: SandboxJSON
    var customer: SandboxJSON?
    var customerReference: String?
    var captureMode: String
    var lifetime: Duration?
    var methodIds: [String]?
    var allowFutureUsage = false

    /// An amount of 0 with `allow_future_usage`: a session that saves a card and charges nothing.
    var isInformationRequest: Bool { amount == 0 && allowFutureUsage }

    static func parse(_ body: [String: SandboxJSON], catalogue: SandboxCatalogue) -> Result<Self, SandboxAPIError> {
        func invalid(_ code: String, _ message: String) -> Result<Self, SandboxAPIError> {
            .failure(SandboxAPIError(400, code, message))
        }
        guard let entityId = body["entity_id"]?.stringValue else {
            return invalid("INVALID_PAYLOAD", "entity_id is required")
        }
        guard entityId == catalogue.entity.entityId else { return invalid("UNKNOWN_ENTITY", "Unknown entity_id") }
        guard let amount = body["amount"]?.intValue, amount >= 0 else {
            return invalid("INVALID_AMOUNT", "amount must be a non-negative integer in minor units")
        }
        guard amount > 0 || body["allow_future_usage"]?.boolValue == true else {
            return invalid("INVALID_AMOUNT", "amount may be 0 only with allow_future_usage")
        }
        guard let currency = body["currency"]?.stringValue, SandboxMoney.exponents[currency] != nil else {
            return invalid("UNSUPPORTED_CURRENCY", "currency must be one of CHF, EUR, GBP, JPY, USD")
        }
        // Hosted pages put it in a link and the 303: an http(s) URL with a host, or an app's own scheme (an iOS
        // app's custom-scheme return, `RedirectPolicy.customScheme`); never a scheme a browser runs or renders
        // itself (`javascript:alert(1)//` was accepted with 201).
        guard let redirection = body["shopper_redirection_url"]?.stringValue,
            let parsed = URL(string: redirection), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme) ? parsed.host?.isEmpty == false : Self.isAppScheme(scheme)
        else {
            return invalid(
                "INVALID_REDIRECTION_URL",
                "shopper_redirection_url must be an absolute http or https URL with a host, or an app's own scheme")
        }
        guard let order = body["order"], order.objectValue != nil else {
            return invalid("INVALID_PAYLOAD", "order is required (an object)")
        }
        let customer = body["customer"]
        if let customer, customer.objectValue == nil { return invalid("INVALID_PAYLOAD", "customer must be an object") }
        let reference = customer?["reference"]?.stringValue
        if let reference, reference.isEmpty || reference.count > 100 {
            return invalid("INVALID_PAYLOAD", "customer.reference must be 1 to 100 characters")
        }
        let captureMode = body["capture_mode"]?.stringValue ?? "MANUAL"
        guard captureMode == "MANUAL" || captureMode == "AUTOMATIC" else {
            return invalid("INVALID_PAYLOAD", "capture_mode must be MANUAL or AUTOMATIC")
        }
        var draft = ClientSessionDraft(
            entityId: entityId, amount: amount, currency: currency, shopperRedirectionURL: redirection, order: order,
            customer: customer, customerReference: reference, captureMode: captureMode)
        draft.allowFutureUsage = body["allow_future_usage"]?.boolValue == true
        if draft.isInformationRequest && reference == nil {
            return invalid(
                "INVALID_PAYLOAD",
                "an information request (amount 0 with allow_future_usage) needs customer.reference: the wallet the "
                    + "card is saved to")
        }
        guard let extensionBody = body["sandbox"] else { return .success(draft) }
        if let seconds = extensionBody["expires_in_seconds"] {
            guard let seconds = seconds.intValue, (1...604_800).contains(seconds) else {
                return invalid("INVALID_PAYLOAD", "sandbox.expires_in_seconds must be 1 to 604800")
            }
            draft.lifetime = .seconds(seconds)
        }
        if let methods = extensionBody["methods"] {
            guard let list = methods.arrayValue?.compactMap(\.stringValue), list.count == methods.arrayValue?.count
            else { return invalid("INVALID_PAYLOAD", "sandbox.methods must be an array of item ids") }
            let known = Set(catalogue.methods.map(\.id))
            if let unknown = list.first(where: { !known.contains($0) }) {
                return invalid("UNKNOWN_METHOD", "sandbox.methods: no method \(unknown) in the catalogue")
            }
            draft.methodIds = list
        }
        return .success(draft)
    }
}

/// What creating a session produced.
struct CreatedClientSession: Sendable {
    var record: ClientSessionRecord
    var widgetData: String
    var walletSessionId: String?
    var jsURL: String
    var order: SandboxJSON
    var customer: SandboxJSON?

    var json: SandboxJSON {
        .compact([
            "id": .string(record.id),
            "status": "CREATED",
            "entity_id": .string(record.entityId),
            "amount": .int(record.amount),
            "currency": .string(record.currency),
            "capture_mode": .string(record.captureMode),
            "allow_future_usage": .bool(record.informationRequest == true),
            "shopper_redirection_url": .string(record.shopperRedirectionURL),
            "created_at": .string(SandboxTime.iso8601(record.createdAt)),
            "expires_at": .string(SandboxTime.iso8601(record.expiresAt)),
            "order": order,
            "customer": customer ?? .null,
            "widget": ["js_url": .string(jsURL), "data": .string(widgetData)],
        ])
    }
}
