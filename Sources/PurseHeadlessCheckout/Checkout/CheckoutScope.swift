/// The checkout as an asynchronous operation found it when it started: which session, and which generation of the
/// checkout's state (``CheckoutState/generation``: one more for each `updateSession` that commits).
///
/// Every operation that suspends (submit, session updates, gift-card tokenization, balance and BIN look-ups, loan
/// simulations, confirmation, availability refreshes, wallet edits) records its scope before its first `await` and
/// asks ``PurseHeadlessCheckout/ensureCurrent(_:_:)`` before it writes: a result computed for another session is
/// discarded with `SESSION_CHANGED` (or `CHECKOUT_TERMINATED` after a teardown), and nothing changes. The
/// checkout's single mutation point also discards every write once the checkout is torn down.
struct CheckoutScope: Sendable, Equatable {
    /// The session the operation started on.
    let sessionID: String
    /// The state's generation when it started.
    let generation: Int
}

extension PurseHeadlessCheckout {
    /// The scope an operation starting now records.
    var scope: CheckoutScope { CheckoutScope(sessionID: state.session.id, generation: state.generation) }

    /// Throws unless the checkout is still the one `scope` describes: `CHECKOUT_TERMINATED` once torn down,
    /// `SESSION_CHANGED` once it moved onto another session (or another generation of the same one).
    func ensureCurrent(_ scope: CheckoutScope, _ operation: String) throws(PurseCheckoutError) {
        guard state.phase != .terminated else {
            throw PurseCheckoutError(
                .checkoutTerminated,
                message: "the checkout was torn down while \(operation) ran: its result was discarded")
        }
        guard state.generation == scope.generation else {
            throw PurseCheckoutError(
                .sessionChanged,
                message: "\(operation) started on session \(scope.sessionID); the checkout moved to session "
                    + "\(state.session.id) meanwhile, so its result was discarded: call it again")
        }
    }

    /// What the app can do about a payment whose outcome is unknown (``SessionState/outcomeUnknown``).
    static func outcomeUnknownAdvice(sessionID: String) -> String {
        "a payment was sent on session \(sessionID) and its answer was lost, so it may have gone through: submit again "
            + "(the same attempt is replayed under the same idempotency key, so it is charged at most once) or call "
            + "confirmPayment() to settle it; the cart, the primary and the split cannot change until then"
    }
}
