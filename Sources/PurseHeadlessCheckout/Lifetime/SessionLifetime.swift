public import Foundation

/// The end of a checkout: its session's expiry, watched on the injected clock, and an explicit teardown.
extension PurseHeadlessCheckout {
    /// When the session expires, in server time (the widget data's `expiration_date`).
    ///
    /// The checkout watches it on its injected clock (``PurseCheckoutConfiguration/clock``), with the server's
    /// time offset measured at opening applied: when the clock passes it, ``sessionState`` moves to `expired` by
    /// itself, the background balance look-ups stop, and every edit is refused with `EXPIRED_SESSION`. A payment
    /// under way or submitted is left as it is (the server decides). To go on, have your backend create a new
    /// client session and call ``updateSession(widgetData:)``: it revives the checkout.
    public var expiresAt: Date { state.session.expirationDate }

    /// Ends the checkout, like the web SDK's `teardown()`: call it when the shopper leaves the payment screen
    /// for good.
    ///
    /// It cancels every background task (saved gift-card balance look-ups, the expiry watch) and closes an open
    /// payment page (the element's submit reports `canceled`). ``sessionState`` becomes `terminated` and stays
    /// so: every later call that can fail throws `CHECKOUT_TERMINATED`, and calls that cannot fail do nothing.
    /// A payment already submitted is not undone: confirm it on your backend as usual. Calling it again does
    /// nothing.
    public func teardown() {
        guard state.phase != .terminated else { return }
        expiryWatch.cancel()
        savedBalanceLookups.cancel()
        returnHandoff.end()
        mutate { $0.phase = .terminated }
        log.info("checkout torn down: session \(state.session.id)")
    }

    /// Refuses every call once the checkout is torn down.
    func ensureLive() throws(PurseCheckoutError) {
        guard state.phase != .terminated else {
            throw PurseCheckoutError(.checkoutTerminated, message: "the checkout was torn down")
        }
    }

    /// Starts watching the session's expiry on the injected clock (replacing any earlier watch).
    ///
    /// The watch sleeps until the expiry date, in server time, then marks the session expired. It holds the
    /// checkout weakly: a checkout that goes away cancels it.
    func startExpiryWatch() {
        guard state.phase != .terminated, state.phase != .submitted else {
            expiryWatch.cancel()
            return
        }
        let remaining = max(state.session.expirationDate.timeIntervalSince(serverNow), 0)
        let clock = configuration.clock
        let sessionID = state.session.id
        let task = Task { [weak self] in
            do {
                try await ClockWatch.$isWatching.withValue(true) {
                    try await clock.sleep(for: .seconds(remaining))
                }
            } catch {
                return
            }
            guard !Task.isCancelled else { return }
            self?.expireOnClock(sessionID: sessionID)
        }
        expiryWatch.replace(with: task)
    }

    /// The clock passed the session's expiry: an open checkout moves to `expired` and stops its background work.
    private func expireOnClock(sessionID: String) {
        guard state.session.id == sessionID else { return }
        mutate { $0.expiryPassed = true }
        switch state.phase {
        case .idle, .ready, .error:
            mutate { $0.phase = .expired }
            savedBalanceLookups.cancel()
            log.info("session \(sessionID) expired at \(ISO8601.format(state.session.expirationDate)) (on the clock)")
        case .submitting, .submitted, .outcomeUnknown, .expired, .terminated:
            break
        }
    }
}
