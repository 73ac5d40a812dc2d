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
///
/// Each connection has a slot, reused after it closes, and an id that names the slot and its use (the slot in the
/// low 32 bits, how many times it was taken in the high ones): the per-request calls find their entry by index,
/// without hashing, and a call with the id of a closed connection whose slot was taken again changes nothing.
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
        var id: UInt64
        /// When it last became silent (accepted, or done with a request), in admission order.
        var silentSince: UInt64
        var awaitingHead: Bool
    }

    let limit: Int
    private var slots: [Entry?] = []
    private var uses: [UInt32] = []
    private var freeSlots: [Int] = []
    private var order: UInt64 = 0
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Decides on a new connection; its id is meaningful unless it is refused.
    mutating func admit() -> (id: UInt64, admission: Admission) {
        if count < limit { return (insert(), .admit) }
        var victim: Entry?
        for case let entry? in slots where entry.awaitingHead {
            if victim.map({ entry.silentSince < $0.silentSince }) ?? true { victim = entry }
        }
        guard let victim else { return (0, .refuse) }
        remove(victim.id)
        return (insert(), .admitEvicting(victim.id))
    }

    /// The connection sent a complete request head: it is busy until ``awaitingNextRequest(_:)``.
    mutating func headReceived(_ id: UInt64) {
        guard let slot = slot(of: id) else { return }
        slots[slot]?.awaitingHead = false
    }

    /// The connection's answer is out; it waits for its next request (silent again, from now).
    mutating func awaitingNextRequest(_ id: UInt64) {
        guard let slot = slot(of: id) else { return }
        order += 1
        slots[slot]?.silentSince = order
        slots[slot]?.awaitingHead = true
    }

    /// Whether the connection has not sent a request head since it was accepted or last answered (`true` for an
    /// id the table does not hold).
    func isAwaitingHead(_ id: UInt64) -> Bool {
        guard let slot = slot(of: id) else { return true }
        return slots[slot]?.awaitingHead ?? true
    }

    /// The connection closed.
    mutating func remove(_ id: UInt64) {
        guard let slot = slot(of: id) else { return }
        slots[slot] = nil
        freeSlots.append(slot)
        count -= 1
    }

    /// The slot of a connection the table holds, or `nil`.
    private func slot(of id: UInt64) -> Int? {
        let slot = Int(truncatingIfNeeded: id & 0xFFFF_FFFF)
        guard slot < slots.count, let entry = slots[slot], entry.id == id else { return nil }
        return slot
    }

    private mutating func insert() -> UInt64 {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = slots.count
            slots.append(nil)
            uses.append(0)
        }
        uses[slot] &+= 1
        let id = UInt64(uses[slot]) << 32 | UInt64(slot)
        order += 1
        slots[slot] = Entry(id: id, silentSince: order, awaitingHead: true)
        count += 1
        return id
    }
}
