/// The one error type the checkout throws and reports.
///
/// Every error carries a stable ``code`` (the strings of the Purse docs and web SDK, such as
/// `SECONDARY_METHOD_WRONG_PAN_FORMAT` or `API_ERROR`), a ``kind`` grouping it as the docs do
/// (``Kind/invalidTake``, ``Kind/walletOperationFailed``, ``Kind/secondaryTokenizationFailed`` …),
/// a message a person can act on, and, when a server answered, its HTTP status and error code.
///
/// Every throwing call of the SDK throws this type and no other; the calls are declared `throws`, as the Purse
/// docs write them, so that every `catch` form compiles (typed `throws(PurseCheckoutError)` crashed Swift 6.3.1 on
/// a form the docs teach, CONTRIBUTING's "Compiler bugs"). Match a group or a code in a `catch` clause, or take the
/// error as this type:
/// ```swift
/// do {
///     try checkout.applySecondary(token, amount: Decimal(2))
/// } catch PurseCheckoutError.invalidTake {
///     // INVALID_TAKE_AMOUNT, MAX_AMOUNT_REACHED, USAGE_LIMIT_ERROR,
///     // SECONDARY_METHOD_TAKE_POLICY_VIOLATED or SECONDARY_TOKEN_ALREADY_APPLIED
/// } catch let error as PurseCheckoutError where error.code == .apiError {
///     print(error.httpStatus ?? 0)
/// } catch {
///     print(PurseCheckoutError(error).code)
/// }
/// ```
///
/// Messages never contain card data: a PAN, CVV, PIN or gift-card number is never interpolated, and
/// digit runs that look like card numbers in a server's message are masked.
public struct PurseCheckoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable code, e.g. `INVALID_TAKE_AMOUNT`.
    public let code: Code
    /// The group this error belongs to.
    public let kind: Kind
    /// What went wrong, in words a developer can act on.
    public let message: String
    /// The HTTP status of the answer that caused this error, if a server answered.
    public let httpStatus: Int?
    /// The server's own error code (the `code` member of its JSON error body, or the refusing participant's
    /// `status.code`, such as `REJECTED_BANK` or `WRONG_CARD_DATA`), if it sent one.
    public let serverCode: String?
    /// The split participant whose refusal this error reports, as `partner-method` (`payzen-card`,
    /// `illicado-giftcard`), when one refused: in a split of a gift card and a card, the one that said no.
    public let participant: String?
    /// Why the item cannot pay, when `setPrimary`, `setPrimaryToken` or `applySecondary` refused it because it is
    /// unavailable: the same reason ``PurseHeadlessCheckout/availability(of:)-(PrimaryMethod)`` gives for it.
    /// `nil` for every other refusal (a wrong amount for an available card, say).
    public let unavailableReason: UnavailableReason?

    /// Creates an error. The kind defaults to the one the code belongs to.
    public init(
        _ code: Code,
        message: String? = nil,
        kind: Kind? = nil,
        httpStatus: Int? = nil,
        serverCode: String? = nil,
        participant: String? = nil,
        unavailableReason: UnavailableReason? = nil
    ) {
        self.code = code
        self.kind = kind ?? code.defaultKind
        self.message = Redaction.scrub(message ?? code.defaultMessage)
        self.httpStatus = httpStatus
        self.serverCode = serverCode.map(Redaction.scrub)
        self.participant = participant.map(Redaction.scrub)
        self.unavailableReason = unavailableReason
    }

    /// `error` as this type: itself when it is one, which every error an SDK call throws is. Any other error (one
    /// your own code threw in the same `do` block) becomes `REQUEST_CANCELLED` when it is a `CancellationError`,
    /// and `UNKNOWN_ERROR` naming its type only otherwise: its own text may carry what the shopper typed.
    public init(_ error: any Error) {
        if let error = error as? PurseCheckoutError {
            self = error
        } else if error is CancellationError {
            self.init(.requestCancelled, message: "the task was cancelled")
        } else {
            self.init(.unknownError, message: "not an error of the checkout: \(type(of: error))")
        }
    }

    /// `CODE: message`, followed by `(HTTP status, server code)` when a server answered, e.g.
    /// `EXPIRED_SESSION: the session has expired`. Never contains card data.
    public var description: String {
        var text = "\(code.rawValue): \(message)"
        if let httpStatus { text += " (HTTP \(httpStatus)" + (serverCode.map { ", \($0)" } ?? "") + ")" }
        return text
    }

    /// A link to the vendor's documentation of this code.
    public var documentationURL: String {
        "https://docs.purse.tech/docs/integrate/purse-checkout/headless-checkout/error-handling/error-codes#"
            + code.rawValue.lowercased()
    }
}

/// The former second name of ``PurseCheckoutError``; every API names the error ``PurseCheckoutError``.
@available(*, deprecated, renamed: "PurseCheckoutError")
public typealias PurseError = PurseCheckoutError

extension PurseCheckoutError {
    /// A group of related codes, as the docs name them. New groups may appear; `switch` with a `default`.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The group's name, e.g. `invalidTake`.
        public let rawValue: String
        /// Wraps a group name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The group's name.
        public var description: String { rawValue }

        /// `applySecondary` refused the amount: `INVALID_TAKE_AMOUNT`, `MAX_AMOUNT_REACHED`, `USAGE_LIMIT_ERROR`,
        /// `SECONDARY_METHOD_TAKE_POLICY_VIOLATED`, `SECONDARY_TOKEN_ALREADY_APPLIED`.
        public static let invalidTake = Kind(rawValue: "invalidTake")
        /// A wallet call failed: `MISSING_WALLET_SESSION`, `MISSING_TOKEN`, `INVALID_TOKEN_NAME`, `TOKEN_NAME_EXISTS`,
        /// `TOKEN_NOT_REGISTERABLE`, `METHOD_NOT_REGISTERABLE`, `FAILED_TO_DELETE_ALL_TOKENS`.
        public static let walletOperationFailed = Kind(rawValue: "walletOperationFailed")
        /// A gift card could not be turned into a usable token: local validation, `/init` refusal, empty balance.
        public static let secondaryTokenizationFailed = Kind(rawValue: "secondaryTokenizationFailed")
        /// The widget data or session could not be read, has expired, or is in the wrong state.
        public static let session = Kind(rawValue: "session")
        /// A network or HTTP failure, or an answer that could not be read.
        public static let api = Kind(rawValue: "api")
        /// Submitting the payment failed.
        public static let payment = Kind(rawValue: "payment")
        /// The method or token cannot be used here.
        public static let method = Kind(rawValue: "method")
        /// Anything else.
        public static let other = Kind(rawValue: "other")
    }

    /// The `invalidTake` group, for `catch PurseCheckoutError.invalidTake`.
    public static let invalidTake = Kind.invalidTake
    /// The `walletOperationFailed` group, for `catch PurseCheckoutError.walletOperationFailed`.
    public static let walletOperationFailed = Kind.walletOperationFailed
    /// The `secondaryTokenizationFailed` group, for `catch PurseCheckoutError.secondaryTokenizationFailed`.
    public static let secondaryTokenizationFailed = Kind.secondaryTokenizationFailed
}

/// Lets `catch PurseCheckoutError.invalidTake { … }` match every error of that group.
public func ~= (kind: PurseCheckoutError.Kind, error: any Error) -> Bool {
    (error as? PurseCheckoutError)?.kind == kind
}

/// Lets `catch PurseCheckoutError.Code.invalidTakeAmount { … }` match one code.
public func ~= (code: PurseCheckoutError.Code, error: any Error) -> Bool {
    (error as? PurseCheckoutError)?.code == code
}
