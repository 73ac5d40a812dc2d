/// One split participant as the gateway wants it (CONTRACT §2): `/init` takes one, `/validate` an array.
struct ItemPayload: Sendable, Hashable {
    var partner: Partner
    var method: Method
    /// Minor units.
    var amount: Int64
    var paymentData: [String: JSONValue] = [:]
    var partnerData: [String: JSONValue] = [:]
    var order: JSONValue?
    var paymentPreferences: [String: JSONValue] = [:]
    /// The `step_id` of an earlier `/init` answer, sent back as received.
    var stepID: JSONValue?

    var json: JSONValue {
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
