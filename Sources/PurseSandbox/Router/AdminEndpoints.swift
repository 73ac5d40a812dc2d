internal import Foundation

/// The test endpoints under `B/sandbox/` (not part of Purse; for tests, the CLI and the benchmark).
///
/// - `GET /sandbox/catalogue`: the catalogue as JSON; `?format=text` for the printable text.
/// - `GET /sandbox/stats`: `{ requests: { route: n }, charges, charges_per_payment, charges_per_gift_card }`.
/// - `POST /sandbox/reset`: back to the seed (204).
/// - `POST /sandbox/faults` `{ "route": "validate", "status": 503, "latency_ms": 50, "drop": true,
///   "malformed": true, "wrong_content_type": true, "count": 1 }` sets a fault on a route (also `"code"`,
///   `"empty_body"`, `"reset"`, `"stall"`, `"html"`; see
///   ``SandboxRoute`` raw values); `{ "global_latency_ms": 50 }` sets the global latency. 204.
///   `DELETE /sandbox/faults` clears everything.
extension PurseSandbox {
    func catalogueEndpoint(_ request: SandboxRequest) -> SandboxResponse {
        if request.query["format"] == "text" {
            return SandboxResponse(
                status: 200, headers: ["content-type": "text/plain; charset=utf-8"], body: Data(catalogue.text.utf8))
        }
        return .json(200, catalogue.json)
    }

    func statsJSON() -> SandboxJSON {
        let stats = stats()
        var requests: [String: SandboxJSON] = [:]
        for (route, count) in stats.requests { requests[route.rawValue] = .int(count) }
        return [
            "requests": .object(requests),
            "charges": .int(stats.charges),
            "charges_per_payment": .object(stats.chargesPerPayment.mapValues(SandboxJSON.int)),
            "charges_per_gift_card": .object(stats.chargesPerGiftCard.mapValues(SandboxJSON.int)),
        ]
    }

    func faultsEndpoint(_ request: SandboxRequest) -> SandboxResponse {
        if request.method == "DELETE" {
            faults.clearAll()
            return .noContent
        }
        let body: [String: SandboxJSON]
        switch request.jsonObjectBody() {
        case .success(let object): body = object
        case .failure(let error): return error.response
        }
        if let global = body["global_latency_ms"] {
            guard let milliseconds = global.intValue, milliseconds >= 0 else {
                return .error(400, "INVALID_PAYLOAD", "global_latency_ms must be a non-negative integer")
            }
            faults.globalLatency = .milliseconds(milliseconds)
        }
        guard let name = body["route"]?.stringValue else {
            return body["global_latency_ms"] == nil
                ? .error(400, "INVALID_PAYLOAD", "route or global_latency_ms is required") : .noContent
        }
        guard let route = SandboxRoute(rawValue: name) else {
            let names = SandboxRoute.allCases.map(\.rawValue).joined(separator: ", ")
            return .error(400, "INVALID_PAYLOAD", "route must be one of \(names)")
        }
        var fault = SandboxFault()
        if let status = body["status"] {
            guard let code = status.intValue, (400...599).contains(code) else {
                return .error(400, "INVALID_PAYLOAD", "status must be 400 to 599")
            }
            fault.status = code
        }
        if let latency = body["latency_ms"] {
            guard let milliseconds = latency.intValue, milliseconds >= 0 else {
                return .error(400, "INVALID_PAYLOAD", "latency_ms must be a non-negative integer")
            }
            fault.latency = .milliseconds(milliseconds)
        }
        if let count = body["count"] {
            guard let value = count.intValue, value >= 1 else {
                return .error(400, "INVALID_PAYLOAD", "count must be at least 1")
            }
            fault.count = value
        }
        if let code = body["code"] {
            guard let text = code.stringValue, SandboxFault.isCode(text) else {
                return .error(400, "INVALID_PAYLOAD", "code must be 1 to 64 upper-case letters, digits or _")
            }
            fault.errorCode = text
        }
        fault.emptyErrorBody = body["empty_body"]?.boolValue ?? false
        fault.resetConnection = body["reset"]?.boolValue ?? false
        fault.stallBody = body["stall"]?.boolValue ?? false
        fault.htmlPage = body["html"]?.boolValue ?? false
        fault.dropConnection = body["drop"]?.boolValue ?? false
        fault.malformedBody = body["malformed"]?.boolValue ?? false
        fault.wrongContentType = body["wrong_content_type"]?.boolValue ?? false
        faults.inject(fault, on: route)
        return .noContent
    }
}
