/// How one kind of payment element collects input and builds its `/validate` item. Plugins provide one per
/// item through ``ElementStrategyFactory``; the element and the checkout do the rest (readiness, submit,
/// redirects, outcomes).
@MainActor
package protocol ElementStrategy: AnyObject {
    /// Whether the element renders fields (a card form, a CVV-only field).
    var hasUI: Bool { get }
    /// Whether the fields hold everything needed to pay (always `true` without fields).
    var inputIsValid: Bool { get }
    /// Called whenever ``inputIsValid`` may have changed; set by the element.
    var onInputChange: (@MainActor () -> Void)? { get set }
    /// Runs once when the element is prepared. No network call unless the method needs one before input.
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError)
    /// The primary's `/validate` item for `amount` minor units: may run `/init` or tokenize at the vault first.
    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload
}

/// What a strategy may use from the checkout.
package struct ElementContext: Sendable {
    /// The decoded session.
    package let session: ClientSession
    /// The service roots in use.
    package let roots: APIRoots
    /// `/init` for this session.
    package let initialize: @Sendable (ItemPayload) async throws(PurseCheckoutError) -> InitData
    /// `/init-xpay` for this session (Apple Pay's payment data → a vault token).
    package let initializeXPay: @Sendable (ItemPayload) async throws(PurseCheckoutError) -> InitData
    /// The API client (for vault calls).
    let client: APIClient
    /// Whether this submit retries an attempt whose outcome is unknown (the last `/validate` failed without a
    /// definitive answer): a strategy then sends what it sent before, so the retry keeps its idempotency key.
    var retriesAttempt = false
}

/// A plugin that can build element strategies.
package protocol ElementStrategyFactory: Sendable {
    /// The strategy for `item`, or `nil` when this plugin cannot pay it on this platform.
    @MainActor func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)?
}

/// A strategy with no input: it pays a saved instrument by its token id.
@MainActor
final class SavedTokenStrategy: ElementStrategy {
    let token: PaymentToken
    var onInputChange: (@MainActor () -> Void)?
    init(token: PaymentToken) { self.token = token }

    var hasUI: Bool { false }
    var inputIsValid: Bool { true }
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        var item = ItemPayload(partner: token.partner, method: token.method, amount: amount)
        item.paymentData["token"] = .string(token.id)
        return item
    }
}

/// The redirection strategy: nothing to render, ready at once; `/init` runs inside submit and its step id
/// goes back at `/validate`. Only an HTTP-level `/init` refusal is reported here (`API_ERROR`); an answer
/// without a step id fails at `/validate`.
@MainActor
final class RedirectionStrategy: ElementStrategy {
    let method: PrimaryMethod
    var onInputChange: (@MainActor () -> Void)?
    init(method: PrimaryMethod) { self.method = method }

    var hasUI: Bool { false }
    var inputIsValid: Bool { true }
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    /// The `/init` step of the last attempt. A retry of that attempt sends it again rather than running a new
    /// `/init`: a new step id would change the items, hence the idempotency key, and a payment that went through
    /// would then answer `SESSION_ALREADY_SUBMITTED` instead of its stored answer.
    private var lastInit: (amount: Int64, stepID: JSONValue?)?

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        var item = ItemPayload(partner: method.partner, method: method.method, amount: amount)
        if context.retriesAttempt, let lastInit, lastInit.amount == amount {
            item.stepID = lastInit.stepID
            return item
        }
        let answer = try await context.initialize(item)
        item.stepID = answer.stepID
        lastInit = (amount, answer.stepID)
        return item
    }
}

extension RedirectionModule: ElementStrategyFactory {
    package func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)? {
        guard case .primaryMethod(let method) = item else { return nil }
        return RedirectionStrategy(method: method)
    }
}
