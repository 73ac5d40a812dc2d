import Foundation
import PurseHeadlessCheckout

/// The end of a run: what the SDK reported, what the merchant backend confirms (embedded sandbox), and how it
/// is shown.
extension CheckoutRun {

    func report(
        _ ending: InteractiveCheckout.Ending, checkout: PurseHeadlessCheckout, presenter: TerminalRedirectPresenter
    ) async -> CheckoutReport {
        var report = CheckoutReport(outcome: .failed, message: "")
        report.sessionID = checkout.session.id
        report.amount = checkout.amount
        report.currency = checkout.currency
        report.split = checkout.amountSplit
        switch ending {
        case .notConfirmed:
            report.outcome = .notConfirmed
            report.message = text("cli.outcome.notConfirmed")
            return report
        case .inputEnded(let question):
            report.outcome = .inputEnded
            report.message = text("cli.outcome.inputEnded", [("question", .text(question))])
            return report
        case .cannotPay(let reason):
            report.outcome = .failed
            report.message = text("cli.outcome.nothingCharged", [("reason", .text(reason))])
            return report
        case .submitted(let outcome):
            report.submitted = true
            read(outcome, into: &report, presenter: presenter)
        }
        if let confirm {
            do {
                let status = try await spinner.during(text("cli.outcome.confirming")) {
                    try await confirm(checkout.session.id)
                }
                apply(status, to: &report)
            } catch {
                report.message += text("cli.outcome.cannotConfirm", [("error", .text("\(error)"))])
            }
        }
        return report
    }

    private func read(
        _ outcome: PaymentOutcome, into report: inout CheckoutReport, presenter: TerminalRedirectPresenter
    ) {
        let confirmHint = text("cli.outcome.confirmHint", [("session", .text(report.sessionID ?? "?"))])
        switch outcome {
        case .completed(let result):
            report.globalStatus = result.globalStatus.rawValue
            if result.globalStatus == .success {
                report.outcome = .paid
                report.message = text("cli.outcome.paidSuccess", [("amount", paidAmount(report))])
            } else {
                report.outcome = .pending
                report.message = text(
                    "cli.outcome.sent", [("status", .text(result.globalStatus.rawValue)), ("hint", .text(confirmHint))])
            }
        case .returnedFromRedirect(let url):
            let data = CheckoutReport.returnData(url)
            report.outcome = .returned
            report.paymentID = data?.paymentID
            if let status = data?.authorizationStatus {
                report.authorizationStatus = status
                // The `--json` report's `confirmed_by` value, a stable name that only the JSON prints.
                report.confirmedBy = "return data (unverified)"  // not shopper text
            }
            report.message =
                if let status = report.authorizationStatus {
                    text("cli.outcome.cameBackSaying", [("status", .text(status)), ("hint", .text(confirmHint))])
                } else {
                    text("cli.outcome.cameBack", [("hint", .text(confirmHint))])
                }
        case .canceled:
            report.outcome = .pending
            let why =
                switch presenter.ending {
                case .shopperPressedEnter: text("cli.outcome.pageLeft")
                case .interrupted: text("cli.outcome.pageInterrupted")
                default: text("cli.outcome.noReturn")
                }
            report.message = text("cli.outcome.pendingOnPage", [("why", .text(why)), ("hint", .text(confirmHint))])
        case .failed(let error):
            report.error = error
            switch error.code {
            case .validateFailed:
                report.outcome = .refused
                report.message = text("cli.outcome.refused", [("reason", .text(text.reason(error)))])
            case .networkError, .invalidResponse, .requestCancelled:
                // No readable answer to `/validate`: the payment may have gone through.
                report.outcome = .pending
                report.message = text(
                    "cli.outcome.noAnswer", [("reason", .text(text.reason(error))), ("hint", .text(confirmHint))])
            case .apiError where (error.httpStatus ?? 0) >= 500:
                report.outcome = .pending
                report.message = text(
                    "cli.outcome.serverFailed", [("reason", .text(text.reason(error))), ("hint", .text(confirmHint))])
            default:
                report.outcome = .failed
                report.message = text("cli.outcome.notPaid", [("reason", .text(text.reason(error)))])
            }
        }
    }

    /// The merchant backend's answer is the truth about the payment.
    private func apply(_ status: Confirmation, to report: inout CheckoutReport) {
        guard let authorization = status.authorization else {
            if report.outcome == .pending || report.outcome == .returned {
                report.message += text("cli.outcome.noPaymentKnown")
            }
            return
        }
        report.authorizationStatus = authorization
        // The `--json` report's `confirmed_by` value, a stable name that only the JSON prints.
        report.confirmedBy = "merchant backend"  // not shopper text
        report.paymentID = status.paymentID ?? report.paymentID
        switch authorization {
        case "AUTHORIZED":
            report.outcome = .paid
            report.message = text("cli.outcome.paid", [("amount", paidAmount(report))])
        case "REFUSED", "ABORTED":
            report.outcome = .refused
            if report.error == nil {
                report.message = text("cli.outcome.notPaidOnPage", [("status", .text(authorization.lowercased()))])
            }
        default:
            report.outcome = .pending
        }
        report.message += text(
            "cli.outcome.backendConfirms", [("session", .text(status.session)), ("status", .text(authorization))])
    }

    private func paidAmount(_ report: CheckoutReport) -> PurseMessage.Value {
        text.amount(report.amount ?? 0, currency: report.currency ?? "EUR")
    }

    func show(_ report: CheckoutReport) {
        if settings.json {
            screen.line(report.message)
            console.print(report.json.jsonText)
            return
        }
        screen.line("")
        let mark =
            switch report.outcome {
            case .paid, .returned: console.green("✓")
            case .pending: "…"
            default: console.red("✗")
            }
        screen.line("\(mark) \(report.message)")
        if let paymentID = report.paymentID {
            screen.line("  \(CheckoutText.padded(text("cli.outcome.paymentLabel"), 15)) \(paymentID)")
        }
        if let sessionID = report.sessionID {
            screen.line("  \(CheckoutText.padded(text("cli.outcome.sessionLabel"), 15)) \(sessionID)")
        }
    }
}
