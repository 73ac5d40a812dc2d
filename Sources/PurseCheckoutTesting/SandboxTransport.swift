import Foundation
public import PurseHeadlessCheckout
public import PurseSandbox

/// An ``/PurseHeadlessCheckout/HTTPTransport`` that hands every request straight to an in-process
/// `PurseSandbox`: no socket, no port, deterministic. Use it in unit tests; the same tests run over loopback HTTP with
/// `URLSessionTransport` and a `SandboxServer`.
///
/// A fault that drops or resets the connection surfaces as a `TransportError` (`connectionFailed`), and a body
/// that never finishes as `timedOut`, as a real socket would; a cancelled task gets `TransportError.cancelled`
/// even when the sandbox already answered.
public struct SandboxTransport: HTTPTransport {
    /// The sandbox that answers.
    public let sandbox: PurseSandbox

    /// A transport answered by `sandbox`; share the sandbox with the test to inspect what it recorded.
    public init(_ sandbox: PurseSandbox) { self.sandbox = sandbox }

    /// Hands the request to the sandbox's router and returns its answer, whatever the status.
    /// - Throws: ``/PurseHeadlessCheckout/TransportError``: `cancelled` when the task is cancelled (before or
    ///   after the sandbox answered), `connectionFailed` when an injected fault drops or resets the connection,
    ///   `timedOut` when the answer's body never finishes.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw TransportError(.cancelled) }
        var query: [String: String] = [:]
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        for item in components?.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
        let answer = await sandbox.handle(
            SandboxRequest(
                method: request.method, path: request.url.path, query: query, headers: request.headers,
                body: request.body ?? Data()))
        if Task.isCancelled { throw TransportError(.cancelled) }
        if answer.dropConnection {
            throw TransportError(.connectionFailed, detail: "the sandbox dropped the connection")
        }
        if answer.resetConnection {
            throw TransportError(.connectionFailed, detail: "the sandbox reset the connection")
        }
        if let announced = answer.announcedBodyLength, announced > answer.body.count {
            // Over a socket the rest of the body never comes and the client's timeout ends the wait; in-process
            // there is no real time to wait, so the timeout is reported at once.
            throw TransportError(.timedOut, detail: "the sandbox's answer body never finished")
        }
        return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
    }
}

extension SandboxTransport: CustomReflectable {
    /// No children: the sandbox's catalogue holds every test card number and PIN, and a `dump()` of a checkout
    /// built on this transport must not print them (DESIGN §7 is checked with such dumps).
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
