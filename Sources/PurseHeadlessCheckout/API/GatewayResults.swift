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
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static let success = StatusState(rawValue: "SUCCESS")
    public static let error = StatusState(rawValue: "ERROR")
    public static let uncertain = StatusState(rawValue: "UNCERTAIN")
    public static let failed = StatusState(rawValue: "FAILED")
    public static let waiting = StatusState(rawValue: "WAITING")
}

/// The answer of `/init` (`InitData`): a step id to send back at `/validate`, a status, and the
/// partner's result (for a gift card: its balance).
public struct InitData: Sendable, Hashable {
    /// The transaction id.
    public let id: String?
    public let partner: Partner?
    public let method: Method?
    /// The step id to send back on the same item at `/validate` (or at the next poll), as received.
    public let stepID: JSONValue?
    public let status: TransactionStatus
    /// The partner's result, as received (secondaries: `balance`, `total_balance`, `currency`, …).
    public let pluginResult: JSONValue

    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        id = try reader.optional("id").map { (id) throws(PurseCheckoutError) in
            if case .number(let number) = id.value { return ExactDecimal.text(number) }
            return try id.string()
        }
        partner = try reader.string("partner").map(Partner.init(rawValue:))
        method = try reader.string("method").map(Method.init(rawValue:))
        stepID = try reader.optional("step_id")?.value
        status = try TransactionStatus(reading: reader.required("status"))
        pluginResult = try reader.optional("plugin_result")?.value ?? .object([:])
    }
}

/// The answer of `/validate`: one result per split participant, a global status, and possibly a page to open.
public struct ValidationResult: Sendable, Hashable {
    /// One result per item sent.
    public let results: [ItemResult]
    /// The overall state.
    public let globalStatus: StatusState
    /// What must be opened next (PSP page, 3-D Secure), or `nil` when nothing must.
    public let redirection: RedirectAction?

    /// One participant's outcome.
    public struct ItemResult: Sendable, Hashable {
        public let id: String?
        public let partner: Partner
        public let method: Method
        public let transactionID: String?
        public let status: TransactionStatus
        /// The partner's result, as received.
        public let pluginResult: JSONValue
    }

    init(reading reader: JSONReader) throws(PurseCheckoutError) {
        var results: [ItemResult] = []
        for item in try reader.required("results").elements() {
            results.append(
                ItemResult(
                    id: try item.string("id"),
                    partner: Partner(rawValue: try item.required("partner").string()),
                    method: Method(rawValue: try item.required("method").string()),
                    transactionID: try item.string("transaction_id"),
                    status: try TransactionStatus(reading: item.required("status")),
                    pluginResult: try item.optional("plugin_result")?.value ?? .object([:])))
        }
        self.results = results
        globalStatus = StatusState(rawValue: try reader.required("global_status").string())
        redirection = try reader.optional("redirection").flatMap(RedirectAction.init(reading:))
    }
}
