import Foundation
import PurseHeadlessCheckout
import PurseLoopbackRedirect

/// Opens the hosted pages of `purse checkout` (PSP page, 3-D Secure challenge) in the browser, or prints
/// their address with `--no-browser`, and waits for the shopper to come back.
///
/// The pages are served and the return is caught by the SDK's ``LoopbackRedirectPresenter`` on 127.0.0.1.
/// The wait ends with the first of:
/// - the browser reaching the session's return URL (only when that URL is this listener's: always on the
///   embedded sandbox, and with `--api-base` when the session was created with
///   `shopper_redirection_url` `http://127.0.0.1:PORT/PATH`);
/// - the shopper pressing Enter (they closed the page, or the return goes to a shop this terminal cannot
///   see): the payment is then reported as pending, to be confirmed server-side;
/// - ``interrupt()`` (Ctrl-C): the same, reported as interrupted.
/// The end of a piped input does not end the wait: a script ends it by completing the page.
@MainActor
final class TerminalRedirectPresenter: RedirectPresenter {
    /// How a presentation ended when no return came.
    enum Ending: Equatable {
        case returned
        case shopperPressedEnter
        case interrupted
        case failedOrTimedOut
    }

    let loopback: LoopbackRedirectPresenter
    /// Whether the session's return URL is this presenter's listener.
    let catchesReturn: Bool
    /// The session's return URL, when known.
    let sessionReturnURL: URL?
    private let input: TerminalInput
    private let screen: CheckoutScreen
    private let text: CLIText
    /// Called with `true` while a page is waited on, `false` after.
    var onWaiting: ((Bool) -> Void)?
    /// How the last presentation ended.
    private(set) var ending: Ending?
    /// Every page address given to the browser.
    private(set) var opened: [URL] = []
    private var stop: AsyncStream<Void>.Continuation?

    init(
        loopback: LoopbackRedirectPresenter, catchesReturn: Bool, sessionReturnURL: URL?, input: TerminalInput,
        screen: CheckoutScreen, text: CLIText
    ) {
        self.text = text
        self.loopback = loopback
        self.catchesReturn = catchesReturn
        self.sessionReturnURL = sessionReturnURL
        self.input = input
        self.screen = screen
    }

    /// The opener the loopback presenter uses: the system browser (`xdg-open`, `open`), whose own fallback
    /// prints the address when no browser starts; or only the printed address.
    static func opener(noBrowser: Bool, screen: CheckoutScreen, text: CLIText) -> BrowserOpener {
        BrowserOpener { url in
            if noBrowser {
                screen.line(text("cli.redirect.openThis") + "\n  \(url.absoluteString)")
            } else {
                screen.line(text("cli.redirect.opening") + "\n  \(url.absoluteString)")
                try await BrowserOpener.system { url in
                    screen.problem(text("cli.redirect.noBrowser") + "\n  \(url.absoluteString)")
                }.open(url)
            }
        }
    }

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        onWaiting?(true)
        defer { onWaiting?(false) }
        if let url = action.url { opened.append(url) }
        screen.line("")
        screen.line(text("cli.redirect.continues"))
        if catchesReturn {
            screen.line(screen.console.dim(text("cli.redirect.waiting")))
        } else if let sessionReturnURL {
            screen.line(text("cli.redirect.returnElsewhere", [("url", .text(sessionReturnURL.absoluteString))]))
        } else {
            screen.line(text("cli.redirect.returnToShop"))
        }
        let (stopSignals, stopContinuation) = AsyncStream<Void>.makeStream()
        stop = stopContinuation
        defer { stop = nil }
        let loopback = loopback
        let input = input
        let first = await withTaskGroup(of: Race.self) { group in
            group.addTask { .presented(await loopback.present(action)) }
            group.addTask {
                if await input.readLine() != nil { return .enter }
                // The end of a piped input: only the page's return or Ctrl-C ends the wait.
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                return .enter
            }
            group.addTask {
                for await _ in stopSignals { return .stopped }
                return .stopped
            }
            let first = await group.next() ?? .stopped
            group.cancelAll()
            return first
        }
        switch first {
        case .presented(let result):
            if case .returned = result { ending = .returned } else { ending = .failedOrTimedOut }
            return result
        case .enter:
            ending = .shopperPressedEnter
            return .canceled
        case .stopped:
            ending = .interrupted
            return .canceled
        }
    }

    /// Stops waiting for the page (Ctrl-C): the presentation reports `canceled`.
    func interrupt() {
        stop?.yield()
    }

    private enum Race: Sendable {
        case presented(RedirectPresentationResult)
        case enter
        case stopped
    }
}
