package import Foundation

/// Reads a child's output pipe on a thread of its own, with `poll` and `read`, and hands each chunk to ``chunks``
/// until the pipe ends or ``stop()`` is called; the thread then closes the pipe.
///
/// Not a `FileHandle.readabilityHandler`: that is a dispatch source, and a read source left on a pipe that reached
/// its end (or whose descriptor is closed before the source is cancelled) crashed libdispatch's event thread in
/// `_dispatch_event_loop_drain` during a full test run.
package final class PipeReader: @unchecked Sendable {
    /// The text read, chunk by chunk; it finishes when the pipe ends or the reader is stopped.
    package let chunks: AsyncStream<String>
    private let lock = NSLock()
    private var stopped = false

    package init(_ handle: FileHandle) {
        let (chunks, continuation) = AsyncStream<String>.makeStream()
        self.chunks = chunks
        // The thread holds the reader and the handle until it ends.
        Thread { [self] in
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !lock.withLock({ stopped }) {
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&request, 1, 200)
                if ready < 0 && errno == EINTR { continue }
                guard ready >= 0 else { break }
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                continuation.yield(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            continuation.finish()
            try? handle.close()
        }.start()
    }

    /// Stops reading within 0.2 s; the pipe is closed after that.
    package func stop() {
        lock.withLock { stopped = true }
    }
}
