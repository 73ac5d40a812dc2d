import ToolsLock

/// The server's open connections and its admission policy, as a pure value type so every decision is tested
/// without sockets.
///
/// - Below ``limit`` every new connection is admitted.
/// - At the limit, a new connection takes the place of the **oldest connection that has not sent a complete
///   request head yet** (a silent or slow client): that one is closed. Idle connections therefore cannot lock
///   out a well-behaved client, however many are opened (a browser's return to the loopback listener always
///   gets through; 2,000 silent connections cost a normal request nothing).
/// - With none silent, it takes the place of the connection **whose request body has been arriving the
///   longest** (a head announcing a body that never comes, or comes one byte at a time): that one is closed. A
///   local process opening every slot with such heads therefore cannot keep the shopper's return out either.
/// - When every connection's request is complete and being answered, the new one is refused: the server answers
///   `503 Service Unavailable` with `Retry-After` and closes it.
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

    /// Where a connection's exchange is.
    private enum Stage: Sendable {
        /// Accepted or answered, no complete request head since.
        case awaitingHead
        /// A head arrived; its body has not all arrived.
        case readingBody
        /// The whole request arrived: its answer is being made or written.
        case answering
    }

    private struct Entry: Sendable {
        var id: UInt64
        /// When it last became silent (accepted, or done with a request), or when its head arrived, in one order.
        var since: UInt64
        var stage: Stage
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
        var silent: Entry?
        var reading: Entry?
        for case let entry? in slots {
            switch entry.stage {
            case .awaitingHead: if silent.map({ entry.since < $0.since }) ?? true { silent = entry }
            case .readingBody: if reading.map({ entry.since < $0.since }) ?? true { reading = entry }
            case .answering: break
            }
        }
        guard let victim = silent ?? reading else { return (0, .refuse) }
        remove(victim.id)
        return (insert(), .admitEvicting(victim.id))
    }

    /// The connection sent a complete request head: it is busy until ``awaitingNextRequest(_:)``, and can give
    /// way to a newcomer only until its body is in (``bodyReceived(_:)``) when `expectsBody`.
    mutating func headReceived(_ id: UInt64, expectsBody: Bool = false) {
        guard let slot = slot(of: id) else { return }
        order += 1
        slots[slot]?.since = order
        slots[slot]?.stage = expectsBody ? .readingBody : .answering
    }

    /// The connection's request body is all in: it is answered, never evicted, until ``awaitingNextRequest(_:)``.
    mutating func bodyReceived(_ id: UInt64) {
        guard let slot = slot(of: id) else { return }
        slots[slot]?.stage = .answering
    }

    /// The connection's answer is out; it waits for its next request (silent again, from now).
    mutating func awaitingNextRequest(_ id: UInt64) {
        guard let slot = slot(of: id) else { return }
        order += 1
        slots[slot]?.since = order
        slots[slot]?.stage = .awaitingHead
    }

    /// Whether the connection has not sent a request head since it was accepted or last answered (`true` for an
    /// id the table does not hold).
    func isAwaitingHead(_ id: UInt64) -> Bool {
        guard let slot = slot(of: id) else { return true }
        guard let entry = slots[slot] else { return true }
        if case .awaitingHead = entry.stage { return true }
        return false
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
        slots[slot] = Entry(id: id, since: order, stage: .awaitingHead)
        count += 1
        return id
    }
}
