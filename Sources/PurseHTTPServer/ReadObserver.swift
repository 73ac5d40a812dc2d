import NIOCore

/// Sits before the decoder and tells the connection handler that bytes arrived, so a kept-alive connection's
/// idle timer turns into the next request's head deadline at its first byte.
final class ReadObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: HTTPConnectionHandler
    private var connectionContext: ChannelHandlerContext?
    private var context: ChannelHandlerContext?

    init(connection: HTTPConnectionHandler) {
        self.connection = connection
        connection.readObserver = self
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Writes `bytes` below the HTTP handlers, then closes without losing them.
    func writeAndClose(_ bytes: [UInt8]) {
        guard let context else { return }
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: bytes)), promise: done)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        done.futureResult.whenComplete { _ in LingeringClose.close(bound.value.channel) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if connectionContext == nil {
            connectionContext = try? context.pipeline.syncOperations.context(handler: connection)
        }
        if let connectionContext { connection.bytesArrived(context: connectionContext) }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connectionContext = nil
        self.context = nil
    }
}
