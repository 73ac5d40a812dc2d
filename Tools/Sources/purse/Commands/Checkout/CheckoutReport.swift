import Foundation
import PurseHeadlessCheckout

/// What `purse checkout` reports at the end: a line for people, one JSON object with `--json`, and the exit
/// status.
///
/// Exit statuses: 0 paid (or, with `--api-base`, the shopper came back from the page: confirm server-side),
/// 1 not paid (refused, failed, not confirmed, input ended, bad widget data), 2 submitted but its outcome is
/// unknown here (pending on a page, no answer: confirm server-side), 64 usage error, 130 interrupted (Ctrl-C
/// at a question, or while waiting for a page).
struct CheckoutReport {
    enum Outcome: String {
        /// The payment went through.
        case paid
        /// The shopper came back from the hosted page; only a server can tell the outcome (`--api-base`).
        case returned
        /// Submitted; the outcome is not known here (pending on a page, or no answer).
        case pending
        /// The payment was refused (declined, insufficient funds, page declined or cancelled).
        case refused
        /// The payment could not be made (an error before or at submit).
        case failed
        /// The shopper did not confirm.
        case notConfirmed = "not_confirmed"
        /// The input ended before the shopper confirmed.
        case inputEnded = "input_ended"
        /// Ctrl-C before anything was sent.
        case cancelled
        /// The options describe an order the server refuses (`--currency XYZ`): nothing was sent.
        case usageError = "usage_error"
    }

    var outcome: Outcome
    /// One sentence for people.
    var message: String
    var sessionID: String?
    var paymentID: String?
    var amount: Decimal?
    var currency: String?
    var split: [AmountSplitEntry] = []
    /// `/validate`'s global status, when it answered.
    var globalStatus: String?
    /// The payment's authorization status and who said it (`merchant backend`, or `return data (unverified)`: the
    /// return data is signed, but the command checks no signature).
    var authorizationStatus: String?
    var confirmedBy: String?
    var error: PurseCheckoutError?
    /// Whether Ctrl-C came while the payment was being sent (it was completed anyway).
    var interruptedWhileSubmitting = false
    /// The signal that cancelled the run, if one did.
    var signal: Int32?
    /// Whether Ctrl-C stopped the wait for a hosted page (a pending payment then exits 130, like any Ctrl-C).
    var interruptedOnPage = false

    /// Whether the payment was sent (`/validate`); when not, this run charged nothing.
    var submitted = false

    var exitStatus: Int32 {
        switch outcome {
        case .paid, .returned: return 0
        case .pending: return interruptedOnPage ? 130 : 2
        case .cancelled: return 128 + (signal ?? 2)  // 130 for SIGINT (2), 143 for SIGTERM
        case .refused, .failed, .notConfirmed, .inputEnded: return 1
        case .usageError: return ExitStatus.usage
        }
    }

    /// The JSON object printed with `--json` (amounts are exact decimal numbers of the order currency).
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "outcome": .string(outcome.rawValue), "message": .string(message),
            "exit_status": .integer(Int64(exitStatus)), "submitted": .bool(submitted),
        ]
        // Said only when it is certain: nothing was sent. Once sent, the outcome above tells.
        if !submitted { object["nothing_charged"] = true }
        func set(_ key: String, _ value: String?) { if let value { object[key] = .string(value) } }
        set("client_session_id", sessionID)
        set("payment_id", paymentID)
        set("currency", currency)
        set("global_status", globalStatus)
        set("authorization_status", authorizationStatus)
        set("confirmed_by", confirmedBy)
        if let amount { object["amount"] = .number(amount) }
        if !split.isEmpty {
            object["split"] = .array(
                split.map {
                    [
                        "method": .string("\($0.partner.rawValue)-\($0.method.rawValue)"), "amount": .number($0.amount),
                        "pays_the_rest": .bool($0.isPrimary),
                    ]
                })
        }
        if let error {
            var described: [String: JSONValue] = [
                "code": .string(error.code.rawValue), "message": .string(error.message),
            ]
            // Who refused, and the partner's reason (`REJECTED_BANK`, `WRONG_CARD_DATA`), when a participant did.
            if let participant = error.participant { described["participant"] = .string(participant) }
            if let serverCode = error.serverCode { described["server_code"] = .string(serverCode) }
            object["error"] = .object(described)
        }
        if interruptedWhileSubmitting { object["interrupted_while_submitting"] = true }
        return .object(object)
    }
}

extension CheckoutReport {
    /// Reads `purse-redirection-data` from a return URL: the compact JWS's payload `{ client_session_id,
    /// payment_id, authorization_status, client_session_status }`, unverified (the sandbox's signature is its own
    /// HMAC, Purse's is RSA): only a hint.
    static func returnData(_ url: URL) -> RedirectionData? { RedirectionData(returnURL: url) }
}
