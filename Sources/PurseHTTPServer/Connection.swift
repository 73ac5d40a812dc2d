#if canImport(Glibc)
    import Glibc
#endif

/// One accepted socket: its buffers, its parser and where it is in the request/response cycle.
///
/// Only the event loop's thread touches a connection (it is deliberately not `Sendable`); handler tasks
/// refer to it by ``id`` through ``LoopShared``.
final class Connection {
    enum Phase {
        /// Reading (or waiting for) the next request.
        case open
        /// A request is with the handler; nothing more is parsed until its answer is queued, which keeps
        /// pipelined answers in order.
        case awaitingHandler
        /// A final answer is queued; once written, the write side is shut down.
        case closingAfterWrite
        /// Write side shut down; reading and discarding until the client closes or the linger time ends,
        /// so that unread request bytes do not turn our close into a reset that destroys the answer.
        case lingering
        /// An answer that announced more body than it has was written (fault injection): nothing more is sent,
        /// input is discarded, and the connection closes when the client closes or the idle timeout ends.
        case stalled
        case closed
    }

    enum ReadResult {
        case data, wouldBlock, endOfFile, failed
    }

    enum WriteResult {
        case complete, wouldBlock, failed
    }

    let fd: Int32
    let id: UInt64
    let remoteAddress: String
    /// Index of this connection's entry in the loop's `pollfd` array.
    var pollIndex = 0
    var phase = Phase.open
    var parser: HTTPRequestParser
    /// The request with the handler: how to frame its answer.
    var inFlight: ResponseSerializer.Framing?
    var peerClosed = false
    /// When the first byte of the request being read arrived (monotonic nanoseconds), for the read timeout.
    var requestStartedAt: UInt64?
    /// When the last answer was queued or the connection accepted, for the idle timeout.
    var lastActivity: UInt64
    /// When the last output was queued or written, for the write-stall timeout.
    var lastWriteProgress: UInt64
    var lingerDeadline: UInt64 = 0

    private var input: [UInt8] = []
    private var inputStart = 0
    private(set) var output: [UInt8] = []
    private var outputStart = 0

    /// Buffers larger than this are released once empty instead of kept for reuse.
    private static let retainedCapacity = 64 * 1024

    init(fd: Int32, id: UInt64, remoteAddress: String, limits: HTTPRequestParser.Limits, now: UInt64) {
        self.fd = fd
        self.id = id
        self.remoteAddress = remoteAddress
        parser = HTTPRequestParser(limits: limits)
        lastActivity = now
        lastWriteProgress = now
    }

    var pendingOutput: Int { output.count - outputStart }
    var bufferedInput: Int { input.count - inputStart }
    /// Whether part of a request has arrived (bytes buffered or a body in progress).
    var isMidRequest: Bool { bufferedInput > 0 || parser.isMidRequest }

    /// One `recv` into the loop's scratch buffer; bytes are kept, or discarded while lingering.
    func receive(into scratch: UnsafeMutableBufferPointer<UInt8>) -> ReadResult {
        while true {
            let count = recv(fd, scratch.baseAddress, scratch.count, 0)
            if count > 0 {
                if phase != .lingering && phase != .stalled {
                    input.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<count]))
                }
                return .data
            }
            if count == 0 {
                return .endOfFile
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Parses what is buffered and drops the bytes the parser consumed.
    func parseBuffered() -> HTTPRequestParser.Event {
        let start = inputStart
        let step = input.withUnsafeBufferPointer { buffer in
            parser.parse(buffer.span.extracting(start...))
        }
        inputStart += step.consumed
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= Self.retainedCapacity)
            inputStart = 0
        } else if inputStart >= 4096, inputStart * 2 >= input.count {
            input.removeSubrange(0..<inputStart)
            inputStart = 0
        }
        return step.event
    }

    func queue(_ bytes: [UInt8], now: UInt64) {
        output.append(contentsOf: bytes)
        lastWriteProgress = now
    }

    func queue(_ response: HTTPServerResponse, framing: ResponseSerializer.Framing, date: [UInt8], now: UInt64) {
        ResponseSerializer.append(response, framing: framing, date: date, to: &output)
        lastWriteProgress = now
    }

    /// Writes as much pending output as the socket takes (`MSG_NOSIGNAL`: a closed peer is an `EPIPE`
    /// error here, never a process-killing `SIGPIPE`).
    func flush(now: UInt64) -> WriteResult {
        while outputStart < output.count {
            let start = outputStart
            let sent = output.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                return send(fd, base + start, bytes.count - start, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                outputStart += sent
                lastWriteProgress = now
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return .wouldBlock
            } else {
                return .failed
            }
        }
        output.removeAll(keepingCapacity: output.capacity <= Self.retainedCapacity)
        outputStart = 0
        return .complete
    }

    /// Shuts the write side down after the last answer and starts discarding input (see ``Phase/lingering``).
    func startLingering(until deadline: UInt64) {
        _ = shutdown(fd, Int32(SHUT_WR))
        phase = .lingering
        lingerDeadline = deadline
        input = []
        inputStart = 0
    }

    /// Closes with a reset (`SO_LINGER` 0): the kernel drops unsent output at once instead of trickling it to
    /// a client that stopped reading.
    func abort() {
        guard phase != .closed else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        _ = Glibc.close(fd)
        input = []
        output = []
    }
}
