public import Foundation
public import PurseHeadlessCheckout
public import PurseSandbox

extension PurseSandbox {
    /// Creates a client session as a merchant backend would, and opens a checkout on it in-process: the
    /// one line most tests start with.
    ///
    /// ```swift
    /// let sandbox = try PurseSandbox()
    /// let checkout = try await sandbox.openCheckout(amount: 42.99)
    /// ```
    /// - Parameters:
    ///   - amount: The order amount in major units (exact; more decimals than the currency allows throws).
    ///   - currency: The order's ISO 4217 currency code.
    ///   - shopper: The customer reference; its wallet gives the saved instruments. `nil`: a guest, no wallet.
    ///   - methods: Restrict the session to these `"partner-method"` ids (all catalogue methods when `nil`).
    ///   - configuration: The checkout configuration; its transport is replaced by a ``SandboxTransport``.
    /// - Throws: what ``createClientSession(amount:currency:shopper:methods:)`` throws, then what opening the
    ///   checkout throws (a ``/PurseHeadlessCheckout/PurseCheckoutError``, e.g. `EXPIRED_SESSION`).
    @MainActor
    public func openCheckout(
        amount: Decimal, currency: String = "EUR", shopper: String? = PurseSandbox.demoShopper,
        methods: [String]? = nil, configuration: PurseCheckoutConfiguration = PurseCheckoutConfiguration()
    ) async throws -> PurseHeadlessCheckout {
        let session = try createClientSession(amount: amount, currency: currency, shopper: shopper, methods: methods)
        var configuration = configuration
        configuration.transport = SandboxTransport(self)
        return try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: configuration)
    }

    /// Creates a client session for an amount in major units, returning its id and widget data: what a test
    /// needs to open the checkout itself (over HTTP, or with a configuration of its own).
    ///
    /// The parameters are those of ``openCheckout(amount:currency:shopper:methods:configuration:)``.
    /// - Throws: an error naming the amount when it has more decimals than the currency allows, and the
    ///   sandbox's `SandboxAPIError` when it refuses the session (`UNSUPPORTED_CURRENCY`, `UNKNOWN_METHOD`, …).
    public func createClientSession(
        amount: Decimal, currency: String = "EUR", shopper: String? = PurseSandbox.demoShopper,
        methods: [String]? = nil
    ) throws -> SandboxClientSession {
        let minorUnits = try MinorUnits.of(amount, currency: currency)
        return try createClientSession(
            SandboxClientSessionRequest(
                amount: minorUnits, currency: currency, customerReference: shopper, methods: methods))
    }
}

/// Converts a test's major-unit amount to the integer the merchant API takes.
enum MinorUnits {
    struct NotExact: Error, CustomStringConvertible {
        let description: String
    }

    static func of(_ amount: Decimal, currency: String) throws -> Int {
        let exponent = Currency(code: currency).exponent
        var scaled = amount
        for _ in 0..<exponent { scaled *= 10 }
        var rounded = Decimal()
        var source = scaled
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == scaled, let value = Int(exactly: NSDecimalNumber(decimal: rounded).int64Value),
            Decimal(value) == rounded
        else {
            throw NotExact(description: "\(amount) is not an exact \(currency) amount")
        }
        return value
    }
}
