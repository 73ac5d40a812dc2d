/// A submitted payment's status, as the ``PaymentStatusProvider`` confirmed it.
public enum PaymentStatus: Sendable, Hashable {
    /// The payment is authorized: show the order as paid.
    case authorized(paymentID: String?)
    /// The payment was refused, aborted or failed (`serverCode`: the refusal's code, or `REFUSED`, `ABORTED`,
    /// `ERROR`). The checkout is open again for another attempt (``SessionState/error``), with a new
    /// idempotency key.
    case refused(serverCode: String)
    /// The payment is still pending when the budget ran out (the shopper has not finished the page, or the PSP
    /// has not answered): show it as pending and confirm again later (foreground, a webhook).
    case pending
    /// No readable answer within the budget (the status calls failed, or named a status not known here):
    /// nothing is known. Show the payment as pending, never as paid or refused.
    case unknown(reason: String)

    /// Whether the status is final (authorized or refused).
    public var isFinal: Bool {
        switch self {
        case .authorized, .refused: return true
        case .pending, .unknown: return false
        }
    }

    /// What one report says: a final status, still pending, no payment yet, or not readable.
    enum Reading: Sendable, Hashable {
        case final(PaymentStatus)
        case pending
        case noPayment
        case unreadable(String)
    }

    /// Reads a report; only an `authorization_status` known here decides.
    static func reading(_ report: PaymentStatusReport) -> Reading {
        guard let status = report.authorizationStatus else {
            return report.paymentID == nil ? .noPayment : .unreadable("the payment has no authorization status")
        }
        switch status.uppercased() {
        case "AUTHORIZED": return .final(.authorized(paymentID: report.paymentID))
        case "REFUSED", "ABORTED", "ERROR":
            let code = report.refusalCode.flatMap { $0.isEmpty ? nil : $0 } ?? status.uppercased()
            return .final(.refused(serverCode: code))
        case "PENDING": return .pending
        default: return .unreadable("authorization status \(status) is not one of Purse's")
        }
    }
}

/// How long a confirmation waits for a final status: calls spaced by a back-off on the checkout's clock
/// (``PurseCheckoutConfiguration/clock``), within a budget.
///
/// The first call goes out at once; the next ones after ``firstInterval``, doubled each time up to
/// ``maximumInterval``, while the waits add up to no more than ``budget``. With the defaults: calls at 0, 1, 3,
/// 7, 15, 23, 31, 39, 47 and 55 s, then ``PaymentStatus/pending`` (or ``PaymentStatus/unknown(reason:)``).
public struct PaymentConfirmationPolicy: Sendable, Hashable {
    /// The wait before the second call.
    public var firstInterval: Duration
    /// The longest wait between two calls.
    public var maximumInterval: Duration
    /// The most the waits add up to (the provider's own time is not counted: bound it in the provider).
    public var budget: Duration

    /// A policy; the defaults give ten calls over 55 s.
    public init(
        firstInterval: Duration = .seconds(1), maximumInterval: Duration = .seconds(8), budget: Duration = .seconds(60)
    ) {
        self.firstInterval = firstInterval
        self.maximumInterval = maximumInterval
        self.budget = budget
    }

    /// One call, no waiting: what the checkout does after the shopper closed the page, and what a foreground
    /// check may use.
    public static let once = PaymentConfirmationPolicy(budget: .zero)

    /// The waits before the second, third… calls.
    var intervals: [Duration] {
        var waits: [Duration] = []
        var next = max(firstInterval, .milliseconds(1))
        var total = Duration.zero
        while total + next <= budget {
            waits.append(next)
            total += next
            next = min(next * 2, max(maximumInterval, .milliseconds(1)))
        }
        return waits
    }
}
