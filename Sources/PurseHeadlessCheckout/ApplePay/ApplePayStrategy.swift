/// Apple Pay's element strategy: every decision of the Apple Pay flow, platform-independent (the PassKit adapter
/// only shows the sheet and relays what it reports).
///
/// One submit: build the request from the split → present the sheet → for each authorization, check the split still
/// asks what the sheet shows, then run the checkout's one submit path (`init-xpay` inside the primary item's build,
/// then `/validate` with every gift card under the attempt's idempotency key) → answer the sheet → outcome.
///
/// | what happened | sheet | outcome |
/// |---|---|---|
/// | `/validate` `SUCCESS`, nothing to open | success | `completed` |
/// | shopper closed the sheet without authorizing | – | `canceled` (nothing sent) |
/// | the sheet closed while an authorization was being paid (PassKit's timeout) | – | that authorization's answer |
/// | declined, insufficient funds (`/validate` refusal) | failure | `failed(VALIDATE_FAILED)`, the bank's code as `serverCode` |
/// | payment data refused at `init-xpay` | failure | `failed(APPLE_PAY_INVALID_TOKEN)` |
/// | no answer (network) | failure | `failed(NETWORK_ERROR)`; a retry of the same split resends the same items |
/// | session expired while the sheet was open | failure | `failed(EXPIRED_SESSION)` (nothing sent) |
/// | a gift card applied or removed while the sheet was open | failure | `failed(APPLE_PAY_AMOUNT_CHANGED)` (nothing sent) |
/// | `/validate` asks for a page (3-D Secure) | failure | `failed(VALIDATE_FAILED)`: the sheet cannot show it |
/// | the sheet could not be shown, or no sheet | – | `failed(APPLE_PAY_UNAVAILABLE)` |
///
/// After a failure the shopper may authorize again on the same sheet; the outcome is that of the last
/// authorization.
///
/// While the sheet is open, each change of address, delivery choice or coupon code goes to the element's
/// ``ApplePaySheetDelegate``:
///
/// | the delegate answers | the checkout | the sheet |
/// |---|---|---|
/// | ``ApplePaySheetUpdate/unchanged`` | unchanged | same lines and total (the delivery choice it shows is the new one) |
/// | errors (address not served, coupon invalid…) | unchanged | the errors, same lines and total |
/// | a new session's widget data | `updateSession` onto it (gift cards kept, clamped or released) | the new split's lines and total |
/// | a new session that `updateSession` refuses | unchanged | `updateFailed` with the error, same lines and total |
///
/// An authorization pays only the lines the sheet shows now: the check against the split uses the latest answer.
@MainActor
final class ApplePayStrategy: ElementStrategy {
    let method: PrimaryMethod
    var onInputChange: (@MainActor () -> Void)?
    /// Where the sheet is shown; set through ``PaymentElement/applePaySheet``.
    var sheet: (any ApplePaySheet)?
    /// The settings resolved when the element was made (``configure(_:)``).
    private(set) var settings: ApplePaySettings?
    /// The authorization being paid, only while its submit runs.
    private var pendingPayment: ApplePayPayment?
    /// The item the last `init-xpay` produced: a retry of an attempt whose outcome is unknown resends it, so the
    /// retry keeps its idempotency key and gets the stored answer.
    private var lastItem: (amount: Int64, item: ItemPayload)?
    /// The result of the last authorization of the sheet under way.
    private var lastResult: ApplePayAuthorizationResult?
    /// The authorization being paid, from the moment the sheet hands it over until its answer: the sheet may end
    /// before it answers (PassKit ends a sheet whose authorization takes too long), and the outcome is then its
    /// answer, not `canceled`.
    private var runningAuthorization: Task<ApplePayAuthorizationResult, Never>?
    /// Whether ``runningAuthorization`` has not answered yet.
    private var isAuthorizing = false
    /// The app's answers to changes on the open sheet; set through ``PaymentElement/applePayDelegate``.
    weak var delegate: (any ApplePaySheetDelegate)?
    /// What the open sheet shows: its request as last answered, the delivery choice selected and the coupon code.
    private var sheetState: SheetState?

