import Foundation
import PurseHTTPServer
@_spi(PurseTools) import PurseHeadlessCheckout
import ToolsLock

/// The loopback presenter's HTTP listener on 127.0.0.1 (RFC 8252 §7.3): it serves the pages the system
/// browser must load from the app (the form of a `.postForm`, the partner's document of a `.postHTML`) and
/// catches the return.
///
/// A return is the destination's path followed by a value this listener issued (`/return/<state>`, see
/// ``LoopbackReturnStates``), with no query but `purse-redirection-data`. Only such a return, not delivered
/// before, is handed to the waiting presenter (and then spent); anything else gets a 404 page and changes
/// nothing, so a stray or forged request (another process, a web page guessing the port) cannot end
/// a payment. Served pages live at unguessable paths (`/purse-redirect/<UUID>`) for as long as their
/// presentation lasts.
final class LoopbackReturnListener: Sendable {
    private let server: HTTPServer
    private let shared: Shared
    /// The policy with the bound port (a `.loopback(port: 0, …)` destination resolved).
    let policy: RedirectPolicy
    /// The bound port.
    let port: UInt16

    /// Binds 127.0.0.1 on the destination's port (0: an ephemeral port) and starts serving.
    /// - Throws: `REDIRECT_PRESENTATION_FAILED` when the port cannot be bound.
    init(policy: RedirectPolicy) throws(PurseCheckoutError) {
        guard case .loopback(let wanted, _) = policy.returnDestination else {
            throw RedirectError.cannotPresent(
                "LoopbackRedirectPresenter needs a .loopback(port:path:) return destination")
        }
        let shared = Shared()
        let server = HTTPServer(
            configuration: .init(
                host: RedirectPolicy.loopbackAddress, port: wanted, maxBodyBytes: 64 * 1024,
                readTimeout: .seconds(5), maxConnections: 64)
        ) { request in shared.answer(request) }
        do {
            port = try server.start()
        } catch {
            throw RedirectError.cannotPresent(
                "the loopback listener could not listen on \(RedirectPolicy.loopbackAddress):\(wanted): "
                    + error.message)
        }
        self.server = server
        self.shared = shared
        self.policy = policy.resolvingLoopbackPort(port)
        shared.configure(policy: self.policy, base: "http://\(RedirectPolicy.loopbackAddress):\(port)")
    }

    deinit { server.stop() }

    /// Stops listening; waiting presentations keep waiting until their timeout or cancellation.
    func stop() { server.stop() }

    /// Stops listening and waits until the pages under way have been answered (see `HTTPServer.stopAndWait`).
    func stopAndWait() { server.stopAndWait() }

    /// Issues a return URL with a fresh unguessable value: `http://127.0.0.1:<port><path>/<state>`.
    func issueReturnURL() -> URL? {
        let state = shared.state.withLock { $0.states.issue() }
        return returnURL(state: state)
    }

    /// Listens again for `url`, a return URL issued before (by this listener, or by one that ran before a
    /// restart on the same port and path).
    /// - Throws: `REDIRECT_PRESENTATION_FAILED` when `url` is not this listener's address and path followed by a
    ///   well-formed value.
    func adopt(returnURL url: URL) throws(PurseCheckoutError) {
        guard case .loopback(_, let path) = policy.returnDestination, url.scheme == "http",
            url.host == RedirectPolicy.loopbackAddress, url.port == Int(port), url.query == nil, url.fragment == nil,
            url.user == nil,
            let state = LoopbackReturnStates.state(inRequestPath: url.path[...], destinationPath: path),
            returnURL(state: String(state)) == url
        else {
            throw RedirectError.cannotPresent(
                "the return URL is not http://\(RedirectPolicy.loopbackAddress):\(port) followed by this presenter's "
                    + "path and a value it issued")
        }
        shared.state.withLock { $0.states.adopt(String(state)) }
    }

    private func returnURL(state: String) -> URL? {
        guard case .loopback(_, let path) = policy.returnDestination else { return nil }
        return URL(
            string: "http://\(RedirectPolicy.loopbackAddress):\(port)"
                + LoopbackReturnStates.returnPath(path, state: state))
    }

