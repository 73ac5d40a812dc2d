public import Foundation

/// How a checkout talks to the world: transport, clocks, hooks, service roots, logging.
///
/// Every member has a production default; tests inject an in-process transport and a test clock.
/// ```swift
/// let checkout = try await PurseHeadlessCheckout(
///     widgetData: clientSession.widget.data,
///     configuration: PurseCheckoutConfiguration(logHandler: { print($0.message) })
/// )
/// ```
public struct PurseCheckoutConfiguration: Sendable {
    /// Carries every network call.
    public var transport: any HTTPTransport
    /// Every wait (polling, retries) goes through this clock, and it alone moves the checkout's time once it is open:
    /// a session expires when this clock has run past its expiration date. Keep the default `ContinuousClock` in
    /// an app (it counts the device's sleep; `SuspendingClock` does not); a test clock expires sessions on demand.
    public var clock: any Clock<Duration>
    /// The device's wall clock, read once when a checkout opens or is restored: the start of the checkout's time,
    /// corrected by the server's offset when the server time can be read. It is not read again afterwards.
    public var now: @Sendable () -> Date
    /// App hooks around validation and redirects.
    public var hooks: PurseCheckoutHooks
    /// Overrides every service root (a local sandbox, a proxy); `nil` uses the widget data's `apiPaths`
    /// over the environment's defaults.
    public var apiRoots: APIRoots?
    /// Receives the SDK's log lines (never card data). `nil`: no logging.
    public var logHandler: (@Sendable (PurseLogEntry) -> Void)?
    /// Timeout of each HTTP call.
    public var requestTimeout: Duration
    /// Makes the `Idempotency-Key` of each payment attempt.
    public var makeIdempotencyKey: @Sendable () -> String
    /// Routes each method to the plugin that pays it. Default ``PluginRegistry/shared``, where
    /// `PurseCheckoutPayPal.register()` adds PayPal; a test can pass its own registry so that what it
    /// registers stays out of every other checkout.
    public var pluginRegistry: PluginRegistry
    /// Apple Pay settings that override the session's (the merchant identifier of your app's entitlement, …).
    public var applePay: ApplePayConfiguration
    /// Your backend's reading of a client session's payment (``PaymentStatusProvider``): with one, the checkout
    /// confirms a payment's final status after its page (``PurseHeadlessCheckout/confirmPayment(policy:)``).
    /// `nil`: the app confirms on its own, and a return is reported as it came.
    public var paymentStatusProvider: (any PaymentStatusProvider)?
    /// How long a confirmation polls the provider, on ``clock``.
    public var paymentConfirmation: PaymentConfirmationPolicy
    /// The language of the text the checkout gives the shopper (card field titles and errors, availability
    /// reasons, error messages, announcements) and of its amounts. `nil`: the session's customer locale when the
    /// widget data carries one (``ClientSession/customerLocale``), else the device's (`Locale.current`).
    public var locale: Locale?
    /// Your text per message key, used before the SDK's (`["cardField.cvv.title": "CVC"]`): a template in the
    /// catalogue's syntax, `{name}` for each argument. See ``PurseLocalizer``.
    public var messageOverrides: [String: String]
    /// Who draws the fields a card number and a security code are typed into. Default
    /// ``CardFieldOwnership/sdkSecureFields``: only the SDK's fields take them, and no public API returns them.
    /// See ``CardFieldOwnership/appDrawnFieldsInPCIScope`` for what drawing them in the app costs.
    public var cardFields: CardFieldOwnership = .sdkSecureFields
    /// The network a co-badged card pays with unless the shopper picks another (`.carteBancaire` to route
    /// domestic payments through Cartes Bancaires). Used only when the card carries it and the method accepts
    /// it; the shopper's choice (``CardForm/selectBrand(_:)``) always wins, as EU Regulation 2015/751 (article 8)
    /// requires. `nil`: the card's main network.
    public var preferredCardBrand: CardBrand?

    /// A configuration with production defaults for every member not given.
    public init(
        transport: any HTTPTransport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        hooks: PurseCheckoutHooks = PurseCheckoutHooks(),
        apiRoots: APIRoots? = nil,
        logHandler: (@Sendable (PurseLogEntry) -> Void)? = nil,
        requestTimeout: Duration = .seconds(30),
        makeIdempotencyKey: @escaping @Sendable () -> String = { UUID().uuidString },
        pluginRegistry: PluginRegistry = .shared,
        applePay: ApplePayConfiguration = ApplePayConfiguration(),
        paymentStatusProvider: (any PaymentStatusProvider)? = nil,
        paymentConfirmation: PaymentConfirmationPolicy = PaymentConfirmationPolicy(),
        locale: Locale? = nil,
        messageOverrides: [String: String] = [:]
    ) {
        self.transport = transport
        self.clock = clock
        self.now = now
        self.hooks = hooks
        self.apiRoots = apiRoots
        self.logHandler = logHandler
        self.requestTimeout = requestTimeout
        self.makeIdempotencyKey = makeIdempotencyKey
        self.pluginRegistry = pluginRegistry
        self.applePay = applePay
        self.paymentStatusProvider = paymentStatusProvider
        self.paymentConfirmation = paymentConfirmation
        self.locale = locale
        self.messageOverrides = messageOverrides
    }
}

/// App hooks the checkout calls at fixed points.
public struct PurseCheckoutHooks: Sendable {
    /// Called with the split just before `/validate`; throwing stops the payment with
    /// `ON_BEFORE_VALIDATE_HOOK_FAILED`.
    public var onBeforeValidate: (@MainActor @Sendable ([AmountSplitEntry]) async throws -> Void)?
    /// Called after `/validate` answered.
    public var onAfterValidate: (@MainActor @Sendable (ValidationResult) async -> Void)?
    /// Sees every redirect before anything opens; return `true` to take it over (the SDK then opens nothing).
    public var onRedirection: (@MainActor @Sendable (RedirectAction) -> Bool)?

    /// Creates hooks; each one left `nil` is not called.
    /// - Parameters:
    ///   - onBeforeValidate: Sees the split just before `/validate`; throwing stops the payment with
    ///     `ON_BEFORE_VALIDATE_HOOK_FAILED`.
    ///   - onAfterValidate: Sees the gateway's answer.
    ///   - onRedirection: Sees each page to open first; returning `true` takes it over.
    public init(
        onBeforeValidate: (@MainActor @Sendable ([AmountSplitEntry]) async throws -> Void)? = nil,
        onAfterValidate: (@MainActor @Sendable (ValidationResult) async -> Void)? = nil,
        onRedirection: (@MainActor @Sendable (RedirectAction) -> Bool)? = nil
    ) {
        self.onBeforeValidate = onBeforeValidate
        self.onAfterValidate = onAfterValidate
        self.onRedirection = onRedirection
    }
}
