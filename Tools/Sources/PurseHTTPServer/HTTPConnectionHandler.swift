import NIOCore
import NIOHTTP1

/// One connection's HTTP exchange, after SwiftNIO's request decoder: it assembles each request, has it answered
/// (on the event loop, or in a `Task`), writes the answer's bytes itself, keeps pipelined requests in order, and
/// enforces the limits NIO leaves to the application.
///
/// Pipelining: requests are answered one at a time, in order. What arrives while an answer is being made
/// (the next requests' parts, a decoding error, the client's half-close) is held, and reading from the socket
/// stops until the answer is out; then what was held is taken in order. While the channel is not writable (the
/// client does not read its answers and they pile up past NIO's high-water mark), nothing more is read or
/// answered: a client that pipelines and never reads holds at most one read's requests and the answers the
/// kernel and the high-water mark take, then is reset at the unread-answer deadline. The answer's bytes are the server's
/// own (``ResponseSerializer``): NIO's response encoder and pipelining handler cost a third of a kept-alive
/// request's time in a profile under `wrk`, for framing this handler has to decide anyway.
///
/// Deadlines (each a 408 with `Connection: close`, or a silent close when nothing was received):
/// - **head**: from accept, or from the first byte of a kept-alive connection's next request, to a complete
///   request head (``HTTPServer/Configuration/readTimeout``): a client that connects and stays silent, or sends
///   its head one byte at a time, is cut however many bytes it trickles;
/// - **body**: from the head to the end of its body (the same duration, counted again);
/// - **idle**: between an answer and the next request (``HTTPServer/Configuration/idleTimeout``), closed silently;
/// - **unread answer**: from an answer written while nothing earlier was waiting to go out, to the read timeout:
///   if answers are still waiting then, the connection is reset. Later answers do not move it, so a client that
///   keeps asking but never reads is cut all the same.
///
/// The body is kept as it arrives: memory grows with the bytes received, never with the length a client
/// declares. A declared `Content-Length` over the limit is refused with 413 before any body byte is read.
final class HTTPConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum Phase {
        /// Waiting for a request head (the head deadline runs, or the idle timer between requests).
        case awaitingHead
        /// Reading a body.
        case readingBody(head: HTTPRequestHead, body: ByteBuffer)
        /// The handler is working on the request, or its answer is being written.
        case answering
        /// An answer ended the exchange; the connection closes once it is written.
        case closing
    }

    private enum DeadlineKind {
        /// The head deadline, or the body deadline: a 408 (silent close when nothing was received).
        case request
        /// Between requests, or after a stalled answer: a silent close.
        case idle
    }

    /// What arrived while an answer was being made, taken in order once it is out.
    private enum Held {
        case part(HTTPServerRequestPart)
        case parseError(HTTPParserError)
        case inputClosed
    }

    private let id: UInt64
    private let settings: HTTPServer.Settings
    private let shared: ServerShared
    private let responder: Responder
    /// The bytes received so far, to judge a decoding error as a byte-by-byte arrival would.
    private let received: ReceivedBytes?
    private var phase = Phase.awaitingHead
    private var held = CircularBuffer<Held>()
    /// Reading from the socket is paused (`autoRead` off) while an answer is made in a `Task`.
    private var readingPaused = false
    /// The channel is not writable: nothing more is read or answered until it is.
    private var backpressured = false
    /// Whether `autoRead` is on (set only when it changes).
    private var autoReading = true
    /// The request being read announced a body (`Content-Length` above 0 or `Transfer-Encoding`).
    private var expectsBody = false
    /// Set while held events are being taken (an answer made on the loop meanwhile must not start another pass).
    private var takingHeld = false
    /// The client half-closed (possibly behind held requests, which are still answered).
    private var inputClosed = false
    /// The head, body and idle deadlines (one at a time, ``deadlineKind`` says which).
    private var deadline: ConnectionTimer?
    private var deadlineKind = DeadlineKind.request
    /// How long an answer may stay unread.
    private var unread: ConnectionTimer?
    /// Whether bytes of the next request arrived since the last answer (the first request's head deadline runs
    /// from accept).
    private var receivedSinceAnswer = true
    /// A read from the socket is being decoded (parts arrive until `channelReadComplete`).
    private var inRead = false
    /// An answer was written during this read: bytes that followed its request in the same read are not told
    /// apart from it.
    private var answeredInRead = false
    private var remoteAddress = "127.0.0.1:0"
    private var dates = HTTPDateCache()

    /// How a request gets its answer.
    enum Responder {
        /// The server's `answering` closure, on the event loop; what it leaves for later runs in a `Task`.
        case answering(@Sendable (HTTPServerRequest) -> HTTPServerAnswer)
        /// At once, on the event loop: for `EmbeddedChannel` tests and the fuzz target, which run the whole
        /// exchange synchronously.
        case immediate((HTTPServerRequest) -> HTTPServerResponse)
    }

    init(
        id: UInt64, settings: HTTPServer.Settings, shared: ServerShared, responder: Responder,
        received: ReceivedBytes? = nil
    ) {
        self.received = received
        self.id = id
        self.settings = settings
        self.shared = shared
        self.responder = responder
    }

    // MARK: Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        // `unowned`: a timer runs its action only until `stop()`, which `handlerRemoved` calls. (A weak reference
        // would give the handler a side table, and every retain and release of it would take the slow path.)
        deadline = ConnectionTimer(eventLoop: context.eventLoop) { [unowned self] in
            self.deadlinePassed(context: context)
        }
        unread = ConnectionTimer(eventLoop: context.eventLoop) { [unowned self] in
            self.answerLeftUnread(context: context)
        }
        if let address = context.channel.remoteAddress { remoteAddress = Self.describe(address) }
        if context.channel.isActive { startHeadDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startHeadDeadline(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.stop()
        unread?.stop()
        held.removeAll()
        shared.connectionClosed(id)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.stop()
        unread?.stop()
        deadline = nil  // the timers' actions hold the context
        unread = nil
    }

    // MARK: Reading

    /// Whether what arrives now must wait for the answer under way (or for what is already held).
    private var holding: Bool {
        if case .answering = phase { return true }
        return backpressured || !held.isEmpty
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        inRead = true
        let part = unwrapInboundIn(data)
        if case .closing = phase { return }
        if holding {
            held.append(.part(part))
            return
        }
        receive(part, context: context)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        if case .closing = phase { return }
        if holding {
            held.append(.parseError(parseError))
            return
        }
        parseFailed(parseError, context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let event = event as? ChannelEvent, event == .inputClosed else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        inputClosed = true
        if holding {
            held.append(.inputClosed)
            return
        }
        clientHalfClosed(context: context)
    }

    private func receive(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
        case .head(let head): receiveHead(head, context: context)
        case .body(var bytes):
            guard case .readingBody(let head, var body) = phase else { return }
            guard body.readableBytes + bytes.readableBytes <= settings.maxBodyBytes else {
                refuse(.bodyTooLarge(limit: settings.maxBodyBytes), context: context)
                return
            }
            phase = .answering  // no copy-on-write of `body` while it is appended to
            body.writeBuffer(&bytes)
            phase = .readingBody(head: head, body: body)
        case .end:
            guard case .readingBody(let head, let body) = phase else { return }
            if expectsBody { shared.bodyReceived(id) }
            cancelDeadline()
            phase = .answering
            answer(head: head, body: body, context: context)
        }
    }

    private func receiveHead(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard case .awaitingHead = phase else { return }
        cancelDeadline()
        expectsBody =
            head.headers.contains(name: "transfer-encoding")
            || head.headers["content-length"].contains { (Int($0) ?? 1) > 0 }
        shared.headReceived(id, expectsBody: expectsBody)
        guard head.version.major == 1, head.version.minor <= 1 else {
            refuse(.versionNotSupported, context: context)
            return
        }
        let declared = head.headers["content-length"].compactMap { Int($0) }.max() ?? 0
        if declared > settings.maxBodyBytes {
            refuse(.bodyTooLarge(limit: settings.maxBodyBytes), context: context)
            return
        }
        let expectations = head.headers["expect"]
        if !expectations.isEmpty {
            guard expectations.allSatisfy({ $0.lowercased() == "100-continue" }) else {
                refuse(.expectationFailed, context: context)
                return
            }
            if head.version.minor >= 1 {
                var interim = context.channel.allocator.buffer(capacity: 25)
                interim.writeStaticString("HTTP/1.1 100 Continue\r\n\r\n")
                context.writeAndFlush(wrapOutboundOut(interim), promise: nil)
            }
        }
        phase = .readingBody(head: head, body: context.channel.allocator.buffer(capacity: 0))
        scheduleDeadline(settings.readTimeout, .request)
    }

    /// The decoder refused the bytes: smuggling shapes, bad chunk sizes, obs-fold, bare CR, NUL, …
    private func parseFailed(_ error: HTTPParserError, context: ChannelHandlerContext) {
        // The decoder counts a head's bytes late when they come in one read: the error one byte at a time would
        // meet decides (``ReceivedBytes``).
        let first = error == .headerOverflow ? error : (received?.firstError(settings: settings) ?? error)
        let refusal: HTTPRefusal =
            first == .headerOverflow
            ? .headersTooLarge(limit: settings.maxHeaderBytes)
            : .badRequest("The request is not valid HTTP/1.1 (\(error)).")
        refuse(refusal, context: context)
    }

    /// The client will send nothing more: answer what was asked (the answer under way closes the connection),
    /// or, with nothing asked, close now.
    private func clientHalfClosed(context: ChannelHandlerContext) {
        switch phase {
        case .awaitingHead, .readingBody, .closing: context.close(promise: nil)
        case .answering: break
        }
    }

    /// Takes what was held while an answer was made, in order, until one must wait again; then reads on.
    private func takeHeld(context: ChannelHandlerContext) {
        guard !takingHeld else { return }
        takingHeld = true
        defer { takingHeld = false }
        while !held.isEmpty {
            switch phase {
            case .awaitingHead, .readingBody: break
            case .answering: return
            case .closing:
                held.removeAll()
                return
            }
            // The client is not reading its answers: wait for ``channelWritabilityChanged(context:)``.
            if backpressured { return }
            switch held.removeFirst() {
            case .part(let part): receive(part, context: context)
            case .parseError(let error): parseFailed(error, context: context)
            case .inputClosed: clientHalfClosed(context: context)
            }
        }
        switch phase {
        case .awaitingHead, .readingBody:
            readingPaused = false
            updateReading(context: context)
        case .answering, .closing: break
        }
    }

    /// Turns `autoRead` on when nothing pauses reading (an answer made in a `Task`, a channel that is not
    /// writable), off otherwise; touches the option only when that changes.
    private func updateReading(context: ChannelHandlerContext) {
        let wanted = !readingPaused && !backpressured
        guard wanted != autoReading else { return }
        autoReading = wanted
        try? context.channel.syncOptions?.setOption(.autoRead, value: wanted)  // on: reads at once
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        backpressured = !context.channel.isWritable
        if backpressured {
            updateReading(context: context)
        } else {
            takeHeld(context: context)  // what was held, then reading again
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: Answering

    private func answer(head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let request = HTTPServerRequest(
            method: head.method.rawValue, target: head.uri, headers: HTTPHeaders(head.headers),
            body: Array(buffer: body), remoteAddress: remoteAddress)
        let keepAlive = head.isKeepAlive
        let version = head.version
        let isHead = head.method == .HEAD
        let work: @Sendable () async -> HTTPServerResponse
        switch responder {
        case .immediate(let respond):
            write(respond(request), version: version, keepAlive: keepAlive, isHead: isHead, context: context)
            return
        case .answering(let answering):
            switch answering(request) {
            case .now(let response):
                write(response, version: version, keepAlive: keepAlive, isHead: isHead, context: context)
                return
            case .later(let later): work = later
            }
        }
        // While the `Task` works, pipelined requests wait in the kernel, not in memory: at most what one read
        // already brought is held.
        readingPaused = true
        updateReading(context: context)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        // On the cooperative pool, not the event loop: what the server's closure left for later may block (the
        // sandbox writes its state file after a change) or wait, and must not hold up the loop's other connections.
        Task {
            let response = await work()
            let finish: @Sendable () -> Void = {
                let (connection, context) = bound.value
                connection.write(response, version: version, keepAlive: keepAlive, isHead: isHead, context: context)
            }
            if bound.eventLoop.inEventLoop { finish() } else { bound.eventLoop.execute(finish) }
        }
    }

    /// Whether the answer being written is the last before the client's half-close: no held request follows it.
    private var lastBeforeHalfClose: Bool {
        guard inputClosed else { return false }
        return !held.contains { if case .part = $0 { true } else { false } }
    }

    private func write(
        _ response: HTTPServerResponse, version: HTTPVersion, keepAlive: Bool, isHead: Bool,
        context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        if response.resetConnection {
            ConnectionReset.reset(context.channel)
            return
        }
        if response.dropConnection {
            context.close(promise: nil)
            return
        }
        var close = !keepAlive || lastBeforeHalfClose || ResponseSerializer.wantsClose(response)
        // Kept alive only when the server is not stopping (one look at what the connections share).
        if !close { close = !shared.awaitingNextRequest(id) }
        var bytes = context.channel.allocator.buffer(capacity: 160 + response.body.count)
        ResponseSerializer.write(
            response, requestVersion: version, close: close, date: dates.current(), isHead: isHead, into: &bytes)
        if response.stallsBody && !isHead {
            // Fault injection: the announced length never arrives; the idle timeout ends the connection.
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            phase = .closing
            scheduleDeadline(settings.idleTimeout, .idle)
            return
        }
        // A client that leaves its answers unread for the read timeout is dropped (``answerLeftUnread``): the
        // deadline runs from the first answer written while nothing was waiting, and later answers do not move it.
        if unread?.isSet != true || Self.waitingBytes(context) == 0 { unread?.set(after: settings.readTimeout) }
        if close {
            phase = .closing
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(bytes), promise: done)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            return
        }
        phase = .awaitingHead
        receivedSinceAnswer = false
        if inRead { answeredInRead = true }
        scheduleDeadline(settings.idleTimeout, .idle)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
        if !context.channel.isWritable {
            backpressured = true
            updateReading(context: context)
        }
        takeHeld(context: context)
    }

    /// Bytes written but not yet taken by the kernel.
    private static func waitingBytes(_ context: ChannelHandlerContext) -> Int {
        (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }

    /// The read timeout has passed since the last answer was written: if part of it is still waiting to go out,
    /// the client has not read it, and is dropped (its answers would otherwise sit in memory for as long as it
    /// likes). A reset, not a close: a close would let the kernel keep sending what it holds at the reader's pace.
    private func answerLeftUnread(context: ChannelHandlerContext) {
        if Self.waitingBytes(context) > 0 { ConnectionReset.reset(context.channel) }
    }

    /// Refuses the request with `refusal`'s status and JSON body, then closes the connection once it is written.
    private func refuse(_ refusal: HTTPRefusal, context: ChannelHandlerContext) {
        switch phase {
        case .closing: return
        case .answering:
            // An answer is on its way; close when it is written.
            context.close(promise: nil)
            return
        case .awaitingHead, .readingBody: break
        }
        cancelDeadline()
        phase = .closing
        held.removeAll()
        let response = ResponseSerializer.errorResponse(refusal)
        var bytes = context.channel.allocator.buffer(capacity: 256)
        ResponseSerializer.write(
            response, requestVersion: .http1_1, close: true, date: dates.current(), isHead: false, into: &bytes)
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: done)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        done.futureResult.whenComplete { _ in LingeringClose.close(bound.value.channel) }
    }

    // MARK: Deadlines

    private func startHeadDeadline(context: ChannelHandlerContext) {
        guard deadline?.isSet != true, case .awaitingHead = phase else { return }
        scheduleDeadline(settings.readTimeout, .request)
    }

    private func deadlinePassed(context: ChannelHandlerContext) {
        switch deadlineKind {
        case .request:
            switch phase {
            case .awaitingHead, .readingBody: refuse(.timeout, context: context)
            case .answering, .closing: break
            }
        case .idle: context.close(promise: nil)
        }
    }

    /// A read from the socket was decoded (whether or not it made a whole part): on a kept-alive connection
    /// whose bytes came after its last answer, the idle timer gives way to the head deadline of the next request.
    func channelReadComplete(context: ChannelHandlerContext) {
        if !answeredInRead, !receivedSinceAnswer, case .awaitingHead = phase {
            receivedSinceAnswer = true
            scheduleDeadline(settings.readTimeout, .request)
        }
        inRead = false
        answeredInRead = false
        context.fireChannelReadComplete()
    }

    private func scheduleDeadline(_ duration: TimeAmount, _ kind: DeadlineKind) {
        deadlineKind = kind
        deadline?.set(after: duration)
    }

    private func cancelDeadline() {
        deadline?.clear()
    }

    private static func describe(_ address: SocketAddress) -> String {
        let port = address.port ?? 0
        switch address {
        case .v6: return "[\(address.ipAddress ?? "::")]:\(port)"
        default: return "\(address.ipAddress ?? "?"):\(port)"
        }
    }
}

extension HTTPHeaders {
    /// The fields of NIO's headers, in order.
    init(_ headers: NIOHTTP1.HTTPHeaders) {
        self.init(headers.map { (name: $0.name, value: $0.value) })
    }
}