    /// The sheet as it stands while it is open.
    private struct SheetState {
        /// The lines, total and delivery choices the sheet shows now.
        var shown: ApplePayPaymentRequest
        /// The delivery choice selected (the first offered until the shopper picks one).
        var shippingMethod: ApplePayShippingMethod?
        /// The coupon code the sheet holds.
        var couponCode: String?
    }

    init(method: PrimaryMethod) {
        self.method = method
        #if canImport(PassKit)
            sheet = PassKitApplePaySheet()
        #endif
    }

    var hasUI: Bool { true }
    var inputIsValid: Bool { settings != nil }

    /// Resolves the method's settings against the app's.
    /// - Throws: `METHOD_NOT_IMPLEMENTED` naming what is missing (the merchant identifier).
    func configure(_ app: ApplePayConfiguration) throws(PurseCheckoutError) {
        settings = try ApplePaySettings(method: method, app: app)
    }

    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    /// The sheet's request for the split as it stands, its labels in `localizer`'s language (the checkout's), with
    /// the open sheet's delivery choices when it has new ones.
    func request(
        for split: SplitEngine, localizer: PurseLocalizer, options: ApplePayRequestOptions? = nil
    ) throws(PurseCheckoutError) -> ApplePayPaymentRequest {
        guard let settings else {
            throw PurseCheckoutError(.methodNotImplemented, message: "\(method.id): Apple Pay is not configured")
        }
        return try ApplePayPaymentRequest(
            settings: settings, split: split, localizer: localizer, options: options ?? sheetState?.shown.options)
    }

    /// Shows the sheet and pays each authorization through `checkout`.
    func pay(checkout: PurseHeadlessCheckout) async -> PaymentOutcome {
        guard let sheet else {
            return .failed(
                PurseCheckoutError(
                    .applePayUnavailable,
                    message: "no Apple Pay sheet on this platform: set element.applePaySheet "
                        + "(SandboxApplePaySheet pays with sandbox test tokens)"))
        }
        let shown: ApplePayPaymentRequest
        do {
            shown = try request(for: checkout.state.split, localizer: checkout.localizer)
        } catch {
            return .failed(error)
        }
        lastResult = nil
        runningAuthorization = nil
        sheetState = SheetState(
            shown: shown, shippingMethod: shown.options.shippingMethods.first, couponCode: shown.options.couponCode)
        defer { sheetState = nil }
        checkout.log.info("Apple Pay sheet: \(shown.currencyCode) \(shown.total.amount)")
        let end = await sheet.present(
            shown,
            authorize: { [weak self, weak checkout] payment in
                guard let self, let checkout, self.sheetState != nil else {
                    return .failure(PurseCheckoutError(.unknownError, message: "the checkout of this element is gone"))
                }
                // Its own task, so that it runs to its answer whatever the sheet does meanwhile, and the end of the
                // sheet can wait for it.
                let authorization = Task { @MainActor in
                    let result = await self.authorize(payment, checkout: checkout)
                    self.lastResult = result
                    self.isAuthorizing = false
                    return result
                }
                self.isAuthorizing = true
                self.runningAuthorization = authorization
                return await authorization.value
            },
            change: { [weak self, weak checkout] change in
                guard let self, let checkout, let state = self.sheetState else {
                    return ApplePaySheetAnswer(request: shown, errors: [])
                }
                return await self.answer(change, shown: state.shown, checkout: checkout)
            })
        defer { lastResult = nil }
        // The sheet ended while an authorization was still being paid: the payment goes on at the gateway, so its
        // answer is the outcome (reporting `canceled` would let the shopper pay twice).
        if let running = runningAuthorization {
            if isAuthorizing {
                checkout.log.info("Apple Pay sheet closed during an authorization: waiting for its answer")
            }
            _ = await running.value
            runningAuthorization = nil
        }
        switch (end, lastResult) {
        case (.notPresented, _):
            return .failed(
                PurseCheckoutError(
                    .applePayUnavailable,
                    message: "the Apple Pay sheet could not be shown (no card for these networks, or restrictions)"))
        case (.dismissed, .success(let result)?): return .completed(result)
        case (.dismissed, .failure(let error)?): return .failed(error)
        case (.dismissed, nil): return .canceled
        }
    }

