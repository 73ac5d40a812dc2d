/// One split participant as the gateway wants it (CONTRACT §2): `/init` takes one, `/validate` an array.
package struct ItemPayload: Sendable, Hashable {
    package var partner: Partner
    package var method: PaymentMethodType
    /// Minor units.
    package var amount: Int64
    package var paymentData: [String: JSONValue] = [:]
    package var partnerData: [String: JSONValue] = [:]
    package var order: JSONValue?
    package var paymentPreferences: [String: JSONValue] = [:]
    /// The `step_id` of an earlier `/init` answer, sent back as received.
    package var stepID: JSONValue?

    package init(
        partner: Partner, method: PaymentMethodType, amount: Int64, paymentData: [String: JSONValue] = [:],
        partnerData: [String: JSONValue] = [:], order: JSONValue? = nil, paymentPreferences: [String: JSONValue] = [:],
        stepID: JSONValue? = nil
    ) {
        self.partner = partner
        self.method = method
        self.amount = amount
        self.paymentData = paymentData
        self.partnerData = partnerData
        self.order = order
        self.paymentPreferences = paymentPreferences
        self.stepID = stepID
    }

    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "partner": .string(partner.rawValue),
            "method": .string(method.rawValue),
            "amount": .integer(amount),
            "payment_data": .object(paymentData),
            "partner_data": .object(partnerData),
            "payment_preferences": .object(paymentPreferences),
        ]
        if let order { object["order"] = order }
        if let stepID { object["step_id"] = stepID }
        return .object(object)
    }
}
