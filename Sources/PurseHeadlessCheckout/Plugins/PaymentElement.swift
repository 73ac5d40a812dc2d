import Foundation
public import Observation

#if canImport(Combine)
    public import Combine
#endif

/// The element that pays the primary item: a card form, a saved card's CVV field, a saved PayPal account,
/// a redirection method. Your screen shows its fields when ``hasUI`` is true and a Pay button gated on
/// ``isReady``.
///
/// ```swift
/// let element = checkout.paymentElement(for: .paymentToken(token), listener: listener, redirect: presenter)
/// try? checkout.setPrimaryToken(token)
/// await element.prepare()
/// element.submit()                       // the outcome goes to the listener
/// ```
/// In tests, `let outcome = await element.submitAndWait()` returns the outcome directly.
///
/// An element for something no plugin can pay (a `pci_proxy` card, a method with no plugin) is still
/// created: ``unavailableReason`` is `METHOD_NOT_IMPLEMENTED`, it never becomes ready, and `prepare()` and
/// `submit()` report `failed` with that error.
///
/// An element with fields exposes their headless model: ``cardForm`` for a fresh card, ``cvvField`` for a
/// saved card whose CVV is required. `PaymentElementView(element)` renders them on iOS; elsewhere (and in
/// tests) set the model's fields directly. ``isReady`` follows them.
@MainActor
@Observable
public final class PaymentElement: Identifiable {
    /// What this element pays.
    public let item: PaymentItem
    /// Whether the element has fields to render.
    public var hasUI: Bool { strategy?.hasUI ?? false }
    /// Whether the element can pay now: prepared, its fields valid, and able to pay at all.
    public var isReady: Bool { isPrepared && unavailableReason == nil && (strategy?.inputIsValid ?? false) }
    /// Whether ``prepare()`` ran.
    public private(set) var isPrepared = false
    /// Whether a submit is under way.
    public private(set) var isSubmitting = false
    /// The last outcome, if a submit ended.
    public private(set) var lastOutcome: PaymentOutcome?
    /// Why this element cannot pay, or `nil`: `METHOD_NOT_IMPLEMENTED` (no plugin pays it), `PAYMENT_METHOD_NOT_FOUND`
    /// (the session the checkout moved onto no longer offers it), `CHECKOUT_TERMINATED`.
    public private(set) var unavailableReason: PurseCheckoutError?

    /// The id of the item it pays (``PaymentItem/id``): one element per item in a SwiftUI `ForEach`.
    public nonisolated var id: String { item.id }

    @ObservationIgnored package let strategy: (any ElementStrategy)?
    @ObservationIgnored weak var checkout: PurseHeadlessCheckout?
    @ObservationIgnored weak var listener: (any PaymentElementListener)?
    @ObservationIgnored let onOutcome: (@MainActor (PaymentOutcome) -> Void)?
    @ObservationIgnored let presenter: (any RedirectPresenter)?

    #if canImport(Combine)
        /// Fires before every change (readiness, submit state, outcome, field input), for `@ObservedObject` users.
        @ObservationIgnored public let objectWillChange = ObservableObjectPublisher()
    #endif

    /// The card form of a fresh card's element; `nil` for any other element.
    public var cardForm: CardForm? { (strategy as? any CardInputStrategy)?.cardForm }

    /// Where an Apple Pay element shows its sheet: `PassKitApplePaySheet` by default where PassKit exists, `nil`
    /// elsewhere (set `SandboxApplePaySheet` from `PurseCheckoutTesting` to pay with sandbox test tokens). Always
    /// `nil` for any other element, and setting it there does nothing.
    public var applePaySheet: (any ApplePaySheet)? {
        get { (strategy as? ApplePayStrategy)?.sheet }
        set { (strategy as? ApplePayStrategy)?.sheet = newValue }
    }

    /// Who prices an Apple Pay element's sheet again while it is open (a new delivery address, delivery choice or
    /// coupon code: ``ApplePaySheetDelegate``), held weakly; `nil` leaves the sheet as it is. Always `nil` for any
    /// other element, and setting it there does nothing.
    public var applePayDelegate: (any ApplePaySheetDelegate)? {
        get { (strategy as? ApplePayStrategy)?.delegate }
        set { (strategy as? ApplePayStrategy)?.delegate = newValue }
    }

    /// How an Apple Pay element's button looks (``ApplePayConfiguration/button``); `nil` for any other element.
    public var applePayButton: ApplePayButtonAppearance? { (strategy as? ApplePayStrategy)?.settings?.button }

    /// What the Apple Pay sheet would show now: the amount Apple Pay pays after the gift cards, and one line per
    /// gift card. Read it again after the split changes. The order line's label is in the checkout's language
    /// (``PurseHeadlessCheckout/localizer``: `applepay.order`, your override of the key first).
    /// - Throws: `METHOD_NOT_IMPLEMENTED` for an element that is not Apple Pay (or cannot pay);
    ///   `ELEMENT_NOT_FULFILLED` when Apple Pay has nothing to pay (the gift cards cover the order).
    public func applePayRequest() throws -> ApplePayPaymentRequest {
        if let unavailableReason { throw unavailableReason }
        guard let applePay = strategy as? ApplePayStrategy, let checkout else {
            throw PurseCheckoutError(.methodNotImplemented, message: "\(item.id) is not an Apple Pay element")
        }
        let split =
            checkout.primary?.id == item.id ? checkout.state.split : checkout.split(withPrimary: applePay.method)
        return try applePay.request(for: split, localizer: checkout.localizer)
    }

