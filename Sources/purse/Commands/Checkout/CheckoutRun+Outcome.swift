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
            report.message = "Not confirmed: nothing was charged."
            return report
        case .inputEnded(let question):
            report.outcome = .inputEnded
            report.message = "The input ended at “\(question)”: nothing was charged."
            return report
        case .cannotPay(let reason):
            report.outcome = .failed
            report.message = "Nothing was charged: \(reason)."
            return report
        case .submitted(let outcome):
            report.submitted = true
            read(outcome, into: &report, presenter: presenter)
        }
        if let confirm {
            do {
                let status = try await spinner.during("Confirming with the merchant backend") {
                    try await confirm(checkout.session.id)
                }
                apply(status, to: &report)
            } catch {
                report.message += " The merchant backend could not confirm it (\(error))."
            }
        }
        return report
    }

    private func read(
        _ outcome: PaymentOutcome, into report: inout CheckoutReport, presenter: TerminalRedirectPresenter
    ) {
        let confirmHint = "Confirm it on your backend: client session \(report.sessionID ?? "?")."
        switch outcome {
        case .completed(let result):
            report.globalStatus = result.globalStatus.rawValue
            if result.globalStatus == .success {
                report.outcome = .paid
                report.message =
                    "Paid \(CheckoutText.money(report.amount ?? 0, exponent: exponent(report))) \(report.currency ?? ""): "
                    + "/validate answered SUCCESS."
            } else {
                report.outcome = .pending
                report.message = "Sent: /validate answered \(result.globalStatus). \(confirmHint)"
            }
        case .returnedFromRedirect(let url):
            let data = CheckoutReport.returnData(url)
            report.outcome = .returned
            report.paymentID = data?.paymentID
            if let status = data?.authorizationStatus {
                report.authorizationStatus = status
                report.confirmedBy = "return data (unsigned)"
            }
            report.message =
                "The shopper came back from the page"
                + (report.authorizationStatus.map { "; its return data (unsigned, a hint only) says \($0)" } ?? "")
                + ". \(confirmHint)"
        case .canceled:
            report.outcome = .pending
            let why =
                switch presenter.ending {
                case .shopperPressedEnter: "the page was left without coming back here"
                case .interrupted: "waiting for the page was interrupted"
                default: "no return came from the page"
                }
            report.message = "Pending on its hosted page (\(why)). \(confirmHint)"
        case .failed(let error):
            report.error = error
            switch error.code {
            case .validateFailed:
                report.outcome = .refused
                report.message = "Refused: \(CheckoutText.reason(error))."
            case .networkError, .invalidResponse, .requestCancelled:
                // No readable answer to `/validate`: the payment may have gone through.
                report.outcome = .pending
                report.message =
                    "No answer to the payment (\(CheckoutText.reason(error))): it may have gone through. \(confirmHint)"
            case .apiError where (error.httpStatus ?? 0) >= 500:
                report.outcome = .pending
                report.message =
                    "The server failed (\(CheckoutText.reason(error))): the payment may have gone through. \(confirmHint)"
            default:
                report.outcome = .failed
                report.message = "Not paid: \(CheckoutText.reason(error))."
            }
        }
    }

    /// The merchant backend's answer is the truth about the payment.
    private func apply(_ status: Confirmation, to report: inout CheckoutReport) {
        guard let authorization = status.authorization else {
            if report.outcome == .pending || report.outcome == .returned {
                report.message += " The merchant backend knows no payment for this session."
            }
            return
        }
        report.authorizationStatus = authorization
        report.confirmedBy = "merchant backend"
        report.paymentID = status.paymentID ?? report.paymentID
        switch authorization {
        case "AUTHORIZED":
            report.outcome = .paid
            report.message =
                "Paid \(CheckoutText.money(report.amount ?? 0, exponent: exponent(report))) \(report.currency ?? "")."
        case "REFUSED", "ABORTED":
            report.outcome = .refused
            if report.error == nil {
                report.message = "Not paid: the payment was \(authorization.lowercased()) on its page."
            }
        default:
            report.outcome = .pending
        }
        report.message += " The merchant backend confirms: client session \(status.session), payment \(authorization)."
    }

    private func exponent(_ report: CheckoutReport) -> Int { Currency(code: report.currency ?? "EUR").exponent }

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
        if let paymentID = report.paymentID { screen.line("  payment         \(paymentID)") }
        if let sessionID = report.sessionID { screen.line("  client session  \(sessionID)") }
    }
}
