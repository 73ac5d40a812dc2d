public import Foundation

/// What ``PurseSandbox/createClientSession(_:)`` needs: the fields of `POST /payment/v2/client-sessions`
/// that matter to the sandbox.
public struct SandboxClientSessionRequest: Sendable, Equatable {
    /// The amount in minor units (4299 = 42.99 EUR).
    public var amount: Int
    /// ISO 4217: CHF, EUR, GBP, JPY or USD.
    public var currency: String
    /// Where hosted pages send the shopper back (`?purse-redirection-data=…` is appended): an absolute http or
    /// https URL, anything else is `INVALID_REDIRECTION_URL`.
    public var shopperRedirectionURL: String
    /// `customer.reference`: gives the session a wallet session for that shopper (an unknown reference gets
    /// an empty wallet). `nil`: no wallet session.
    public var customerReference: String?
    /// `order.reference`, shown on hosted pages.
    public var orderReference: String
    /// Sandbox extension `sandbox.expires_in_seconds` (`nil`: the configured lifetime).
    public var lifetime: Duration?
    /// Sandbox extension `sandbox.methods`: item ids to offer (`nil`: every method of the catalogue).
    public var methods: [String]?
    /// `allow_future_usage`: with an amount of 0 the session is an information request (save a card without paying):
    /// it offers only the card methods that can save, with `registration_mode: OFF_SESSION`, and needs a
    /// ``customerReference`` (the wallet the card goes to).
    public var allowFutureUsage: Bool
    /// `customer.locale_code` (`fr-FR`): the shopper's language. The hosted pages follow it (French or English) and
    /// the widget data carries it, where the SDK reads it as `ClientSession.customerLocale`. `nil`: none (English).
    public var customerLocale: String?

    /// Creates a request; only the amount is required.
    public init(
        amount: Int, currency: String = "EUR", shopperRedirectionURL: String = "https://shop.example.com/return",
        customerReference: String? = nil, orderReference: String = "order-0001", lifetime: Duration? = nil,
        methods: [String]? = nil, allowFutureUsage: Bool = false, customerLocale: String? = nil
    ) {
        self.allowFutureUsage = allowFutureUsage
        self.customerLocale = customerLocale
        self.amount = amount
        self.currency = currency
        self.shopperRedirectionURL = shopperRedirectionURL
        self.customerReference = customerReference
        self.orderReference = orderReference
        self.lifetime = lifetime
        self.methods = methods
    }
}

/// A created client session: what the merchant backend hands the app.
public struct SandboxClientSession: Sendable, Equatable {
    /// The client-session id (also the payment session id inside the widget data).
    public var id: String
    /// `widget.data`: base64 of the JSON document the SDK decodes (CONTRACT.md §1).
    public var widgetData: String
    /// When the session expires (server time).
    public var expiresAt: Date
    /// The wallet session id, when the session has a shopper.
    public var walletSessionId: String?
}

/// The server-side truth about a client session (`GET /payment/v2/client-sessions/{id}`).
public struct SandboxClientSessionStatus: Sendable, Equatable {
    /// The client-session id.
    public var id: String
    /// `CREATED`, `SUBMITTED` (a payment is pending on a hosted page), `COMPLETED` or `EXPIRED`.
    public var status: String
    /// The amount in minor units.
    public var amount: Int
    /// ISO 4217 currency.
    public var currency: String
    /// The latest payment, if any `/validate` was accepted.
    public var payment: SandboxPaymentStatus?
}

/// A payment as the server sees it.
public struct SandboxPaymentStatus: Sendable, Equatable {
    /// The payment id.
    public var id: String
    /// `AUTHORIZED`, `PENDING`, `REFUSED`, `ABORTED` or `ERROR`.
    public var authorizationStatus: String
    /// The amount in minor units.
    public var amount: Int
    /// Who paid what.
    public var split: [SandboxSplitEntry]
}

/// One participant of a payment's split.
public struct SandboxSplitEntry: Sendable, Equatable {
    /// Partner, e.g. `illicado`.
    public var partner: String
    /// Method, e.g. `giftcard`.
    public var method: String
    /// Minor units.
    public var amount: Int
    /// The wallet token used, if any.
    public var tokenId: String?
}

extension PurseSandbox {
    /// Creates a client session as `POST /payment/v2/client-sessions` would, without HTTP or OAuth: for tests
    /// and the demo.
    ///
    /// - Throws: ``SandboxAPIError`` with the same codes as the endpoint (`INVALID_AMOUNT`,
    ///   `UNSUPPORTED_CURRENCY`, `INVALID_REDIRECTION_URL`, `UNKNOWN_METHOD`, …).
    public func createClientSession(
        _ request: SandboxClientSessionRequest
    ) throws(SandboxAPIError) -> SandboxClientSession {
        var body: [String: SandboxJSON] = [
            "entity_id": .string(catalogue.entity.entityId),
            "amount": .int(request.amount),
            "currency": .string(request.currency),
            "shopper_redirection_url": .string(request.shopperRedirectionURL),
            "order": ["reference": .string(request.orderReference)],
        ]
        var customer: [String: SandboxJSON] = [:]
        if let reference = request.customerReference { customer["reference"] = .string(reference) }
        if let locale = request.customerLocale { customer["locale_code"] = .string(locale) }
        if !customer.isEmpty { body["customer"] = .object(customer) }
        if request.allowFutureUsage { body["allow_future_usage"] = true }
        var sandbox: [String: SandboxJSON] = [:]
        if let lifetime = request.lifetime { sandbox["expires_in_seconds"] = .int(Int(lifetime.components.seconds)) }
        if let methods = request.methods { sandbox["methods"] = .array(methods.map(SandboxJSON.string)) }
        if !sandbox.isEmpty { body["sandbox"] = .object(sandbox) }
        let created = create(try ClientSessionDraft.parse(body, catalogue: catalogue).get())
        return SandboxClientSession(
            id: created.record.id, widgetData: created.widgetData, expiresAt: created.record.expiresAt,
            walletSessionId: created.walletSessionId)
    }

    /// The server-side status of a client session and its latest payment (`nil` for an unknown id).
    public func clientSessionStatus(id: String) -> SandboxClientSessionStatus? {
        let now = self.now
        return read { state in
            guard let session = state.clientSessions[id] else { return nil }
            let payment = session.paymentIds.last.flatMap { state.payments[$0] }.map { payment in
                SandboxPaymentStatus(
                    id: payment.id, authorizationStatus: payment.status, amount: payment.amount,
                    split: payment.split.map {
                        SandboxSplitEntry(
                            partner: $0.partner, method: $0.method, amount: $0.amount, tokenId: $0.tokenId)
                    })
            }
            return SandboxClientSessionStatus(
                id: id, status: session.status(at: now), amount: session.amount, currency: session.currency,
                payment: payment)
        }
    }
}

extension SandboxClientSessionStatus {
    var json: SandboxJSON {
        .compact([
            "id": .string(id),
            "status": .string(status),
            "amount": .int(amount),
            "currency": .string(currency),
            "payment": payment.map { payment in
                [
                    "id": .string(payment.id),
                    "authorization_status": .string(payment.authorizationStatus),
                    "amount": .int(payment.amount),
                    "split": .array(
                        payment.split.map { entry in
                            .compact([
                                "partner": .string(entry.partner), "method": .string(entry.method),
                                "amount": .int(entry.amount), "token_id": .optional(entry.tokenId),
                            ])
                        }),
                ]
            } ?? .null,
        ])
    }
}
