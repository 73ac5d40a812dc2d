import Foundation

/// Sends JSON requests through the transport and turns every failure into a typed ``PurseCheckoutError``.
///
/// - never sent (the transport's `cannotConnect`: refused, host not found, no route) → `API_UNREACHABLE`, whose
///   message says that nothing reached the server (`Payment API POST /validate was not sent: could not connect to
///   127.0.0.1:8080; nothing reached the server, so nothing was processed`);
/// - sent, no answer (timeout, connection reset or closed, HTTP 408) → `NETWORK_ERROR` (or `REQUEST_CANCELLED` when
///   the task was cancelled). What the message adds depends on the call's ``CallEffect``: a call that charges
///   nothing (a read, a balance look-up, `/init`) says so; one that changes something says the outcome is unknown
///   — the request may have been processed — and `/validate`, which carries an idempotency key, that a retry with
///   the same key is safe;
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
    ///
    /// `effect` is what the call does on the server, for the message of a lost answer; by default a GET charges
    /// nothing and any other method changes something.
    func send(
        service: String, method: String, url: URL, display: String, headers: [String: String],
        body: JSONValue? = nil, quotesServerMessage: Bool = false, effect: CallEffect? = nil
    ) async throws(PurseCheckoutError) -> JSONValue? {
        let effect = effect ?? (method == "GET" || method == "HEAD" ? .chargesNothing : .changes)
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
            if error.kind == .cannotConnect {
                throw PurseCheckoutError(
                    .apiUnreachable,
                    message: "\(what) was not sent: could not connect to \(Self.hostAndPort(url)); nothing reached the "
                        + "server, so nothing was processed")
            }
            throw PurseCheckoutError(
                .networkError, message: "\(what) failed: \(error.kind.rawValue)" + Self.lostAnswer(effect))
        } catch is CancellationError {
            throw PurseCheckoutError(.requestCancelled, message: "\(what) was cancelled")
        } catch {
            if Task.isCancelled { throw PurseCheckoutError(.requestCancelled, message: "\(what) was cancelled") }
            throw PurseCheckoutError(
                .networkError, message: "\(what) failed: \(type(of: error))" + Self.lostAnswer(effect))
        }
        log.debug("\(what) → HTTP \(response.status) in \(ContinuousClock.now - started)")
        guard (200..<300).contains(response.status) else {
            let errorBody = try? JSONValue.parse(response.body)
            if response.status == 408 {
                // Like no answer at all, and no proof that nothing happened: libcurl (FoundationNetworking) resends
                // a POST whose kept-alive connection died, without its body, and gets this 408 for the resend —
                // while the first send may have been processed (the sandbox had charged, in an outside review).
                throw PurseCheckoutError(
                    .networkError, message: "\(what) failed: HTTP 408" + Self.lostAnswer(effect),
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

    /// What a lost answer leaves unknown, for its message. A call that charges nothing says so (retrying it is
    /// safe); one that changes something says the server may have processed it; a payment adds that its retry
    /// reuses the idempotency key.
    static func lostAnswer(_ effect: CallEffect) -> String {
        switch effect {
        case .chargesNothing:
            return "; no answer came, and this call charges nothing: retrying it is safe"
        case .changes:
            return "; the outcome is unknown: the server may have processed it"
        case .pays:
            return "; the outcome is unknown: the server may have processed it. A retry with the same idempotency key"
                + " cannot apply it twice; or confirm the payment's status on your backend"
        }
    }

    /// `host:port` of a URL (the scheme's port when it names none), for the message of a call never sent.
    static func hostAndPort(_ url: URL) -> String {
        let host = url.host ?? "the API"
        if let port = url.port { return "\(host):\(port)" }
        return url.scheme == "http" ? "\(host):80" : "\(host):443"
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

/// What a call does on the server: it decides what the message of a lost answer says (see ``APIClient``).
enum CallEffect: Sendable {
    /// Reads or prepares, and never charges: a GET, a gift card's balance look-up or `/init`, a BIN look-up, a loan
    /// simulation. A lost answer leaves nothing to confirm.
    case chargesNothing
    /// Changes something that is not a payment (a wallet edit, a card stored in the vault): a lost answer leaves the
    /// outcome unknown.
    case changes
    /// Pays (`/validate`, under an idempotency key): a lost answer leaves the payment's outcome unknown.
    case pays
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
