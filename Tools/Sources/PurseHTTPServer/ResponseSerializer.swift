import Foundation
import NIOCore
import NIOHTTP1

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
    ///
    /// The size is added up first and the bytes are copied into the buffer's memory in one pass: writing piece
    /// by piece (each write checking the buffer's capacity and uniqueness) was a twentieth of a kept-alive
    /// request's time.
    static func write(
        _ response: HTTPServerResponse, requestVersion: HTTPVersion, close: Bool, date: String, isHead: Bool,
        into buffer: inout ByteBuffer
    ) {
        let status = (200...599).contains(response.status) ? response.status : 500
        let bodyAllowed = status != 204 && status != 304
        let reason = reasonPhrase(status)
        let length = bodyAllowed ? String(max(response.body.count, response.announcedBodyLength ?? 0)) : ""
        let sendsBody = bodyAllowed && !isHead
        var hasDate = false
        var size = 9 + 3 + 1 + reason.utf8.count + 2 + 2
        for field in response.headers where sent(field) {
            hasDate = hasDate || HTTPHeaders.namesEqual(field.name, "Date")
            size += field.name.utf8.count + 2 + field.value.utf8.count + 2
        }
        if bodyAllowed { size += 16 + length.utf8.count + 2 }
        if !hasDate { size += 6 + date.utf8.count + 2 }
        let connection: StaticString? =
            close ? "Connection: close\r\n" : requestVersion.minor == 0 ? "Connection: keep-alive\r\n" : nil
        if let connection { size += connection.utf8CodeUnitCount }
        if sendsBody { size += response.body.count }
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { memory in
            var out = ByteWriter(memory: memory)
            out.put("HTTP/1.1 ")
            out.put(UInt8(ascii: "0") + UInt8(status / 100))
            out.put(UInt8(ascii: "0") + UInt8(status / 10 % 10))
            out.put(UInt8(ascii: "0") + UInt8(status % 10))
            out.put(ASCII.space)
            out.put(reason)
            out.put("\r\n")
            for field in response.headers where sent(field) {
                out.put(field.name)
                out.put(": ")
                out.put(field.value)
                out.put("\r\n")
            }
            if bodyAllowed {
                out.put("Content-Length: ")
                out.put(length)
                out.put("\r\n")
            }
            if !hasDate {
                out.put("Date: ")
                out.put(date)
                out.put("\r\n")
            }
            if let connection { out.put(connection) }
            out.put("\r\n")
            if sendsBody { out.put(response.body) }
            return out.count
        }
    }

    /// Whether the server writes `field` of a handler's answer (see ``write(_:requestVersion:close:date:isHead:into:)``).
    private static func sent(_ field: HTTPHeaders.Element) -> Bool {
        !HTTPHeaders.namesEqual(field.name, "Content-Length")
            && !HTTPHeaders.namesEqual(field.name, "Transfer-Encoding")
            && !HTTPHeaders.namesEqual(field.name, "Connection") && !field.name.isEmpty
            && field.name.utf8.allSatisfy(ASCII.isTokenCharacter) && field.value.utf8.allSatisfy(ASCII.isFieldValueByte)
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
        case 421: "Misdirected Request"
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

/// Copies bytes into memory sized beforehand; writing past its end stops the program rather than the memory.
private struct ByteWriter {
    let memory: UnsafeMutableRawBufferPointer
    private(set) var count = 0

    init(memory: UnsafeMutableRawBufferPointer) {
        self.memory = memory
    }

    mutating func put(_ byte: UInt8) {
        precondition(count < memory.count, "the answer outgrew the size worked out for it")
        memory[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= memory.count - count, "the answer outgrew the size worked out for it")
        guard let source = bytes.baseAddress, let target = memory.baseAddress else { return }
        (target + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func put(_ text: StaticString) {
        put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func put(_ text: String) {
        var text = text
        text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }

    mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { put($0) }
    }
}

/// The IMF-fixdate of RFC 9110 §5.6.7 (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted once per second.
struct HTTPDateCache {
    private var second = Int.min
    private var cached = ""

    mutating func current() -> String {
        let now = Int(Date().timeIntervalSince1970.rounded(.down))
        guard now != second else { return cached }
        second = now
        cached = Self.format(secondsSince1970: now)
        return cached
    }

    private static let gmt: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `seconds` after 1970-01-01T00:00:00Z as an IMF-fixdate (English names, GMT, whatever the locale).
    static func format(secondsSince1970 seconds: Int) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let parts = gmt.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        let day = days[((parts.weekday ?? 1) - 1).clamped(0, 6)]
        let month = months[((parts.month ?? 1) - 1).clamped(0, 11)]
        return "\(day), \(digits(parts.day, 2)) \(month) \(digits(parts.year, 4)) "
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2)):\(digits(parts.second, 2)) GMT"
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
