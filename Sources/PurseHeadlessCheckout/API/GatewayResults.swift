import Foundation

/// `status` of a gateway answer: `{ action, state, code, description? }`.
public struct TransactionStatus: Sendable, Hashable {
    /// `INIT`, `APPLY`, `AUTHORIZE`, `CAPTURE`, …
    public let action: String
    /// `SUCCESS`, `ERROR`, `UNCERTAIN`, `FAILED` or `WAITING`.
    public let state: StatusState
    /// `SUCCEEDED`, `INSUFFICIENT_FUNDS`, `WAITING_PARTNER_RESPONSE`, …
    public let code: String
    /// Free text from the partner.
    public let description: String?

    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        action = try reader.string("action") ?? ""
        state = StatusState(rawValue: try reader.required("state").string())
        code = try reader.string("code") ?? ""
        description = try reader.string("description")
    }
}

/// The state of a gateway step.
public struct StatusState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The state as the gateway spells it, e.g. `SUCCESS`.
    public let rawValue: String
    /// Wraps a state string; states this SDK has no constant for are kept as they are.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The raw state, e.g. `WAITING`.
    public var description: String { rawValue }
    /// The step succeeded.
    public static let success = StatusState(rawValue: "SUCCESS")
    /// The step was refused (a declined card, a blocked gift card): ``TransactionStatus/code`` says why.
    public static let error = StatusState(rawValue: "ERROR")
    /// The partner's answer leaves the outcome unknown: confirm the payment server-side.
    public static let uncertain = StatusState(rawValue: "UNCERTAIN")
    /// The step failed on the partner's or the gateway's side.
    public static let failed = StatusState(rawValue: "FAILED")
    /// The step waits on something else: a hosted page (PSP, 3-D Secure) or, for an issuer that polls, the
    /// shopper's approval in an app.
    public static let waiting = StatusState(rawValue: "WAITING")
}

/// The answer of `/init` (`InitData`): a step id to send back at `/validate`, a status, and the
/// partner's result (for a gift card: its balance).
public struct InitData: Sendable, Hashable {
    /// The transaction id.
    public let id: String?
    /// The partner that answered, when the answer names it.
    public let partner: Partner?
    /// The method that answered, when the answer names it.
    public let method: PaymentMethodType?
    /// The step id to send back on the same item at `/validate` (or at the next poll), as received.
    public let stepID: JSONValue?
    /// Whether the step succeeded, was refused, or waits (``StatusState/waiting``: poll again).
    public let status: TransactionStatus
    /// The partner's result, as received (secondaries: `balance`, `total_balance`, `currency`, …).
    public let pluginResult: JSONValue

    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        id = try reader.optional("id").map { (id) throws(PurseCheckoutError) in
            if case .number(let number) = id.value { return ExactDecimal.text(number) }
            return try id.string()
        }
        partner = try reader.string("partner").map(Partner.init(rawValue:))
        method = try reader.string("method").map(PaymentMethodType.init(rawValue:))
        stepID = try reader.optional("step_id")?.value
        status = try TransactionStatus(reading: reader.required("status"))
        pluginResult = try reader.optional("plugin_result")?.value ?? .object([:])
    }
}

/// The answer of `/validate`: one result per split participant, a global status, and possibly a page to open.
public struct ValidationResult: Sendable, Hashable {
    /// One result per item sent.
    public let results: [ItemResult]
    /// The payment's overall state: ``StatusState/success``, or ``StatusState/waiting`` while a hosted page
    /// (PSP, 3-D Secure) is pending.
    public let globalStatus: StatusState
    /// What must be opened next (PSP page, 3-D Secure), or `nil` when nothing must.
    public let redirection: RedirectAction?
    /// What the shopper gave on the Apple Pay sheet (contacts, delivery choice, coupon code) when Apple Pay paid;
    /// `nil` otherwise. Not part of the gateway's answer: the SDK adds it, and never saves it.
    public internal(set) var applePayDetails: ApplePayShopperDetails?

    /// One participant's outcome.
    public struct ItemResult: Sendable, Hashable {
        /// The item's id in the gateway's answer, if it sent one.
        public let id: String?
        /// The partner that paid this share.
        public let partner: Partner
        /// The method that paid this share.
        public let method: PaymentMethodType
        /// The partner's transaction id (`transaction_id`), for your backend's reconciliation.
        public let transactionID: String?
        /// Whether this share was authorized, refused (``StatusState/error``, with the partner's code) or waits on
        /// a page.
        public let status: TransactionStatus
        /// The partner's result, as received.
        public let pluginResult: JSONValue
    }

    /// The participant that refused the payment, when it was refused: among the results that did not succeed,
    /// the first whose code gives a reason (`REJECTED_BANK`, `WRONG_CARD_DATA`), else the first of them. The
    /// gateway marks the participants it did not apply because another one refused as failed too, with the
    /// generic code `FAILED` (or none): those are never taken for the one that refused.
    public var refusal: ItemResult? {
        let unsuccessful = results.filter { $0.status.state != .success }
        return unsuccessful.first { !Self.genericCodes.contains($0.status.code) } ?? unsuccessful.first
    }

    /// Codes that say a step failed without saying why.
    private static let genericCodes: Set<String> = ["", "FAILED", "UNKNOWN"]

    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        var results: [ItemResult] = []
        for item in try reader.required("results").elements() {
            results.append(
                ItemResult(
                    id: try item.string("id"),
                    partner: Partner(rawValue: try item.required("partner").string()),
                    method: PaymentMethodType(rawValue: try item.required("method").string()),
                    transactionID: try item.string("transaction_id"),
                    status: try TransactionStatus(reading: item.required("status")),
                    pluginResult: try item.optional("plugin_result")?.value ?? .object([:])))
        }
        self.results = results
        globalStatus = StatusState(rawValue: try reader.required("global_status").string())
        redirection = try reader.optional("redirection").flatMap(RedirectAction.init(reading:))
    }
}
