public import Foundation

/// What ``PurseHeadlessCheckout/handleReturnURL(_:policy:)`` did with a URL the app was opened with.
public enum ReturnURLHandling: Sendable, Hashable {
    /// The URL is not the policy's return destination (another deep link of the app): handle it yourself.
    case notAReturn
    /// A page of this checkout was open and waiting: the presentation ended with this URL, and the element's
    /// submit reports `returnedFromRedirect(url:)`. Confirm the payment status on your backend.
    case completedPresentation(URL)
    /// No page was open in this process (the app was killed while the shopper was in a bank app, and the
    /// checkout was rebuilt with ``PurseHeadlessCheckout/restore(_:configuration:)``), and the checkout had
    /// submitted a payment that waited on a page. Show it as pending and confirm its status on your backend.
    case returnedToSubmittedPayment(SubmittedPayment)
    /// A return URL, but this checkout has no page open and no submitted payment waiting on one: a stale or
    /// fabricated link. Nothing changed.
    case nothingPending
    /// A return URL whose `purse-redirection-data` names another client session (the one given): not this
    /// checkout's return. Nothing changed, and an open page stays open.
    case otherSession(String)
}

extension PurseHeadlessCheckout {
    /// Hands the checkout a URL the app was opened with: from SwiftUI's `onOpenURL`,
    /// `application(_:open:options:)`, a scene delegate's `scene(_:openURLContexts:)`, or a universal link's
    /// `NSUserActivity.webpageURL` in `application(_:continue:restorationHandler:)`.
    ///
    /// ```swift
    /// WindowGroup {
    ///     CheckoutScreen(checkout: checkout)
    ///         .onOpenURL { url in checkout.handleReturnURL(url, policy: presenter.policy) }
    /// }
    /// ```
    ///
    /// The URL is classified with `policy` (the one your presenter uses: exact host and path; a query of
    /// `purse-redirection-data` only). A bank app that sends the shopper back through your universal link or
    /// scheme while the payment page is still open ends that presentation here, as if the page itself had
    /// reached the return: the presenter is cancelled (it closes its sheet) and the element reports
    /// `returnedFromRedirect(url:)`. After process death there is no page to end: a restored checkout whose
    /// submitted payment waited on a page reports ``ReturnURLHandling/returnedToSubmittedPayment(_:)``.
    ///
    /// A return whose `purse-redirection-data` names another client session is refused
    /// (``ReturnURLHandling/otherSession(_:)``); that data is read as an unverified hint (``RedirectionData``) and
    /// decides nothing else. A return is never proof of payment (a custom scheme can be fabricated by any app):
    /// whatever this returns, confirm the payment's status on your backend, or with a ``PaymentStatusProvider``
    /// (a restored checkout starts that confirmation here).
    @discardableResult
    public func handleReturnURL(_ url: URL, policy: RedirectPolicy) -> ReturnURLHandling {
        guard let returned = policy.classifyReturn(url).url else {
            log.debug("a URL handed to the checkout is not its return destination")
            return .notAReturn
        }
        if let other = otherSession(namedBy: returned) {
            log.warning("a return handed over names another client session (\(other)): not this checkout's return")
            return .otherSession(other)
        }
        if returnHandoff.deliver(returned) {
            log.info("return handed over by the app: the open page is closed")
            return .completedPresentation(returned)
        }
        if let payment = state.submittedPayment, payment.isPending {
            log.info("return handed over by the app for submitted session \(payment.sessionID): confirm on the backend")
            confirmInBackgroundIfPending()
            return .returnedToSubmittedPayment(payment)
        }
        log.info("return handed over by the app, but nothing waits for it")
        return .nothingPending
    }

    /// Opens the page with `presenter` and returns the first of: the presenter's own result, or a return the
    /// app handed over through ``handleReturnURL(_:policy:)`` (then the presentation is cancelled, and this waits
    /// until the presenter has closed its page).
    func present(_ action: RedirectAction, with presenter: any RedirectPresenter) async -> RedirectPresentationResult {
        await Self.firstEnd(of: action, presenter: presenter, handoff: returnHandoff)
    }

    private nonisolated static func firstEnd(
        of action: RedirectAction, presenter: any RedirectPresenter, handoff: ReturnHandoff
    ) async -> RedirectPresentationResult {
        await withTaskGroup(of: RedirectWaitEnd.self) { group in
            group.addTask { .presenter(await presenter.present(action)) }
            group.addTask {
                switch await handoff.wait() {
                case .returned(let url): return .handedOver(url)
                case .cancelled: return .handoffEnded
                case .checkoutEnded: return .checkoutEnded
                }
            }
            while let end = await group.next() {
                switch end {
                case .presenter(let result):
                    group.cancelAll()
                    return result
                case .handedOver(let url):
                    group.cancelAll()
                    return .returned(url)
                case .checkoutEnded:
                    // Torn down: the presenter is cancelled (it closes its page) and the element reports canceled.
                    group.cancelAll()
                    return .canceled
                case .handoffEnded:
                    continue
                }
            }
            return .canceled
        }
    }
}

/// How one of the two waits of a presentation ended.
private enum RedirectWaitEnd: Sendable {
    case presenter(RedirectPresentationResult)
    case handedOver(URL)
    case handoffEnded
    case checkoutEnded
}

/// How a wait for a handed-over return ended.
enum HandoffWaitEnd: Sendable {
    case returned(URL)
    case cancelled
    /// The checkout was torn down: the page must close.
    case checkoutEnded
}

/// Where the presentations of a checkout wait for a return the app hands over.
///
/// Thread-safe: ``wait()`` runs in a child task, ``deliver(_:)`` on the main actor, cancellation anywhere.
final class ReturnHandoff: Sendable {
    private struct Waiters {
        var next: UInt64 = 0
        var continuations: [UInt64: CheckedContinuation<HandoffWaitEnd, Never>] = [:]
        var ended = false
    }
    private let waiters = Locked(Waiters())

    /// Waits for a handed-over return URL, the task's cancellation, or the checkout's teardown.
    func wait() async -> HandoffWaitEnd {
        let id = waiters.withLock { waiters in
            waiters.next += 1
            return waiters.next
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HandoffWaitEnd, Never>) in
                let early: HandoffWaitEnd? = waiters.withLock { waiters in
                    // Checked under the lock, so a cancellation either sees the waiter or is seen here.
                    if waiters.ended { return .checkoutEnded }
                    if Task.isCancelled { return .cancelled }
                    waiters.continuations[id] = continuation
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            waiters.withLock { $0.continuations.removeValue(forKey: id) }?.resume(returning: .cancelled)
        }
    }

    /// Ends every wait, now and later, with ``HandoffWaitEnd/checkoutEnded``: the checkout was torn down.
    func end() {
        let waiting = waiters.withLock { waiters in
            defer {
                waiters.continuations.removeAll()
                waiters.ended = true
            }
            return Array(waiters.continuations.values)
        }
        for continuation in waiting { continuation.resume(returning: .checkoutEnded) }
    }

    /// Ends every wait with `url`; `false` when nothing was waiting.
    func deliver(_ url: URL) -> Bool {
        let waiting = waiters.withLock { waiters in
            defer { waiters.continuations.removeAll() }
            return Array(waiters.continuations.values)
        }
        for continuation in waiting { continuation.resume(returning: .returned(url)) }
        return !waiting.isEmpty
    }

    /// Whether a presentation is waiting (for tests).
    var isWaiting: Bool { waiters.withLock { !$0.continuations.isEmpty } }
}
