public import Foundation
public import Observation

#if canImport(Combine)
    public import Combine
#endif

/// The headless checkout: it owns the checkout's state and its conversations with Purse's APIs, and your
/// app draws the screens.
///
/// Open it with the widget data your backend got when it created the client session:
/// ```swift
/// let checkout = try await PurseHeadlessCheckout(widgetData: clientSession.widget.data)
/// for method in checkout.paymentMethods { … }          // primary methods, sorted by position
/// try checkout.setPrimary(method)
/// checkout.remainingAmountToPay                        // follows every change of the split
/// ```
/// Everything you read derives from one state value; SwiftUI views observe it through Observation (and
/// `ObservableObject` on Apple platforms). All of it lives on the main actor.
///
/// To test code that uses a checkout, open it on the in-process sandbox of `PurseCheckoutTesting` with a
/// test clock: no real network, no real waits.
///
/// Every public type of the module is also a member of this class, under its own name: where an app has a
/// `Currency` of its own, `PurseHeadlessCheckout.Currency` is the SDK's (see <doc:TypeNames>).
@MainActor
@Observable
public final class PurseHeadlessCheckout {
    /// The whole state; mutated only through ``mutate(_:)``.
    private(set) var state: CheckoutState

    @ObservationIgnored let configuration: PurseCheckoutConfiguration
    /// The service roots, API clients: those of the current session (``updateSession(widgetData:)`` moves them).
    @ObservationIgnored var roots: APIRoots
    @ObservationIgnored let log: Logger
    @ObservationIgnored var paymentAPI: PaymentAPI
    @ObservationIgnored var walletAPI: WalletAPI?
    @ObservationIgnored let registry: PluginRegistry
    /// Renders the checkout's messages: ``PurseCheckoutConfiguration/locale`` (else the session's customer locale,
    /// else the device's) with ``PurseCheckoutConfiguration/messageOverrides``.
    @ObservationIgnored public let localizer: PurseLocalizer
    @ObservationIgnored let elements = ElementTable()
    /// The background balance look-ups of saved gift cards; cancelled when the checkout goes away.
    @ObservationIgnored let savedBalanceLookups = OwnedTask()
    /// The watch of the session's expiry on the injected clock; cancelled when the checkout goes away.
    @ObservationIgnored let expiryWatch = OwnedTask()
    /// The device time at opening (or restoring), moved on by the injected clock alone (``serverNow``).
    @ObservationIgnored let clockAnchor: ClockAnchor
    /// Where an open page waits for a return the app hands over (``handleReturnURL(_:policy:)``).
    @ObservationIgnored let returnHandoff = ReturnHandoff()
    /// Loan simulations already answered, by session, amount and method (``simulateLoan(method:amount:)``).
    @ObservationIgnored let loanSimulationCache = LoanSimulationCache()
    /// The payment confirmation under way (``confirmPayment(policy:)``); cancelled when the checkout goes away.
    @ObservationIgnored let confirmationRun = ConfirmationRun()
    /// The number of the latest `updateSession` call: an older one still running is refused at commit
    /// (`SESSION_CHANGED`), so the latest cart wins whatever order the answers come in.
    @ObservationIgnored var latestUpdate = 0

    #if canImport(Combine)
        /// Fires before every state change, for `@ObservedObject` users.
        @ObservationIgnored public let objectWillChange = ObservableObjectPublisher()
    #endif

    /// Opens a checkout from widget data (base64 JSON, as `widget.data` of the client session).
    ///
    /// Decodes the session, reads the server's time and refuses an expired session.
    /// - Throws: ``PurseCheckoutError`` with `WIDGET_DATA_MALFORMED` or `SESSION_MALFORMED` (naming the wrong
    ///   path), `EXPIRED_SESSION`, `API_UNREACHABLE` (no connection to the API could be made: nothing answers at
    ///   its address), or `REQUEST_CANCELLED`.
    public convenience init(
        widgetData: String, configuration: PurseCheckoutConfiguration = PurseCheckoutConfiguration()
    ) async throws {
        let session = try SessionDecoder.decoding(widgetData: widgetData)
        try await self.init(session: session, configuration: configuration)
    }

