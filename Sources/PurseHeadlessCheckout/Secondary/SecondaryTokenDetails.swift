public import Foundation

/// What an issuer's `/init` answer says about a gift card: the result of ``SecondaryConfig/parseToken(_:currency:)``.
///
/// Amounts are major units of the order currency, exact (`Decimal`, never floating point). The checkout adds
/// what it knows itself (id, PAN, step id) to make a ``SecondaryToken``.
public struct SecondaryTokenDetails: Sendable, Hashable {
    /// What the card can pay now, computed by the issuer against the amount asked (never more than that).
    public var balance: Decimal
    /// The card's whole balance, when the issuer tells it apart from what can be used (loyalty).
    public var totalBalance: Decimal?
    /// The ISO 4217 code the issuer reported, or `nil` when it did not say (the order currency is assumed).
    public var currencyCode: String?
    /// When the card expires.
    public var expirationDate: Date?
    /// The issuer's reference for the card, sent back at `/validate`.
    public var partnerReference: String?
    /// Whether the issuer lets the shopper keep the card in the wallet (`can_be_registered`).
    public var canBeRegistered: Bool

    /// Creates details; everything but the balance is optional.
    public init(
        balance: Decimal, totalBalance: Decimal? = nil, currencyCode: String? = nil, expirationDate: Date? = nil,
        partnerReference: String? = nil, canBeRegistered: Bool = false
    ) {
        self.balance = balance
        self.totalBalance = totalBalance
        self.currencyCode = currencyCode
        self.expirationDate = expirationDate
        self.partnerReference = partnerReference
        self.canBeRegistered = canBeRegistered
    }

    /// Reads the generic card shape of CONTRACT §2: `plugin_result = { balance (minor units), total_balance?,
    /// currency?, expiration_date?, partner_reference?, can_be_registered? }`.
    ///
    /// - Throws: ``PurseCheckoutError`` `FAILED_TO_INIT_SECONDARY_TOKEN` naming the member that is missing or
    ///   is not what it should be (a balance that is not an integer count of minor units, say).
    public static func generic(
        _ initData: InitData, currency: Currency
    ) throws
        -> SecondaryTokenDetails
    {
        let reader = JSONReader(initData.pluginResult, path: "plugin_result") { reason in
            PurseCheckoutError(.failedToInitSecondaryToken, message: "the /init answer could not be read: \(reason)")
        }
        func minorUnits(_ key: String) throws(PurseCheckoutError) -> Int64? {
            guard let member = try reader.optional(key) else { return nil }
            guard let exact = JSONValue.exactInt64(try member.decimal()) else {
                throw member.fail("expected an integer count of minor units")
            }
            return exact
        }
        _ = try reader.required("balance")
        guard let balance = try minorUnits("balance") else { throw reader.fail("balance: missing") }
        let total = try minorUnits("total_balance")
        return SecondaryTokenDetails(
            balance: Money(minorUnits: balance, currency: currency).decimal,
            totalBalance: total.map { Money(minorUnits: $0, currency: currency).decimal },
            currencyCode: try reader.string("currency"),
            expirationDate: try reader.date("expiration_date"),
            partnerReference: try reader.string("partner_reference"),
            canBeRegistered: try reader.bool("can_be_registered") ?? false)
    }
}
