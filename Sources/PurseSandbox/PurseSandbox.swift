internal import Foundation

/// A local, stateful imitation of the Purse APIs the SDK calls (CONTRACT.md): merchant client sessions,
/// payment gateway, wallet, vault, gift-card issuers, hosted PSP and 3-D Secure pages, return redirects
/// and the server-side payment status.
///
/// It is a **simulation**: like stripe-mock, but with state (balances, wallets, payments). The gateway and
/// wallet paths are invented (Purse does not publish them; CONTRACT.md decides them), the return redirect's
/// `purse-redirection-data` is a compact JWS of Purse's shape signed with the sandbox's own HMAC key, not
/// Purse's RSA keys (``verifyRedirectionData(_:)``), and no number in ``catalogue`` moves real money.
///
/// The router is pure: ``handle(_:)`` takes a ``SandboxRequest`` value and returns a ``SandboxResponse``, so
/// tests run without sockets. An HTTP server (or an in-process transport) just feeds it.
/// ```swift
/// let sandbox = try PurseSandbox()
/// let session = try sandbox.createClientSession(.init(amount: 4299, customerReference: "demo-shopper"))
/// // hand session.widgetData to the SDK, point its transport at sandbox.handle(_:)
/// let truth = sandbox.clientSessionStatus(id: session.id)   // what the merchant backend would confirm
/// ```
///
/// Thread-safe: the whole state sits behind one lock and every request updates it atomically; waits
/// (injected latency, slow issuers) happen outside the lock, on the configured clock.
///
/// Testing code that uses it: pass a manual clock in ``SandboxConfiguration/clock`` to drive latency and slow
/// cards, use ``faults`` to inject errors, and read ``stats()`` to count calls and charges.
public final class PurseSandbox: Sendable {
    let configuration: SandboxConfiguration
    let state: SandboxLock<SandboxState>
    private let base: SandboxLock<BaseAddress>
    private let persistenceFailure = SandboxLock<SandboxStateError?>(nil)
    /// Server time: ``SandboxConfiguration/now``, or the creation time moved on by the configured clock.
    private let serverTime: @Sendable () -> Date

    /// Faults injected into answers (per route, plus a global latency).
    public let faults = FaultInjector()
    /// Where ``newID()`` draws its ids.
    private let ids = RandomIDs()
    /// Signs the `purse-redirection-data` of returns (HMAC-SHA256 under a key drawn now: not Purse's signature).
    let redirectionSignature = RedirectionSignature()

    /// Creates a sandbox, loading the state file when ``SandboxConfiguration/statePath`` names one that exists.
    ///
    /// - Throws: ``SandboxStateError`` `STATE_FILE_NOT_WRITABLE` when the state could not be written there (its
    ///   directory is missing or refuses a new file, or the path is not a writable file): found now, not at the
    ///   first change. Then, when the state file exists but cannot be read or is not a sandbox state,
    ///   `STATE_FILE_UNREADABLE`, `STATE_FILE_CORRUPT` or `STATE_FILE_VERSION`. A missing file is not an error: the
    ///   sandbox starts from the catalogue and creates it at the first change.
    public init(configuration: SandboxConfiguration = .init()) throws(SandboxStateError) {
        self.configuration = configuration
        serverTime = configuration.now ?? Self.time(following: configuration.clock, from: Date())
        base = SandboxLock(BaseAddress(configuration.baseURL))
        var initial = SandboxState.seeded(from: configuration.catalogue)
        if let path = configuration.statePath {
            try SandboxPersistence.checkWritable(path)
            if let loaded = try SandboxPersistence.load(from: path) { initial = loaded }
        }
        state = SandboxLock(initial)
    }

    /// The seed data: entity and credentials, methods, test cards, gift cards, shoppers.
    public var catalogue: SandboxCatalogue { configuration.catalogue }

    /// The base URL every URL handed out starts with.
    public var baseURL: String { base.withLock { $0.url } }

    /// Changes the base URL, for a server that learns its port only after binding (port 0).
    ///
    /// Widget data of sessions created earlier keeps the URLs it was created with.
    public func setBaseURL(_ baseURL: String) {
        base.withLock { $0 = BaseAddress(baseURL) }
    }

