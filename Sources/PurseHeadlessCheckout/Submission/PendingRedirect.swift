import Foundation

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
    /// The page the payment waited on, when it can still be shown: the action `/validate` asked for, in the
    /// process that submitted. A checkout restored from a snapshot has only a `.get` page here (a URL): a
    /// snapshot never keeps a form's fields or a partner's document (they can carry card data), so a restored
    /// `.postForm` or `.postHTML` page is `nil` here and ``page`` says it cannot be shown again.
    public let redirection: RedirectAction?
    /// What the payment waited on, without the page's content: its kind and the host it loads from or posts to.
    /// Survives ``PurseHeadlessCheckout/saveState()`` whatever the kind.
    public let page: PendingPage?
    /// The `Idempotency-Key` of the attempt that was submitted, when the checkout made one.
    public let attemptKey: String?

    /// Whether the payment was waiting on a hosted page when submitted: show it as pending and confirm its
    /// final status server-side. A return from the page never changes this: it is not proof of payment.
    public var isPending: Bool { globalStatus == .waiting || page != nil }

    /// Creates the record of a submitted payment.
    public init(sessionID: String, globalStatus: StatusState, redirection: RedirectAction?) {
        self.init(
            sessionID: sessionID, globalStatus: globalStatus, redirection: redirection,
            page: redirection.map { PendingPage(of: $0) }, attemptKey: nil)
    }

    init(
        sessionID: String, globalStatus: StatusState, redirection: RedirectAction?, page: PendingPage?,
        attemptKey: String?
    ) {
        self.sessionID = sessionID
        self.globalStatus = globalStatus
        self.redirection = redirection
        self.page = page
        self.attemptKey = attemptKey
    }

    init(sessionID: String, result: ValidationResult, attemptKey: String?) {
        self.init(
            sessionID: sessionID, globalStatus: result.globalStatus, redirection: result.redirection,
            page: result.redirection.map { PendingPage(of: $0) }, attemptKey: attemptKey)
    }
}

/// The page a submitted payment waited on, reduced to what confirming it needs: never the page's content.
public struct PendingPage: Sendable, Hashable {
    /// How the page is opened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A GET of a URL.
        case get
        /// A form posted to a URL.
        case postForm = "post_form"
        /// A partner's HTML document (usually a self-submitting form).
        case postHTML = "post_html"
    }

    /// How the page is opened.
    public let kind: Kind
    /// The host the page loads from (`.get`), posts to (`.postForm`), or whose form submits to (`.postHTML`,
    /// its first form's action); `nil` when the document names no absolute target.
    public let targetHost: String?
    /// Whether the page can be shown again (``SubmittedPayment/redirection`` holds it). `false` in a checkout
    /// restored from a snapshot for a form or a document: confirm the payment instead.
    public let canBeShownAgain: Bool

    /// A page of `kind` on `targetHost`.
    public init(kind: Kind, targetHost: String?, canBeShownAgain: Bool) {
        self.kind = kind
        self.targetHost = targetHost
        self.canBeShownAgain = canBeShownAgain
    }

    /// The summary of `action`, which is at hand to be shown again.
    init(of action: RedirectAction) {
        switch action {
        case .get(let url): self.init(kind: .get, targetHost: url.host, canBeShownAgain: true)
        case .postForm(let url, _): self.init(kind: .postForm, targetHost: url.host, canBeShownAgain: true)
        case .postHTML(let html, _):
            let target = RedirectHTML.submissionTargets(in: html).lazy.compactMap { $0 }.first
            self.init(
                kind: .postHTML, targetHost: target.flatMap { URL(string: $0)?.host }, canBeShownAgain: true)
        }
    }
}
