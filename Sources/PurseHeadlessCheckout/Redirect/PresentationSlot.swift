/// One page at a time, each ended exactly once: the part of an on-screen presenter that decides, kept here so
/// it is tested on Linux (`WebAuthRedirectPresenter` and its web view only carry it out).
///
/// A system sheet can report its end more than once — `ASWebAuthenticationSession` calls its completion handler
/// and may also refuse to `start()`; a web view can be dismissed by the shopper while the page reaches the
/// return; the presenting task can be cancelled — and resuming a continuation twice traps. ``run(_:onCancel:)``
/// keeps the first result and ignores the rest, refuses a second page while one is open (it would replace the
/// first and leave its caller waiting forever), and turns the task's cancellation into `canceled` and a call
/// to `onCancel` (the adapter closes its sheet).
@MainActor
package final class PresentationSlot {
    private var isOpen = false

    package init() {}

    /// Whether a page is open.
    package var isPresenting: Bool { isOpen }

    /// Opens a page with `start` and returns its first result.
    ///
    /// - Parameters:
    ///   - start: Opens the page, synchronously; everything that can end it calls
    ///     ``PresentationCompletion/finish(_:)`` on the completion it is given, from any thread, any number of
    ///     times.
    ///   - onCancel: Closes the page; called on the main actor after the presenting task was cancelled.
    /// - Returns: The first result; `failed` (`REDIRECT_PRESENTATION_FAILED`, `a redirect page is already
    ///   open`) when a page is already open; `canceled` when the task was cancelled.
    package func run(
        _ start: (PresentationCompletion) -> Void, onCancel: () -> Void
    ) async -> RedirectPresentationResult {
        guard !isOpen else { return .failed(RedirectError.alreadyPresenting) }
        isOpen = true
        defer { isOpen = false }
        let completion = PresentationCompletion()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RedirectPresentationResult, Never>) in
                completion.attach(continuation)
                if Task.isCancelled {
                    completion.finish(.canceled)
                } else {
                    start(completion)
                }
            }
        } onCancel: {
            completion.finish(.canceled)
        }
        if Task.isCancelled { onCancel() }
        return result
    }
}

/// The end of one presentation: the first ``finish(_:)`` resumes the waiting presenter, later ones do nothing.
package final class PresentationCompletion: Sendable {
    private struct State {
        var continuation: CheckedContinuation<RedirectPresentationResult, Never>?
        /// A result that arrived before the continuation was attached.
        var early: RedirectPresentationResult?
        var finished = false
    }
    private let state = Locked(State())

    package init() {}

    func attach(_ continuation: CheckedContinuation<RedirectPresentationResult, Never>) {
        let early: RedirectPresentationResult? = state.withLock { state in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.early = nil
            return early
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Ends the presentation with `result` if nothing ended it before.
    /// - Returns: Whether this call ended it.
    @discardableResult
    package func finish(_ result: RedirectPresentationResult) -> Bool {
        let resume: CheckedContinuation<RedirectPresentationResult, Never>?? = state.withLock { state in
            guard !state.finished else { return .none }
            state.finished = true
            guard let continuation = state.continuation else {
                state.early = result
                return .some(nil)
            }
            state.continuation = nil
            return .some(continuation)
        }
        guard case .some(let continuation) = resume else { return false }
        continuation?.resume(returning: result)
        return true
    }

    /// Whether the presentation has ended.
    package var isFinished: Bool { state.withLock { $0.finished } }
}
