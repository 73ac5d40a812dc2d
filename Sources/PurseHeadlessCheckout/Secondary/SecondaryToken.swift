public import Foundation

/// A gift card, voucher or loyalty card read by `getSecondaryToken(method:pan:cvv:)`: its balance, and what
/// `/validate` needs to draw on it.
///
/// ```swift
/// let token = try await checkout.getSecondaryToken(method: giftCard, pan: pan, cvv: cvv)
/// Text("\(token.balance) \(checkout.currency) on \(token.maskedPAN)")
/// try checkout.applySecondary(token)
/// ```
/// The balance was computed by the issuer against what was left to pay when the card was read, so it is
/// never more than that (a card read when nothing is left to pay has no balance at all).
///
/// The token keeps the card number and CVV (PIN) in memory because the issuer needs them again at
/// `/validate` (``SecondaryConfig/buildValidatePaymentData(_:)`` reads ``pan``). They never reach a log line,
/// an error message, ``description``, ``debugDescription`` or a `Mirror` (`dump(token)` shows ``maskedPAN``),
/// and they are not part of any saved snapshot. Do not persist a token yourself: read the card again.
public struct SecondaryToken: Sendable, Hashable, Identifiable {
    /// A unique id for this reading of the card (the `/init` transaction id); it identifies the card's line in
    /// ``PurseHeadlessCheckout/amountSplit``.
    public let id: String
    /// The issuer.
    public let partner: Partner
    /// The method (`giftcard`, `voucher`, `loyaltycard`…).
    public let method: PaymentMethodType
    /// The card number or voucher code, as the issuer's config normalized it. Card data: never log it.
    public let pan: String
    /// The CVV (PIN), when the shopper typed one. Card data: never log it.
    public let cvv: String?
    /// What the card can pay in this checkout, major units of the order currency, exact.
    public let balance: Decimal
    /// The card's whole balance when the issuer tells it apart (loyalty), major units.
    public let totalBalance: Decimal?
    /// The order currency the amounts are in.
    public let currency: Currency
    /// Whether the shopper may keep the card in the wallet: the issuer allows it for this card and the method's
    /// `save_token` setting is on. See `registerSecondary(_:registered:name:)`.
    public let canBeRegistered: Bool
    /// When the card expires, if the issuer said.
    public let expirationDate: Date?
    /// The issuer's reference for the card, sent back at `/validate`.
    public let partnerReference: String?
    /// The `step_id` of the `/init` answer, sent back on the card's item at `/validate`.
    public let stepID: JSONValue?
    /// The issuer's `plugin_result`, as received, for configs that need more than the generic shape.
    public let pluginResult: JSONValue

    /// The balance in minor units of ``currency``.
    let balanceMinorUnits: Int64
    /// The payment session the card was read for.
    let sessionID: String

    init(
        id: String, partner: Partner, method: PaymentMethodType, pan: String, cvv: String?, balanceMinorUnits: Int64,
        totalBalance: Decimal?, currency: Currency, canBeRegistered: Bool, expirationDate: Date?,
        partnerReference: String?, stepID: JSONValue?, pluginResult: JSONValue, sessionID: String
    ) {
        self.id = id
        self.partner = partner
        self.method = method
        self.pan = pan
        self.cvv = cvv
        self.balanceMinorUnits = balanceMinorUnits
        self.balance = Money(minorUnits: balanceMinorUnits, currency: currency).decimal
        self.totalBalance = totalBalance
        self.currency = currency
        self.canBeRegistered = canBeRegistered
        self.expirationDate = expirationDate
        self.partnerReference = partnerReference
        self.stepID = stepID
        self.pluginResult = pluginResult
        self.sessionID = sessionID
    }

    /// The same reading, carried onto another session of the same checkout (``PurseHeadlessCheckout/updateSession(widgetData:)``).
    func moved(toSession id: String) -> SecondaryToken {
        SecondaryToken(
            id: self.id, partner: partner, method: method, pan: pan, cvv: cvv, balanceMinorUnits: balanceMinorUnits,
            totalBalance: totalBalance, currency: currency, canBeRegistered: canBeRegistered,
            expirationDate: expirationDate, partnerReference: partnerReference, stepID: stepID,
            pluginResult: pluginResult, sessionID: id)
    }

    /// The `"{partner}-{method}"` id of the method.
    public var methodID: String { itemID(partner, method) }

    /// The last four characters of the card number (fewer for a very short code), for display.
    public var lastFour: String { pan.count >= 8 ? String(pan.suffix(4)) : "" }

    /// The card number masked for display: `•••• 0011`.
    public var maskedPAN: String { "•••• " + lastFour }
}

extension SecondaryToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `SecondaryToken(illicado-giftcard, •••• 0011, balance 50.00 EUR, id: …)`: never the full number or the CVV.
    public var description: String {
        "SecondaryToken(\(methodID), \(maskedPAN), balance \(Money(minorUnits: balanceMinorUnits, currency: currency)), "
            + "id: \(id))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the masked number, never the full number or the CVV.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "partner": partner, "method": method, "maskedPAN": maskedPAN, "balance": balance,
                "currency": currency.code, "canBeRegistered": canBeRegistered,
            ],
            displayStyle: .struct)
    }
}
