public import Foundation
@_spi(PurseTools) public import PurseHeadlessCheckout

/// The redirect presenter for macOS and Linux apps and command-line tools: it opens the system browser (or
/// prints the URL) and catches the shopper's return on a loopback listener, as RFC 8252 §7.3 describes for
/// native apps.
///
/// ```swift
/// let presenter = LoopbackRedirectPresenter(
///     policy: RedirectPolicy(returnDestination: .loopback(port: 0, path: "/return"))
/// )
/// let returnURL = try presenter.start()   // http://127.0.0.1:<port>/return/<state>: the session's shopper_redirection_url
/// // … your backend creates the client session with returnURL …
/// let element = checkout.paymentElement(for: .primaryMethod(method), redirect: presenter)
/// ```
///
/// What it does with each action (decided by tested core code, `RedirectPlan`):
/// - `.get`: opens the URL in the browser;
/// - `.postForm`: serves, from 127.0.0.1, a page whose form (every field name and value HTML-escaped) posts
///   the fields to the URL at once, and opens that page;
/// - `.postHTML`: serves the partner's document from 127.0.0.1 and opens it, once every form action in it
///   passed the policy.
///
/// Every return URL ``start()`` issues ends in a value nobody else can guess (the `state` of RFC 8252 §8.9):
/// another process or a web page that finds the port cannot fake the shopper's return. It reports `returned`
/// when the browser reaches an issued return URL (query only `purse-redirection-data`; each return is taken
/// once, a reload delivers nothing), with the destination's URL without the value (`http://127.0.0.1:<port>/return?
/// purse-redirection-data=…`), and `canceled` when the presenting task is cancelled or nothing came back within
/// ``timeout`` on the injected clock. Without a URL from ``start()`` (or ``resume(returnURL:)``) in the client
/// session, pages are still served but no return can be caught. A system browser's later navigations cannot be watched: the policy
/// checks every URL the presenter is given, and the payment outcome is confirmed server-side anyway.
///
/// To test code that uses it, inject a ``BrowserOpener`` that records the URL (or drives a WebDriver
/// browser) and a test clock for the timeout; send the return with any HTTP client.
@MainActor
public final class LoopbackRedirectPresenter: RedirectPresenter {
    /// The policy as given (a port 0 destination resolves when the listener starts).
    public let policy: RedirectPolicy
    /// How long a presentation waits for the return before reporting `canceled`.
    public let timeout: Duration
    private let opener: BrowserOpener
    private let clock: any Clock<Duration>
    private var listener: LoopbackReturnListener?
    private var issuedReturnURL: URL?

    /// Creates a presenter; nothing listens until ``start()`` or the first presentation.
    /// - Parameters:
    ///   - policy: Its destination must be `.loopback(port:path:)`; any other fails every presentation with
    ///     `REDIRECT_PRESENTATION_FAILED`.
    ///   - opener: How the page is shown; the system browser by default.
    ///   - clock: What ``timeout`` is measured on.
    ///   - timeout: How long to wait for the shopper; 15 minutes by default.
    public init(
        policy: RedirectPolicy, opener: BrowserOpener = .system, clock: any Clock<Duration> = ContinuousClock(),
        timeout: Duration = .seconds(15 * 60)
    ) {
        self.policy = policy
        self.opener = opener
        self.clock = clock
        self.timeout = timeout
    }

    /// Starts the listener (once) and issues a return URL to put in the client session's
    /// `shopper_redirection_url`: `http://127.0.0.1:<bound port><path>/<unguessable value>`.
    ///
    /// Call it for each client session: every call issues a new URL, and the last 32 issued stay valid. Each
    /// return through it ends one presentation once (a reload of the return page shows it again and changes
    /// nothing); a session paid again after a declined page comes back through the same URL with other return
    /// data, which is taken.
    /// - Throws: `REDIRECT_PRESENTATION_FAILED` when the destination is not `.loopback` or the port cannot
    ///   be bound.
    @discardableResult
    public func start() throws(PurseCheckoutError) -> URL {
        let listener = try runningListener()
        guard let url = listener.issueReturnURL() else {
            throw RedirectError.cannotPresent("the loopback return URL could not be built")
        }
        issuedReturnURL = url
        return url
    }

