// Helper module of Rejected/MethodAmbiguity.swift: an SDK that exports a public type named `Method`, as
// PurseHeadlessCheckout did before it renamed its type to PaymentMethodType.

/// A payment method identifier, named the way that clashes with the Objective-C runtime.
public struct Method: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}
