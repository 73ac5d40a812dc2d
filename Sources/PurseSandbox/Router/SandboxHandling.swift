internal import Foundation

extension PurseSandbox {
    /// Answers one request: the pure router (the paths of docs/CONTRACT.md, plus the test endpoints under
    /// `/sandbox/`).
    ///
    /// In order: find the endpoint (404/405), count the request, apply the faults (header `x-sandbox-fault`
    /// first, then the instance's; latency waits on the injected clock), handle it, then apply the
    /// after-handling faults (drop, reset, stalled body, truncated body, wrong content type, HTML page). Bodies over 1 MiB are 413
    /// `PAYLOAD_TOO_LARGE`; a JSON route's body labelled as another media type is 415 `UNSUPPORTED_MEDIA_TYPE`
    /// (`application/json` and `+json` types are read as JSON, and so is a body with no `Content-Type`). Never
    /// throws: every failure is an HTTP answer with a JSON body `{ "code", "message" }` (hosted pages answer HTML).
    public func handle(_ request: SandboxRequest) async -> SandboxResponse {
        switch begin(request) {
        case .answered(let response): return response
        case .pending(let pending): return await finish(pending)
        }
    }

    /// What ``begin(_:)`` did with a request: answered it, or left the rest to ``finish(_:)``.
    public enum Step: Sendable {
        /// The answer, made without waiting.
        case answered(SandboxResponse)
        /// The request waits (injected latency) or its endpoint suspends (`/init`): finish it with
        /// ``PurseSandbox/finish(_:)``, once.
        case pending(Pending)
    }

    /// A request ``begin(_:)`` has counted and taken its faults for, to be finished by ``finish(_:)``.
    public struct Pending: Sendable {
        let endpoint: SandboxEndpoint
        let request: SandboxRequest
        let fault: SandboxFault?
        let latency: Duration
    }

    /// ``handle(_:)`` without suspending: everything up to the first wait. A server calls it where it cannot
    /// block or suspend (an event loop) and finishes a `.pending` step elsewhere; ``handle(_:)`` is the two
    /// together. A sandbox with a state path writes its file after every change (blocking I/O): call
    /// ``handle(_:)`` off the loop for those (see ``writesStateFile``).
    public func begin(_ request: SandboxRequest) -> Step {
        let endpoint: SandboxEndpoint
        switch resolve(request) {
        case .success(let found): endpoint = found
        case .failure(let error): return .answered(error.response)
        }
        let route = endpoint.route
        state.withLock { $0.requestCounts[route.rawValue, default: 0] += 1 }
        if let refusal = Self.adminRefusal(endpoint, request) { return .answered(refusal) }
        guard request.body.count <= Self.maximumBodySize else {
            return .answered(
                .error(413, "PAYLOAD_TOO_LARGE", "The body is larger than \(Self.maximumBodySize) bytes"))
        }

        var headerFault: SandboxFault?
        if let header = request.header("x-sandbox-fault") {
            do {
                headerFault = try SandboxFault(headerValue: header)
            } catch {
                return .answered(
                    .error(400, "INVALID_FAULT_HEADER", "x-sandbox-fault: cannot read '\(error.setting)'"))
            }
        }
        let (fault, globalLatency) = faults.take(for: route, header: headerFault)
        let latency = globalLatency + (fault?.latency ?? .zero)
        let pending = Pending(endpoint: endpoint, request: request, fault: fault, latency: latency)
        guard latency == .zero else { return .pending(pending) }
        // A fault with a status answers in the endpoint's place: the endpoint does not run.
        if let fault, fault.status != nil { return .answered(Self.applying(fault, route: route, to: nil)) }
        guard let response = dispatchNow(endpoint, request) else { return .pending(pending) }
        return .answered(Self.applying(fault, route: route, to: response))
    }

    /// The rest of a request ``begin(_:)`` left pending: its latency on the injected clock, then its answer.
    public func finish(_ pending: Pending) async -> SandboxResponse {
        let delayed = pending.latency > .zero
        if delayed { faults.delay(ended: false) }
        defer { if delayed { faults.delay(ended: true) } }
        await wait(pending.latency)
        if let fault = pending.fault, fault.status != nil {
            return Self.applying(fault, route: pending.endpoint.route, to: nil)
        }
        let response: SandboxResponse
        if let now = dispatchNow(pending.endpoint, pending.request) {
            response = now
        } else {
            response = await dispatchLater(pending.endpoint, pending.request)
        }
        return Self.applying(pending.fault, route: pending.endpoint.route, to: response)
    }

