/// The sandbox's books at one instant, read in one critical section: what a load test reconciles.
///
/// Balances and payments are kept apart in the sandbox's state (a `/validate` lowers a balance *and* records the
/// debit on its payment, in one atomic commit), so comparing the two after a storm of concurrent requests shows
/// whether any update was lost or doubled: for every gift card, starting balance − balance now must equal
/// the debits of the payments that stand.
public struct SandboxLedger: Sendable, Equatable {
    /// Gift-card balances now, in minor units, by catalogue slug.
    public var balances: [String: Int]
    /// The sum of the gift-card debits of every payment that stands (authorized, or pending on a hosted page),
    /// in minor units, by catalogue slug. Debits of refused or aborted payments were given back and are left out.
    public var standingDebits: [String: Int]
    /// How many payments have each status (`AUTHORIZED`, `PENDING`, `REFUSED`, `ABORTED`, `ERROR`).
    public var paymentsByStatus: [String: Int]
    /// How many client sessions exist.
    public var clientSessions: Int
    /// The charges counted so far (``SandboxStats/charges``).
    public var charges: Int
}

extension PurseSandbox {
    /// Reads balances, payments and charges together, under the state lock.
    public func ledger() -> SandboxLedger {
        state.withLock { state in
            var debits: [String: Int] = [:]
            var statuses: [String: Int] = [:]
            for payment in state.payments.values {
                statuses[payment.status, default: 0] += 1
                guard payment.status == "AUTHORIZED" || payment.status == "PENDING" else { continue }
                for debit in payment.debits { debits[debit.cardSlug, default: 0] += debit.amount }
            }
            return SandboxLedger(
                balances: state.balances, standingDebits: debits, paymentsByStatus: statuses,
                clientSessions: state.clientSessions.count, charges: state.charges.total)
        }
    }
}
