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

/// The wallet's label rule (CONTRACT §3): 1–25 characters, letters, digits or spaces, not only spaces;
/// unique per shopper, ignoring case.
enum GiftCardLabel {
    /// Whether `name` has the label format.
    static func isValid(_ name: String) -> Bool {
        guard (1...25).contains(name.count), name.contains(where: { $0 != " " }) else { return false }
        return name.allSatisfy { $0 == " " || $0.isLetter || $0.isNumber }
    }

    /// Whether `name` equals one of `names`, ignoring case.
    static func isTaken(_ name: String, among names: [String]) -> Bool {
        let folded = name.lowercased()
        return names.contains { $0.lowercased() == folded }
    }
}
