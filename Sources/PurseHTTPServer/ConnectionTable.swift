import PurseLock

/// The server's open connections and its admission policy, as a pure value type so every decision is tested
/// without sockets.
///
/// - Below ``limit`` every new connection is admitted.
/// - At the limit, a new connection takes the place of the **oldest connection that has not sent a complete
///   request head yet** (a silent or slow client): that one is closed. Idle connections therefore cannot lock
///   out a well-behaved client, however many are opened (a browser's return to the loopback listener always
///   gets through; 2,000 silent connections cost a normal request nothing).
/// - When every connection is busy (it has sent a request head, or its answer is being worked on), the new
///   one is refused: the server answers `503 Service Unavailable` with `Retry-After` and closes it.
struct ConnectionTable: Sendable {
    /// What to do with a new connection.
    enum Admission: Equatable, Sendable {
        /// Admit it.
        case admit
        /// Admit it and close the connection with this id (the oldest silent one).
        case admitEvicting(UInt64)
        /// Refuse it with 503: every connection is busy.
        case refuse
    }

    private struct Entry: Sendable {
        var acceptedOrder: UInt64
        var awaitingHead: Bool
    }

    /// The most connections open at once.
    let limit: Int
    private var entries: [UInt64: Entry] = [:]
    private var order: UInt64 = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Connections open now.
    var count: Int { entries.count }

    /// Decides on a new connection `id` and, when it is admitted, records it as awaiting its request head.
    mutating func admit(_ id: UInt64) -> Admission {
        if entries.count < limit {
            insert(id)
            return .admit
        }
        let oldestSilent = entries.filter { $0.value.awaitingHead }.min {
            $0.value.acceptedOrder < $1.value.acceptedOrder
        }
        guard let victim = oldestSilent?.key else { return .refuse }
        entries[victim] = nil
        insert(id)
        return .admitEvicting(victim)
    }

    /// The connection sent a complete request head: it can no longer be evicted for a newcomer.
    mutating func headReceived(_ id: UInt64) {
        entries[id]?.awaitingHead = false
    }

    /// The connection's answer went out and it waits for its next request: evictable again, as the newest.
    mutating func awaitingNextRequest(_ id: UInt64) {
        guard entries[id] != nil else { return }
        order += 1
        entries[id] = Entry(acceptedOrder: order, awaitingHead: true)
    }

    /// Whether the connection waits for a request head (evictable, and closed at once on stop).
    func isAwaitingHead(_ id: UInt64) -> Bool { entries[id]?.awaitingHead ?? true }

    /// The connection closed (or was evicted).
    mutating func remove(_ id: UInt64) {
        entries[id] = nil
    }

    private mutating func insert(_ id: UInt64) {
        order += 1
        entries[id] = Entry(acceptedOrder: order, awaitingHead: true)
    }
}
