public import PurseHeadlessCheckout

extension CardForm {
    /// The form's fields as a test or a headless run types into them: the full card number and security code,
    /// whatever the checkout's `PurseCheckoutConfiguration.cardFields` says. The testing kit's stand-in for the
    /// shopper's keyboard on the SDK's fields; an app's code has `CardForm.appDrawnFields` only after opting in.
    ///
    /// ```swift
    /// let fields = form.testingFields
    /// fields.pan = "4111 1111 1111 1111"; fields.expiry = "12/29"; fields.cvv = "123"
    /// ```
    public var testingFields: AppDrawnCardFields { AppDrawnCardFields(form: self) }
}

extension CVVField {
    /// The saved card's code field as a test types into it, whatever the checkout's
    /// `PurseCheckoutConfiguration.cardFields` says (see `CardForm.testingFields`).
    public var testingField: AppDrawnCVVField { AppDrawnCVVField(field: self) }
}
