import Foundation

/// Confirming a submitted payment with the app's backend, the judge of its outcome (``PaymentStatusProvider``).
extension PurseHeadlessCheckout {
    /// The submitted payment's status as the provider last confirmed it: `nil` before any confirmation ended
    /// (and always without a provider). A refusal also opens the checkout again (``SessionState/error``).
    public var paymentStatus: PaymentStatus? { state.paymentStatus }

    /// Whether a confirmation is under way.
    public var isConfirmingPayment: Bool { state.isConfirmingPayment }

    /// Confirms the submitted payment's status with ``PurseCheckoutConfiguration/paymentStatusProvider``: calls
    /// it now, then again with back-off on the checkout's clock until a final status or the end of `policy`'s
    /// budget (``PurseCheckoutConfiguration/paymentConfirmation`` when `nil`).
    ///
    /// The checkout runs it itself when a provider is set: after the shopper comes back from a page (the
    /// element's outcome waits for it), after the page was closed (one call), after
    /// ``restore(_:configuration:)`` of a payment that waited on a page, and when a return reaches a restored
    /// checkout (``handleReturnURL(_:policy:)``). Call it on demand too, when the app comes back to the
    /// foreground. One confirmation runs at a time: a call while one is under way waits for that one.
    ///
    /// - ``PaymentStatus/authorized(paymentID:)``: the checkout stays ``SessionState/submitted``.
    /// - ``PaymentStatus/refused(serverCode:)``: the checkout opens again for another attempt, as after a
    ///   declined card (``SessionState/error``, a new idempotency key, ``submittedPayment`` `nil`).
    /// - ``PaymentStatus/pending``, ``PaymentStatus/unknown(reason:)``: nothing changes; confirm again later.
    ///
    /// Cancelling the calling task ends the confirmation (for every caller waiting on it) and changes nothing.
    /// - Throws: `PAYMENT_STATUS_PROVIDER_MISSING` (no provider configured), `NO_PAYMENT_TO_CONFIRM` (no
    ///   submitted payment), `REQUEST_CANCELLED`.
    @discardableResult
    public func confirmPayment(
        policy: PaymentConfirmationPolicy? = nil
    ) async throws
        -> PaymentStatus
    {
        try ensureLive()
        guard let provider = configuration.paymentStatusProvider else {
            throw PurseCheckoutError(
                .paymentStatusProviderMissing,
                message: "no PaymentStatusProvider in the configuration: confirm the payment on your backend")
        }
        guard let run = startConfirmation(provider: provider, policy: policy ?? configuration.paymentConfirmation)
        else {
            throw PurseCheckoutError(.noPaymentToConfirm, message: "this checkout has no submitted payment to confirm")
        }
        do {
            return try await withTaskCancellationHandler {
                try await run.value
            } onCancel: {
                run.cancel()
            }
        } catch {
            throw PurseCheckoutError(.requestCancelled, message: "the payment confirmation was cancelled")
        }
    }

    /// Starts a confirmation in the background when a provider is set and the submitted payment waited on a
    /// page (after a restore, or a return handed to a restored checkout).
    func confirmInBackgroundIfPending() {
        guard let provider = configuration.paymentStatusProvider, state.phase == .submitted,
            state.submittedPayment?.isPending == true
        else { return }
        _ = startConfirmation(provider: provider, policy: configuration.paymentConfirmation)
    }

    /// The confirmation under way, or a new one; `nil` when there is no submitted payment.
    private func startConfirmation(
        provider: any PaymentStatusProvider, policy: PaymentConfirmationPolicy
    ) -> Task<PaymentStatus, any Error>? {
        if let running = confirmationRun.task { return running }
        let sessionID: String
        if state.phase == .submitted, let payment = state.submittedPayment {
            sessionID = payment.sessionID
        } else if state.phase == .outcomeUnknown {
            sessionID = state.session.id  // the attempt whose answer was lost
        } else {
            return nil
        }
        let clock = configuration.clock
        let log = log
        mutate { $0.isConfirmingPayment = true }
        log.info("confirming the payment of session \(sessionID) with the app's backend")
        let task = Task { @MainActor [weak self] () throws -> PaymentStatus in
            defer { self?.endConfirmation() }
            let status = try await PaymentConfirmationLoop.run(
                sessionID: sessionID, provider: provider, clock: clock, policy: policy, log: log)
            self?.apply(status, sessionID: sessionID)
            return status
        }
        confirmationRun.task = task
        return task
    }

    private func endConfirmation() {
        confirmationRun.task = nil
        mutate { $0.isConfirmingPayment = false }
    }

