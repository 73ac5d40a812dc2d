/// A request whose head and body were read completely.
struct ParsedRequest: Sendable, Equatable {
    var method: String
    var target: String
    var headers: HTTPHeaders
    var body: [UInt8] = []
    /// Whether the connection stays open after the answer (HTTP/1.1 unless `close`; HTTP/1.0 with `keep-alive`).
    var keepAlive: Bool
    /// The client speaks HTTP/1.0 (a kept-alive answer then says `Connection: keep-alive`).
    var isHTTP10: Bool

    var isHead: Bool { method == "HEAD" }
}

/// An incremental HTTP/1.1 request parser (RFC 9112) working on bytes as they arrive.
///
/// Feed it the unconsumed bytes of a connection; it says how many it consumed and what it found. Bytes of
/// an incomplete head are not consumed (the head is parsed in one piece once its blank line has arrived,
/// and scanning resumes where it stopped, so byte-by-byte feeding stays linear); body bytes are consumed
/// as they arrive. It is a value type with no I/O, so tests drive it directly.
///
/// Refusals (all close the connection): malformed request line, header line or chunk framing (400),
/// missing or repeated `Host` on HTTP/1.1 (400), invalid or conflicting `Content-Length` (400),
/// `Content-Length` together with `Transfer-Encoding` (400, a request-smuggling vector), head larger
/// than `maxHeaderBytes` or more than 100 fields (431), body larger than `maxBodyBytes` (413), a transfer
/// coding other than `chunked` (501), an expectation other than `100-continue` (417), a version other
/// than HTTP/1.x (505).
struct HTTPRequestParser {
    struct Limits: Sendable, Equatable {
        var maxHeaderBytes = 16 * 1024
        var maxBodyBytes = 1024 * 1024
        var maxHeaderCount = 100
    }

    enum Event: Equatable {
        /// More bytes are needed.
        case needMore
        /// The head asked for `Expect: 100-continue` and the body has not started: send `100 Continue`.
        case continueExpected
        case request(ParsedRequest)
        case failure(HTTPParseError)
    }

    struct Step: Equatable {
        var consumed: Int
        var event: Event
    }