    /// Opens a checkout on an already-decoded session.
    ///
    /// Opening reads the server's time (`GET {datetime}/datetime`). When no connection to the API can be made
    /// (refused, host not found, no route), the checkout does not open: every call it would make fails the same
    /// way. Any other failure of that read (a timeout, an HTTP error) is logged and expiry is checked against the
    /// device clock.
    /// - Throws: ``PurseCheckoutError`` `EXPIRED_SESSION`, `API_UNREACHABLE`, or `REQUEST_CANCELLED`.
    public init(
        session: ClientSession, configuration: PurseCheckoutConfiguration = PurseCheckoutConfiguration()
    )
        async throws
    {
        let log = Logger(handler: configuration.logHandler)
        let roots = configuration.apiRoots ?? session.apiRoots
        let client = APIClient(transport: configuration.transport, timeout: configuration.requestTimeout, log: log)
        let paymentAPI = PaymentAPI(client: client, roots: roots, apiKey: session.apiKey)
        let deviceNow = configuration.now()
        // Set before the time request: the checkout's clock counts from the device time just read.
        let clockAnchor = ClockAnchor(clock: configuration.clock, start: deviceNow)
        // The saved gift cards' balance look-ups go out now, alongside the time request (both are reads).
        let balances = Self.beginSavedBalanceLookups(
            session.savedSecondaryTokens, api: paymentAPI, sessionID: session.id, amount: session.amountMinorUnits,
            currency: session.currency, log: log)
        var serverNow: Date
        do {
            serverNow = try await paymentAPI.serverTime()
        } catch  where error.code == .requestCancelled {
            balances?.lookups.cancel()
            throw error
        } catch  where error.code == .apiUnreachable {
            // Nothing answers at the API's address: every later call would fail the same way, so the checkout
            // says so now rather than at Pay.
            balances?.lookups.cancel()
            log.warning("the API cannot be reached; the checkout does not open")
            throw PurseCheckoutError(.apiUnreachable, message: "the checkout cannot open: " + error.message)
        } catch {
            log.warning("server time unavailable (\(error.code)); checking expiry against the device clock")
            serverNow = deviceNow
        }
        var clockOffset: TimeInterval = 0
        if let offset = ClockBounds.offset(server: serverNow, device: deviceNow) {
            clockOffset = offset
        } else {
            log.warning("server time too far from the device clock; checking expiry against the device clock")
            serverNow = deviceNow
        }
        guard serverNow < session.expirationDate else {
            balances?.lookups.cancel()
            log.info("session \(session.id) expired at \(ISO8601.format(session.expirationDate))")
            throw PurseCheckoutError(
                .expiredSession,
                message: "the session expired at \(ISO8601.format(session.expirationDate)) (server time "
                    + "\(ISO8601.format(serverNow)))")
        }
        self.configuration = configuration
        self.roots = roots
        self.log = log
        self.paymentAPI = paymentAPI
        self.clockAnchor = clockAnchor
        self.walletAPI = session.walletSession.map {
            WalletAPI(client: client, root: roots.wallet, apiKey: session.apiKey, walletSession: $0)
        }
        self.registry = configuration.pluginRegistry
        self.localizer = PurseLocalizer(configuration: configuration, session: session)
        do {
            self.state = try CheckoutState(
                session: session, serverClockOffset: clockOffset)
        } catch {
            balances?.lookups.cancel()
            throw error
        }
        log.info(
            "checkout opened: session \(session.id), \(session.primaryMethods.count) primary and "
                + "\(session.secondaryMethods.count) secondary methods, \(session.paymentTokens.count) saved tokens")
        if let balances { consume(balances) }
        startExpiryWatch()
    }

    /// Rebuilds a checkout around a restored state (``restore(_:configuration:)``): no network call, no expiry
    /// check (a submitted payment must stay confirmable; editing an expired session is refused later by
    /// `ensureEditable()`), no background look-ups (the caller starts what the restored state needs).
    init(restoredState: CheckoutState, configuration: PurseCheckoutConfiguration) {
        let log = Logger(handler: configuration.logHandler)
        let roots = configuration.apiRoots ?? restoredState.session.apiRoots
        let client = APIClient(transport: configuration.transport, timeout: configuration.requestTimeout, log: log)
        let session = restoredState.session
        self.clockAnchor = ClockAnchor(clock: configuration.clock, start: configuration.now())
        self.configuration = configuration
        self.roots = roots
        self.log = log
        self.paymentAPI = PaymentAPI(client: client, roots: roots, apiKey: session.apiKey)
        self.walletAPI = session.walletSession.map {
            WalletAPI(client: client, root: roots.wallet, apiKey: session.apiKey, walletSession: $0)
        }
        self.registry = configuration.pluginRegistry
        self.localizer = PurseLocalizer(configuration: configuration, session: session)
        self.state = restoredState
        log.info("checkout restored: session \(session.id), \(restoredState.phase.rawValue)")
    }

