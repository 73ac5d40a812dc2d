import NIOCore
import NIOEmbedded
import NIOHTTP1

/// What a connection received from its start, kept while it fits in `capacity` bytes, so that a decoding error can
/// be judged as a byte-by-byte arrival would have met it (``firstError(settings:)``).
///
/// NIO's request decoder counts a header's bytes against the head limit only when the header's span ends or a
/// read ends. A head past the limit followed by a byte the decoder refuses was therefore refused 400 when it came
/// in one read (the bad byte was met first) and 431 when it came byte by byte (the size was). The server answers
/// what the byte-by-byte arrival gives, so one request gets one answer however it arrives. A connection that has
/// received more than `capacity` bytes keeps nothing, and is answered as its decoder says.
final class ReceivedBytes: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let capacity: Int
    /// `nil` once more than `capacity` bytes arrived.
    private(set) var bytes: [UInt8]? = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if bytes != nil {
            let buffer = unwrapInboundIn(data)
            if let count = bytes?.count, count + buffer.readableBytes <= capacity {
                bytes?.append(contentsOf: buffer.readableBytesView)
            } else {
                bytes = nil
            }
        }
        context.fireChannelRead(data)
    }

    /// The error a fresh decoder with the server's limits meets first when these bytes arrive one at a time, or
    /// `nil` when nothing was kept or no error comes.
    ///
    /// Cheaper than one byte at a time throughout: the bytes go in 64-byte pieces until one shows an error (an
    /// overflow is then the answer: at a piece's end the decoder has counted every byte before it, so one byte at
    /// a time would have met it in that piece too, and no parse error before it). A parse error met within the
    /// first `maxHeaderBytes` bytes is the answer too: no header field nor head can have grown past the limit
    /// before it, whatever the arrival, and the parser itself reads bytes the same way however they are cut.
    /// Otherwise a second fresh decoder takes the bytes before that piece at once (no error there either way, and
    /// the same count at its end) and the piece one byte at a time.
    func firstError(settings: HTTPServer.Settings) -> HTTPParserError? {
        guard let bytes, !bytes.isEmpty else { return nil }
        let piece = 64
        let pieces = stride(from: 0, to: bytes.count, by: piece).map { $0..<min($0 + piece, bytes.count) }
        let scan = Decoding(settings: settings)
        guard let erring = pieces.first(where: { scan.feed(bytes[$0]) != nil }), let error = scan.error else {
            return nil
        }
        if error == .headerOverflow || erring.upperBound <= settings.maxHeaderBytes { return error }
        let exact = Decoding(settings: settings)
        if erring.lowerBound > 0 { _ = exact.feed(bytes[..<erring.lowerBound]) }
        for index in erring where exact.feed(bytes[index...index]) != nil { return exact.error }
        return exact.error
    }

    /// A fresh decoder on an embedded channel, fed by hand.
    private final class Decoding {
        private let channel: EmbeddedChannel
        private(set) var error: HTTPParserError?

        init(settings: HTTPServer.Settings) {
            channel = EmbeddedChannel(handler: ByteToMessageHandler(HTTPServer.decoder(settings)))
        }

        deinit { _ = try? channel.finish() }

        /// Feeds `bytes`; the decoding error, if one came now or before.
        func feed(_ bytes: ArraySlice<UInt8>) -> HTTPParserError? {
            guard error == nil else { return error }
            do {
                try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
                while try channel.readInbound(as: HTTPServerRequestPart.self) != nil {}
            } catch let decoding as HTTPParserError {
                error = decoding
            } catch {
                self.error = .unknown
            }
            return error
        }
    }
}
