public import Foundation

/// What a return's `purse-redirection-data` says, read as an **unverified hint**.
///
/// Purse sends the shopper back to the session's redirection URL with `?purse-redirection-data=<compact JWS>`
/// (`header.payload.signature`, each base64url). Its payload names the client session and the payment, with the
/// authorization and client-session statuses at the time of the redirect:
/// ```swift
/// if let hint = RedirectionData(returnURL: url) {
///     hint.clientSessionID        // "0a8c…": whose return this is
///     hint.authorizationStatus    // "AUTHORIZED", "REFUSED"… as the redirect said: not a proof
/// }
/// ```
/// The SDK reads the payload without checking the signature: verifying it takes Purse's signing keys
/// (`GET /payment/v2/signing-jwks`) and belongs on your backend. A checkout uses the hint for one thing only: a
/// return whose data names **another** client session is not this checkout's return, and is refused
/// (``ReturnURLHandling/otherSession(_:)``, or the element's `REDIRECT_RETURN_OTHER_SESSION`). The hint never
/// decides that a payment is paid: anyone can build such a URL. The final status comes from your backend
/// (``PaymentStatusProvider``).
public struct RedirectionData: Sendable, Hashable {
    /// `client_session_id`: the client session the return is for.
    public let clientSessionID: String?
    /// `payment_id`: the payment the page was for.
    public let paymentID: String?
    /// `authorization_status` at the redirect (`AUTHORIZED`, `PENDING`, `REFUSED`, `ABORTED`, `ERROR`).
    public let authorizationStatus: String?
    /// `client_session_status` at the redirect (e.g. `SUBMITTED`).
    public let clientSessionStatus: String?

    /// The longest `purse-redirection-data` value read (a JWS of four short claims is a few hundred bytes).
    static let maximumLength = 16 * 1024

    /// The hint of `url`'s `purse-redirection-data`, or `nil` when the URL has none, or its value is not a compact
    /// JWS whose header and payload are JSON objects.
    public init?(returnURL url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems,
            let value = items.first(where: { $0.name == "purse-redirection-data" })?.value
        else { return nil }
        self.init(value: value)
    }

    /// The hint of a `purse-redirection-data` value (a compact JWS), or `nil` when it is not one: not three
    /// base64url segments, a header or payload that is not a JSON object, or longer than 16 KiB.
    public init?(value: String) {
        guard value.utf8.count <= Self.maximumLength else { return nil }
        let segments = value.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, !segments[0].isEmpty, !segments[1].isEmpty,
            segments.allSatisfy({ $0.utf8.allSatisfy(Self.isBase64URL) }),
            case .object? = Self.json(segments[0]), case .object(let claims)? = Self.json(segments[1])
        else { return nil }
        clientSessionID = claims["client_session_id"]?.stringValue
        paymentID = claims["payment_id"]?.stringValue
        authorizationStatus = claims["authorization_status"]?.stringValue
        clientSessionStatus = claims["client_session_status"]?.stringValue
    }

    /// Whether the data names a client session other than `sessionID` (a hint that names none is not another's).
    func namesAnotherSession(than sessionID: String) -> Bool {
        guard let named = clientSessionID else { return false }
        return named != sessionID
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    private static func json(_ segment: Substring) -> JSONValue? {
        guard let bytes = Base64.decode(String(segment)) else { return nil }
        return try? JSONValue.parse(bytes)
    }
}

extension PurseHeadlessCheckout {
    /// The client session a return URL names, when it is another than this checkout's (`nil`: this one's, or
    /// the URL carries no readable hint).
    func otherSession(namedBy url: URL) -> String? {
        guard let hint = RedirectionData(returnURL: url), hint.namesAnotherSession(than: state.session.id) else {
            return nil
        }
        return hint.clientSessionID
    }
}
