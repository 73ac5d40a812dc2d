public import Foundation

/// Buy now, pay later: the priced plan of a simulable method, before the redirect.
extension PurseHeadlessCheckout {
    /// What a primary method pays once the gift cards have taken their shares: the order amount minus every
    /// secondary share, whether a primary is selected or not. It is the amount ``simulateLoan(method:amount:)``
    /// prices by default.
    public var primaryAmount: Decimal {
        Money(minorUnits: state.split.remainingForSecondaries(), currency: state.session.currency).decimal
    }

    /// What a simulation made now, of ``primaryAmount``, would price: the session, its order amount, the amount.
    /// It changes with the split (a gift card applied, retaken or removed) and with the session.
    public var loanSimulationBasis: LoanSimulationBasis { basis(amount: state.split.remainingForSecondaries()) }

    /// Whether `simulation` no longer prices what the shopper would pay: the split or the session changed since.
    ///
    /// A simulation of ``primaryAmount`` is current while its ``LoanSimulation/basis`` equals
    /// ``loanSimulationBasis``. Show a stale one greyed out, or simulate again (a result is cached per amount, so an
    /// amount already simulated costs no call).
    public func isStale(_ simulation: LoanSimulation) -> Bool { simulation.basis != loanSimulationBasis }

    /// Simulates the loan of a simulable method (``PrimaryMethod/isSimulable``): the lender's preferred plan for
    /// `amount`, with a dated schedule, the cost, the APR and the legal text.
    ///
    /// ```swift
    /// let plan = try await checkout.simulateLoan(method: oney3x)   // prices checkout.primaryAmount
    /// for instalment in plan.schedule { print(instalment.dueDate, instalment.amount) }
    /// Text(plan.legalText ?? "")                                   // verbatim, next to the offer
    /// ```
    /// - Parameters:
    ///   - method: a method of ``paymentMethods`` whose ``PrimaryMethod/isSimulable`` is true.
    ///   - amount: major units; `nil` (the default) prices ``primaryAmount``, what the method would pay after the gift
    ///     cards.
    /// - Returns: the simulation; the same value, without a call, for an amount of this session already simulated.
    /// - Throws: `METHOD_IS_NOT_SIMULABLE` (the method is not labelled `simulable`, no call is made; or the lender
    ///   says so), `INVALID_LOAN_SIMULATION` (nothing to finance, an amount with too many decimals, an amount outside
    ///   the plan's range, or an answer whose instalments do not add up), `PAYMENT_METHOD_NOT_FOUND`,
    ///   `SESSION_ALREADY_SUBMITTED_ERROR`, `EXPIRED_SESSION`, `REQUEST_CANCELLED` when the task is cancelled (nothing
    ///   is cached), `API_ERROR`, `NETWORK_ERROR`.
    public func simulateLoan(
        method: PrimaryMethod, amount: Decimal? = nil
    ) async throws -> LoanSimulation {
        let plans = try await simulations(method: method, amount: amount, multi: false)
        guard let plan = plans.first else {
            throw PurseCheckoutError(.invalidLoanSimulation, message: "\(method.id): the simulation answered no plan")
        }
        return plan
    }

    /// Every plan the lender offers for `amount` (the web SDK's `getSimulationMulti`), the order it sent; the
    /// preferred one has ``LoanSimulation/isPreferred``.
    ///
    /// Same parameters, cache and errors as ``simulateLoan(method:amount:)``; an empty answer is
    /// `INVALID_LOAN_SIMULATION`.
    public func loanSimulations(
        method: PrimaryMethod, amount: Decimal? = nil
    ) async throws -> [LoanSimulation] {
        try await simulations(method: method, amount: amount, multi: true)
    }

    private func simulations(
        method: PrimaryMethod, amount: Decimal?, multi: Bool
    ) async throws(PurseCheckoutError) -> [LoanSimulation] {
        try ensureEditable()
        guard let current = state.session.primaryMethods.first(where: { $0.id == method.id }) else {
            throw PurseCheckoutError(.paymentMethodNotFound, message: "\(method.id) is not offered by this session")
        }
        guard current.isSimulable else {
            throw PurseCheckoutError(
                .methodIsNotSimulable, message: "\(current.id) offers no loan simulation (no label simulable)")
        }
        let currency = state.session.currency
        let financed: Money
        if let amount {
            do {
                financed = try Money(decimal: amount, currency: currency)
            } catch {
                throw PurseCheckoutError(
                    .invalidLoanSimulation, message: "\(amount) is not an amount of \(currency.code) (\(error))")
            }
        } else {
            financed = Money(minorUnits: state.split.remainingForSecondaries(), currency: currency)
        }
        guard financed.minorUnits > 0 else {
            throw PurseCheckoutError(
                .invalidLoanSimulation,
                message: "nothing to finance: \(financed.format()) (the gift cards may cover the order)")
        }
        let priced = basis(amount: financed.minorUnits)
        let key = LoanSimulationCache.Key(basis: priced, methodID: current.id, multi: multi)
        if let cached = loanSimulationCache.plans(for: key) { return cached }
        let scope = self.scope
        let body = try await paymentAPI.simulation(
            sessionID: priced.sessionID, partner: current.partner, method: current.method, amount: financed.minorUnits,
            currency: currency.code, multi: multi)
        // Priced for the session it started on: after a move to another session it would price the wrong order.
        try ensureCurrent(scope, "simulateLoan")
        let what = "Payment API POST /simulations/\(current.partner.rawValue)/\(current.method.rawValue)"
        let reading = LoanSimulationReading(
            methodID: current.id, requested: financed, basis: priced, simulatedAt: serverNow)
        let plans: [LoanSimulation]
        switch (multi, body) {
        case (false, .some(let value)):
            plans = [try reading.read(value, what: what)]
        case (true, .some(.array(let values))) where !values.isEmpty:
            var read: [LoanSimulation] = []
            for value in values { read.append(try reading.read(value, what: what)) }
            plans = read
        default:
            throw PurseCheckoutError(
                .invalidLoanSimulation,
                message: "\(what) answered no plan" + (multi ? " (expected a non-empty array)" : ""))
        }
        loanSimulationCache.store(plans, for: key)
        log.info("\(current.id) simulated for \(financed.format()): \(plans.count) plan(s)")
        return plans
    }

    private func basis(amount minorUnits: Int64) -> LoanSimulationBasis {
        let currency = state.session.currency
        return LoanSimulationBasis(
            sessionID: state.session.id, orderAmount: state.session.amount,
            amount: Money(minorUnits: minorUnits, currency: currency).decimal)
    }
}

/// Simulations already answered, by what they priced: coming back to an amount (a gift card removed again) costs no
/// call. Bounded: past ``capacity`` keys the oldest answers go.
@MainActor
final class LoanSimulationCache {
    struct Key: Hashable {
        let basis: LoanSimulationBasis
        let methodID: String
        let multi: Bool
    }

    static let capacity = 32
    private var entries: [Key: [LoanSimulation]] = [:]
    private var order: [Key] = []

    func plans(for key: Key) -> [LoanSimulation]? { entries[key] }

    func store(_ plans: [LoanSimulation], for key: Key) {
        if entries.updateValue(plans, forKey: key) == nil { order.append(key) }
        while order.count > Self.capacity { entries[order.removeFirst()] = nil }
    }
}
