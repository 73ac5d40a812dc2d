/// The page a submitted payment waits on, and what the app needs to confirm the payment on its backend.
extension PurseHeadlessCheckout {
    /// The page `result` asks to open, as the checkout resolved it from `/validate`'s `redirection`: `.get`,
    /// `.postForm` (its `method` was `POST`) or `.postHTML` (a `form` document wins over a `url`), or `nil` when
    /// there is nothing to open.
    ///
    /// After a `completed` outcome it tells the two cases of the troubleshooting table apart: a non-`nil` action
    /// means a page had to be opened but no presenter was passed (or the `onRedirection` hook took it over),
    /// `nil` means `/validate` asked for no page. Follow the action however you like; confirm the payment's
    /// status on your backend afterwards.
    /// ```swift
    /// if case .completed(let result) = outcome, let action = checkout.pendingRedirect(for: result) {
    ///     openYourself(action)
    /// }
    /// ```
    public func pendingRedirect(for result: ValidationResult) -> RedirectAction? {
        result.redirection
    }

    /// The payment this checkout submitted, or `nil` before a successful submit. Survives
    /// ``saveState()`` and ``restore(_:configuration:)``, so an app rebuilt after process death still knows the
    /// session to confirm on its backend and whether the payment was waiting on a page.
    public var submittedPayment: SubmittedPayment? { state.submittedPayment }
}

/// What the app's backend needs to confirm a submitted payment (webhooks, or Get a client session).
public struct SubmittedPayment: Sendable, Hashable {
    /// The payment session (client session) id to confirm.
    public let sessionID: String
    /// `/validate`'s global status: `SUCCESS`, or `WAITING` while a hosted page (PSP, 3-D Secure) is pending.
    public let globalStatus: StatusState
    /// The page the payment waited on when it was submitted, if any.
    public let redirection: RedirectAction?

    /// Whether the payment was waiting on a hosted page when submitted: show it as pending and confirm its
    /// final status server-side. A return from the page never changes this: it is not proof of payment.
    public var isPending: Bool { globalStatus == .waiting || redirection != nil }

    /// Creates the record of a submitted payment.
    public init(sessionID: String, globalStatus: StatusState, redirection: RedirectAction?) {
        self.sessionID = sessionID
        self.globalStatus = globalStatus
        self.redirection = redirection
    }

    init(sessionID: String, result: ValidationResult) {
        self.init(sessionID: sessionID, globalStatus: result.globalStatus, redirection: result.redirection)
    }
}
