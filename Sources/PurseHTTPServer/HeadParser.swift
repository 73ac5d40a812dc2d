/// How the body of a request is delimited (RFC 9112 §6).
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

/// A parsed request head: the request without its body, and how to read the body.
struct ParsedHead: Equatable {
    var request: ParsedRequest
    var framing: BodyFraming
    var expectsContinue: Bool
}

/// Parses a complete request head (request line, header fields, blank line) in one pass over its bytes.
enum HeadParser {
    static func parse(_ head: Span<UInt8>, limits: HTTPRequestParser.Limits) -> Result<ParsedHead, HTTPParseError> {
        guard let requestLine = nextLine(head, from: 0) else {
            return .failure(.badRequest("The request line is missing."))
        }
        let line = requestLine.content
        guard let firstSpace = firstIndex(of: ASCII.space, in: head, line),
            let secondSpace = firstIndex(of: ASCII.space, in: head, (firstSpace + 1)..<line.upperBound),
            firstSpace > line.lowerBound, secondSpace > firstSpace + 1
        else { return .failure(.badRequest("The request line is not `method target version`.")) }
        let isHTTP10: Bool
        switch version(head, (secondSpace + 1)..<line.upperBound) {
        case (1, 0)?: isHTTP10 = true
        case (1, _)?: isHTTP10 = false
        case .some: return .failure(.versionNotSupported)
        case .none: return .failure(.badRequest("The HTTP version is malformed."))
        }
        let targetRange = (firstSpace + 1)..<secondSpace
        guard isValidTarget(head, targetRange) else {
            return .failure(.badRequest("The request target must be a path, `*` or an absolute URI."))
        }

        var fields = SpecialFields()
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(12)
        var position = requestLine.next
        while let field = nextLine(head, from: position), !field.content.isEmpty {
            position = field.next
            guard headers.count < limits.maxHeaderCount else { return .failure(.tooManyHeaders) }
            let content = field.content
            guard head[content.lowerBound] != ASCII.space, head[content.lowerBound] != ASCII.tab else {
                return .failure(.badRequest("Obsolete header line folding is not supported."))
            }
            guard let colon = firstIndex(of: ASCII.colon, in: head, content), colon > content.lowerBound else {
                return .failure(.badRequest("A header line has no field name and colon."))
            }
            let nameRange = content.lowerBound..<colon
            for index in nameRange where !ASCII.isTokenCharacter(head[index]) {
                return .failure(.badRequest("A header field name holds a character that is not allowed."))
            }
            let valueRange = trimmed(head, (colon + 1)..<content.upperBound)
            for index in valueRange where !ASCII.isFieldValueByte(head[index]) {
                return .failure(.badRequest("A header field value holds a control character."))
            }
            if let error = fields.record(head, name: nameRange, value: valueRange, limits: limits) {
                return .failure(error)
            }
            headers.append((name: string(head, nameRange), value: string(head, valueRange)))
        }
        return fields.finish(isHTTP10: isHTTP10, limits: limits).map { framing in
            let request = ParsedRequest(
                method: string(head, line.lowerBound..<firstSpace), target: string(head, targetRange),
                headers: HTTPHeaders(headers), keepAlive: isHTTP10 ? fields.keepAlive && !fields.close : !fields.close,
                isHTTP10: isHTTP10)
            let expectsContinue = fields.expectsContinue && !isHTTP10 && framing != .none
            return ParsedHead(request: request, framing: framing, expectsContinue: expectsContinue)
        }
    }

    /// The fields that decide framing and connection handling, gathered while the head is parsed.
    private struct SpecialFields {
        var contentLength: Int?
        var transferEncodingSeen = false
        var chunkedCount = 0
        var chunkedIsLast = false
        var unsupportedCoding = false
        var close = false
        var keepAlive = false
        var expectsContinue = false
        var unsupportedExpectation = false
        var hostCount = 0

        mutating func record(
            _ head: Span<UInt8>, name: Range<Int>, value: Range<Int>, limits: HTTPRequestParser.Limits
        ) -> HTTPParseError? {
            if equalsIgnoringCase(head, name, "content-length") {
                for item in listItems(head, value) {
                    guard let length = decimal(head, item) else {
                        return .badRequest("Content-Length is not a non-negative decimal number.")
                    }
                    guard contentLength == nil || contentLength == length else {
                        return .badRequest("Content-Length values disagree.")
                    }
                    contentLength = length
                }
                if contentLength == nil {
                    return .badRequest("Content-Length is empty.")
                }
            } else if equalsIgnoringCase(head, name, "transfer-encoding") {
                transferEncodingSeen = true
                for item in listItems(head, value) {
                    chunkedIsLast = equalsIgnoringCase(head, item, "chunked")
                    if chunkedIsLast {
                        chunkedCount += 1
                    } else {
                        unsupportedCoding = true
                    }
                }
            } else if equalsIgnoringCase(head, name, "connection") {
                for item in listItems(head, value) {
                    close = close || equalsIgnoringCase(head, item, "close")
                    keepAlive = keepAlive || equalsIgnoringCase(head, item, "keep-alive")
                }
            } else if equalsIgnoringCase(head, name, "expect") {
                if equalsIgnoringCase(head, value, "100-continue") {
                    expectsContinue = true
                } else {
                    unsupportedExpectation = true
                }
            } else if equalsIgnoringCase(head, name, "host") {
                hostCount += 1
            }
            return nil
        }

