import Foundation

/// What the card input models use from their checkout: its clock for expiry checks, the vault, its log.
struct CardEnvironment: Sendable {
    /// The checkout's estimate of the server's time (its clock's time line plus the offset measured at opening).
    let now: @Sendable () -> Date
    /// The session's Purse vault, or `nil` when the session names no vault tenant.
    let vault: VaultAPI?
    /// The checkout's log (never card data).
    let log: Logger
    /// The checkout's language for the text the models give (English before binding).
    var localizer: PurseLocalizer = .english
    /// The checkout's scope now (``CheckoutScope``), or `nil` once it is torn down: a look-up records it when it
    /// starts, and its answer is taken only if the scope is still the same when it comes. Always the same before
    /// binding.
    var scope: @MainActor () -> CheckoutScope? = { CheckoutScope(sessionID: "", generation: 0) }
    /// Who draws the card fields (``PurseCheckoutConfiguration/cardFields``).
    var cardFields: CardFieldOwnership = .sdkSecureFields
    /// The merchant's network for a co-badged card (``PurseCheckoutConfiguration/preferredCardBrand``).
    var preferredBrand: CardBrand?

    /// Before a model is bound to a checkout: device time, no vault, no log.
    static let unbound = CardEnvironment(now: { Date() }, vault: nil, log: Logger(handler: nil))
}

extension PurseHeadlessCheckout {
    /// The environment card input models of this checkout get.
    var cardEnvironment: CardEnvironment {
        let offset = state.serverClockOffset
        let anchor = clockAnchor
        let vault = state.session.source.purseVaultTenantID.map {
            VaultAPI(client: paymentAPI.client, root: roots.vault, tenantID: $0)
        }
        return CardEnvironment(
            now: { anchor.now.addingTimeInterval(offset) }, vault: vault, log: log, localizer: localizer,
            scope: { [weak self] in
                guard let self, self.state.phase != .terminated else { return nil }
                return self.scope
            }, cardFields: configuration.cardFields, preferredBrand: configuration.preferredCardBrand)
    }
}

/// Holds a background task and cancels it when replaced or when its owner goes away.
final class CancellingTask: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// Cancels the current task, if any, and keeps `next`.
    func replace(with next: Task<Void, Never>?) {
        let previous = task.withLock { current in
            let previous = current
            current = next
            return previous
        }
        previous?.cancel()
    }

    /// The current task.
    var current: Task<Void, Never>? { task.withLock { $0 } }

    deinit { task.withLock { $0?.cancel() } }
}
