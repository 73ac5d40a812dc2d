public import Foundation

/// A merchant token request: Apple Pay issues a token for payments after this one (iOS 16 and later).
public enum ApplePayMerchantTokenRequest: Sendable, Hashable {
    /// A subscription billed at a regular interval (`PKRecurringPaymentRequest`).
    case recurring(ApplePayRecurringPayment)
    /// One payment later, e.g. a hotel stay (`PKDeferredPaymentRequest`, iOS 16.4).
    case deferred(ApplePayDeferredPayment)
    /// A balance topped up when it falls below a threshold (`PKAutomaticReloadPaymentRequest`).
    case automaticReload(ApplePayAutomaticReload)
}

/// The unit of a recurring payment's interval (`NSCalendar.Unit` as PassKit takes it).
public enum ApplePayRecurringInterval: String, Sendable, Hashable, CaseIterable {
    /// Days.
    case day
    /// Weeks.
    case week
    /// Months.
    case month
    /// Years.
    case year
}

/// A subscription: what is billed, how often, from when to when, and where the shopper manages it.
public struct ApplePayRecurringPayment: Sendable, Hashable {
    /// What the subscription is, shown on the sheet.
    public var paymentDescription: String
    /// The regular billing line's label.
    public var label: String
    /// The regular billing amount in major units.
    public var amount: Decimal
    /// The interval's unit.
    public var interval: ApplePayRecurringInterval
    /// How many units between two payments; 1 or more.
    public var intervalCount: Int
    /// The first regular payment; `nil` for now.
    public var startDate: Date?
    /// The last one; `nil` for no end.
    public var endDate: Date?
    /// Where the shopper manages or cancels it (https).
    public var managementURL: URL
    /// The terms the shopper agrees to, shown on the sheet.
    public var billingAgreement: String?
    /// Where Apple notifies your server of token changes (https).
    public var tokenNotificationURL: URL?

    /// A recurring payment.
    public init(
        paymentDescription: String, label: String, amount: Decimal, interval: ApplePayRecurringInterval,
        intervalCount: Int = 1, startDate: Date? = nil, endDate: Date? = nil, managementURL: URL,
        billingAgreement: String? = nil, tokenNotificationURL: URL? = nil
    ) {
        self.paymentDescription = paymentDescription
        self.label = label
        self.amount = amount
        self.interval = interval
        self.intervalCount = intervalCount
        self.startDate = startDate
        self.endDate = endDate
        self.managementURL = managementURL
        self.billingAgreement = billingAgreement
        self.tokenNotificationURL = tokenNotificationURL
    }
}

/// A payment taken later: what, how much, when, and where the shopper manages it.
public struct ApplePayDeferredPayment: Sendable, Hashable {
    /// What the payment is for, shown on the sheet.
    public var paymentDescription: String
    /// The deferred billing line's label.
    public var label: String
    /// The amount charged later, in major units.
    public var amount: Decimal
    /// When it is charged.
    public var deferredDate: Date
    /// Until when the shopper may cancel for free; not after ``deferredDate``. Needs
    /// ``freeCancellationTimeZone``.
    public var freeCancellationDate: Date?
    /// The time zone the sheet shows ``freeCancellationDate`` in (the hotel's, say); set with it or not at all.
    public var freeCancellationTimeZone: TimeZone?
    /// Where the shopper manages it (https).
    public var managementURL: URL
    /// The terms the shopper agrees to.
    public var billingAgreement: String?
    /// Where Apple notifies your server of token changes (https).
    public var tokenNotificationURL: URL?

    /// A deferred payment.
    public init(
        paymentDescription: String, label: String, amount: Decimal, deferredDate: Date,
        freeCancellationDate: Date? = nil, freeCancellationTimeZone: TimeZone? = nil, managementURL: URL,
        billingAgreement: String? = nil, tokenNotificationURL: URL? = nil
    ) {
        self.paymentDescription = paymentDescription
        self.label = label
        self.amount = amount
        self.deferredDate = deferredDate
        self.freeCancellationDate = freeCancellationDate
        self.freeCancellationTimeZone = freeCancellationTimeZone
        self.managementURL = managementURL
        self.billingAgreement = billingAgreement
        self.tokenNotificationURL = tokenNotificationURL
    }
}

/// A stored balance reloaded automatically: how much, below which balance, and where the shopper manages it.
public struct ApplePayAutomaticReload: Sendable, Hashable {
    /// What is reloaded, shown on the sheet.
    public var paymentDescription: String
    /// The reload line's label.
    public var label: String
    /// The amount of each reload, in major units.
    public var amount: Decimal
    /// The balance below which a reload happens, in major units.
    public var thresholdAmount: Decimal
    /// Where the shopper manages it (https).
    public var managementURL: URL
    /// The terms the shopper agrees to.
    public var billingAgreement: String?
    /// Where Apple notifies your server of token changes (https).
    public var tokenNotificationURL: URL?

    /// An automatic reload.
    public init(
        paymentDescription: String, label: String, amount: Decimal, thresholdAmount: Decimal, managementURL: URL,
        billingAgreement: String? = nil, tokenNotificationURL: URL? = nil
    ) {
        self.paymentDescription = paymentDescription
        self.label = label
        self.amount = amount
        self.thresholdAmount = thresholdAmount
        self.managementURL = managementURL
        self.billingAgreement = billingAgreement
        self.tokenNotificationURL = tokenNotificationURL
    }
}
