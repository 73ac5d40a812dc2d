/// One instalment plan a buy-now-pay-later method of the sandbox offers, and the arithmetic of its schedule.
///
/// The figures are the sandbox's own, fixed and documented (no lender was asked): the cost of the loan is
/// `feeBasisPoints` of the financed amount, rounded half up to the minor unit; the financed amount is split into
/// `installmentCount` equal parts rounded down, the **first** instalment also carries the cost, and the **last**
/// absorbs what the rounding left. So the instalments always add up to `amount + cost`, to the minor unit:
///
/// ```swift
/// let plan = SandboxCatalogue.standard.method(partner: "oney", method: "cb3x")!.loanPlans[0]  // 3x, 1.45 %
/// let quote = plan.quote(amount: 10_000)         // 100.00 EUR
/// // cost 145; instalments 3333 + 145 = 3478, 3333, 3334 (the last absorbs the remainder); total 10145
/// ```
///
/// `aprc` (the TAEG shown in France) and `legalText` are fixed texts per plan, returned verbatim: the sandbox
/// does not compute an APR from the fee. Amounts are minor units of the session's currency; the range
/// (`minAmount`…`maxAmount`) is in major units of that currency, as decimal literals.
public struct SandboxLoanPlan: Sendable, Equatable {
    /// How many instalments the shopper pays (2 or more).
    public var installmentCount: Int
    /// The cost of the loan in basis points of the financed amount (145 = 1.45 %; 0 = free).
    public var feeBasisPoints: Int
    /// The smallest amount this plan finances, major units (`"50"`).
    public var minAmount: String
    /// The largest amount this plan finances, major units (`"3000"`).
    public var maxAmount: String
    /// The annual percentage rate of charge, a decimal literal in percent (`"19.31"`), returned as is.
    public var aprc: String
    /// The text the lender requires next to the offer, returned verbatim.
    public var legalText: String
    /// Whether the multi-plan answer marks this plan as the one to show first.
    public var preferred: Bool

    /// Creates a plan.
    public init(
        installmentCount: Int, feeBasisPoints: Int, minAmount: String, maxAmount: String, aprc: String,
        legalText: String, preferred: Bool = false
    ) {
        self.installmentCount = installmentCount
        self.feeBasisPoints = feeBasisPoints
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.aprc = aprc
        self.legalText = legalText
        self.preferred = preferred
    }

    /// The schedule of `amount` (minor units, above zero) under this plan.
    public func quote(amount: Int) -> SandboxLoanQuote {
        let count = max(installmentCount, 1)
        // Half up: amount × bp / 10 000, in integers (an order amount times 10 000 fits an Int easily).
        let cost = (amount * feeBasisPoints + 5_000) / 10_000
        let part = amount / count
        let initial = part + cost
        let final = amount - part * (count - 1)
        return SandboxLoanQuote(
            amount: amount, installmentCount: count, initialInstallment: count == 1 ? amount + cost : initial,
            installment: part, finalInstallment: count == 1 ? amount + cost : final, totalCost: cost)
    }

    /// Whether `amount` (minor units of `currency`) is inside the plan's range.
    func accepts(amount: Int, currency: String) -> Bool {
        guard let low = SandboxMoney.minor(fromMajorLiteral: minAmount, currency: currency),
            let high = SandboxMoney.minor(fromMajorLiteral: maxAmount, currency: currency)
        else { return false }
        return (low...high).contains(amount)
    }
}

/// A plan's schedule for one amount: what the simulation routes answer in `plugin_result`.
public struct SandboxLoanQuote: Sendable, Equatable {
    /// The financed amount, minor units.
    public var amount: Int
    /// How many instalments.
    public var installmentCount: Int
    /// The first instalment (carries the cost of the loan).
    public var initialInstallment: Int
    /// Every instalment between the first and the last.
    public var installment: Int
    /// The last instalment (absorbs the rounding remainder).
    public var finalInstallment: Int
    /// The cost of the loan (fees), not counting the amount.
    public var totalCost: Int

    /// `amount + totalCost`: what the shopper pays in all.
    public var totalAmount: Int { amount + totalCost }

    /// Every instalment in order: the first, the middle ones, the last.
    public var installments: [Int] {
        guard installmentCount > 1 else { return [initialInstallment] }
        return [initialInstallment] + Array(repeating: installment, count: installmentCount - 2) + [finalInstallment]
    }
}
