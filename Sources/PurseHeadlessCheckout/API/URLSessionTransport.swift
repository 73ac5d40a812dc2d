import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` (FoundationNetworking on Linux).
///
/// Task cancellation cancels the underlying data task; the request's `timeout` bounds the exchange.
/// No cookies, no cache, no redirects are followed (a 3xx is returned as is).
public final class URLSessionTransport: HTTPTransport {
    private typealias Answer = Result<HTTPResponse, any Error>
    private let session: URLSession

    /// Creates a transport on an ephemeral session of its own.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Independent calls go out together (N saved gift-card balances in one round trip): the default of 6
        // connections per host on Linux sent 20 look-ups in 4 waves (purse-bench, docs/PERFORMANCE.md).
        configuration.httpMaximumConnectionsPerHost = 32
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Sends the request with `URLSession` and returns the answer whatever its status, without following
    /// redirects.
    /// - Throws: ``TransportError``: `timedOut` after the request's timeout, `cancelled` when the task is
    ///   cancelled during the exchange (`CancellationError` when it already was), `cannotConnect` when no
    ///   connection could be made before any of the request was written, `connectionFailed` or `other` when no
    ///   answer arrived to a request that may have been sent.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Self.timeoutInterval(request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let running = RunningTask()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let task = session.dataTask(with: urlRequest) { data, response, error in
                        continuation.resume(
                            with: Self.answer(data, response, error, sentBodyBytes: running.sentBodyBytes))
                    }
                    running.start(task)
                }
            } onCancel: {
                // FoundationNetworking's `URLSessionTask.cancel()` waits for the session's queue, which may be
                // resuming this very task (and needs its status lock, held while this handler runs): cancelling
                // here could deadlock. Cancel from a new task instead.
                Task { running.cancel() }
            }
        } catch let error as TransportError {
            if error.kind != .cancelled, Task.isCancelled { throw TransportError(.cancelled) }
            throw error
        } catch {
            if Task.isCancelled { throw TransportError(.cancelled) }
            throw Self.classify(error)
        }
    }

    /// What a data task's completion handler received, as the `send` result.
    /// `sentBodyBytes` is read only for a failure.
    private static func answer(
        _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, sentBodyBytes: @autoclosure () -> Int64
    ) -> Answer {
        if let error { return .failure(classify(error, sentBodyBytes: sentBodyBytes())) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(TransportError(.other, detail: "not an HTTP answer"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }

    /// The `URLRequest` timeout for a request's deadline. FoundationNetworking (Linux) truncates the interval
    /// to whole seconds, so that 0.3 s would time out at once: there it is rounded up to a whole second.
    static func timeoutInterval(_ timeout: Duration) -> TimeInterval {
        let components = timeout.components
        let seconds = TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
        #if canImport(FoundationNetworking)
            return max(1, seconds.rounded(.up))
        #else
            return max(0.001, seconds)
        #endif
    }

    /// The kind of a data task's failure. A connection that could not be made (refused, host not found, DNS,
    /// offline) is ``TransportError/Kind-swift.struct/cannotConnect`` only while no byte of the body was handed
    /// over: `URLSession` (libcurl on Linux) may first write a request on a kept-alive connection that turns out
    /// dead, then fail to open a new one, and that request may have reached the server.
    static func classify(_ error: any Error, sentBodyBytes: Int64 = 0) -> TransportError {
        guard let urlError = error as? URLError else { return TransportError(.other, detail: "\(type(of: error))") }
        let detail = "URLError \(urlError.code.rawValue)"
        switch urlError.code {
        case .cancelled: return TransportError(.cancelled)
        case .timedOut: return TransportError(.timedOut)
        case .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed:
            guard sentBodyBytes == 0 else {
                return TransportError(
                    .connectionFailed, detail: detail + " after \(sentBodyBytes) body bytes were sent")
            }
            return TransportError(.cannotConnect, detail: detail)
        case .networkConnectionLost, .badServerResponse, .secureConnectionFailed:
            return TransportError(.connectionFailed, detail: detail)
        default: return TransportError(.other, detail: "URLError \(urlError.code.rawValue)")
        }
    }
}

/// The data task of one `send`: started unless the call was cancelled first, cancelled at most once.
private final class RunningTask: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() } else { task.resume() }
    }

    /// How many bytes of the request's body the task handed over so far (0 before it started).
    var sentBodyBytes: Int64 { state.withLock { $0.task?.countOfBytesSent ?? 0 } }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

/// Returns 3xx answers to the caller instead of following them: the SDK decides about redirects.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

extension URLSessionTransport: CustomReflectable {
    /// Reflection (`dump`, `Mirror`) shows no children: the `URLSession` inside is changed by its own threads
    /// while it works, and walking it from another thread crashed a `dump()` of a checkout.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