    /// Listens for the shopper's return to `returnURL`, a URL ``start()`` issued before: by this presenter, or by
    /// one in a process that has since restarted (a checkout restored from `saveState()`). The listener binds the
    /// URL's port when the destination's port is 0.
    /// - Throws: `REDIRECT_PRESENTATION_FAILED` when `returnURL` is not on this presenter's destination (host,
    ///   port, path followed by an issued value's shape) or when the port cannot be bound.
    public func resume(returnURL: URL) throws(PurseCheckoutError) {
        let listener: LoopbackReturnListener
        if let running = self.listener {
            listener = running
        } else if case .loopback(0, _) = policy.returnDestination, let port = returnURL.port,
            let bound = UInt16(exactly: port), bound != 0
        {
            listener = try runningListener(port: bound)
        } else {
            listener = try runningListener()
        }
        try listener.adopt(returnURL: returnURL)
        issuedReturnURL = returnURL
    }

    /// The last return URL issued by ``start()`` or resumed by ``resume(returnURL:)``.
    public var returnURL: URL? { issuedReturnURL }

    /// Stops the listener and forgets the return URLs it issued (``resume(returnURL:)`` takes one back). A later
    /// presentation starts a new listener (on a new port when the destination's port is 0).
    public func stop() {
        listener?.stop()
        listener = nil
        issuedReturnURL = nil
    }

    /// Stops the listener like ``stop()`` and waits (about 2 s at most) until the pages it was answering —
    /// the return page above all — have gone out. Call it before a command-line program exits: the return
    /// that ends the payment arrives just before, and its page would otherwise die with the process.
    public func stopAndWait() {
        listener?.stopAndWait()
        listener = nil
        issuedReturnURL = nil
    }

    /// Opens the page and waits for the return, the timeout or cancellation.
    public func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        let listener: LoopbackReturnListener
        let plan: RedirectPlan
        do throws(PurseCheckoutError) {
            listener = try runningListener()
            plan = try RedirectPlan.loopback(for: action, policy: listener.policy).get()
        } catch {
            return .failed(error)
        }
        guard case .systemBrowser(let content) = plan.surface else {
            return .failed(RedirectError.cannotPresent("the plan has no browser page"))
        }
        let (returns, token) = listener.makeWaiter()
        var servedPath: String?
        defer {
            listener.removeWaiter(token)
            if let servedPath { listener.removePage(servedPath) }
        }
        let url: URL
        switch content {
        case .url(let target): url = target
        case .servedPage(let html):
            let served = listener.serve(html)
            servedPath = served.path
            url = served.url
        }
        do {
            try await opener.open(url)
        } catch {
            return .failed(RedirectError.cannotPresent("the browser could not be opened (\(type(of: error)))"))
        }
        return await Self.waitForReturn(returns, clock: clock, timeout: timeout)
    }

    /// The listener, started on the destination's port (or on `port`, for a destination on port 0).
    private func runningListener(port: UInt16? = nil) throws(PurseCheckoutError) -> LoopbackReturnListener {
        if let listener { return listener }
        if let problem = policy.configurationProblem { throw RedirectError.cannotPresent(problem) }
        let started = try LoopbackReturnListener(policy: port.map(policy.resolvingLoopbackPort) ?? policy)
        listener = started
        return started
    }

    /// The first of: a return, the timeout (`canceled`), the task's cancellation (`canceled`).
    private nonisolated static func waitForReturn(
        _ returns: AsyncStream<URL>, clock: any Clock<Duration>, timeout: Duration
    ) async -> RedirectPresentationResult {
        await withTaskGroup(of: RedirectPresentationResult.self) { group in
            group.addTask {
                for await url in returns { return .returned(url) }
                return .canceled
            }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return .canceled
            }
            let first = await group.next() ?? .canceled
            group.cancelAll()
            return first
        }
    }
}
