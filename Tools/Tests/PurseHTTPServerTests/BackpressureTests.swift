import NIOCore
import NIOEmbedded
import Testing

@testable import PurseHTTPServer

/// A client that pipelines and never reads: while the channel is not writable the server answers nothing more
/// (so its answers cannot pile up in memory), and it takes up what it held once the client reads again.
struct BackpressureTests {
    /// The server's pipeline on an embedded channel, answering every request at once.
    static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try HTTPServer.installHTTP(
            on: channel, id: 1, settings: try HTTPServer.Configuration().settings(),
            shared: ServerShared(maxConnections: 4), responder: .immediate { .text(status: 200, $0.target) })
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    static func answers(_ channel: EmbeddedChannel) throws -> [Int] {
        var written: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            written.append(contentsOf: buffer.readableBytesView)
        }
        return try HTTPServerFuzzInvariants.statuses(in: written)
    }

    static let pipelined = String(repeating: "GET /x HTTP/1.1\r\nHost: h\r\n\r\n", count: 50)

    @Test("not writable: pipelined requests are held, not answered; writable again: all answered in order")
    func heldWhileNotWritable() throws {
        let channel = try Self.channel()
        defer { _ = try? channel.finish() }
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        try channel.writeInbound(channel.allocator.buffer(string: Self.pipelined))
        #expect(try Self.answers(channel).isEmpty)
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try Self.answers(channel) == Array(repeating: 200, count: 50))
    }
}
