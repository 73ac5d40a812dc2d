/// The wallet's label rule (CONTRACT §3), checked on the device before any call: 1 to 25 characters, each a
/// letter, a digit or a space, not only spaces; unique per shopper, ignoring case (the server has the last
/// word on uniqueness: it knows the tokens other sessions saved).
enum WalletLabel {
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
