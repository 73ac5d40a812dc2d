/// One `ItemPayload` of `/init` or `/validate` (CONTRACT.md §2), checked.
struct GatewayItem: Sendable {
    var partner: String
    var method: String
    /// Minor units.
    var amount: Int
    var paymentData: SandboxJSON
    var stepId: Int?
    /// `payment_preferences.registration`, when `save_token` is true.
    var registrationName: String??

    var id: String { "\(partner)-\(method)" }

    /// `true` when `payment_preferences.registration.save_token` is true.
    var wantsRegistration: Bool { registrationName != nil }

    /// Reads an item; malformed payloads are 400s with a code.
    static func parse(_ json: SandboxJSON) -> Result<GatewayItem, SandboxAPIError> {
        func invalid(_ code: String, _ message: String) -> Result<GatewayItem, SandboxAPIError> {
            .failure(SandboxAPIError(400, code, message))
        }
        guard json.objectValue != nil else { return invalid("INVALID_PAYLOAD", "An item must be a JSON object") }
        guard let partner = json["partner"]?.stringValue, !partner.isEmpty else {
            return invalid("INVALID_PAYLOAD", "partner is required")
        }
        guard let method = json["method"]?.stringValue, !method.isEmpty else {
            return invalid("INVALID_PAYLOAD", "method is required")
        }
        guard let amountValue = json["amount"] else { return invalid("INVALID_AMOUNT", "amount is required") }
        guard let amount = amountValue.intValue, amount >= 0 else {
            return invalid("INVALID_AMOUNT", "amount must be a non-negative integer in minor units")
        }
        let paymentData = json["payment_data"] ?? .object([:])
        guard paymentData.objectValue != nil || paymentData.isNull else {
            return invalid("INVALID_PAYMENT_DATA", "payment_data must be an object")
        }
        var stepId: Int? = nil
        if let step = json["step_id"], !step.isNull {
            guard let value = step.intValue else { return invalid("INVALID_PAYLOAD", "step_id must be an integer") }
            stepId = value
        }
        var registrationName: String?? = nil
        if let preferences = json["payment_preferences"], !preferences.isNull {
            guard preferences.objectValue != nil else {
                return invalid("INVALID_PAYLOAD", "payment_preferences must be an object")
            }
            if let registration = preferences["registration"], !registration.isNull {
                guard let save = registration["save_token"]?.boolValue else {
                    return invalid("INVALID_PAYLOAD", "payment_preferences.registration.save_token must be a boolean")
                }
                if save { registrationName = .some(registration["name"]?.stringValue) }
            }
        }
        return .success(
            GatewayItem(
                partner: partner, method: method, amount: amount,
                paymentData: paymentData.isNull ? .object([:]) : paymentData, stepId: stepId,
                registrationName: registrationName))
    }
}

/// Why an item could not be processed.
enum ItemProblem: Error, Sendable {
    /// The item is refused by the partner: `status.state FAILED` with this code (HTTP 200).
    case failed(code: String, message: String)
    /// The request is malformed: an HTTP 4xx.
    case rejected(SandboxAPIError)
}

/// The label rule of CONTRACT.md §3: 1–25 characters, letters, digits or spaces, not only spaces.
enum TokenLabel {
    static func isValid(_ name: String) -> Bool {
        guard (1...25).contains(name.count), name.contains(where: { $0 != " " }) else { return false }
        return name.allSatisfy { $0 == " " || $0.isLetter || $0.isNumber }
    }

    /// Whether `name` is already used by another of `tokens` (case-insensitive).
    static func isTaken(_ name: String, in tokens: [WalletTokenRecord], except id: String?) -> Bool {
        let folded = name.lowercased()
        return tokens.contains { $0.id != id && $0.name?.lowercased() == folded }
    }
}
