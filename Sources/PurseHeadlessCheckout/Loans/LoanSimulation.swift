public import Foundation

/// A priced instalment plan of a buy-now-pay-later method, as the lender simulated it before the redirect: what
/// the shopper pays, when, what the loan costs, its APR and the legal text to show with it.
///
/// Get one from ``PurseHeadlessCheckout/simulateLoan(method:amount:)``. Every amount is exact, in major units of
/// ``currency``; the instalments of ``schedule`` add up to ``totalAmount`` to the minor unit (the checkout checks it
/// and refuses a simulation that does not, `INVALID_LOAN_SIMULATION`). ``legalText`` and ``aprc`` are the lender's,
/// kept verbatim: show them as they are.
///
/// A simulation prices one amount of one session. When the split or the session changes (a gift card applied or
/// removed, the cart updated), ``PurseHeadlessCheckout/isStale(_:)`` turns true: simulate again.
public struct LoanSimulation: Sendable, Hashable {
    /// The method simulated, `"{partner}-{method}"` (`oney-cb3x`).
    public let methodID: String
    /// The amount financed: what the method would pay, after the gift cards when the checkout chose it.
    public let amount: Decimal
    /// ISO 4217 code of every amount here.
    public let currency: String
    /// The first instalment (in French plans it often carries the fees).
    public let initialInstallmentAmount: Decimal
    /// Each instalment between the first and the last. A plan of two instalments has none: this is then the last
    /// instalment (of one instalment, the only one), so every amount here is one of ``schedule``'s.
    public let installmentAmount: Decimal
    /// The last instalment.
    public let finalInstallmentAmount: Decimal
    /// How many instalments.
    public let installmentCount: Int
    /// The cost of the loan (fees and interest), not counting ``amount``.
    public let totalCost: Decimal
    /// What the shopper pays in all: ``amount`` plus ``totalCost``.
    public let totalAmount: Decimal
    /// The annual percentage rate of charge in percent (the French TAEG), as the lender sent it; `nil` if it sent none.
    public let aprc: Decimal?
    /// The text the lender requires next to the offer, verbatim; `nil` if it sent none.
    public let legalText: String?
    /// Whether the lender marks this plan as the one to show first (multi-plan answers).
    public let isPreferred: Bool
    /// The instalments in order, each with its due date: the first on the day of the simulation, then one a month
    /// (same day of the month, or the month's last day), in UTC. Purse sends no dates; the checkout dates them
    /// from Purse's clock.
    public let schedule: [LoanInstallment]
    /// When the simulation was made (Purse's clock, as the checkout estimates it).
    public let simulatedAt: Date
    /// What the simulation priced: compared with the checkout's current one to tell staleness.
    public let basis: LoanSimulationBasis
}

/// One instalment of a ``LoanSimulation``.
public struct LoanInstallment: Sendable, Hashable {
    /// 1 for the first instalment.
    public let number: Int
    /// When it is due (UTC midnight is not implied: the simulation's time of day, shifted by months).
    public let dueDate: Date
    /// Major units, exact.
    public let amount: Decimal
}

/// What a ``LoanSimulation`` priced: the session, its order amount and the amount financed.
///
/// The checkout's current basis follows the session and the split; a simulation whose basis differs is stale
/// (``PurseHeadlessCheckout/isStale(_:)``). Results are cached by this basis, so coming back to an amount already
/// simulated (a gift card removed again) costs no call.
public struct LoanSimulationBasis: Sendable, Hashable {
    /// The payment session id.
    public let sessionID: String
    /// The order amount of the session, major units.
    public let orderAmount: Decimal
    /// The amount simulated, major units.
    public let amount: Decimal
}
