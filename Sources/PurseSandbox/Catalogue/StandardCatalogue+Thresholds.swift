extension SandboxCatalogue {
    /// Methods of the standard catalogue whose amount range real orders cross, so that every availability reason
    /// can be produced over HTTP (simulated: the limits are the sandbox's choice, not a partner's).
    ///
    /// `cofidis-cb4x` pays from 100.00 to 1000.00 EUR: an order below 100.00 can never use it
    /// (`AMOUNT_CONDITION_UNREACHABLE`), gift cards that leave less than 100.00 make it `MIN_AMOUNT_NOT_MET`, and
    /// an order above 1000.00 is `MAX_AMOUNT_EXCEEDED` until gift cards bring what is left within range. The
    /// secondary limits are in the standard methods: Easy2Play allows two gift cards per payment, Buybox pays at
    /// most 50.00 per payment.
    static let thresholdMethods: [SandboxMethod] = [
        SandboxMethod(
            partner: "cofidis", method: "cb4x", template: "redirection", position: 18, isSecondary: false,
            kind: .redirection(.get), paymentMinAmount: "100", paymentMaxAmount: "1000",
            displayName: "Cofidis 4x (100.00 to 1000.00 EUR)")
    ]
}