    /// Answers a change on the open sheet: asks the delegate, moves the checkout onto the new session it gives, and
    /// returns what the sheet shows next. The sheet's state changes only once the answer is known (all or nothing).
    /// An answer that comes after the sheet ended, or after the checkout moved onto another session meanwhile (the
    /// app's own `updateSession`), changes nothing: it was priced for the session the change started on.
    private func answer(
        _ change: ApplePaySheetChange, shown: ApplePayPaymentRequest, checkout: PurseHeadlessCheckout
    ) async -> ApplePaySheetAnswer {
        let startedOn = checkout.session.id
        let update: ApplePaySheetUpdate
        switch change {
        case .shippingContact(let contact):
            checkout.log.info("Apple Pay sheet: shipping contact changed")
            update = await delegate?.applePaySheet(didSelectShippingContact: contact) ?? .unchanged
        case .shippingMethod(let method):
            checkout.log.info("Apple Pay sheet: shipping method \(method.identifier)")
            update = await delegate?.applePaySheet(didSelectShippingMethod: method) ?? .unchanged
        case .couponCode(let code):
            checkout.log.info("Apple Pay sheet: coupon code changed")
            update = await delegate?.applePaySheet(didChangeCouponCode: code) ?? .unchanged
        }
        // The sheet as it stands when the delegate answers (another change may have been answered meanwhile).
        guard var next = sheetState, checkout.session.id == startedOn else {
            checkout.log.info("Apple Pay sheet: an answer for session \(startedOn) came after it changed: dropped")
            let moved = PurseCheckoutError(
                .sessionChanged,
                message: "the checkout left session \(startedOn) while the sheet's change was being priced: "
                    + "nothing was changed for it")
            return ApplePaySheetAnswer(request: sheetState?.shown ?? shown, errors: [.updateFailed(moved)])
        }
        guard update.errors.isEmpty else {
            checkout.log.info("Apple Pay sheet: the change was refused (\(update.errors.count) error(s))")
            return ApplePaySheetAnswer(request: next.shown, errors: update.errors)
        }
        if let widgetData = update.widgetData {
            do {
                let moved = try await checkout.moveOnto(widgetData: widgetData)
                checkout.log.info("Apple Pay sheet: order priced again on session \(moved.sessionID)")
            } catch {
                checkout.log.warning("Apple Pay sheet: the new session was refused (\(error.code))")
                return ApplePaySheetAnswer(request: next.shown, errors: [.updateFailed(error)])
            }
        }
        var options = next.shown.options
        if let methods = update.shippingMethods { options.shippingMethods = methods }
        switch change {
        case .shippingMethod(let method): next.shippingMethod = method
        case .couponCode(let code): next.couponCode = code.isEmpty ? nil : code
        case .shippingContact: break
        }
        if let selected = next.shippingMethod,
            let index = options.shippingMethods.firstIndex(where: {
                $0.identifier == selected.identifier
            })
        {
            // The selected choice first, as PassKit shows the first as selected.
            options.shippingMethods.insert(options.shippingMethods.remove(at: index), at: 0)
            next.shippingMethod = options.shippingMethods[0]
        } else {
            next.shippingMethod = options.shippingMethods.first
        }
        options.couponCode = next.couponCode
        do throws(PurseCheckoutError) {
            next.shown = try request(for: checkout.state.split, localizer: checkout.localizer, options: options)
        } catch {
            // Apple Pay has nothing left to pay on the new session (gift cards cover it): the sheet keeps its lines,
            // and an authorization is refused by the split check.
            return ApplePaySheetAnswer(request: next.shown, errors: [.updateFailed(error)])
        }
        sheetState = next
        return ApplePaySheetAnswer(request: next.shown, errors: [])
    }

