#if canImport(Glibc)
    import Glibc
#endif

/// Settings of the loop in the units it works in (nanoseconds, bytes).
struct LoopSettings: Sendable {
    var limits: HTTPRequestParser.Limits
    var readTimeout: UInt64
    var idleTimeout: UInt64
    var maxConnections: Int
    /// How long a stop waits for the answers under way.
    var stopGrace: UInt64

    /// How long a closing connection keeps draining input after its last answer.
    var lingerTimeout: UInt64 { min(readTimeout, 2_000_000_000) }
    /// How often deadlines are checked: a quarter of the shortest timeout, between 5 ms and 250 ms.
    var timerResolution: UInt64 { min(max(min(readTimeout, idleTimeout) / 4, 5_000_000), 250_000_000) }
}

/// The server's event loop: one thread, non-blocking sockets, `poll(2)`.
///
/// It accepts connections, reads and parses requests, starts one `Task` per request for the async
/// handler, and writes the answers that handlers post back through ``LoopShared``. It is created on, and
/// never leaves, its own thread, so none of its state needs a lock. `poll` (rather than `epoll`, which
/// the Glibc module does not expose) is cheap at this scale because interest changes are plain writes
/// to the `pollfd` array, with no system call.
final class EventLoop {
    private let shared: LoopShared
    private let settings: LoopSettings
    private let handler: @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    /// Slot 0: the wake-up pipe; slot 1: the listening socket; then one slot per connection.
    private var pollFDs: [pollfd]
    private var connections: [Connection?] = [nil, nil]
    private var byID: [UInt64: Connection] = [:]
    private var nextID: UInt64 = 1
    private var now: UInt64 = 0
    private var nextTimerScan: UInt64 = 0
    private var acceptPausedUntil: UInt64?
    private var dates = HTTPDateCache()
    private var completions: [LoopShared.Completion] = []
    private let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64 * 1024)

    /// Output beyond which a connection stops reading until its client catches up.
    private static let outputHighWater = 256 * 1024
    private static let readable = Int16(POLLIN)
    private static let writable = Int16(POLLOUT)

    init(
        shared: LoopShared, settings: LoopSettings,
        handler: @escaping @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    ) {
        self.shared = shared
        self.settings = settings
        self.handler = handler
        pollFDs = [
            pollfd(fd: shared.wakeReadFD, events: Self.readable, revents: 0),
            pollfd(fd: shared.listenFD, events: Self.readable, revents: 0),
        ]
    }

    deinit {
        scratch.deallocate()
    }

    /// Runs until a stop is requested (or `poll` fails), then closes every connection and descriptor.
    ///
    /// A stop is graceful: no new connection is accepted, but a request whose handler is running, or whose answer
    /// is being written, gets its answer first (for at most `settings.stopGrace`). Without it, a handler that
    /// makes its owner stop the server (the loopback presenter's return page: the return wakes the payment,
    /// which closes the listener) raced its own answer, and the browser saw the connection close empty.
    func run() {
        defer {
            closeEverything()
            shared.markFinished()
        }
        now = Socket.monotonicNanoseconds()
        nextTimerScan = now + settings.timerResolution
        var drainingUntil: UInt64?
        while true {
            let waitNanoseconds = nextTimerScan > now ? nextTimerScan - now : 0
            var timeout = Int32(min((waitNanoseconds + 999_999) / 1_000_000, 1000))
            if drainingUntil != nil { timeout = min(timeout, 10) }
            let ready = poll(&pollFDs, nfds_t(pollFDs.count), timeout)
            if ready < 0 && errno != EINTR {
                return
            }
            now = Socket.monotonicNanoseconds()
            if pollFDs[0].revents != 0 {
                pollFDs[0].revents = 0
                if deliverCompletions(), drainingUntil == nil {
                    drainingUntil = now + settings.stopGrace
                    pollFDs[1].events = 0
                    acceptPausedUntil = nil
                }
            }
            if let until = drainingUntil, now >= until || !hasAnswersUnderWay {
                return
            }
            if let pausedUntil = acceptPausedUntil, now >= pausedUntil {
                acceptPausedUntil = nil
                pollFDs[1].events = Self.readable
            }
            if pollFDs[1].revents != 0 {
                pollFDs[1].revents = 0
                acceptConnections()
            }
            var index = pollFDs.count - 1
            while index >= 2 {
                let events = pollFDs[index].revents
                if events != 0, let connection = connections[index] {
                    pollFDs[index].revents = 0
                    handle(events, on: connection)
                }
                index -= 1
            }
            if now >= nextTimerScan {
                checkDeadlines()
                nextTimerScan = now + settings.timerResolution
            }
        }
    }

    // MARK: - Accepting

    private func acceptConnections() {
        for _ in 0..<64 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(shared.listenFD, $0, &length) }
            }
            guard fd >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EAGAIN, EWOULDBLOCK: return
                default:
                    // Out of descriptors or memory (or the socket was shut down by stop()): stop polling the
                    // listener for a moment instead of spinning on it.
                    pollFDs[1].events = 0
                    acceptPausedUntil = now + 100_000_000
                    return
                }
            }
            guard Socket.configureAccepted(fd) else {
                _ = close(fd)
                continue
            }
            guard byID.count < settings.maxConnections else {
                refuseOverCapacity(fd)
                continue
            }
            let connection = Connection(
                fd: fd, id: nextID, remoteAddress: Socket.remoteDescription(storage), limits: settings.limits, now: now)
            nextID += 1
            connection.pollIndex = pollFDs.count
            pollFDs.append(pollfd(fd: fd, events: Self.readable, revents: 0))
            connections.append(connection)
            byID[connection.id] = connection
        }
    }

    /// Best effort: one non-blocking 503 answer, then close.
    private func refuseOverCapacity(_ fd: Int32) {
        var bytes: [UInt8] = []
        let response = ResponseSerializer.errorResponse(.serviceUnavailable)
        ResponseSerializer.append(response, framing: .init(close: true), date: dates.current(), to: &bytes)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        _ = close(fd)
    }

    // MARK: - Events

    private func handle(_ events: Int16, on connection: Connection) {
        if events & Int16(POLLERR | POLLNVAL) != 0 {
            remove(connection)
            return
        }
        if events & Int16(POLLIN | POLLHUP) != 0 {
            switch connection.phase {
            case .lingering, .stalled:
                // Discard what arrives (a bounded number of reads per wake-up, so a client that keeps
                // sending cannot hold the loop); close once the client has closed its side.
                for _ in 0..<16 {
                    switch connection.receive(into: scratch) {
                    case .data: continue
                    case .wouldBlock: return
                    case .endOfFile, .failed: remove(connection)
                    }
                    return
                }
                return
            case .open where !connection.peerClosed:
                switch connection.receive(into: scratch) {
                case .data, .wouldBlock: break
                case .endOfFile: connection.peerClosed = true
                case .failed:
                    remove(connection)
                    return
                }
            default:
                if events & Int16(POLLHUP) != 0 {
                    remove(connection)
                    return
                }
            }
        }
        drive(connection)
    }

    /// Moves a connection forward as far as it can go without waiting: write, parse, dispatch, close.
    private func drive(_ connection: Connection) {
        while true {
            if connection.pendingOutput > 0, connection.flush(now: now) == .failed {
                remove(connection)
                return
            }
            switch connection.phase {
            case .closed:
                return
            case .awaitingHandler, .stalled:
                break
            case .lingering:
                if connection.peerClosed {
                    remove(connection)
                    return
                }
            case .closingAfterWrite:
                if connection.pendingOutput == 0 {
                    connection.startLingering(until: now + settings.lingerTimeout)
                    continue
                }
            case .open:
                guard connection.pendingOutput <= Self.outputHighWater else { break }
                switch connection.parseBuffered() {
                case .request(let request):
                    dispatch(request, on: connection)
                    continue
                case .continueExpected:
                    connection.queue(ResponseSerializer.continueResponse, now: now)
                    continue
                case .failure(let error):
                    refuse(connection, error)
                    continue
                case .needMore:
                    if connection.peerClosed {
                        // The client is gone: a partial request can never complete. Finish what is queued.
                        connection.phase = .closingAfterWrite
                        continue
                    }
                    if !connection.isMidRequest {
                        connection.requestStartedAt = nil
                    } else if connection.requestStartedAt == nil {
                        connection.requestStartedAt = now
                    }
                }
            }
            updateInterest(connection)
            return
        }
    }

    private func updateInterest(_ connection: Connection) {
        var events: Int16 = 0
        switch connection.phase {
        case .open:
            if !connection.peerClosed && connection.pendingOutput <= Self.outputHighWater {
                events |= Self.readable
            }
        case .lingering, .stalled:
            events |= Self.readable
        case .awaitingHandler, .closingAfterWrite, .closed:
            break
        }
        if connection.pendingOutput > 0 {
            events |= Self.writable
        }
        pollFDs[connection.pollIndex].events = events
    }

    // MARK: - Requests and answers

    private func dispatch(_ request: ParsedRequest, on connection: Connection) {
        connection.phase = .awaitingHandler
        connection.inFlight = ResponseSerializer.Framing(
            isHeadRequest: request.isHead, close: !request.keepAlive, keepAliveHeader: request.isHTTP10)
        connection.requestStartedAt = nil
        let shared = shared
        let handler = handler
        let id = connection.id
        let remoteAddress = connection.remoteAddress
        Task {
            let response = await handler(
                HTTPServerRequest(
                    method: request.method, target: request.target, headers: request.headers, body: request.body,
                    remoteAddress: remoteAddress))
            shared.post(LoopShared.Completion(connectionID: id, response: response))
        }
    }

    /// Answers every completed handler; returns whether a stop was requested (the answers are delivered anyway).
    private func deliverCompletions() -> Bool {
        let stopRequested = shared.takeCompletions(into: &completions)
        for completion in completions {
            if let connection = byID[completion.connectionID] {
                answer(connection, with: completion.response)
            }
        }
        completions.removeAll(keepingCapacity: true)
        return stopRequested
    }

    /// Whether a connection still waits for its handler or has an answer not yet written.
    private var hasAnswersUnderWay: Bool {
        byID.values.contains { connection in
            connection.phase == .awaitingHandler || (connection.phase != .closed && connection.pendingOutput > 0)
        }
    }

    private func answer(_ connection: Connection, with response: HTTPServerResponse) {
        guard connection.phase == .awaitingHandler, var framing = connection.inFlight else { return }
        connection.inFlight = nil
        if response.dropConnection || response.resetConnection {
            remove(connection, reset: response.resetConnection)
            return
        }
        if response.stallsBody {
            connection.queue(response, framing: framing, date: dates.current(), now: now)
            connection.phase = .stalled
            connection.lastActivity = now
            drive(connection)
            return
        }
        framing.close = framing.close || ResponseSerializer.wantsClose(response)
        framing.keepAliveHeader = framing.keepAliveHeader && !framing.close
        connection.queue(response, framing: framing, date: dates.current(), now: now)
        connection.phase = framing.close ? .closingAfterWrite : .open
        connection.lastActivity = now
        drive(connection)
    }

    /// Queues the JSON error answer; the connection closes once it is written.
    private func refuse(_ connection: Connection, _ error: HTTPParseError) {
        let response = ResponseSerializer.errorResponse(error)
        connection.queue(response, framing: .init(close: true), date: dates.current(), now: now)
        connection.phase = .closingAfterWrite
        connection.requestStartedAt = nil
    }

    // MARK: - Deadlines and teardown

    private func checkDeadlines() {
        var index = pollFDs.count - 1
        while index >= 2 {
            defer { index -= 1 }
            guard let connection = connections[index] else { continue }
            let writeStalled =
                connection.pendingOutput > 0 && now - connection.lastWriteProgress >= settings.readTimeout
            switch connection.phase {
            case .open where writeStalled, .closingAfterWrite where writeStalled:
                remove(connection, reset: true)
            case .open:
                if let started = connection.requestStartedAt {
                    if now - started >= settings.readTimeout {
                        refuse(connection, .timeout)
                        drive(connection)
                    }
                } else if connection.pendingOutput == 0, now - connection.lastActivity >= settings.idleTimeout {
                    remove(connection)
                }
            case .lingering where now >= connection.lingerDeadline:
                remove(connection)
            case .stalled where now - connection.lastActivity >= settings.idleTimeout:
                remove(connection)
            default:
                break
            }
        }
    }

    /// Closes a connection and frees its `pollfd` slot (the last slot moves into it).
    /// With `reset`, unsent output is dropped at once (see ``Connection/abort()``).
    private func remove(_ connection: Connection, reset: Bool = false) {
        guard connection.phase != .closed else { return }
        if reset {
            connection.abort()
        } else {
            connection.close()
        }
        byID[connection.id] = nil
        let index = connection.pollIndex
        let last = pollFDs.count - 1
        if index != last {
            pollFDs[index] = pollFDs[last]
            connections[index] = connections[last]
            connections[index]?.pollIndex = index
        }
        pollFDs.removeLast()
        connections.removeLast()
    }

    private func closeEverything() {
        for case let connection? in connections {
            connection.close()
        }
        connections = [nil, nil]
        byID = [:]
        shared.close()
    }
}