    /// Registers a waiter for the next return. Register before opening the browser, so a quick return is
    /// never missed; remove it with ``removeWaiter(_:)``.
    func makeWaiter() -> (returns: AsyncStream<URL>, token: UUID) {
        let (stream, continuation) = AsyncStream<URL>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        shared.state.withLock { $0.waiters[token] = continuation }
        return (stream, token)
    }

    /// Forgets a waiter and finishes its stream.
    func removeWaiter(_ token: UUID) {
        let continuation = shared.state.withLock { $0.waiters.removeValue(forKey: token) }
        continuation?.finish()
    }

    /// Serves `html` at a fresh unguessable path until ``removePage(_:)``; returns its URL.
    func serve(_ html: String) -> (url: URL, path: String) {
        let path = "/purse-redirect/" + UUID().uuidString.lowercased()
        shared.state.withLock { $0.pages[path] = html }
        let base = "http://\(RedirectPolicy.loopbackAddress):\(port)"
        return (URL(string: base + path) ?? URL(fileURLWithPath: "/"), path)
    }

    /// Stops serving the page at `path`.
    func removePage(_ path: String) {
        shared.state.withLock { _ = $0.pages.removeValue(forKey: path) }
    }

    /// What the request handler reads and writes, apart from the listener (which owns the server).
    private final class Shared: Sendable {
        struct State {
            var policy: RedirectPolicy?
            var base = ""
            var pages: [String: String] = [:]
            var waiters: [UUID: AsyncStream<URL>.Continuation] = [:]
            var states = LoopbackReturnStates()
        }

        let state = Locked(State())

        func configure(policy: RedirectPolicy, base: String) {
            state.withLock {
                $0.policy = policy
                $0.base = base
            }
        }

        func answer(_ request: HTTPServerRequest) -> HTTPServerResponse {
            guard request.method == "GET" || request.method == "HEAD" else {
                return Self.page(405, RedirectHTML.notFoundPage)
            }
            let (policy, base, page) = state.withLock { ($0.policy, $0.base, $0.pages[request.path]) }
            if let page, request.query.isEmpty {
                var response = Self.page(200, page)
                if let policy {
                    response.headers.add(
                        name: "Content-Security-Policy", value: policy.servedPageContentSecurityPolicy)
                }
                return response
            }
            // The return is judged on the request-target as sent (still percent-encoded), on this listener's
            // own address: the Host header is the browser's to write and decides nothing. Without its unguessable
            // value the URL is the destination's exact path, which the policy classifies; the value is checked
            // against the issued ones after that.
            guard let policy, case .loopback(_, let path) = policy.returnDestination, request.target.hasPrefix("/")
            else { return Self.page(404, RedirectHTML.notFoundPage) }
            let target = request.target[...]
            let queryStart = target.firstIndex(of: "?") ?? target.endIndex
            guard
                let returnState = LoopbackReturnStates.state(
                    inRequestPath: target[..<queryStart], destinationPath: path),
                let url = URL(string: base + path + target[queryStart...]),
                case .approved(let returned) = policy.classifyReturn(url)
            else { return Self.page(404, RedirectHTML.notFoundPage) }
            let data = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value
            let key = LoopbackReturnStates.returnKey(state: returnState, data: data)
            let (verdict, waiters) = state.withLock {
                state -> (LoopbackReturnStates.Verdict, [AsyncStream<URL>.Continuation]) in
                let verdict = state.states.verdict(state: returnState, key: key)
                guard verdict == .fresh, !state.waiters.isEmpty else { return (verdict, []) }
                state.states.spend(key: key)
                return (verdict, Array(state.waiters.values))
            }
            guard verdict != .unknown else { return Self.page(404, RedirectHTML.notFoundPage) }
            for waiter in waiters { waiter.yield(returned) }
            return Self.page(200, RedirectHTML.returnedPage)
        }

        private static func page(_ status: Int, _ html: String) -> HTTPServerResponse {
            var response = HTTPServerResponse.html(status: status, html)
            response.headers.add(name: "Cache-Control", value: "no-store")
            response.headers.add(name: "Referrer-Policy", value: "no-referrer")
            return response
        }
    }
}
