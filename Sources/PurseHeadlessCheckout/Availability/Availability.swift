/// Whether an item can pay now: a primary method, a saved card or PayPal account, a secondary method, a gift
/// card read by number or a saved gift card.
///
/// Read it from the checkout (``PurseHeadlessCheckout/availability(of:)-(PrimaryMethod)`` and its overloads).
/// It is derived from the checkout's state on every read, never stored, so it follows every change of the split
/// (a gift card applied, capped or removed, a primary selected), of the wallet and of the session, and a SwiftUI
/// view that reads it is redrawn when it changes. `setPrimary` and `applySecondary` apply the same rule: they
/// refuse an item exactly when its availability is ``unavailable(_:)``, and the error carries the same reason
/// (``PurseCheckoutError/unavailableReason``).
public enum Availability: Sendable, Hashable, CustomStringConvertible {
    /// The item can be selected (primary) or applied (secondary) now.
    case available
    /// The item cannot pay now, and why.
    case unavailable(UnavailableReason)

    /// `true` for ``available``.
    public var isAvailable: Bool { reason == nil }

    /// The reason for ``unavailable(_:)``; `nil` when available.
    public var reason: UnavailableReason? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    /// `available`, or `unavailable(CODE: message)`.
    public var description: String {
        reason.map { "unavailable(\($0))" } ?? "available"
    }
}