    /// The single mutation point: every state change goes through here.
    func mutate<Result, Failure: Error>(
        _ body: (inout CheckoutState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Teardown is final: work that was still running when the checkout was torn down computes on a copy that
        // is thrown away, so nothing it does is seen (DESIGN §2, "async work never writes into a session it did
        // not start in").
        guard state.phase != .terminated else {
            var discarded = state
            return try body(&discarded)
        }
        #if canImport(Combine)
            objectWillChange.send()
        #endif
        return try body(&state)
    }

    // MARK: - What the session offers

    /// The decoded client session: its id (to confirm the payment on your backend), amount, currency and
    /// methods, as the widget data described them.
    public var session: ClientSession { state.session }
    /// Primary methods: stable ones, sorted by position. Saved instruments are in ``paymentTokens``.
    public var paymentMethods: [PrimaryMethod] { state.session.primaryMethods }
    /// Gift cards, vouchers and loyalty methods, sorted by position.
    public var secondaryMethods: [SecondaryMethod] { state.session.secondaryMethods }
    /// Saved cards and PayPal accounts; updates after wallet operations.
    public var paymentTokens: [PaymentToken] { state.paymentTokens }
    /// Saved gift cards, with their balances as resolved so far.
    public var savedSecondaryTokens: [SavedSecondaryToken] { state.savedSecondaryTokens }
    /// ISO 4217 currency code of the order.
    public var currency: String { state.session.currency.code }
    /// The order amount, major units.
    public var amount: Decimal { state.session.amount }

    // MARK: - The split

    /// What is not covered yet: the amount minus every secondary share and the primary's share.
    public var remainingAmountToPay: Decimal {
        Money(minorUnits: state.split.remainingAmountToPay, currency: state.session.currency).decimal
    }
    /// Who pays how much: secondary shares in the order applied, then the primary line.
    public var amountSplit: [AmountSplitEntry] { state.amountSplit }
    /// Whether the split covers the whole amount and the primary element, if any, is ready and can pay what is
    /// left (a primary whose amount range the split left behind, say after a gift card was removed, shows why in
    /// ``availability(of:)-(PaymentItem)``).
    public var isPaymentFulfilled: Bool { state.split.isPaymentFulfilled && selectedPrimaryRefusal == nil }
    /// Where the payment is: `ready` while the split can change, `submitting` during `/validate`, then
    /// `submitted` (a second submit is refused), `error` (the split can be submitted again: also after a
    /// payment the ``PaymentStatusProvider`` confirmed as refused), `expired` (the
    /// clock passed ``expiresAt``; ``updateSession(widgetData:)`` revives it) or `terminated` (``teardown()``).
    ///
    /// An open checkout whose clock has passed ``expiresAt`` reads `expired` at once; its expiry watch records it
    /// (and Observation sees the change) as soon as the main actor runs it.
    public var sessionState: SessionState {
        switch state.phase {
        case .idle, .ready, .error: return serverNow >= state.session.expirationDate ? .expired : state.phase
        case .submitting, .submitted, .outcomeUnknown, .expired, .terminated: return state.phase
        }
    }
    /// The selected primary item, if any.
    public var primary: PaymentItem? { state.primary }
}

#if canImport(Combine)
    /// SwiftUI views written with `@ObservedObject` (as in the docs) observe the checkout through this
    /// conformance; ``PurseHeadlessCheckout/objectWillChange`` fires from the single mutation point.
    /// The conformance is isolated to the main actor (SE-0470), like the checkout itself and like the SwiftUI
    /// views that observe it.
    extension PurseHeadlessCheckout: @MainActor ObservableObject {}
#endif