    private enum State: Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytes: Int)
        case failed(HTTPParseError)
    }

    let limits: Limits
    private var state = State.head
    /// Bytes of the pending head already scanned, counted from the head's first byte.
    private var headScanned = 0
    /// Start of the head line being scanned, counted from the head's first byte.
    private var lineStart = 0
    private var requestLine = RequestLineScanner()
    /// Bytes of a pending chunk-size or trailer line already scanned without finding its end.
    private var lineScanned = 0
    private var pending: ParsedRequest?
    private var body: [UInt8] = []

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether part of a request has been received (a head or a body is in progress).
    var isMidRequest: Bool { state != .head || headScanned > 0 }

    /// Parses as much of `input` as possible. The caller drops `consumed` bytes and calls again with the
    /// rest plus newly received bytes.
    mutating func parse(_ input: Span<UInt8>) -> Step {
        var position = 0
        while true {
            switch state {
            case .failed(let error):
                return Step(consumed: position, event: .failure(error))
            case .head:
                if headScanned == 0 {
                    // RFC 9112 §2.2: ignore empty lines received before the request line.
                    while position < input.count, input[position] == ASCII.cr || input[position] == ASCII.lf {
                        position += 1
                    }
                }
                switch scanHead(input, headStart: position) {
                case .incomplete:
                    return Step(consumed: position, event: .needMore)
                case .failure(let error):
                    return fail(error, consumed: position)
                case .complete(let length):
                    let head = HeadParser.parse(input.extracting(position..<(position + length)), limits: limits)
                    position += length
                    headScanned = 0
                    lineStart = 0
                    requestLine = RequestLineScanner()
                    switch head {
                    case .failure(let error):
                        return fail(error, consumed: position)
                    case .success(let head):
                        switch head.framing {
                        case .none:
                            return Step(consumed: position, event: .request(head.request))
                        case .length(let length):
                            body.reserveCapacity(length)
                            state = .fixedBody(remaining: length)
                        case .chunked:
                            state = .chunkSize
                        }
                        pending = head.request
                        if head.expectsContinue, position == input.count {
                            return Step(consumed: position, event: .continueExpected)
                        }
                    }
                }
            case .fixedBody(let remaining):
                let taken = takeBody(input, from: &position, upTo: remaining)
                guard taken == remaining else {
                    state = .fixedBody(remaining: remaining - taken)
                    return Step(consumed: position, event: .needMore)
                }
                return Step(consumed: position, event: .request(finishRequest()))
            case .chunkData(let remaining):
                let taken = takeBody(input, from: &position, upTo: remaining)
                guard taken == remaining else {
                    state = .chunkData(remaining: remaining - taken)
                    return Step(consumed: position, event: .needMore)
                }
                state = .chunkDataEnd
            case .chunkSize:
                switch scanLine(input, from: position, limit: 1024) {
                case .incomplete:
                    return Step(consumed: position, event: .needMore)
                case .tooLong:
                    return fail(.badRequest("A chunk-size line is too long."), consumed: position)
                case .line(let contentEnd, let next):
                    guard let size = ChunkSize.parse(input.extracting(position..<contentEnd)) else {
                        return fail(.badRequest("A chunk size is not valid hexadecimal."), consumed: position)
                    }
                    position = next
                    if size == 0 {
                        state = .trailers(bytes: 0)
                    } else if size > limits.maxBodyBytes - body.count {
                        return fail(.bodyTooLarge(limit: limits.maxBodyBytes), consumed: position)
                    } else {
                        state = .chunkData(remaining: size)
                    }
                }
            case .chunkDataEnd:
                guard position < input.count else { return Step(consumed: position, event: .needMore) }
                if input[position] == ASCII.lf {
                    position += 1
                } else if input[position] == ASCII.cr {
                    guard position + 1 < input.count else { return Step(consumed: position, event: .needMore) }
                    guard input[position + 1] == ASCII.lf else {
                        return fail(.badRequest("Chunk data is not followed by CRLF."), consumed: position)
                    }
                    position += 2
                } else {
                    return fail(.badRequest("Chunk data is longer than its chunk size."), consumed: position)
                }
                state = .chunkSize
            case .trailers(let bytes):
                let limit = limits.maxHeaderBytes - bytes
                switch scanLine(input, from: position, limit: limit) {
                case .incomplete:
                    return Step(consumed: position, event: .needMore)
                case .tooLong:
                    return fail(.headersTooLarge(limit: limits.maxHeaderBytes), consumed: position)
                case .line(let contentEnd, let next):
                    let isEmpty = contentEnd == position
                    let length = next - position
                    position = next
                    // Trailer fields are read and discarded: nothing here needs them.
                    if isEmpty {
                        return Step(consumed: position, event: .request(finishRequest()))
                    }
                    state = .trailers(bytes: bytes + length)
                }
            }
        }
    }

    /// Appends up to `limit` available bytes to the body and returns how many it took.
    private mutating func takeBody(_ input: Span<UInt8>, from position: inout Int, upTo limit: Int) -> Int {
        let take = min(limit, input.count - position)
        guard take > 0 else { return 0 }
        input.extracting(position..<(position + take)).withUnsafeBufferPointer { body.append(contentsOf: $0) }
        position += take
        return take
    }

    private mutating func fail(_ error: HTTPParseError, consumed: Int) -> Step {
        state = .failed(error)
        pending = nil
        body = []
        return Step(consumed: consumed, event: .failure(error))
    }

    private mutating func finishRequest() -> ParsedRequest {
        state = .head
        var request = pending ?? ParsedRequest(method: "", target: "", headers: [:], keepAlive: false, isHTTP10: false)
        pending = nil
        request.body = body
        body = []
        return request
    }

    private enum HeadScan {
        case incomplete
        case complete(length: Int)
        case failure(HTTPParseError)
    }

    /// Looks for the blank line ending the head, validating the request line byte by byte on the way so
    /// that garbage is refused as soon as it arrives rather than after `maxHeaderBytes`.
    private mutating func scanHead(_ input: Span<UInt8>, headStart: Int) -> HeadScan {
        var index = headStart + headScanned
        while index < input.count {
            // The limit is checked byte by byte, so that the refusal does not depend on how the bytes arrived.
            guard index - headStart < limits.maxHeaderBytes else {
                return .failure(.headersTooLarge(limit: limits.maxHeaderBytes))
            }
            let byte = input[index]
            if !requestLine.isComplete {
                if let error = requestLine.consume(byte) {
                    return .failure(error)
                }
                if requestLine.isComplete {
                    lineStart = index + 1 - headStart
                }
            } else if byte == ASCII.lf {
                let lineBegin = headStart + lineStart
                var lineLength = index - lineBegin
                if lineLength > 0, input[index - 1] == ASCII.cr {
                    lineLength -= 1
                }
                if lineLength == 0 {
                    let length = index + 1 - headStart
                    guard length <= limits.maxHeaderBytes else {
                        return .failure(.headersTooLarge(limit: limits.maxHeaderBytes))
                    }
                    return .complete(length: length)
                }
                lineStart = index + 1 - headStart
            }
            index += 1
        }
        headScanned = input.count - headStart
        if headScanned > limits.maxHeaderBytes {
            return .failure(.headersTooLarge(limit: limits.maxHeaderBytes))
        }
        return .incomplete
    }

    private enum LineScan {
        case incomplete
        case tooLong
        /// `contentEnd` excludes the CRLF (or bare LF); `next` is the first byte after the line.
        case line(contentEnd: Int, next: Int)
    }

    private mutating func scanLine(_ input: Span<UInt8>, from start: Int, limit: Int) -> LineScan {
        var index = start + lineScanned
        while index < input.count {
            if input[index] == ASCII.lf {
                lineScanned = 0
                let contentEnd = index > start && input[index - 1] == ASCII.cr ? index - 1 : index
                return index + 1 - start > limit ? .tooLong : .line(contentEnd: contentEnd, next: index + 1)
            }
            index += 1
        }
        lineScanned = input.count - start
        return lineScanned > limit ? .tooLong : .incomplete
    }
}