    /// Whether every change is written to the state file (a blocking write under the state lock).
    public var writesStateFile: Bool { configuration.statePath != nil }

    /// `fault` applied to `response`: a fault with a status answers that status instead (`response` is then not
    /// needed, and may be `nil`).
    private static func applying(
        _ fault: SandboxFault?, route: SandboxRoute, to response: SandboxResponse?
    ) -> SandboxResponse {
        guard let fault else { return response ?? .noContent }
        if let status = fault.status { return FaultInjector.statusAnswer(fault, status: status, route: route) }
        return FaultInjector.apply(fault, to: response ?? .noContent)
    }

    /// Bodies above this size are refused with 413 `PAYLOAD_TOO_LARGE` (a real session is about 80 kB).
    static let maximumBodySize = 1 << 20

    private func resolve(_ request: SandboxRequest) -> Result<SandboxEndpoint, SandboxAPIError> {
        var path = request.path
        if let query = path.utf8.firstIndex(of: UInt8(ascii: "?")) { path = String(path[..<query]) }
        let prefix = basePath
        if !prefix.isEmpty {
            guard path == prefix || path.hasPrefix(prefix + "/") else {
                return .failure(SandboxAPIError(404, "NOT_FOUND", "No sandbox endpoint at \(path)"))
            }
            path.removeFirst(prefix.count)
        }
        if let endpoint = SandboxEndpoint.fixedPaths[path] { return allowing(endpoint, request) }
        var parts: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard let part = SandboxEncoding.percentDecode(String(raw), plusIsSpace: false) else {
                return .failure(SandboxAPIError(400, "INVALID_PATH", "The path is not valid percent-encoding"))
            }
            parts.append(part)
        }
        guard let endpoint = SandboxEndpoint.match(parts) else {
            return .failure(SandboxAPIError(404, "NOT_FOUND", "No sandbox endpoint at \(path)"))
        }
        return allowing(endpoint, request)
    }

    /// `endpoint`, or 405 when it does not take the request's method.
    private func allowing(
        _ endpoint: SandboxEndpoint, _ request: SandboxRequest
    ) -> Result<SandboxEndpoint, SandboxAPIError> {
        guard endpoint.allows(request.method) else {
            return .failure(
                SandboxAPIError(
                    405, "METHOD_NOT_ALLOWED",
                    "\(request.method) is not allowed here; use \(endpoint.methods.sorted().joined(separator: ", "))"))
        }
        return .success(endpoint)
    }

    /// A `POST` to an admin route that changes the sandbox (`/sandbox/reset`, `/sandbox/faults`) must say
    /// `Content-Type: application/json`: a browser sends that type cross-site only after a CORS preflight, which
    /// the sandbox never grants, so a page the shopper visits cannot install a fault or wipe the state with a
    /// simple request. 415 `UNSUPPORTED_MEDIA_TYPE` otherwise, whatever the body.
    private static func adminRefusal(_ endpoint: SandboxEndpoint, _ request: SandboxRequest) -> SandboxResponse? {
        guard endpoint == .reset || endpoint == .faults, request.method == "POST" else { return nil }
        if let contentType = request.header("content-type"), SandboxRequest.mediaType(contentType) == "application/json"
        {
            return nil
        }
        return .error(
            415, "UNSUPPORTED_MEDIA_TYPE", "An admin POST must say Content-Type: application/json")
    }

    /// The endpoint's answer when it can be made without suspending; `nil` for an endpoint that suspends
    /// (``dispatchLater(_:_:)``).
    private func dispatchNow(_ endpoint: SandboxEndpoint, _ request: SandboxRequest) -> SandboxResponse? {
        switch endpoint {
        case .oauthToken: return issueAccessToken(request)
        case .createClientSession: return createClientSessionEndpoint(request)
        case .getClientSession(let id): return clientSessionEndpoint(id: id, request)
        case .gatewayInit: return nil
        case .gatewayValidate(let session): return gatewayValidate(session: session, request)
        case .gatewayInitXPay(let session): return gatewayInitXPay(session: session, request)
        case .gatewaySimulation(let session, let partner, let method, let multi):
            return gatewaySimulation(session: session, partner: partner, method: method, multi: multi, request)
        case .datetime: return datetime()
        case .walletTokens, .walletToken, .walletFavorite: return walletEndpoint(endpoint, request)
        case .binLookup(let tenant): return binLookup(tenant: tenant, request)
        case .secureFields(let tenant): return secureFields(tenant: tenant, request)
        case .logs: return .noContent
        case .page(let kind, let payment): return hostedPage(kind: kind, payment: payment, request)
        case .pageDecision(let kind, let payment): return pageDecision(kind: kind, payment: payment, request)
        case .catalogue: return catalogueEndpoint(request)
        case .stats: return .json(200, statsJSON())
        case .reset:
            reset()
            return .noContent
        case .faults: return faultsEndpoint(request)
        case .script:
            return SandboxResponse(
                status: 200, headers: ["content-type": "application/javascript; charset=utf-8"],
                body: Data("// PurseSandbox: no web SDK here; the native SDK reads widget.data.\n".utf8))
        }
    }

    /// The answer of an endpoint that suspends (an issuer's answer may wait on the injected clock).
    private func dispatchLater(_ endpoint: SandboxEndpoint, _ request: SandboxRequest) async -> SandboxResponse {
        switch endpoint {
        case .gatewayInit(let session): return await gatewayInit(session: session, request)
        default: return dispatchNow(endpoint, request) ?? .error(500, "INTERNAL", "No answer for \(endpoint.route)")
        }
    }

    /// `{"iso":"2026-11-29T16:00:00.000Z","utc":1795968000000}`: the same bytes as the JSON writer would give
    /// (keys sorted, nothing to escape), written directly: clients poll this endpoint, and it is the server
    /// benchmark's route.
    func datetime() -> SandboxResponse {
        let now = self.now
        var text = #"{"iso":"\#(SandboxTime.iso8601(now))","utc":\#(SandboxTime.epochMilliseconds(now))}"#
        // Copied at once: `Data(text.utf8)` would take the bytes one at a time.
        let body = text.withUTF8 { Data(buffer: $0) }
        return SandboxResponse(status: 200, headers: SandboxResponse.jsonHeaders, body: body)
    }
}

