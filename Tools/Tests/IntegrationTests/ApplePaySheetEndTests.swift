import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// The Apple Pay sheet ending while an authorization is still being paid: PassKit calls
/// `paymentAuthorizationControllerDidFinish` when the authorization takes too long, while the SDK's `init-xpay` and
/// `/validate` still run. The outcome is that payment's answer, never `canceled` (the shopper would pay again).
@MainActor
@Suite("Apple Pay: the sheet ending mid-authorization")
struct ApplePaySheetEndTests {
    @Test(
        "the sheet closing while /validate runs waits for it: completed when the gateway pays, failed when it refuses",
        arguments: [(SandboxApplePayTestToken.approve, true), (.decline, false)])
    func sheetEndsDuringValidate(token: SandboxApplePayTestToken, pays: Bool) async throws {
        let clock = TestClock()
        let harness = try Harness(.inProcess, clock: clock)
        let checkout = try await harness.openCheckout(amount: Decimal(string: "42.99")!, shopper: nil)
        let applePay = try #require(checkout.paymentMethods.first { $0.method == .applepay })
        let element = checkout.paymentElement(for: .primaryMethod(applePay))
        let sheet = TimingOutSheet(token: token, clock: clock)
        element.applePaySheet = sheet
        await element.prepare()
        try checkout.setPrimary(applePay)
        // /validate answers only when the test clock has moved 5 s: the sheet closes before that.
        harness.sandbox.faults.inject(.latency(.seconds(5), count: 1), on: .gatewayValidate)

        let outcome = await element.submitAndWait()

        #expect(sheet.endedBeforeTheAnswer)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 1)
        if pays {
            guard case .completed(let result) = outcome else {
                Issue.record("the payment went through, but the outcome is \(outcome)")
                return
            }
            #expect(result.globalStatus == .success)
            let payment = try #require(await harness.status(of: checkout)?.payment)
            #expect(payment.authorizationStatus == "AUTHORIZED")
        } else {
            guard case .failed(let error) = outcome else {
                Issue.record("the gateway refused, but the outcome is \(outcome)")
                return
            }
            #expect(error.code == .validateFailed)
        }
        #expect(outcome != .canceled)
    }
}

/// A sheet that behaves as PassKit does when an authorization outlasts its timeout: it hands the payment over
/// (`didAuthorizePayment`), then ends (`didFinish`) while the answer is still pending, once `/validate` is held by
/// the sandbox's latency on the test clock. It releases that latency only after it has ended, so the answer comes
/// strictly after the end.
@MainActor
final class TimingOutSheet: ApplePaySheet {
    private let token: SandboxApplePayTestToken
    private let clock: TestClock
    /// Whether the sheet had ended before the authorization it handed over answered.
    private(set) var endedBeforeTheAnswer = false
    private var answered = false

    init(token: SandboxApplePayTestToken, clock: TestClock) {
        self.token = token
        self.clock = clock
    }

    func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
    ) async -> ApplePaySheetEnd {
        let payment = ApplePayPayment(
            paymentData: SandboxApplePaySheet.paymentData(token), transactionIdentifier: "timing-out-sheet",
            paymentMethod: ApplePayPaymentMethod(network: "Visa", type: "debit", displayName: "Visa 0000"))
        Task {
            _ = await authorize(payment)
            self.answered = true
        }
        await clock.waitForSleeper(for: .seconds(5))  // /validate is under way, held by the latency
        endedBeforeTheAnswer = !answered
        // Runs once the element has taken the end (this task is queued behind it on the main actor).
        Task { await self.clock.advance(by: .seconds(5)) }
        return .dismissed
    }
}