    /// Takes the confirmed status in: a refusal opens the checkout again, as a declined card does.
    private func apply(_ status: PaymentStatus, sessionID: String) {
        if state.phase == .outcomeUnknown, state.session.id == sessionID {
            settleUnknownOutcome(status)
            return
        }
        guard state.phase == .submitted, state.submittedPayment?.sessionID == sessionID else { return }
        mutate { state in
            state.paymentStatus = status
            if case .refused = status {
                state.phase = .error
                state.attempt = nil
                state.submittedPayment = nil
            }
        }
        switch status {
        case .authorized: log.info("payment confirmed: authorized")
        case .refused(let code):
            log.info("payment confirmed: refused (\(code)); the checkout is open for another attempt")
        case .pending: log.info("payment still pending when the confirmation budget ran out")
        case .unknown(let reason): log.warning("payment status unknown: \(reason)")
        }
    }

    /// What the element reports once the page ended and a provider confirmed the payment: a refusal is
    /// `failed(VALIDATE_FAILED)` with the server's code (an abort is `canceled`), as for a declined card;
    /// anything else keeps the page's outcome. Without a provider, the page's outcome as it is.
    /// A payment of unknown outcome, settled by a definitive status: authorized or pending, the checkout is
    /// submitted; refused, it is open for a new attempt (a new key). An unknown status settles nothing: submitting
    /// again (the same attempt) stays the safe way.
    private func settleUnknownOutcome(_ status: PaymentStatus) {
        switch status {
        case .authorized, .pending:
            mutate { state in
                state.paymentStatus = status
                state.phase = .submitted
            }
            log.info("payment of unknown outcome confirmed: \(status)")
        case .refused(let code):
            mutate { state in
                state.paymentStatus = status
                state.phase = .error
                state.attempt = nil
            }
            log.info("payment of unknown outcome confirmed refused (\(code)); the checkout is open for another attempt")
        case .unknown(let reason):
            mutate { $0.paymentStatus = status }
            log.warning("payment outcome still unknown (\(reason)): submit again or confirm later")
        }
    }

    func confirmedOutcome(_ outcome: PaymentOutcome, policy: PaymentConfirmationPolicy?) async -> PaymentOutcome {
        guard configuration.paymentStatusProvider != nil,
            let status = try? await confirmPayment(policy: policy),
            case .refused(let code) = status
        else { return outcome }
        if code == "ABORTED" { return .canceled }
        return .failed(
            PurseCheckoutError(
                .validateFailed, message: "the payment was refused on its page: \(code)", serverCode: code))
    }
}

extension PurseCheckoutError.Code {
    /// ``PurseHeadlessCheckout/confirmPayment(policy:)`` needs a ``PaymentStatusProvider`` in the configuration.
    public static let paymentStatusProviderMissing: Self = "PAYMENT_STATUS_PROVIDER_MISSING"
    /// ``PurseHeadlessCheckout/confirmPayment(policy:)`` was called on a checkout with no submitted payment.
    public static let noPaymentToConfirm: Self = "NO_PAYMENT_TO_CONFIRM"
}

/// The confirmation's polling: calls on the provider spaced by the policy's waits on the checkout's clock.
enum PaymentConfirmationLoop {
    /// The final status, ``PaymentStatus/pending`` when every answer said pending, ``PaymentStatus/unknown(reason:)``
    /// when no answer could be read. Only an answer decides: a failed call is tried again, never read as a status.
    /// - Throws: `CancellationError` when the task is cancelled.
    static func run(
        sessionID: String, provider: any PaymentStatusProvider, clock: any Clock<Duration>,
        policy: PaymentConfirmationPolicy, log: Logger
    ) async throws -> PaymentStatus {
        var sawPending = false
        var problem = "no answer"
        for wait in [Duration.zero] + policy.intervals {
            if wait > .zero { try await clock.sleep(for: wait) }
            try Task.checkCancellation()
            let report: PaymentStatusReport
            do {
                report = try await provider.paymentStatus(forSession: sessionID)
            } catch {
                try Task.checkCancellation()
                problem = "the status call failed (\(type(of: error)))"
                log.warning("payment status call failed: \(type(of: error)); trying again")
                continue
            }
            try Task.checkCancellation()
            switch PaymentStatus.reading(report) {
            case .final(let status): return status
            case .pending: sawPending = true
            case .noPayment: problem = "the session has no payment"
            case .unreadable(let why): problem = why
            }
        }
        return sawPending ? .pending : .unknown(reason: problem)
    }
}

/// The confirmation under way; cancelled when the checkout goes away.
final class ConfirmationRun: Sendable {
    private let stored = Locked<Task<PaymentStatus, any Error>?>(nil)

    init() {}

    var task: Task<PaymentStatus, any Error>? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }

    deinit {
        stored.withLock { $0 }?.cancel()
    }
}