        func finish(isHTTP10: Bool, limits: HTTPRequestParser.Limits) -> Result<BodyFraming, HTTPParseError> {
            if !isHTTP10, hostCount == 0 {
                return .failure(.badRequest("An HTTP/1.1 request must have a Host header."))
            }
            if hostCount > 1 {
                return .failure(.badRequest("The request has more than one Host header."))
            }
            if unsupportedExpectation {
                return .failure(.expectationFailed)
            }
            if transferEncodingSeen {
                if isHTTP10 {
                    return .failure(.badRequest("Transfer-Encoding is not allowed in an HTTP/1.0 request."))
                }
                if contentLength != nil {
                    return .failure(.badRequest("A request cannot have both Content-Length and Transfer-Encoding."))
                }
                if unsupportedCoding {
                    return .failure(.unsupportedTransferCoding)
                }
                guard chunkedCount == 1, chunkedIsLast else {
                    return .failure(.badRequest("Transfer-Encoding must be chunked, applied once."))
                }
                return .success(.chunked)
            }
            guard let contentLength, contentLength > 0 else { return .success(.none) }
            guard contentLength <= limits.maxBodyBytes else {
                return .failure(.bodyTooLarge(limit: limits.maxBodyBytes))
            }
            return .success(.length(contentLength))
        }
    }

    // MARK: - Byte helpers

    /// The next line from `start`: its content without CRLF (or bare LF), and where the next line begins.
    private static func nextLine(_ bytes: Span<UInt8>, from start: Int) -> (content: Range<Int>, next: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == ASCII.lf {
                let end = index > start && bytes[index - 1] == ASCII.cr ? index - 1 : index
                return (start..<end, index + 1)
            }
            index += 1
        }
        return nil
    }

    private static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        for index in range where bytes[index] == byte {
            return index
        }
        return nil
    }

    /// `range` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == ASCII.space || bytes[lower] == ASCII.tab {
            lower += 1
        }
        while upper > lower, bytes[upper - 1] == ASCII.space || bytes[upper - 1] == ASCII.tab {
            upper -= 1
        }
        return lower..<upper
    }

    /// The non-empty, trimmed items of a comma-separated field value.
    private static func listItems(_ bytes: Span<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var items: [Range<Int>] = []
        var itemStart = range.lowerBound
        for index in range.lowerBound...range.upperBound where index == range.upperBound || bytes[index] == 44 {
            let item = trimmed(bytes, itemStart..<index)
            if !item.isEmpty {
                items.append(item)
            }
            itemStart = index + 1
        }
        return items
    }

    /// A decimal number of up to 18 digits; a longer run of digits counts as `Int.max` (too large anyway).
    private static func decimal(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value > 99_999_999_999_999_999 ? Int.max : value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func equalsIgnoringCase(_ bytes: Span<UInt8>, _ range: Range<Int>, _ lowercase: StaticString) -> Bool
    {
        lowercase.withUTF8Buffer { expected in
            guard expected.count == range.count else { return false }
            var offset = 0
            for index in range {
                guard ASCII.lowercased(bytes[index]) == expected[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// `(major, minor)` of `HTTP/x.y`, or `nil` when the version is malformed.
    private static func version(_ bytes: Span<UInt8>, _ range: Range<Int>) -> (Int, Int)? {
        let start = range.lowerBound
        // HTTP-name is case-sensitive (RFC 9112 §2.3): exactly `HTTP/`, a digit, `.`, a digit.
        guard range.count == 8, bytes[start] == 72, bytes[start + 1] == 84, bytes[start + 2] == 84,
            bytes[start + 3] == 80, bytes[start + 4] == UInt8(ascii: "/"), bytes[start + 6] == UInt8(ascii: "."),
            let major = digit(bytes[start + 5]), let minor = digit(bytes[start + 7])
        else { return nil }
        return (major, minor)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
    }

    private static func isValidTarget(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: "/") || (range.count == 1 && first == UInt8(ascii: "*")) {
            return true
        }
        return equalsIgnoringCase(bytes, range.lowerBound..<min(range.upperBound, range.lowerBound + 7), "http://")
            || equalsIgnoringCase(bytes, range.lowerBound..<min(range.upperBound, range.lowerBound + 8), "https://")
    }

    private static func string(_ bytes: Span<UInt8>, _ range: Range<Int>) -> String {
        bytes.extracting(range).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}
