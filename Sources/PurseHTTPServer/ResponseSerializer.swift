#if canImport(Glibc)
    import Glibc
#endif

/// Writes responses in HTTP/1.1 wire format into a connection's output buffer, so that a whole response
/// (and several pipelined ones) leave in one `send`.
enum ResponseSerializer {
    /// How the connection frames this response.
    struct Framing {
        /// The request was `HEAD`: headers as for `GET`, no body.
        var isHeadRequest = false
        /// The connection closes after this response (`Connection: close` is sent).
        var close = false
        /// An HTTP/1.0 client asked for keep-alive (`Connection: keep-alive` is sent).
        var keepAliveHeader = false
    }

    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Whether the handler asked to close the connection with a `Connection: close` header.
    static func wantsClose(_ response: HTTPServerResponse) -> Bool {
        response.headers.values(for: "Connection").contains { value in
            value.split(separator: ",").contains { HTTPHeaders.namesEqual(String($0.trimmingSpaces), "close") }
        }
    }

    /// The JSON error answer for a refused request.
    static func errorResponse(_ error: HTTPParseError) -> HTTPServerResponse {
        let json = #"{"code":"\#(jsonEscaped(error.code))","message":"\#(jsonEscaped(error.message))"}"#
        return .json(status: error.status, json)
    }

    static func append(_ response: HTTPServerResponse, framing: Framing, date: [UInt8], to out: inout [UInt8]) {
        let status = (200...599).contains(response.status) ? response.status : 500
        let bodyAllowed = status != 204 && status != 304
        let sendsBody = bodyAllowed && !framing.isHeadRequest
        out.reserveCapacity(out.count + 160 + response.body.count)
        out.append(contentsOf: "HTTP/1.1 \(status) \(reasonPhrase(status))\r\n".utf8)
        var hasDate = false
        for field in response.headers {
            if HTTPHeaders.namesEqual(field.name, "Content-Length")
                || HTTPHeaders.namesEqual(field.name, "Transfer-Encoding")
                || HTTPHeaders.namesEqual(field.name, "Connection")
            {
                continue
            }
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(ASCII.isTokenCharacter),
                field.value.utf8.allSatisfy(ASCII.isFieldValueByte)
            else { continue }
            hasDate = hasDate || HTTPHeaders.namesEqual(field.name, "Date")
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        if bodyAllowed {
            let length = max(response.body.count, response.announcedBodyLength ?? 0)
            out.append(contentsOf: "Content-Length: \(length)\r\n".utf8)
        }
        if !hasDate {
            out.append(contentsOf: "Date: ".utf8)
            out.append(contentsOf: date)
            out.append(contentsOf: "\r\n".utf8)
        }
        if framing.close {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if framing.keepAliveHeader {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
        if sendsBody {
            out.append(contentsOf: response.body)
        }
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

/// The IMF-fixdate of RFC 9110 §5.6.7 (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted once per second.
struct HTTPDateCache {
    private var second = -1
    private var cached: [UInt8] = []

    mutating func current() -> [UInt8] {
        var now = time(nil)
        guard now != second else { return cached }
        second = now
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = days[Int(parts.tm_wday).clamped(0, 6)]
        let month = months[Int(parts.tm_mon).clamped(0, 11)]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
        cached = Array(text.utf8)
        return cached
    }
}

extension Int {
    fileprivate func clamped(_ lower: Int, _ upper: Int) -> Int {
        Swift.min(Swift.max(self, lower), upper)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let trimmedStart = drop { $0 == " " || $0 == "\t" }
        var end = trimmedStart.endIndex
        while end > trimmedStart.startIndex, let last = trimmedStart[..<end].last, last == " " || last == "\t" {
            end = trimmedStart.index(before: end)
        }
        return trimmedStart[..<end]
    }
}
