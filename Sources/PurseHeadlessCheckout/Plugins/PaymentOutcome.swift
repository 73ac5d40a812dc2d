public import Foundation

/// How a payment element's submit ended.
public enum PaymentOutcome: Sendable, Hashable {
    /// The normal case after a hosted page (PSP, 3-D Secure): the shopper came back. The return is not proof of
    /// payment: confirm the status on your backend (webhooks, or Get a client session).
    case returnedFromRedirect(url: URL)
    /// `/validate` answered with nothing to open (legitimate for some PSPs), or a page had to be opened but no
    /// presenter was passed, or the `onRedirection` hook took it over. ``PurseHeadlessCheckout/pendingRedirect(for:)``
    /// tells the cases apart.
    case completed(ValidationResult)
    /// The shopper dismissed the page without completing.
    case canceled
    /// `/init` or `/validate` failed, the page could not open, or the element cannot pay (`METHOD_NOT_IMPLEMENTED`).
    case failed(PurseCheckoutError)
}

/// Receives a payment element's outcomes. The element holds its listener weakly.
@MainActor
public protocol PaymentElementListener: AnyObject {
    /// The element's submit ended (or the element cannot pay at all, reported at `prepare()`).
    func paymentElement(_ element: PaymentElement, didFinishWith outcome: PaymentOutcome)
}

/// What a redirect presenter reports after showing a page.
public enum RedirectPresentationResult: Sendable, Hashable {
    /// The browser reached the return destination with this URL.
    case returned(URL)
    /// The shopper closed the page.
    case canceled
    /// The page could not be opened, or the policy refused a URL.
    case failed(PurseCheckoutError)
}

/// Opens the pages a payment asks for (PSP hosted page, 3-D Secure challenge) and catches the return.
///
/// One presenter serves every redirect of the checkout. The SDK never opens a page you did not give it
/// somewhere to open: pass no presenter and submit reports `completed`, with the action in
/// ``PurseHeadlessCheckout/pendingRedirect(for:)``.
///
/// A presenter ends its page when the presenting task is cancelled (and reports `canceled`): the checkout
/// cancels it when the app hands the return over through ``PurseHeadlessCheckout/handleReturnURL(_:policy:)``,
/// and waits for it to close.
@MainActor
public protocol RedirectPresenter: AnyObject, Sendable {
    /// Shows the page the action describes and returns when the shopper came back, closed it, or it failed.
    /// Returns `canceled` soon after the calling task is cancelled, with the page closed.
    func present(_ action: RedirectAction) async -> RedirectPresentationResult
}
