extension PurseCheckoutError {
    /// Wraps a refusal of the split engine: `invalidTake` for amounts and limits, and
    /// `secondaryTokenizationFailed` for an empty balance, with amounts in major units of `currency`.
    init(_ error: SplitError, partner: Partner, method: PaymentMethodType, currency: Currency) {
        func major(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).format() }
        let item = itemID(partner, method)
        switch error {
        case .invalidTakeAmount(let amount, let balance, let remaining):
            // `balance` is what the card may pay of this order (the issuer's answer, capped), not the card's own
            // balance, which may be larger: say which limit the amount broke, in those words.
            let reason =
                if amount <= 0 {
                    "the amount must be above zero"
                } else if remaining <= 0 {
                    "nothing is left to pay"
                } else if amount > balance && balance <= remaining {
                    "the card may pay at most \(major(balance)) of this order"
                } else if amount > remaining {
                    "only \(major(remaining)) is left to pay"
                } else {
                    "the card may pay at most \(major(balance)) of this order"
                }
            self.init(.invalidTakeAmount, message: "cannot take \(major(amount)) from \(item): \(reason)")
        case .maxAmountReached(let amount, let limit):
            self.init(
                .maxAmountReached,
                message: "taking \(major(amount)) would exceed the \(item) maximum of \(major(limit)) per payment")
        case .usageLimitReached(let limit):
            self.init(
                .usageLimitError,
                message: "\(item) allows \(limit) card\(limit == 1 ? "" : "s") per payment, already in the split")
        case .takePolicyViolated:
            self.init(
                .secondaryMethodTakePolicyViolated, message: "\(item) only allows taking the whole balance")
        case .emptyBalance:
            self.init(.secondaryTokenEmptyBalance, message: "the \(item) card has no balance")
        }
    }
}
