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

    init() {}

    /// A latency waited (on the sandbox clock) before every request of every route, 0 by default.
    public var globalLatency: Duration {
        get { settings.withLock { $0.globalLatency } }
        set { settings.withLock { $0.globalLatency = newValue } }
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

    /// Applies the after-handling parts of `fault` to `response`.
    static func apply(_ fault: SandboxFault, to response: SandboxResponse) -> SandboxResponse {
        var response = response
        if fault.malformedBody {
            response.body =
                response.body.isEmpty ? Data("{\"code\":".utf8) : response.body.prefix(response.body.count / 2)
        }
        if fault.wrongContentType { response.headers["content-type"] = "text/plain; charset=utf-8" }
        if fault.dropConnection {
            response = SandboxResponse(status: 0, dropConnection: true)
        }
        return response
    }
}
