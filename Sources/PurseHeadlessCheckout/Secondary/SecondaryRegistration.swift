/// The shopper's decision to keep a gift card in the wallet, as `registrationOf(_:)` reads it back.
///
/// It is recorded locally by `registerSecondary(_:registered:name:)` and travels to `/validate` as
/// `payment_preferences.registration = { "save_token": registered, "name": name }` on the card's item.
public struct SecondaryRegistration: Sendable, Hashable {
    /// Whether the card is to be saved when the payment goes through.
    public let registered: Bool
    /// The label to save it under, if the shopper gave one.
    public let name: String?

    /// Creates a decision.
    public init(registered: Bool, name: String? = nil) {
        self.registered = registered
        self.name = name
    }

    /// No decision: the card is not saved.
    public static let notRegistered = SecondaryRegistration(registered: false)

    /// `payment_preferences` of the card's `/validate` item.
    var paymentPreferences: [String: JSONValue] {
        var registration: [String: JSONValue] = ["save_token": .bool(registered)]
        if registered, let name { registration["name"] = .string(name) }
        return ["registration": .object(registration)]
    }
}
