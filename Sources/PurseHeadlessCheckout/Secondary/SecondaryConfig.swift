/// An issuer's rules for one gift card, voucher or loyalty method: how to check what the shopper typed,
/// what to send at `/init` and `/validate`, and how to read the answer.
///
/// The SDK ships the seven issuers of ``SecondaryConfigs/shared``. For an issuer it does not ship, implement
/// the required members and register the config once at start-up; the session still decides whether the
/// method is offered:
/// ```swift
/// struct AcmeVoucherConfig: SecondaryConfig {
///     let takePolicy = SecondaryTakePolicy.max
///     func requiresCVV(pan: String) -> Bool { false }
///     func validatePAN(_ pan: String) -> Bool { pan.hasPrefix("ACME-") }
///     func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] {
///         ["voucher_code": .string(pan)]
///     }
///     func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] {
///         ["voucher_code": .string(token.pan)]
///     }
/// }
/// SecondaryConfigs.shared.register(partner: .other("acme"), method: .other("voucher"), config: AcmeVoucherConfig())
/// ```
/// Every other member is defaulted: ``validateCVV(_:)`` accepts anything, ``parseToken(_:currency:)`` reads the
/// generic card shape, ``shouldPoll(_:)`` is `false`, ``classifyInitError(_:)`` returns `nil`,
/// ``normalizedInput(_:)`` only trims surrounding whitespace.
///
/// Issuers whose shopper confirms in an app (ANCV Connect) keep `/init` answering `WAITING`: return `true`
/// from ``shouldPoll(_:)`` while that lasts, and the checkout calls `/init` again with the same `step_id`
/// every ``pollInterval`` of the checkout's clock, at most ``maximumPollCount`` times. Map the terminal
/// codes with ``classifyInitError(_:)``.
///
/// To test a config, call its members directly, and run `getSecondaryToken(method:pan:cvv:)` against the
/// sandbox (`PurseCheckoutTesting`) with a test clock driving the polls.
///
/// A config never sees more than the card it is asked about, and must never log it.
public protocol SecondaryConfig: Sendable {
    /// Whether a partial slice of the balance may be taken (``SecondaryTakePolicy/none``) or only the whole
    /// of it (``SecondaryTakePolicy/max``).
    var takePolicy: SecondaryTakePolicy { get }

    /// Whether this PAN needs a CVV (PIN). Without one, `getSecondaryToken` throws
    /// `SECONDARY_METHOD_REQUIRED_CVV` before any network call.
    func requiresCVV(pan: String) -> Bool

    /// Whether the PAN has the issuer's format; `false` gives `SECONDARY_METHOD_WRONG_PAN_FORMAT`.
    func validatePAN(_ pan: String) -> Bool

    /// Whether the CVV (PIN) has the issuer's format; `false` gives `SECONDARY_METHOD_WRONG_CVV_FORMAT`.
    /// Only asked when the shopper typed one. Defaults to accepting anything.
    func validateCVV(_ cvv: String) -> Bool

    /// What `getSecondaryToken` does to the PAN and CVV as typed before any other member sees them.
    ///
    /// Defaults to trimming surrounding whitespace. The shipped issuers also drop the spaces and dashes a
    /// shopper types between digit groups.
    func normalizedInput(_ text: String) -> String

    /// The `payment_data` of the `/init` call that reads the card and its balance.
    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue]

    /// The `payment_data` of the card's item at `/validate`. The checkout adds the token's
    /// `partner_reference` when this data has none, and sends the token's `step_id` on the item.
    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue]

    /// Reads a successful `/init` answer. Defaults to ``SecondaryTokenDetails/generic(_:currency:)``.
    ///
    /// `currency` is the order's: `plugin_result` amounts are its minor units. Throwing makes
    /// `getSecondaryToken` fail with `FAILED_TO_INIT_SECONDARY_TOKEN` (or the ``PurseCheckoutError`` thrown).
    func parseToken(_ initData: InitData, currency: Currency) throws -> SecondaryTokenDetails

    /// Whether this `/init` answer means "ask again with the same `step_id`". Defaults to `false`.
    func shouldPoll(_ initData: InitData) -> Bool

    /// How long to wait between two polls, on the checkout's clock. Defaults to 2 seconds.
    var pollInterval: Duration { get }

    /// How many polls to make before giving up with `FAILED_TO_INIT_SECONDARY_TOKEN`. Defaults to 60.
    var maximumPollCount: Int { get }

    /// A precise error for a refused `/init` answer (`USER_ACTION_REQUEST_HAS_EXPIRED`, say), or `nil` for the
    /// generic `FAILED_TO_INIT_SECONDARY_TOKEN`. Defaults to `nil`.
    func classifyInitError(_ initData: InitData) -> PurseCheckoutError?
}

extension SecondaryConfig {
    /// Accepts any CVV.
    public func validateCVV(_ cvv: String) -> Bool { true }

    /// Trims surrounding whitespace and newlines.
    public func normalizedInput(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Reads the generic card shape (``SecondaryTokenDetails/generic(_:currency:)``).
    public func parseToken(_ initData: InitData, currency: Currency) throws -> SecondaryTokenDetails {
        try SecondaryTokenDetails.generic(initData, currency: currency)
    }

    /// Never polls.
    public func shouldPoll(_ initData: InitData) -> Bool { false }

    /// Two seconds.
    public var pollInterval: Duration { .seconds(2) }

    /// Sixty polls.
    public var maximumPollCount: Int { 60 }

    /// No precise mapping: a refusal is `FAILED_TO_INIT_SECONDARY_TOKEN`.
    public func classifyInitError(_ initData: InitData) -> PurseCheckoutError? { nil }
}
