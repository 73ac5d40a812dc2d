import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a handler's ``HTTPServerResponse`` into the bytes the server writes, with its framing rules.
enum ResponseSerializer {
    static func wantsClose(_ response: HTTPServerResponse) -> Bool {
        response.headers.values(for: "Connection").contains { value in
            value.split(separator: ",").contains { HTTPHeaders.namesEqual(String($0.trimmingSpaces), "close") }
        }
    }

    static func errorResponse(_ refusal: HTTPRefusal) -> HTTPServerResponse {
        let json = #"{"code":"\#(jsonEscaped(refusal.code))","message":"\#(jsonEscaped(refusal.message))"}"#
        return .json(status: refusal.status, json)
    }

    /// Writes the whole answer to `response` into `buffer`, without building anything in between:
    /// - the status line, with the server's own version (HTTP/1.1, whatever the client's: RFC 9110 §6.2) and the
    ///   status (500 for one outside 200...599);
    /// - the handler's fields less `Content-Length`, `Transfer-Encoding` and `Connection` (the server sets them)
    ///   and less any field whose name is not a token or whose value holds CR, LF or NUL (so a value taken from a
    ///   request cannot split the response);
    /// - `Content-Length` (the body's, or the announced length; none for 204 and 304), `Date` (unless the handler
    ///   set one), and `Connection: close` (or `keep-alive` for an HTTP/1.0 client kept alive);
    /// - the body, unless `isHead` or the status has none.
    static func write(
        _ response: HTTPServerResponse, requestVersion: HTTPVersion, close: Bool, date: String, isHead: Bool,
        into buffer: inout ByteBuffer
    ) {
        let status = (200...599).contains(response.status) ? response.status : 500
        let bodyAllowed = status != 204 && status != 304
        buffer.writeStaticString("HTTP/1.1 ")
        buffer.writeString(String(status))
        buffer.writeInteger(ASCII.space)
        buffer.writeString(reasonPhrase(status))
        buffer.writeStaticString("\r\n")
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
            buffer.writeString(field.name)
            buffer.writeStaticString(": ")
            buffer.writeString(field.value)
            buffer.writeStaticString("\r\n")
        }
        if bodyAllowed {
            buffer.writeStaticString("Content-Length: ")
            buffer.writeString(String(max(response.body.count, response.announcedBodyLength ?? 0)))
            buffer.writeStaticString("\r\n")
        }
        if !hasDate {
            buffer.writeStaticString("Date: ")
            buffer.writeString(date)
            buffer.writeStaticString("\r\n")
        }
        if close {
            buffer.writeStaticString("Connection: close\r\n")
        } else if requestVersion.minor == 0 {
            buffer.writeStaticString("Connection: keep-alive\r\n")  // HTTP/1.0 keeps alive only when told
        }
        buffer.writeStaticString("\r\n")
        if bodyAllowed && !isHead { buffer.writeBytes(response.body) }
    }

    /// The whole answer as wire bytes, closing the connection: for the answers written instead of the HTTP
    /// exchange (a refused connection).
    static func closingWireBytes(_ response: HTTPServerResponse, date: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        write(response, requestVersion: .http1_1, close: true, date: date, isHead: false, into: &buffer)
        return buffer
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
    private var cached = ""

    mutating func current() -> String {
        var now = time(nil)
        guard Int(now) != second else { return cached }
        second = Int(now)
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
        cached = text
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
