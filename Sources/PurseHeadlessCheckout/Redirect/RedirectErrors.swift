/// The error codes and messages of redirects and of saved checkout state.
///
/// The messages of the two failures the redirection page documents are exactly the page's words, so that a
/// search of the troubleshooting table finds them: `refused redirect url` and
/// `no view controller to present the redirect from`. Why a URL was refused is not in the message (it never
/// echoes a URL that can carry payment references): ask ``RedirectPolicy/refusal(forTarget:)``.
extension PurseCheckoutError.Code {
    /// A redirect presenter refused a URL: a page of the chain is not https (loopback hosts aside), its host is
    /// outside ``RedirectPolicy/additionalAllowedHosts``, or it carries user information. Message
    /// `refused redirect url`.
    public static let redirectRefused: Self = "REDIRECT_REFUSED"
    /// A page could not be opened: no view controller to present it from (message
    /// `no view controller to present the redirect from`), the policy is not usable by this presenter, the
    /// browser could not be started, or the loopback listener could not bind its port.
    public static let redirectPresentationFailed: Self = "REDIRECT_PRESENTATION_FAILED"
    /// The page came back to a return URL whose `purse-redirection-data` names another client session: not this
    /// payment's return (``RedirectionData``). The payment is still pending: confirm it.
    public static let redirectReturnOtherSession: Self = "REDIRECT_RETURN_OTHER_SESSION"
    /// ``PurseHeadlessCheckout/restore(_:configuration:)`` was given bytes that are not a checkout snapshot,
    /// or a snapshot whose content does not fit its session.
    public static let stateSnapshotMalformed: Self = "STATE_SNAPSHOT_MALFORMED"
    /// ``PurseHeadlessCheckout/restore(_:configuration:)`` was given a snapshot of a version this SDK does not
    /// read (written by a newer SDK).
    public static let stateSnapshotUnsupportedVersion: Self = "STATE_SNAPSHOT_UNSUPPORTED_VERSION"
}

/// Builds the redirect errors, with the page's exact messages.
@_spi(PurseTools) public enum RedirectError {
    /// The troubleshooting table's message for a refused URL.
    @_spi(PurseTools) public static let refusedMessage = "refused redirect url"
    /// The troubleshooting table's message for a POST redirect with nowhere to present the web view from.
    @_spi(PurseTools) public static let noViewControllerMessage = "no view controller to present the redirect from"

    /// `REDIRECT_REFUSED`, `refused redirect url`.
    @_spi(PurseTools) public static var refused: PurseCheckoutError {
        PurseCheckoutError(.redirectRefused, message: refusedMessage, kind: .payment)
    }

    /// `REDIRECT_PRESENTATION_FAILED`, `no view controller to present the redirect from`.
    @_spi(PurseTools) public static var noViewController: PurseCheckoutError {
        PurseCheckoutError(.redirectPresentationFailed, message: noViewControllerMessage, kind: .payment)
    }

    /// `REDIRECT_PRESENTATION_FAILED`, `a redirect page is already open`: a presenter shows one page at a time.
    @_spi(PurseTools) public static var alreadyPresenting: PurseCheckoutError {
        PurseCheckoutError(.redirectPresentationFailed, message: "a redirect page is already open", kind: .payment)
    }

    /// `REDIRECT_RETURN_OTHER_SESSION`: the return names another client session.
    @_spi(PurseTools) public static var otherSessionReturn: PurseCheckoutError {
        PurseCheckoutError(
            .redirectReturnOtherSession, message: "the return belongs to another client session", kind: .payment)
    }

    /// `REDIRECT_PRESENTATION_FAILED` with a message of its own (never a URL).
    @_spi(PurseTools) public static func cannotPresent(_ message: String) -> PurseCheckoutError {
        PurseCheckoutError(.redirectPresentationFailed, message: message, kind: .payment)
    }
}