/// An HTTP-level refusal: status, stable code and message (the `{ "code", "message" }` body).
public struct SandboxAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (4xx).
    public let status: Int
    /// The stable code, e.g. `AMOUNT_MISMATCH`.
    public let code: String
    /// What went wrong, for a person.
    public let message: String

    /// Creates an error.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// `HTTP 400 AMOUNT_MISMATCH: message`.
    public var description: String { "HTTP \(status) \(code): \(message)" }

    /// The JSON answer.
    var response: SandboxResponse { .error(status, code, message) }
}

extension SandboxRequest {
    /// The body as a JSON document: every JSON route reads its body here, so the media-type check is made once.
    ///
    /// A non-empty body whose `Content-Type` names another media type (`application/xml`, a form, `text/plain`)
    /// is refused with 415 `UNSUPPORTED_MEDIA_TYPE` before it is parsed: a client that labels its body as
    /// something else has a bug worth seeing, and a real API would refuse it too. Accepted: `application/json`
    /// and the `+json` structured suffix (RFC 6839), with any parameters (`; charset=utf-8`), in any case. A
    /// body with no `Content-Type` at all is parsed as JSON (what hand-built requests and older tests send);
    /// an empty body is left to the parser, which names what is missing.
    func jsonBody() -> Result<SandboxJSON, SandboxAPIError> {
        if !body.isEmpty, let contentType = header("content-type"), !Self.isJSONMediaType(contentType) {
            let mediaType = Self.mediaType(contentType)
            let shown = mediaType.count > 80 ? String(mediaType.prefix(80)) + "…" : mediaType
            return .failure(
                SandboxAPIError(
                    415, "UNSUPPORTED_MEDIA_TYPE",
                    "The body must be JSON (Content-Type: application/json), not '\(shown)'"))
        }
        do {
            return .success(try JSONParser.parse(body))
        } catch {
            return .failure(SandboxAPIError(400, "INVALID_JSON", "The body is not JSON: \(error.message)"))
        }
    }

    /// The body as a JSON object.
    func jsonObjectBody() -> Result<[String: SandboxJSON], SandboxAPIError> {
        jsonBody().flatMap { json in
            json.objectValue.map { .success($0) }
                ?? .failure(SandboxAPIError(400, "INVALID_PAYLOAD", "The body must be a JSON object"))
        }
    }

    /// Whether `contentType` (a `Content-Type` value) names JSON: `application/json` or `application/…+json`.
    static func isJSONMediaType(_ contentType: String) -> Bool {
        let mediaType = mediaType(contentType)
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// The media type of a `Content-Type` value, lower-cased, without parameters or spaces.
    static func mediaType(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The body as `application/x-www-form-urlencoded` fields.
    var formBody: [String: String] { SandboxEncoding.parseForm(String(decoding: body, as: UTF8.self)) }
}
