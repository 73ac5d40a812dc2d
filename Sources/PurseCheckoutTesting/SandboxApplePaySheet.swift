public import Foundation
public import PurseHeadlessCheckout
public import PurseSandbox

/// An Apple Pay "sheet" for tests, the command line and CI: there is no sheet off device, so it authorizes with the
/// sandbox's test tokens, step by step, as a shopper would on the real sheet.
///
/// ```swift
/// let element = checkout.paymentElement(for: .primaryMethod(applePay))
/// element.applePaySheet = SandboxApplePaySheet(steps: [.authorize(.approve)])
/// await element.prepare()
/// let outcome = await element.submitAndWait()      // .completed: AUTHORIZED at the sandbox
/// ```
///
/// Each presentation plays the whole script: `.authorize` hands the element one payment (after a failure the real
/// sheet lets the shopper try again, so the next `.authorize` is that retry; after a success the sheet closes and
/// the rest of the script is skipped); `.perform` runs app code while the sheet is open (apply a gift card, move a
/// clock). Then the sheet is dismissed. An empty script is a shopper who closes the sheet. `presents: false` is a
/// device that cannot show the sheet.
@MainActor
public final class SandboxApplePaySheet: ApplePaySheet {
    /// What the scripted shopper does while the sheet is open.
    public enum Step: Sendable {
        /// Authorizes with a sandbox test token.
        case authorize(SandboxApplePayTestToken)
        /// Authorizes with this payment data as it is (an invalid token, say).
        case authorizeData(Data)
        /// Runs this while the sheet is open, before the next step.
        case perform(@MainActor @Sendable () async -> Void)
    }

    private let steps: [Step]
    private let presents: Bool
    /// Every request the sheet was asked to show, in order.
    public private(set) var presentedRequests: [ApplePayPaymentRequest] = []
    /// What the sheet showed after each authorization, in order.
    public private(set) var results: [ApplePayAuthorizationResult] = []

    /// A sheet that plays `steps` each time it is presented; `presents: false` never shows it.
    public init(steps: [Step], presents: Bool = true) {
        self.steps = steps
        self.presents = presents
    }

    /// Plays the script against `authorize`, then reports the sheet dismissed.
    public func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
    ) async -> ApplePaySheetEnd {
        guard presents else { return .notPresented }
        presentedRequests.append(request)
        for step in steps {
            switch step {
            case .perform(let action):
                await action()
            case .authorize(let token):
                let result = await authorize(Self.payment(Self.paymentData(token), network: request))
                results.append(result)
                if result.isSuccess { return .dismissed }
            case .authorizeData(let data):
                let result = await authorize(Self.payment(data, network: request))
                results.append(result)
                if result.isSuccess { return .dismissed }
            }
        }
        return .dismissed
    }

    /// `{"sandbox": "<token>"}` as bytes: what the sandbox's `init-xpay` accepts as payment data.
    public static func paymentData(_ token: SandboxApplePayTestToken) -> Data {
        Data("{\"sandbox\":\"\(token.rawValue)\"}".utf8)
    }

    private static func payment(_ data: Data, network request: ApplePayPaymentRequest) -> ApplePayPayment {
        ApplePayPayment(
            paymentData: data, transactionIdentifier: "sandbox-" + UUID().uuidString,
            paymentMethod: ApplePayPaymentMethod(
                network: request.supportedNetworks.first?.rawValue ?? "visa", type: "debit",
                displayName: "Sandbox test card"))
    }
}
