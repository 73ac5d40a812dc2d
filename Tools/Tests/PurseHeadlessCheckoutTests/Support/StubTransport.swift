import Foundation

@testable import PurseHeadlessCheckout

/// A transport answered by a closure, recording every request. It fails loudly (HTTP 599 and a recorded
/// miss) when a request reaches no route, so a test never silently talks to nothing.
final class StubTransport: HTTPTransport {
    typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let handler: Handler
    private let recorded = Locked<[HTTPRequest]>([])

    init(_ handler: @escaping Handler) { self.handler = handler }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await handler(request)
    }

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    /// Requests whose path ends with `suffix`.
    func requests(endingWith suffix: String) -> [HTTPRequest] { requests.filter { $0.url.path.hasSuffix(suffix) } }

    /// Waits until the calling task is cancelled, then throws `CancellationError` (no real-time wait).
    static func parkUntilCancelled() async throws -> HTTPResponse {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        _ = continuation
        for await _ in stream {}
        throw CancellationError()
    }

    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: value.serialized())
    }

    /// A transport that answers the datetime call with `serverTime`, and `routes` for anything else.
    static func withServerTime(
        _ serverTime: Date, routes: @escaping Handler = { _ in StubTransport.json(599, ["code": "NO_ROUTE"]) }
    ) -> StubTransport {
        StubTransport { request in
            if request.url.path.hasSuffix("/datetime") {
                let millis = Int64(serverTime.timeIntervalSince1970 * 1000)
                return json(200, ["utc": .integer(millis), "iso": .string(ISO8601.format(serverTime))])
            }
            return try await routes(request)
        }
    }
}
