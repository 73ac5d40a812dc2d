public import Foundation

/// How a ``PurseSandbox`` is set up: where it lives, how it tells time, what it is seeded with, where it
/// keeps its state.
///
/// ```swift
/// let clock = TestClock()                      // any Clock<Duration>; tests advance it by hand
/// let sandbox = try PurseSandbox(configuration: .init(baseURL: "http://127.0.0.1:8080", clock: clock))
/// await clock.advance(by: .seconds(30 * 60))   // the sandbox's server time moves with it: sessions expire
/// ```
///
/// One clock drives the sandbox's time: its server time (`GET /clock/datetime`, session and token expiry) is the
/// wall-clock time when the sandbox was created plus the time ``clock`` has moved since, unless ``now`` says
/// otherwise.
public struct SandboxConfiguration: Sendable {
    /// The base URL every URL the sandbox hands out starts with (service roots, hosted pages), without a
    /// trailing slash. A path (`http://127.0.0.1:8080/purse`) is allowed: requests must then carry it.
    public var baseURL: String
    /// The clock injected latency and slow cards wait on. Tests pass a manual clock and never sleep.
    public var clock: any Clock<Duration>
    /// Server time (`GET /clock/datetime`, session and token expiry, timestamps) when it must not follow
    /// ``clock``: a fixed date, a time a test sets by hand. `nil` (the default): the wall-clock time when the
    /// sandbox was created, moved on by ``clock``, so a `TestClock` advanced past a session's lifetime expires
    /// it.
    public var now: (@Sendable () -> Date)?
    /// The seed data (entity, methods, cards, gift cards, shoppers).
    public var catalogue: SandboxCatalogue
    /// A file to keep the state in across restarts (`nil`: memory only). Written after every change.
    public var statePath: String?
    /// How long a client session (and its wallet session) lives unless the request says otherwise.
    public var sessionLifetime: Duration

    /// Creates a configuration; every argument has a default suited to a local sandbox.
    public init(
        baseURL: String = "http://127.0.0.1:8080",
        clock: any Clock<Duration> = ContinuousClock(),
        now: (@Sendable () -> Date)? = nil,
        catalogue: SandboxCatalogue = .standard,
        statePath: String? = nil,
        sessionLifetime: Duration = .seconds(30 * 60)
    ) {
        self.baseURL = baseURL
        self.clock = clock
        self.now = now
        self.catalogue = catalogue
        self.statePath = statePath
        self.sessionLifetime = sessionLifetime
    }
}

/// Counters for tests and the benchmark: requests per route and charges made.
///
/// A *charge* is one movement of money: a gift card debited, or a card, PayPal or redirection payment
/// authorized. A replayed `/validate` (same `Idempotency-Key`) adds none, which is what tests assert.
public struct SandboxStats: Sendable, Equatable {
    /// Requests received per route (faulted ones included).
    public var requests: [SandboxRoute: Int]
    /// Charges made in total.
    public var charges: Int
    /// Charges per payment id.
    public var chargesPerPayment: [String: Int]
    /// Debits per gift card, by catalogue slug.
    public var chargesPerGiftCard: [String: Int]

    /// Requests received on `route`.
    public func requests(_ route: SandboxRoute) -> Int { requests[route] ?? 0 }

    /// Requests received on every route.
    public var totalRequests: Int { requests.values.reduce(0, +) }
}
