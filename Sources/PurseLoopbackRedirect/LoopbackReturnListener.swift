import Foundation
import PurseHTTPServer
import PurseHeadlessCheckout

/// The loopback presenter's HTTP listener on 127.0.0.1 (RFC 8252 §7.3): it serves the pages the system
/// browser must load from the app (the form of a `.postForm`, the partner's document of a `.postHTML`) and
/// catches the return.
///
/// Only a request whose URL the policy classifies as a return (exact path, no query but
/// `purse-redirection-data`) is handed to the waiting presenter; anything else gets a 404 page and changes
/// nothing, so a stray or forged request cannot end a payment. Served pages live at unguessable paths
/// (`/purse-redirect/<UUID>`) for as long as their presentation lasts.
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

    /// The return URL the destination names, with the bound port.
    var returnURL: URL? { policy.returnURL }

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
            // own address: the Host header is the browser's to write and decides nothing.
            guard let policy, request.target.hasPrefix("/"), let url = URL(string: base + request.target),
                case .approved(let returned) = policy.classifyReturn(url)
            else { return Self.page(404, RedirectHTML.notFoundPage) }
            let waiters = state.withLock { Array($0.waiters.values) }
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
