import Foundation

/// Sends JSON requests through the transport and turns every failure into a typed ``PurseCheckoutError``.
///
/// - no answer, or HTTP 408 → `NETWORK_ERROR` (or `REQUEST_CANCELLED` when the task was cancelled). For a call that
///   changes something (not a GET) the message says the outcome is unknown — the request may have been processed —
///   and, when it carried an idempotency key, that a retry with the same key is safe;
/// - HTTP ≥ 400 → `API_ERROR`, message `Payment API POST /init failed: HTTP 404`, with the server's `code`; a call
///   whose request carries no shopper input (`quotesServerMessage`) also quotes the server's `message`, scrubbed
///   and cut to 300 characters (`… failed: HTTP 422: 40.00 EUR is outside the range of oney-cb3x`);
/// - 2xx whose body is not the expected JSON → `INVALID_RESPONSE` naming what was wrong.
struct APIClient: Sendable {
    let transport: any HTTPTransport
    let timeout: Duration
    let log: Logger

    /// One call: `service` and `display` build messages ("Payment API", "POST /init"). `quotesServerMessage` is
    /// for calls that send nothing the shopper typed (a loan simulation sends an amount): a server that echoes its
    /// request cannot then put a PIN or a voucher code in the error.
    func send(
        service: String, method: String, url: URL, display: String, headers: [String: String],
        body: JSONValue? = nil, quotesServerMessage: Bool = false
    ) async throws(PurseCheckoutError) -> JSONValue? {
        var allHeaders = headers
        allHeaders["Accept"] = "application/json"
        if body != nil { allHeaders["Content-Type"] = "application/json" }
        let request = HTTPRequest(
            method: method, url: url, headers: allHeaders, body: body?.serialized(), timeout: timeout)
        let what = "\(service) \(method) \(display)"
        let started = ContinuousClock.now
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            log.debug("\(what) got no answer: \(error.kind.rawValue)")
            if error.kind == .cancelled {
                throw PurseCheckoutError(.requestCancelled, message: "\(what) was cancelled")
            }
            throw PurseCheckoutError(
                .networkError, message: "\(what) failed: \(error.kind.rawValue)" + Self.unknownOutcome(request))
        } catch is CancellationError {
            throw PurseCheckoutError(.requestCancelled, message: "\(what) was cancelled")
        } catch {
            if Task.isCancelled { throw PurseCheckoutError(.requestCancelled, message: "\(what) was cancelled") }
            throw PurseCheckoutError(
                .networkError, message: "\(what) failed: \(type(of: error))" + Self.unknownOutcome(request))
        }
        log.debug("\(what) → HTTP \(response.status) in \(ContinuousClock.now - started)")
        guard (200..<300).contains(response.status) else {
            let errorBody = try? JSONValue.parse(response.body)
            if response.status == 408 {
                // Like no answer at all, and no proof that nothing happened: libcurl (FoundationNetworking) resends
                // a POST whose kept-alive connection died, without its body, and gets this 408 for the resend —
                // while the first send may have been processed (the sandbox had charged, in an outside review).
                throw PurseCheckoutError(
                    .networkError, message: "\(what) failed: HTTP 408" + Self.unknownOutcome(request),
                    httpStatus: 408, serverCode: errorBody?["code"]?.stringValue)
            }
            var message = "\(what) failed: HTTP \(response.status)"
            if quotesServerMessage, let quoted = Self.quotedMessage(errorBody) { message += ": " + quoted }
            throw PurseCheckoutError(
                .apiError, message: message, httpStatus: response.status,
                serverCode: errorBody?["code"]?.stringValue)
        }
        if response.body.isEmpty || response.status == 204 { return nil }
        do {
            return try JSONValue.parse(response.body)
        } catch {
            throw PurseCheckoutError(
                .invalidResponse,
                message: "\(what) answered HTTP \(response.status) with a body that is not JSON: \(error)",
                httpStatus: response.status)
        }
    }

    /// The `message` of an error body, trimmed, without control characters, at most 300 characters; `nil` when
    /// there is none.
    static func quotedMessage(_ body: JSONValue?) -> String? {
        guard let text = body?["message"]?.stringValue else { return nil }
        let kept = text.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(300)
        let quoted = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        return quoted.isEmpty ? nil : quoted
    }

    /// What a failed call that changes something leaves unknown, for its message: the server may have processed
    /// it before the answer was lost. Empty for a GET (a read: retrying it changes nothing).
    static func unknownOutcome(_ request: HTTPRequest) -> String {
        guard request.method != "GET" && request.method != "HEAD" else { return "" }
        if request.header("Idempotency-Key") != nil {
            return "; the outcome is unknown: the server may have processed it. A retry with the same idempotency key"
                + " cannot apply it twice; or confirm the payment's status on your backend"
        }
        return "; the outcome is unknown: the server may have processed it"
    }

    /// A reader over an answer's body whose errors are `INVALID_RESPONSE` naming the call and the path.
    static func reader(_ body: JSONValue?, what: String, status: Int = 200) throws(PurseCheckoutError) -> JSONReader {
        guard let body else {
            throw PurseCheckoutError(
                .invalidResponse, message: "\(what) answered with an empty body", httpStatus: status)
        }
        return JSONReader(body, path: "body") { reason in
            PurseCheckoutError(.invalidResponse, message: "\(what) answered a body that could not be read: \(reason)")
        }
    }
}

extension URL {
    /// Appends path segments, percent-encoding each one entirely (a `/` inside an id stays inside its segment).
    func appending(segments: [String]) -> URL {
        var text = absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        for segment in segments {
            text += "/" + PathSegment.encode(segment)
        }
        return URL(string: text) ?? self
    }
}

/// Percent-encoding of one path segment (RFC 3986 `pchar`), without Foundation's `CharacterSet`: every call to
/// the API builds a URL, and `addingPercentEncoding` was 4 % of opening a checkout (`purse-bench --profile-open`).
enum PathSegment {
    /// `segment` with every byte outside the unreserved characters, the sub-delimiters (but `;`), `:` and `@`
    /// written `%XX`: `/`, `?`, `#`, `%` and `;` stay inside the segment.
    static func encode(_ segment: String) -> String {
        guard segment.utf8.contains(where: { !isAllowed($0) }) else { return segment }
        var output: [UInt8] = []
        output.reserveCapacity(segment.utf8.count * 3)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in segment.utf8 {
            if isAllowed(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ALPHA / DIGIT / `-._~` / `!$&'()*+,=` / `:@`.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,=:@".utf8.contains(byte)
        }
    }
}
