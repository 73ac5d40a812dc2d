import NIOCore

/// The whole pipeline of a connection the server refused because every connection is busy: it writes
/// `503 Service Unavailable` with `Retry-After` at once, then reads and discards whatever the client sends until
/// it closes (at most a couple of seconds), so the client reads the answer. Closing a socket with its request
/// still unread would send a reset instead, and the client would see "connection reset" rather than 503.
final class OverCapacityHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let retryAfterSeconds = 1
    private let date: String

    init(date: String) {
        self.date = date
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuse(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuse(context: context)
    }

    private func refuse(context: ChannelHandlerContext) {
        var response = ResponseSerializer.errorResponse(.serviceUnavailable)
        response.headers.add(name: "Retry-After", value: String(Self.retryAfterSeconds))
        let bytes = ResponseSerializer.closingWireBytes(response, date: date)
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: done)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        done.futureResult.whenComplete { _ in LingeringClose.close(bound.value.channel) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}  // discarded
}

/// Closing after a final answer without losing it: shut the output down (the client reads the answer and an
/// end of stream), keep reading so nothing unread turns the close into a reset, and close once the client has
/// closed its side or after ``grace``.
enum LingeringClose {
    static let grace = TimeAmount.seconds(2)

    static func close(_ channel: any Channel) {
        channel.eventLoop.assertInEventLoop()
        guard channel.isActive else { return }
        channel.close(mode: .output, promise: nil)
        try? channel.pipeline.syncOperations.addHandler(Drain())
        channel.read()
        channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) }
    }

    /// Discards what arrives and closes when the client closes its side.
    private final class Drain: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = Any

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

        func channelReadComplete(context: ChannelHandlerContext) {
            context.read()
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? ChannelEvent, event == .inputClosed { context.close(promise: nil) }
        }
    }
}

/// A TCP reset (fault injection): `SO_LINGER` with a zero timeout, then close.
enum ConnectionReset {
    static func reset(_ channel: any Channel) {
        guard let provider = channel as? any SocketOptionProvider else {
            channel.close(promise: nil)
            return
        }
        provider.setSoLinger(NIOLinger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
    }
}
