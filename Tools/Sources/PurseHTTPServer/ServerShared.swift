import NIOCore
import ToolsLock

/// What a running server's connections share: the admission table, the open channels (to close them on stop),
/// and the `Date` value of the answers written outside a connection's handler (a refused connection's 503).
final class ServerShared: Sendable {
    private struct State {
        var table: ConnectionTable
        var channels: [UInt64: any Channel] = [:]
        var stopping = false
        var dates = HTTPDateCache()
    }

    private let state: Locked<State>

    init(maxConnections: Int) {
        state = Locked(State(table: ConnectionTable(limit: maxConnections)))
    }

    /// A new connection: its id and the admission decision; an evicted connection's channel is returned so
    /// the caller closes it.
    func admit(_ channel: any Channel) -> (id: UInt64, admission: ConnectionTable.Admission, evicted: (any Channel)?) {
        state.withLock { state in
            guard !state.stopping else { return (0, .refuse, nil) }
            let (id, admission) = state.table.admit()
            var evicted: (any Channel)?
            switch admission {
            case .admit: state.channels[id] = channel
            case .admitEvicting(let victim):
                state.channels[id] = channel
                evicted = state.channels.removeValue(forKey: victim)
            case .refuse: break
            }
            return (id, admission, evicted)
        }
    }

    func headReceived(_ id: UInt64, expectsBody: Bool) {
        state.withLock { $0.table.headReceived(id, expectsBody: expectsBody) }
    }

    func bodyReceived(_ id: UInt64) { state.withLock { $0.table.bodyReceived(id) } }

    /// The connection's answer is going out and it will wait for its next request; `false` (and nothing marked)
    /// when the server is stopping, so the answer closes the connection instead.
    func awaitingNextRequest(_ id: UInt64) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.table.awaitingNextRequest(id)
            return true
        }
    }

    func connectionClosed(_ id: UInt64) {
        state.withLock { state in
            state.table.remove(id)
            state.channels[id] = nil
        }
    }

    /// Connections open now (admitted, not yet closed).
    var openConnections: Int { state.withLock { $0.table.count } }

    /// Marks the server stopping and returns the open channels, for the caller to close: those waiting for a
    /// request, and those working on an answer (which close themselves once it is written).
    func beginStop() -> (idle: [any Channel], busy: [any Channel]) {
        state.withLock { state in
            state.stopping = true
            var idle: [any Channel] = []
            var busy: [any Channel] = []
            for (id, channel) in state.channels {
                if state.table.isAwaitingHead(id) { idle.append(channel) } else { busy.append(channel) }
            }
            return (idle, busy)
        }
    }

    /// The current IMF-fixdate.
    func date() -> String { state.withLock { $0.dates.current() } }
}