    /// Requests per route and charges made since start (or the last ``reset()``).
    public func stats() -> SandboxStats {
        state.withLock { state in
            var requests: [SandboxRoute: Int] = [:]
            for (name, count) in state.requestCounts {
                if let route = SandboxRoute(rawValue: name) { requests[route] = count }
            }
            return SandboxStats(
                requests: requests, charges: state.charges.total, chargesPerPayment: state.charges.perPayment,
                chargesPerGiftCard: state.charges.perGiftCard)
        }
    }

    /// The current balance of a catalogue gift card, in minor units (`nil` for an unknown slug).
    public func balance(ofGiftCard slug: String) -> Int? {
        state.withLock { $0.balances[slug] }
    }

    /// The ids of the tokens in `owner`'s wallet, in order (for SDK tests that check the server side).
    package func walletTokenIDs(of owner: String) -> [String] {
        state.withLock { $0.wallets[owner]?.map(\.id) ?? [] }
    }

    /// Puts the state back to the catalogue's seed (balances, wallets), forgets every session, payment and
    /// idempotency record, and zeroes the counters. Faults are left as they are.
    public func reset() {
        mutate { state in state = SandboxState.seeded(from: configuration.catalogue) }
    }

    /// Writes the state file now.
    ///
    /// The sandbox already writes it after every change; this is for a clean shutdown.
    /// - Throws: ``SandboxStateError`` `STATE_FILE_NOT_WRITTEN`. Does nothing without a state path.
    public func saveState() throws(SandboxStateError) {
        guard let path = configuration.statePath else { return }
        let snapshot = state.withLock { $0 }
        try SandboxPersistence.save(snapshot, to: path)
    }

    /// The last failure to write the state file after a change (`nil` when the last write succeeded).
    ///
    /// A failed write does not fail the request that caused it: the change is kept in memory.
    public var lastPersistenceError: SandboxStateError? { persistenceFailure.withLock { $0 } }

    // MARK: - Internal plumbing

    /// Server time.
    var now: Date { serverTime() }

    /// `start` moved on by the time `clock` moves from now on.
    private static func time<C: Clock<Duration>>(following clock: C, from start: Date) -> @Sendable () -> Date {
        let origin = clock.now
        return {
            let elapsed = origin.duration(to: clock.now).components
            return start.addingTimeInterval(TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18)
        }
    }

    /// `path` (starting with `/`) under the base URL.
    func url(_ path: String) -> String { baseURL + path }

    /// The base URL's path prefix (`""` for `http://127.0.0.1:8080`).
    var basePath: String { base.withLock { $0.path } }

    /// Reads the state under the lock.
    func read<Result: Sendable>(_ body: (SandboxState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    /// Changes the state under the lock, then writes the state file (still under the lock, so writes are
    /// ordered like the changes).
    func mutate<Result: Sendable>(_ body: (inout SandboxState) -> Result) -> Result {
        let path = configuration.statePath
        let (result, failure) = state.withLock { state -> (Result, SandboxStateError?) in
            let result = body(&state)
            guard let path else { return (result, nil) }
            do throws(SandboxStateError) {
                try SandboxPersistence.save(state, to: path)
                return (result, nil)
            } catch {
                return (result, error)
            }
        }
        if path != nil { persistenceFailure.withLock { $0 = failure } }
        return result
    }

    /// Waits on the injected clock (cancellation ends the wait early).
    func wait(_ duration: Duration) async {
        guard duration > .zero else { return }
        try? await configuration.clock.sleep(for: duration)
    }

    /// A fresh random identifier (lower-case UUID).
    func newID() -> String { ids.uuid() }
}

/// The base URL split into what is handed out and the path prefix requests carry.
struct BaseAddress: Sendable {
    let url: String
    let path: String

    init(_ url: String) {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        self.url = url
        if let schemeEnd = url.range(of: "://"), let slash = url[schemeEnd.upperBound...].firstIndex(of: "/") {
            path = String(url[slash...])
        } else {
            path = ""
        }
    }
}
