import Foundation
public import PurseHeadlessCheckout
public import PurseSandbox

/// A ``/PurseHeadlessCheckout/PaymentStatusProvider`` backed by the sandbox, as a merchant backend reads it: an
/// OAuth token (`POST /oauth/token`), then `GET /payment/v2/client-sessions/{id}`, the endpoint of
/// `PurseSandbox.clientSessionStatus(id:)`.
///
/// ```swift
/// let sandbox = try PurseSandbox()
/// let checkout = try await sandbox.openCheckout(
///     amount: 42.99,
///     configuration: PurseCheckoutConfiguration(paymentStatusProvider: SandboxPaymentStatusProvider(sandbox: sandbox)))
/// ```
/// In-process by default (``SandboxTransport``); pass `URLSessionTransport()` to read a `SandboxServer` over HTTP.
/// Its calls go through the sandbox's router, so faults injected on `.clientSessions` or `.oauth`
/// (`sandbox.faults.inject(.status(503, count: 2), on: .clientSessions)`) reach the confirmation. A real app
/// asks its own backend instead: the merchant API's credentials never belong in an app.
public struct SandboxPaymentStatusProvider: PaymentStatusProvider {
    /// Why a status call failed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong, with the HTTP status when there was one.
        public let description: String
    }

    private let sandbox: PurseSandbox
    private let transport: any HTTPTransport
    private let token = TokenCache()

    /// A provider reading `sandbox` through `transport` (`nil`: in-process).
    public init(sandbox: PurseSandbox, transport: (any HTTPTransport)? = nil) {
        self.sandbox = sandbox
        self.transport = transport ?? SandboxTransport(sandbox)
    }

    /// The session's status, as `GET /payment/v2/client-sessions/{id}` answers it.
    /// - Throws: ``Failure`` when a call fails or its answer cannot be read.
    public func paymentStatus(forSession sessionID: String) async throws -> PaymentStatusReport {
        let bearer = try await accessToken()
        let body: JSONValue
        do {
            body = try await call("GET", "payment/v2/client-sessions/\(sessionID)", bearer: bearer)
        } catch let failure as Failure where failure.description.contains("HTTP 401") {
            token.clear()
            throw failure
        }
        guard case .object = body, body["id"]?.stringValue == sessionID else {
            throw Failure(description: "the client-session answer is not this session's")
        }
        let payment = body["payment"]
        return PaymentStatusReport(
            clientSessionStatus: body["status"]?.stringValue, paymentID: payment?["id"]?.stringValue,
            authorizationStatus: payment?["authorization_status"]?.stringValue)
    }

    private func accessToken() async throws -> String {
        if let cached = token.value { return cached }
        let entity = sandbox.catalogue.entity
        let credentials = Data("\(entity.clientId):\(entity.clientSecret)".utf8).base64EncodedString()
        let body = try await call(
            "POST", "oauth/token", bearer: nil, basic: credentials, form: "grant_type=client_credentials")
        guard let access = body["access_token"]?.stringValue else {
            throw Failure(description: "the token answer has no access_token")
        }
        token.value = access
        return access
    }

    private func call(
        _ method: String, _ path: String, bearer: String?, basic: String? = nil, form: String? = nil
    ) async throws -> JSONValue {
        guard let base = URL(string: sandbox.baseURL) else { throw Failure(description: "the sandbox has no base URL") }
        var headers = ["x-api-key": sandbox.catalogue.entity.apiKey, "Accept": "application/json"]
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        if let basic { headers["Authorization"] = "Basic \(basic)" }
        if form != nil { headers["Content-Type"] = "application/x-www-form-urlencoded" }
        let response: HTTPResponse
        do {
            response = try await transport.send(
                HTTPRequest(
                    method: method, url: base.appendingPathComponent(path), headers: headers,
                    body: form.map { Data($0.utf8) }))
        } catch {
            throw Failure(description: "\(method) /\(path) got no answer (\(type(of: error)))")
        }
        guard (200..<300).contains(response.status) else {
            throw Failure(description: "\(method) /\(path) answered HTTP \(response.status)")
        }
        guard response.header("content-type")?.lowercased().hasPrefix("application/json") == true,
            let body = try? JSONValue.parse(response.body)
        else { throw Failure(description: "\(method) /\(path) answered something that is not JSON") }
        return body
    }
}

/// The merchant access token, shared by the provider's copies.
private final class TokenCache: Sendable {
    private let stored = Locked<String?>(nil)

    var value: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    func clear() { value = nil }
}