    /// Pays one authorization: refuses when the split no longer asks what the sheet shows, else the checkout's one
    /// submit path with this payment as the primary.
    private func authorize(
        _ payment: ApplePayPayment, checkout: PurseHeadlessCheckout
    ) async -> ApplePayAuthorizationResult {
        guard let state = sheetState else {
            return .failure(PurseCheckoutError(.unknownError, message: "the Apple Pay sheet has ended"))
        }
        let shown = state.shown
        let now = try? request(for: checkout.state.split, localizer: checkout.localizer)
        guard let now, now.summaryItems == shown.summaryItems else {
            let asked = now.map { "\($0.total.amount) \($0.currencyCode)" } ?? "nothing from Apple Pay"
            checkout.log.warning("Apple Pay not charged: the split changed while the sheet was open")
            return .failure(
                PurseCheckoutError(
                    .applePayAmountChanged,
                    message: "the split changed while the Apple Pay sheet was open: the sheet showed "
                        + "\(shown.total.amount) \(shown.currencyCode), the order now asks \(asked); nothing was "
                        + "charged, submit again"))
        }
        pendingPayment = payment
        defer { pendingPayment = nil }
        do {
            let context = checkout.elementContext
            let result = try await checkout.submit { amount async throws(PurseCheckoutError) in
                try await self.primaryItem(amount: amount, context: context)
            }
            guard result.globalStatus == .success, result.redirection == nil else {
                return .failure(
                    PurseCheckoutError(
                        .validateFailed,
                        message: "the gateway answered \(result.globalStatus) with a page to open after Apple Pay, "
                            + "which the sheet cannot show: confirm the payment on your backend",
                        participant: method.id))
            }
            var paid = result
            paid.applePayDetails = ApplePayShopperDetails(
                billingContact: payment.billingContact, shippingContact: payment.shippingContact,
                shippingMethod: payment.shippingMethod ?? state.shippingMethod, couponCode: state.couponCode)
            return .success(paid)
        } catch  where error.serverCode == "EXPIRED_SESSION" {
            return .failure(
                PurseCheckoutError(
                    .expiredSession,
                    message: "the session expired while the Apple Pay sheet was open; nothing was charged",
                    httpStatus: error.httpStatus, serverCode: error.serverCode))
        } catch {
            return .failure(error)
        }
    }

    /// `init-xpay` with the authorized payment, then the `/validate` item: `vault_vendor_token_id` and the step id.
    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        if context.retriesAttempt, let lastItem, lastItem.amount == amount { return lastItem.item }
        guard let payment = pendingPayment else {
            throw PurseCheckoutError(
                .elementNotFulfilled, message: "\(method.id) pays through the Apple Pay sheet: submit its element")
        }
        var xpay = ItemPayload(partner: method.partner, method: method.method, amount: amount)
        xpay.paymentData["apple_pay"] = payment.wireJSON
        let answer: InitData
        do {
            answer = try await context.initializeXPay(xpay)
        } catch  where error.serverCode == "INVALID_APPLE_PAY_TOKEN" {
            throw PurseCheckoutError(
                .applePayInvalidToken, message: "the gateway refused the Apple Pay payment data",
                httpStatus: error.httpStatus, serverCode: error.serverCode, participant: method.id)
        }
        guard answer.status.state == .success else {
            throw PurseCheckoutError(
                .validateFailed,
                message: "Apple Pay was refused at init-xpay: \(answer.status.state) \(answer.status.code)",
                serverCode: answer.status.code.isEmpty ? answer.status.state.rawValue : answer.status.code,
                participant: method.id)
        }
        guard let token = answer.pluginResult["vault_vendor_token_id"]?.stringValue, !token.isEmpty else {
            throw PurseCheckoutError(
                .invalidResponse, message: "Payment API POST /init-xpay: plugin_result.vault_vendor_token_id is missing"
            )
        }
        var item = ItemPayload(partner: method.partner, method: method.method, amount: amount)
        item.paymentData["vault_vendor_token_id"] = .string(token)
        item.stepID = answer.stepID
        lastItem = (amount, item)
        return item
    }
}
