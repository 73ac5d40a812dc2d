/// The registry of issuer rules: which ``SecondaryConfig`` drives each (partner, method).
///
/// ``shared`` starts with the seven issuers the SDK ships (CONTRACT §6): Illicado, Buybox, Ogloba, MyBeezBox
/// and Easy2Play gift cards, the Easy2Play voucher and Maxxing loyalty. Register an issuer the SDK does not
/// ship once at start-up; registering a key that exists replaces its config, shipped ones included:
/// ```swift
/// SecondaryConfigs.shared.register(partner: .other("acme"), method: .other("voucher"), config: AcmeVoucherConfig())
/// ```
/// A method offered by the session with no config here makes `getSecondaryToken` throw
/// `METHOD_NOT_IMPLEMENTED`. Thread-safe.
///
/// The checkout resolves configs through an internal task-local, `current`, which is ``shared`` unless this
/// package's own tests bind another registry for the duration of a task, so that tests
/// registering configs never disturb each other.
public final class SecondaryConfigs: Sendable {
    /// The registry the checkout uses.
    public static let shared = SecondaryConfigs(shipped: true)

    /// The registry the checkout resolves configs through: ``shared``, or a test's own for one task.
    @TaskLocal static var current: SecondaryConfigs = .shared

    /// A (partner, method) key.
    struct Key: Hashable, Sendable {
        let partner: Partner
        let method: PaymentMethodType
    }

    private let configs: Locked<[Key: any SecondaryConfig]>

    /// A registry with the shipped issuers (`shipped: true`) or empty.
    init(shipped: Bool) {
        configs = Locked(shipped ? ShippedIssuerConfig.all : [:])
    }

    /// Registers `config` for `partner`/`method`, replacing the config registered for that key, if any.
    public func register(partner: Partner, method: PaymentMethodType, config: any SecondaryConfig) {
        configs.withLock { $0[Key(partner: partner, method: method)] = config }
    }

    /// The config for `partner`/`method`, or `nil` when none is registered.
    public func config(partner: Partner, method: PaymentMethodType) -> (any SecondaryConfig)? {
        configs.withLock { $0[Key(partner: partner, method: method)] }
    }

    /// Every registered key, sorted (`illicado-giftcard`, …), for diagnostics.
    public var registeredMethodIDs: [String] {
        configs.withLock { $0.keys.map { itemID($0.partner, $0.method) } }.sorted()
    }

    /// A registry holding the same configs as this one now; later registrations on either stay apart.
    func copy() -> SecondaryConfigs {
        let copy = SecondaryConfigs(shipped: false)
        let snapshot = configs.withLock { $0 }
        copy.configs.withLock { $0 = snapshot }
        return copy
    }
}