    /// The CVV-only field of a saved card whose ``PaymentToken/requiresCVV`` is true; `nil` for any other
    /// element (a saved card that pays without CVV, a PayPal account, a method).
    public var cvvField: CVVField? { (strategy as? any CardInputStrategy)?.cvvField }

    init(
        item: PaymentItem, strategy: (any ElementStrategy)?, unavailableReason: PurseCheckoutError?,
        checkout: PurseHeadlessCheckout, listener: (any PaymentElementListener)?,
        onOutcome: (@MainActor (PaymentOutcome) -> Void)?, presenter: (any RedirectPresenter)?
    ) {
        self.item = item
        self.strategy = strategy
        self.unavailableReason = unavailableReason
        self.checkout = checkout
        self.listener = listener
        self.onOutcome = onOutcome
        self.presenter = presenter
        strategy?.onInputChange = { [weak self] in self?.readinessMayHaveChanged() }
        (strategy as? any CardInputStrategy)?.bind(to: checkout, willChange: { [weak self] in self?.willChange() })
    }

    /// Prepares the element: after this, ``isReady`` follows the fields. A redirection method or a saved
    /// instrument without input makes no network call and is ready at once.
    public func prepare() async {
        if let unavailableReason {
            report(.failed(unavailableReason))
            return
        }
        guard !isPrepared, let strategy, let checkout else { return }
        do {
            try await strategy.prepare(checkout.elementContext)
            willChange()
            isPrepared = true
            readinessMayHaveChanged()
        } catch {
            report(.failed(error))
        }
    }

    /// Pays, from a Pay button: returns at once, and the outcome goes to the listener (and `onOutcome`). Taps
    /// while a submit is under way are ignored. From `async` code, ``submitAndWait()`` returns the outcome.
    public func submit() {
        guard !isSubmitting else {
            checkout?.log.debug("submit ignored: \(item.id) is already submitting")
            return
        }
        willChange()
        isSubmitting = true  // before the task starts, so that a second tap in the same frame is ignored
        Task { report(await pay()) }
    }

    /// Pays and waits for the outcome, which it returns (and also sends to the listener). While another submit
    /// of this element is under way, returns `failed(SESSION_ALREADY_SUBMITTED_ERROR)` without telling the
    /// listener. A Pay button's action, which cannot wait, calls ``submit()->()`` instead.
    @discardableResult
    public func submitAndWait() async -> PaymentOutcome {
        guard !isSubmitting else {
            return .failed(PurseCheckoutError(.sessionAlreadySubmitted, message: "this element is already submitting"))
        }
        willChange()
        isSubmitting = true
        let outcome = await pay()
        report(outcome)
        return outcome
    }

    /// The former name of ``submitAndWait()``, which it calls. It was spelled like the synchronous
    /// ``submit()->()``, so `element.submit()` without `await` did not compile in an `async` function.
    @available(*, deprecated, renamed: "submitAndWait()")
    @discardableResult
    public func submit() async -> PaymentOutcome {
        await submitAndWait()
    }

    /// Runs one submit; ``isSubmitting`` is already set and is cleared at the end.
    private func pay() async -> PaymentOutcome {
        defer {
            willChange()
            isSubmitting = false
        }
        if let unavailableReason { return .failed(unavailableReason) }
        guard let checkout, let strategy else {
            return .failed(PurseCheckoutError(.unknownError, message: "the checkout of this element is gone"))
        }
        guard isReady else {
            return .failed(
                PurseCheckoutError(
                    .elementNotFulfilled,
                    message: isPrepared
                        ? "\(item.id) is not ready: its fields are not valid yet"
                        : "\(item.id) is not ready: call prepare() first"))
        }
        do {
            if checkout.primary?.id != item.id { try checkout.select(item) }
            if let applePay = strategy as? ApplePayStrategy { return await applePay.pay(checkout: checkout) }
            let context = checkout.elementContext
            let result = try await checkout.submit { amount async throws(PurseCheckoutError) in
                try await strategy.primaryItem(amount: amount, context: context)
            }
            return await checkout.followRedirect(of: result, presenter: presenter)
        } catch {
            return .failed(error)
        }
    }

    private func report(_ outcome: PaymentOutcome) {
        willChange()
        lastOutcome = outcome
        listener?.paymentElement(self, didFinishWith: outcome)
        onOutcome?(outcome)
    }

    private func readinessMayHaveChanged() {
        guard let checkout, checkout.primary?.id == item.id else { return }
        checkout.setPrimaryReady(isReady)
    }

    /// The checkout's session no longer offers this element's item (or offers it again): readiness follows.
    func setUnavailable(_ reason: PurseCheckoutError?) {
        guard unavailableReason != reason else { return }
        willChange()
        unavailableReason = reason
        readinessMayHaveChanged()
    }

    /// Tells `@ObservedObject` users a change is coming (Observation tracks the change itself).
    private func willChange() {
        #if canImport(Combine)
            objectWillChange.send()
        #endif
    }
}

#if canImport(Combine)
    /// SwiftUI views written with `@ObservedObject var element: PaymentElement` (as in the docs) observe the
    /// element through this conformance; ``PaymentElement/objectWillChange`` fires before each change.
    /// Isolated to the main actor (SE-0470), like the element and the views that observe it: Combine's
    /// `ObservableObjectPublisher` is not `Sendable`, so the publisher cannot be read from outside the actor.
    extension PaymentElement: @MainActor ObservableObject {}
#endif
