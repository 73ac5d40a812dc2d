public import Foundation

/// The life of a checkout's payment.
public enum SessionState: String, Sendable, Hashable, CaseIterable {
    /// No session yet.
    case idle
    /// Open: methods can be chosen and the split changed.
    case ready
    /// `/validate` is under way.
    case submitting
    /// The payment was submitted: a second submit is refused.
    case submitted
    /// The last submit failed; the split can be changed and submitted again.
    case error
    /// `/validate` was sent and its answer was lost (a dropped connection, a timeout, an unreadable answer, a
    /// cancelled call): the payment may have gone through. The attempt and its idempotency key are kept, in
    /// snapshots too, and the split is frozen: `updateSession`, a new primary and a new split are refused with
    /// `PAYMENT_OUTCOME_UNKNOWN`. Two ways out: ``PurseHeadlessCheckout/submitPayment()`` (or the element's
    /// submit) again, which replays the same attempt under the same key, so the server answers it once; or
    /// ``PurseHeadlessCheckout/confirmPayment(policy:)``, which asks your backend. Only a definitive answer
    /// leaves this state.
    case outcomeUnknown
    /// The session expired (checked against server time, on the checkout's clock): edits are refused until
    /// ``PurseHeadlessCheckout/updateSession(widgetData:)`` moves the checkout onto a new session.
    case expired
    /// The checkout was torn down (``PurseHeadlessCheckout/teardown()``): every later call fails with
    /// `CHECKOUT_TERMINATED`.
    case terminated
}

extension SessionState {
    /// Whether the split must stay as it is: a payment is under way, was submitted, or may have gone through.
    var freezesSplit: Bool { self == .submitting || self == .submitted || self == .outcomeUnknown }
}

/// The item that pays the rest: a method, or a saved instrument.
public enum PaymentItem: Sendable, Hashable {
    /// A method from ``PurseHeadlessCheckout/paymentMethods``.
    case primaryMethod(PrimaryMethod)
    /// A saved card or PayPal account from ``PurseHeadlessCheckout/paymentTokens``.
    case paymentToken(PaymentToken)

    /// The method's id, or the token's id.
    public var id: String {
        switch self {
        case .primaryMethod(let method): return method.id
        case .paymentToken(let token): return token.id
        }
    }

    /// The partner that pays.
    public var partner: Partner {
        switch self {
        case .primaryMethod(let method): return method.partner
        case .paymentToken(let token): return token.partner
        }
    }

    /// The method that pays.
    public var method: PaymentMethodType {
        switch self {
        case .primaryMethod(let method): return method.method
        case .paymentToken(let token): return token.method
        }
    }
}

/// One line of ``PurseHeadlessCheckout/amountSplit``: who pays how much.
public struct AmountSplitEntry: Sendable, Hashable, Identifiable {
    /// The secondary token's id, or the primary item's id.
    public let id: String
    /// The partner that pays this line: the gift card's issuer, or the primary item's partner.
    public let partner: Partner
    /// The method that pays this line (`giftcard`, `creditcard`…).
    public let method: PaymentMethodType
    /// Major units, exact.
    public let amount: Decimal
    /// `true` for the primary line (it pays what the secondaries leave).
    public let isPrimary: Bool
}

/// The checkout's whole observable state, in one value (DESIGN §2).
///
/// Every change goes through ``PurseHeadlessCheckout``'s single mutation point, so Observation, the
/// Combine bridge and `saveState()` all see the same thing. Derived values (remaining amount, split lines,
/// fulfilment) are computed from it, never stored twice.
struct CheckoutState: Sendable, Equatable {
    /// The decoded session.
    var session: ClientSession
    /// Where the payment is.
    var phase: SessionState
    /// The split engine: order amount, secondary shares, primary share.
    var split: SplitEngine
    /// The selected primary item.
    var primary: PaymentItem?
    /// Saved cards and PayPal accounts, as the wallet now has them.
    var paymentTokens: [PaymentToken]
    /// Saved gift cards, with balances as resolved so far.
    var savedSecondaryTokens: [SavedSecondaryToken]
    /// Server time minus device time, measured when the checkout opened.
    var serverClockOffset: TimeInterval
    /// The idempotency key of the payment attempt under way, reused by a retry of the same split.
    var attempt: PaymentAttempt?
    /// Gift cards read by `getSecondaryToken` that are in the split, by token id (card data: never persisted).
    var secondaryTokens: [String: SecondaryToken] = [:]
    /// The shopper's decisions to keep gift cards in the wallet, by token id.
    var registrations: [String: SecondaryRegistration] = [:]
    /// What the background balance look-ups of saved gift cards answered, by token id.
    var savedSecondaryLookups: [String: SavedSecondaryLookup] = [:]
    /// The payment a successful submit sent, kept for the app to confirm server-side (and by `saveState()`).
    var submittedPayment: SubmittedPayment?
    /// What the payment status provider last confirmed (never saved: a restored checkout confirms again).
    var paymentStatus: PaymentStatus?
    /// Whether a confirmation is under way.
    var isConfirmingPayment = false
    /// Whether the checkout's clock passed the session's expiry (also while a payment was under way).
    var expiryPassed = false
    /// Which session this is, counted from the checkout's opening: each `updateSession` that commits adds one.
    /// Asynchronous work records it when it starts and commits only while it is unchanged (``CheckoutScope``).
    var generation = 0

    init(session: ClientSession, serverClockOffset: TimeInterval) throws(PurseCheckoutError) {
        self.session = session
        phase = .ready
        do {
            split = try SplitEngine(amount: Money(minorUnits: session.amountMinorUnits, currency: session.currency))
        } catch {
            throw PurseCheckoutError(.sessionMalformed, message: "paymentSession.amount: negative")
        }
        primary = nil
        paymentTokens = session.paymentTokens
        savedSecondaryTokens = session.savedSecondaryTokens
        self.serverClockOffset = serverClockOffset
    }

    /// The split as public lines.
    var amountSplit: [AmountSplitEntry] {
        split.entries.map { entry in
            AmountSplitEntry(
                id: entry.id, partner: Partner(rawValue: entry.partner),
                method: PaymentMethodType(rawValue: entry.method),
                amount: Money(minorUnits: entry.amount, currency: split.currency).decimal,
                isPrimary: entry.role == .primary)
        }
    }
}