/// Validates a request line as its bytes arrive: `method SP request-target SP HTTP-version CRLF`.
struct RequestLineScanner {
    private enum Phase {
        case method, target, version, carriageReturn, complete
    }

    private var phase = Phase.method
    private var length = 0

    static let maxMethodLength = 32
    static let maxVersionLength = 16

    var isComplete: Bool { phase == .complete }

    mutating func consume(_ byte: UInt8) -> HTTPParseError? {
        switch phase {
        case .method:
            if byte == ASCII.space, length > 0 {
                phase = .target
                length = 0
            } else if ASCII.isTokenCharacter(byte), length < Self.maxMethodLength {
                length += 1
            } else {
                return .badRequest("The request line does not start with a valid method.")
            }
        case .target:
            if byte == ASCII.space, length > 0 {
                phase = .version
                length = 0
            } else if byte > 32, byte < 127 {
                length += 1
            } else {
                return .badRequest("The request target holds a character that is not allowed.")
            }
        case .version:
            if byte == ASCII.cr || byte == ASCII.lf, length > 0 {
                phase = byte == ASCII.cr ? .carriageReturn : .complete
            } else if ASCII.isTokenCharacter(byte) || byte == UInt8(ascii: "/"), length < Self.maxVersionLength {
                length += 1
            } else {
                return .badRequest("The request line does not end with an HTTP version.")
            }
        case .carriageReturn:
            guard byte == ASCII.lf else { return .badRequest("The request line does not end with CRLF.") }
            phase = .complete
        case .complete:
            break
        }
        return nil
    }
}

/// The `chunk-size [ chunk-ext ]` of a chunk-size line; extensions are ignored.
enum ChunkSize {
    static func parse(_ line: Span<UInt8>) -> Int? {
        var size = 0
        var index = 0
        while index < line.count, let digit = ASCII.hexValue(line[index]) {
            guard size <= (Int.max >> 4) else { return nil }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > 0 else { return nil }
        guard index == line.count else {
            let next = line[index]
            return next == ASCII.space || next == ASCII.tab || next == UInt8(ascii: ";") ? size : nil
        }
        return size
    }
}
