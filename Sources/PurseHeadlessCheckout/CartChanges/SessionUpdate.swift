public import Foundation

/// What ``PurseHeadlessCheckout/updateSession(widgetData:)`` changed: the report an app turns into "your gift
/// card now pays 12.00 EUR".
///
/// ```swift
/// let update = try await checkout.updateSession(widgetData: newClientSession.widget.data)
/// for share in update.secondaryShares {
///     switch share.outcome {
///     case .kept: break
///     case .clamped(let from, let to): banner("\(share.methodID) now pays \(to) instead of \(from)")
///     case .released(let reason): banner("\(share.methodID) was taken out: \(reason)")
///     }
/// }
/// ```
/// Amounts are major units of the order currency (``currency``).
public struct SessionUpdate: Sendable, Hashable {
    /// The session the checkout left, and the one it is on now.
    public let previousSessionID: String
    /// The new session's id: what your backend confirms the payment with from now on.
    public let sessionID: String
    /// The order amount before and after.
    public let previousAmount: Decimal
    /// The new order amount.
    public let amount: Decimal
    /// The order currency (ISO 4217).
    public let currency: String
    /// Primary and secondary methods the new session offers and the old one did not (`partner-method` ids).
    public let methodsAdded: [String]
    /// Methods the old session offered and the new one does not.
    public let methodsRemoved: [String]
    /// What became of the primary selection; `nil` when there was none.
    public let primary: PrimaryOutcome?
    /// What became of each secondary share (gift card, voucher, loyalty), in the order applied.
    public let secondaryShares: [SecondaryShareUpdate]
    /// Saved gift cards whose balance is read again against the new amount (ids of
    /// ``PurseHeadlessCheckout/savedSecondaryTokens``): during the update for those in the split, in the background
    /// right after for the others (gate their Use button on ``SavedSecondaryToken/balanceResolved``).
    public let savedBalancesReread: [String]
    /// Whether the checkout had expired and is open again on the new session.
    public let revived: Bool

    /// Whether the split the shopper saw changed: a share clamped or released, the primary dropped, or the
    /// amount changed.
    public var changesSplit: Bool {
        previousAmount != amount || primary?.isKept == false
            || secondaryShares.contains { if case .kept = $0.outcome { return false } else { return true } }
    }

    /// What became of the primary selection.
    public enum PrimaryOutcome: Sendable, Hashable {
        /// Still selected: the new session offers it and its rules allow the amount it pays.
        case kept(id: String)
        /// No longer selected, and why.
        case dropped(id: String, reason: DropReason)

        /// The id of the method or saved instrument.
        public var id: String {
            switch self {
            case .kept(let id), .dropped(let id, _): return id
            }
        }

        /// Whether the primary is still selected.
        public var isKept: Bool {
            if case .kept = self { return true }
            return false
        }
    }

    /// Why a primary was dropped.
    public enum DropReason: Sendable, Hashable {
        /// The new session does not offer the method (or the saved instrument is not in its wallet).
        case notOffered
        /// No plugin pays it with the new session (`METHOD_NOT_IMPLEMENTED`).
        case notImplemented
        /// What it would pay is below the method's minimum amount.
        case belowMinimum(minimum: Decimal)
        /// What it would pay is above the method's maximum amount.
        case aboveMaximum(maximum: Decimal)
    }
}

/// What became of one secondary share in a ``SessionUpdate``.
public struct SecondaryShareUpdate: Sendable, Hashable, Identifiable {
    /// The share's id before the update (a typed card re-read against the new session gets a new one:
    /// ``newID``).
    public let id: String
    /// The share's id in ``PurseHeadlessCheckout/amountSplit`` now; `nil` when released.
    public let newID: String?
    /// The issuer and method, `partner-method`.
    public let methodID: String
    /// Whether the card is a saved gift card (``PurseHeadlessCheckout/savedSecondaryTokens``).
    public let isSaved: Bool
    /// Whether its balance was read again (`/init`) against the new session.
    public let balanceReread: Bool
    /// Kept, clamped or released.
    public let outcome: Outcome

    /// Kept, clamped or released.
    public enum Outcome: Sendable, Hashable {
        /// Pays what it paid before.
        case kept(amount: Decimal)
        /// Pays another amount: less when the order shrank (or the rules now cap it), more when the order grew
        /// and the card has more.
        case clamped(from: Decimal, to: Decimal)
        /// Taken out of the split, and why.
        case released(ReleaseReason)
    }

    /// Why a share was released.
    public enum ReleaseReason: Sendable, Hashable {
        /// The new session does not offer its method.
        case methodRemoved
        /// The saved gift card is not in the new session's wallet.
        case tokenRemoved
        /// Nothing is left for it to pay: the cards before it cover the new amount.
        case nothingLeftToPay
        /// The new session's rules refuse it (usage limit, maximum amount, take policy): the error names the rule.
        case refused(PurseCheckoutError.Code)
        /// Its balance, read again, is empty.
        case emptyBalance
        /// The new session is in another currency: balances read in the old one do not carry over.
        case currencyChanged
    }
}
