import Foundation
public import PurseHeadlessCheckout
public import PurseSandbox

/// An ``HTTPTransport`` that hands every request straight to an in-process ``PurseSandbox``: no socket,
/// no port, deterministic. Use it in unit tests; the same tests run over loopback HTTP with
/// `URLSessionTransport` and a `SandboxServer`.
///
/// A fault that drops the connection surfaces as a `TransportError` (`connectionFailed`), as a real
/// socket would; a cancelled task gets `TransportError.cancelled` even when the sandbox already answered.
public struct SandboxTransport: HTTPTransport {
    /// The sandbox that answers.
    public let sandbox: PurseSandbox

    public init(_ sandbox: PurseSandbox) { self.sandbox = sandbox }

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
        return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
    }
}
