import Testing

@testable import PurseHTTPServer

/// The admission policy, without sockets: silent connections give way to newcomers, the oldest first; busy ones
/// never do; ids of closed connections are never confused with the connections that reuse their slots.
struct ConnectionTableTests {
    @Test func belowTheLimitEveryoneIsAdmittedWithDistinctIDs() {
        var table = ConnectionTable(limit: 3)
        let ids = (0..<3).map { _ in table.admit() }
        #expect(ids.allSatisfy { $0.admission == .admit })
        #expect(Set(ids.map(\.id)).count == 3)
        #expect(table.count == 3)
    }

    @Test func atTheLimitTheOldestSilentConnectionGivesWay() {
        var table = ConnectionTable(limit: 3)
        let a = table.admit().id
        let b = table.admit().id
        let c = table.admit().id
        table.headReceived(a)  // busy
        let (d, first) = table.admit()
        #expect(first == .admitEvicting(b), "b is the oldest silent one; a is busy")
        table.headReceived(c)
        table.headReceived(d)
        #expect(table.admit().admission == .refuse, "every connection is busy")
        table.awaitingNextRequest(c)  // answered: silent again, from now
        table.awaitingNextRequest(a)
        #expect(table.admit().admission == .admitEvicting(c), "c became silent before a")
        #expect(table.count == 3)
    }

    /// A local process can hold every slot with heads announcing bodies it never sends: a newcomer (the
    /// shopper's return) takes the place of the one whose body has been awaited longest. Connections whose
    /// request is complete and being answered still never give way.
    @Test func withNoSilentConnectionTheOldestUnfinishedBodyGivesWay() {
        var table = ConnectionTable(limit: 3)
        let a = table.admit().id
        let b = table.admit().id
        let c = table.admit().id
        table.headReceived(b, expectsBody: true)  // b's body is awaited first
        table.headReceived(a, expectsBody: true)
        table.headReceived(c)  // c's request is complete: being answered
        let (d, admission) = table.admit()
        #expect(admission == .admitEvicting(b))
        table.headReceived(d, expectsBody: true)
        table.bodyReceived(d)  // d's body arrived: answered now
        let (e, second) = table.admit()
        #expect(second == .admitEvicting(a))
        table.headReceived(e)
        #expect(table.admit().admission == .refuse, "every request left is complete and being answered")
    }

    @Test func aClosedConnectionsIDDoesNotReachTheConnectionInItsSlot() {
        var table = ConnectionTable(limit: 2)
        let old = table.admit().id
        table.remove(old)
        let new = table.admit().id
        #expect(new != old)
        table.headReceived(old)  // late call for the closed connection
        #expect(table.isAwaitingHead(new), "the newcomer in the reused slot is still silent")
        table.remove(old)
        #expect(table.count == 1, "removing a closed id again removes nothing")
        table.headReceived(new)
        #expect(!table.isAwaitingHead(new))
        #expect(table.isAwaitingHead(old), "an id the table does not hold counts as silent")
    }

    @Test func slotsAreReusedSoTheTableStaysTheSizeOfItsConnections() {
        var table = ConnectionTable(limit: 4)
        var open: [UInt64] = []
        var seen = Set<UInt64>()
        for round in 0..<1000 {
            if open.count == 4 || (round % 3 == 0 && !open.isEmpty) {
                table.remove(open.removeFirst())
            }
            let (id, admission) = table.admit()
            #expect(admission == .admit)
            #expect(seen.insert(id).inserted, "ids are never repeated")
            open.append(id)
            #expect(id & 0xFFFF_FFFF < 4, "the slot stays below the limit")
        }
        #expect(table.count == open.count)
    }
}
