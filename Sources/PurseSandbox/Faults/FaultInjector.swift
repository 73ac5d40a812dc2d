internal import Foundation

/// The faults set on a sandbox instance, per route, plus a latency added to every call.
///
/// Thread-safe; changes apply to the next request.
/// ```swift
/// sandbox.faults.inject(.drop(count: 1), on: .gatewayValidate)
/// sandbox.faults.globalLatency = .milliseconds(50)   // the benchmark's fixed latency per call
/// sandbox.faults.clearAll()
/// ```
public final class FaultInjector: Sendable {
    private struct Settings: Sendable {
        var perRoute: [SandboxRoute: SandboxFault] = [:]
        var globalLatency: Duration = .zero
    }

    private let settings = SandboxLock(Settings())
    private let delayed = SandboxLock(0)

    init() {}

    /// A latency waited (on the sandbox clock) before every request of every route, 0 by default.
    public var globalLatency: Duration {
        get { settings.withLock { $0.globalLatency } }
        set { settings.withLock { $0.globalLatency = newValue } }
    }

    /// How many requests are held by an injected latency, or still being handled after one, right now.
    ///
    /// A test that let its client time out waits for this to come back to 0 before checking that the late
    /// request changed nothing.
    public var delayedRequests: Int { delayed.withLock { $0 } }

    /// Marks a request as held by a latency (``delayedRequests``); `ended` when its answer is ready.
    func delay(ended: Bool) {
        delayed.withLock { $0 += ended ? -1 : 1 }
    }

    /// Sets `fault` on `route`, replacing the previous one. A fault with a `count` is removed once spent.
    public func inject(_ fault: SandboxFault, on route: SandboxRoute) {
        settings.withLock { $0.perRoute[route] = fault }
    }

    /// The fault currently set on `route`.
    public func fault(on route: SandboxRoute) -> SandboxFault? {
        settings.withLock { $0.perRoute[route] }
    }

    /// Removes the fault on `route`.
    public func clear(_ route: SandboxRoute) {
        settings.withLock { $0.perRoute[route] = nil }
    }

    /// Removes every fault and the global latency.
    public func clearAll() {
        settings.withLock { $0 = Settings() }
    }

    /// The fault for one request on `route`, spending one use of a counted fault, and the global latency.
    ///
    /// A header fault (`x-sandbox-fault`) wins over the instance's; its `count` beyond this request is
    /// installed on the route.
    func take(for route: SandboxRoute, header: SandboxFault?) -> (fault: SandboxFault?, globalLatency: Duration) {
        settings.withLock { settings in
            if var header {
                if let count = header.count, count > 1 {
                    header.count = count - 1
                    settings.perRoute[route] = header
                }
                return (header, settings.globalLatency)
            }
            guard var fault = settings.perRoute[route] else { return (nil, settings.globalLatency) }
            if let count = fault.count {
                fault.count = count - 1
                settings.perRoute[route] = count <= 1 ? nil : fault
            }
            return (fault, settings.globalLatency)
        }
    }

    /// The answer of a `status` fault: `{ "code", "message" }`, or no body with ``SandboxFault/emptyErrorBody``.
    static func statusAnswer(_ fault: SandboxFault, status: Int, route: SandboxRoute) -> SandboxResponse {
        if fault.emptyErrorBody { return SandboxResponse(status: status) }
        return .error(
            status, fault.errorCode ?? "INJECTED_FAULT", "Fault injected by the sandbox on route \(route.rawValue)")
    }

    /// Applies the after-handling parts of `fault` to `response`.
    static func apply(_ fault: SandboxFault, to response: SandboxResponse) -> SandboxResponse {
        if fault.dropConnection { return SandboxResponse(status: 0, dropConnection: true) }
        if fault.resetConnection { return SandboxResponse(status: 0, resetConnection: true) }
        var response = response
        // A 204 carries no body on the wire: the broken body of an after-handling fault goes out as a 200.
        if response.status == 204 && (fault.malformedBody || fault.htmlPage || fault.stallBody) {
            response.status = 200
            response.headers["content-type"] = SandboxResponse.jsonType
        }
        if fault.htmlPage {
            response = .html(200, Self.htmlPage)
        }
        if fault.malformedBody {
            response.body =
                response.body.isEmpty ? Data("{\"code\":".utf8) : response.body.prefix(response.body.count / 2)
        }
        if fault.wrongContentType { response.headers["content-type"] = "text/plain; charset=utf-8" }
        if fault.stallBody {
            let whole = response.body.isEmpty ? Data("{\"code\":\"STALLED\"}".utf8) : response.body
            response.announcedBodyLength = whole.count
            response.body = whole.prefix(whole.count / 2)
        }
        return response
    }

    /// What a proxy or captive portal in the way answers.
    static let htmlPage =
        "<!DOCTYPE html><html><head><title>Gateway</title></head><body><h1>Please sign in to the network</h1>"
        + "</body></html>"
}
