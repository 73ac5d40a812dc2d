import NIOCore

/// Sits before the decoder and tells the connection handler that bytes arrived, so a kept-alive connection's
/// idle timer turns into the next request's head deadline at its first byte.
final class ReadObserver: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connection: HTTPConnectionHandler
    private var connectionContext: ChannelHandlerContext?

    init(connection: HTTPConnectionHandler) {
        self.connection = connection
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
    }
}
