import NIOCore
import NIOHTTP1

/// One connection's HTTP exchange, after SwiftNIO's decoder and pipelining handler: it assembles each request,
/// runs the server's handler in a `Task`, writes the answer, and enforces the limits NIO leaves to the
/// application.
///
/// Deadlines (each a 408 with `Connection: close`, or a silent close when nothing was received):
/// - **head**: from accept, or from the first byte of a kept-alive connection's next request, to a complete
///   request head (``HTTPServer/Configuration/readTimeout``): a client that connects and stays silent, or sends
///   its head one byte at a time, is cut however many bytes it trickles;
/// - **body**: from the head to the end of its body (the same duration, counted again);
/// - **idle**: between an answer and the next request (``HTTPServer/Configuration/idleTimeout``), closed silently.
///
/// The body is kept as it arrives: memory grows with the bytes received, never with the length a client
/// declares. A declared `Content-Length` over the limit is refused with 413 before any body byte is read.
final class HTTPConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

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

    private let id: UInt64
    private let settings: HTTPServer.Settings
    private let shared: ServerShared
    private let responder: Responder
    private var phase = Phase.awaitingHead
    /// The head, body and idle deadlines (one at a time).
    private var deadline: ConnectionTimer?
    /// How long an answer may stay unread.
    private var unread: ConnectionTimer?
    private var receivedSinceAnswer = false
    private var inputClosed = false
    private var remoteAddress = "127.0.0.1:0"
    /// Set while a decoder error is being answered (NIO's pipelining handler then accepts one answer).
    private var refusalFollowsParseError = false
    /// The handler in front of the decoder, to write an answer when no request was received.
    weak var readObserver: ReadObserver?

    /// How a request gets its answer.
    enum Responder {
        /// The server's `answering` closure, on the event loop; what it leaves for later runs in a `Task`.
        case answering(@Sendable (HTTPServerRequest) -> HTTPServerAnswer)
        /// At once, on the event loop: for `EmbeddedChannel` tests and the fuzz target, which run the whole
        /// exchange synchronously.
        case immediate((HTTPServerRequest) -> HTTPServerResponse)
    }

    init(id: UInt64, settings: HTTPServer.Settings, shared: ServerShared, responder: Responder) {
        self.id = id
        self.settings = settings
        self.shared = shared
        self.responder = responder
    }

    // MARK: Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
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
        shared.connectionClosed(id)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.stop()
        unread?.stop()
    }

    // MARK: Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
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
            cancelDeadline()
            phase = .answering
            answer(head: head, body: body, context: context)
        }
    }

    private func receiveHead(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard case .awaitingHead = phase else { return }
        cancelDeadline()
        shared.headReceived(id)
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
                context.writeAndFlush(
                    wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        }
        phase = .readingBody(head: head, body: context.channel.allocator.buffer(capacity: 0))
        scheduleDeadline(settings.readTimeout, context: context) { handler, context in
            handler.refuse(.timeout, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            // Half-close: answer what was asked, then close. With nothing asked, close now.
            switch phase {
            case .awaitingHead, .readingBody, .closing: context.close(promise: nil)
            case .answering: break
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parseError = error as? HTTPParserError {
            // The decoder refused the bytes: smuggling shapes, bad chunk sizes, obs-fold, bare CR, NUL, …
            let refusal: HTTPRefusal =
                parseError == .headerOverflow
                ? .headersTooLarge(limit: settings.maxHeaderBytes)
                : .badRequest("The request is not valid HTTP/1.1 (\(parseError)).")
            refusalFollowsParseError = true
            refuse(refusal, context: context)
            refusalFollowsParseError = false
            return
        }
        context.close(promise: nil)
    }

    // MARK: Answering

    private func answer(head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        let request = HTTPServerRequest(
            method: head.method.rawValue, target: head.uri, headers: HTTPHeaders(head.headers),
            body: Array(buffer: body), remoteAddress: remoteAddress)
        let keepAlive = head.isKeepAlive
        let version = head.version
        let isHead = head.method == .HEAD
        shared.requestStarted()
        let work: @Sendable () async -> HTTPServerResponse
        switch responder {
        case .immediate(let respond):
            finish(respond(request), version: version, keepAlive: keepAlive, isHead: isHead, context: context)
            return
        case .answering(let answering):
            switch answering(request) {
            case .now(let response):
                finish(response, version: version, keepAlive: keepAlive, isHead: isHead, context: context)
                return
            case .later(let later): work = later
            }
        }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        // On the cooperative pool, not the event loop: what the server's closure left for later may block (the
        // sandbox writes its state file after a change) or wait, and must not hold up the loop's other connections.
        Task {
            let response = await work()
            let finish: @Sendable () -> Void = {
                let (connection, context) = bound.value
                connection.finish(response, version: version, keepAlive: keepAlive, isHead: isHead, context: context)
            }
            if bound.eventLoop.inEventLoop { finish() } else { bound.eventLoop.execute(finish) }
        }
    }

    /// A request's answer is ready: count it done and write it.
    private func finish(
        _ response: HTTPServerResponse, version: HTTPVersion, keepAlive: Bool, isHead: Bool,
        context: ChannelHandlerContext
    ) {
        shared.requestFinished()
        write(response, version: version, keepAlive: keepAlive && !inputClosed, isHead: isHead, context: context)
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
        let close = !keepAlive || shared.isStopping || ResponseSerializer.wantsClose(response)
        let encoded = ResponseSerializer.head(for: response, requestVersion: version, close: close, date: shared.date())
        context.write(wrapOutboundOut(.head(encoded.head)), promise: nil)
        if !isHead && encoded.sendsBody && !response.body.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        if response.stallsBody && !isHead {
            // Fault injection: the announced length never arrives; the idle timeout ends the connection.
            context.flush()
            phase = .closing
            scheduleDeadline(settings.idleTimeout, context: context) { _, context in context.close(promise: nil) }
            return
        }
        if close {
            phase = .closing
            let done = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
            dropIfUnread(done.futureResult, context: context)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            done.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            return
        }
        // Ready for the next request before the end goes out: NIO's pipelining handler delivers a request it
        // held back during this very write.
        phase = .awaitingHead
        receivedSinceAnswer = false
        shared.awaitingNextRequest(id)
        scheduleDeadline(settings.idleTimeout, context: context) { _, context in context.close(promise: nil) }
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        dropIfUnread(done.futureResult, context: context)
    }

    /// A client that leaves its answer unread for ``HTTPServer/Configuration/readTimeout`` is dropped: its
    /// answer would otherwise sit in memory for as long as it likes.
    private func dropIfUnread(_ written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
        let timer = unread ?? ConnectionTimer(eventLoop: context.eventLoop)
        unread = timer
        // A reset, not a close: a close would let the kernel keep sending what it holds at the reader's pace.
        let channel = context.channel
        timer.set(after: settings.readTimeout) { ConnectionReset.reset(channel) }
        let bound = NIOLoopBound(timer, eventLoop: context.eventLoop)
        written.whenComplete { _ in bound.value.clear() }
    }

    /// Refuses the request with `refusal`'s status and JSON body, then closes the connection once it is written.
    private func refuse(_ refusal: HTTPRefusal, context: ChannelHandlerContext) {
        switch phase {
        case .closing: return
        case .answering:
            // An answer is on its way; the pipelining handler orders it. Close when it is written.
            context.close(promise: nil)
            return
        case .awaitingHead, .readingBody: break
        }
        cancelDeadline()
        let noRequestYet: Bool
        if case .awaitingHead = phase { noRequestYet = !refusalFollowsParseError } else { noRequestYet = false }
        phase = .closing
        let response = ResponseSerializer.errorResponse(refusal)
        if noRequestYet, let observer = readObserver {
            // NIO's pipelining handler only lets an answer out for a request it has seen: with none (a head
            // deadline), the bytes go out below the HTTP handlers.
            observer.writeAndClose(ResponseSerializer.closingWireBytes(response, date: shared.date()))
            return
        }
        let encoded = ResponseSerializer.head(for: response, requestVersion: .http1_1, close: true, date: shared.date())
        context.write(wrapOutboundOut(.head(encoded.head)), promise: nil)
        context.write(
            wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        done.futureResult.whenComplete { _ in LingeringClose.close(bound.value.channel) }
    }

    // MARK: Deadlines

    private func startHeadDeadline(context: ChannelHandlerContext) {
        guard deadline?.isSet != true, case .awaitingHead = phase else { return }
        scheduleDeadline(settings.readTimeout, context: context) { handler, context in
            handler.headDeadlinePassed(context: context)
        }
    }

    private func headDeadlinePassed(context: ChannelHandlerContext) {
        guard case .awaitingHead = phase else { return }
        refuse(.timeout, context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()
    }

    /// Bytes arrived (called by ``ReadObserver`` before the decoder sees them): on a kept-alive connection the
    /// idle timer gives way to the head deadline of the next request.
    func bytesArrived(context: ChannelHandlerContext) {
        guard case .awaitingHead = phase, !receivedSinceAnswer else { return }
        receivedSinceAnswer = true
        cancelDeadline()
        scheduleDeadline(settings.readTimeout, context: context) { handler, context in
            handler.headDeadlinePassed(context: context)
        }
    }

    private func scheduleDeadline(
        _ duration: TimeAmount, context: ChannelHandlerContext,
        _ action: @escaping (HTTPConnectionHandler, ChannelHandlerContext) -> Void
    ) {
        let timer = deadline ?? ConnectionTimer(eventLoop: context.eventLoop)
        deadline = timer
        timer.set(after: duration) { [unowned self] in action(self, context) }
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
