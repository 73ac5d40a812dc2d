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
/// clock); `.selectShippingContact`, `.selectShippingMethod` and `.enterCouponCode` are the shopper's changes, each
/// answered as PassKit would ask (the element's ``/PurseHeadlessCheckout/ApplePaySheetDelegate`` prices the sheet again) and recorded in
/// ``answers``; the sheet then shows the answer's lines, total and delivery choices. Then the sheet is dismissed.
/// An empty script is a shopper who closes the sheet. `presents: false` is a device that cannot show the sheet.
///
/// An authorization carries the shipping contact last selected, the billing contact given at creation and the
/// delivery choice the sheet shows as selected (the first of its shipping methods), as PassKit's `PKPayment` does.
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
        /// Picks or edits the shipping contact (PassKit hands a partial address while the sheet is open; the
        /// sandbox hands what it is given, and the authorization carries it whole).
        case selectShippingContact(ApplePayContact)
        /// Picks the delivery choice with this identifier among those the sheet shows.
        case selectShippingMethod(String)
        /// Types a coupon code (empty: clears it).
        case enterCouponCode(String)
    }

    private let steps: [Step]
    private let presents: Bool
    /// Every request the sheet was asked to show, in order.
    public private(set) var presentedRequests: [ApplePayPaymentRequest] = []
    /// What the sheet showed after each authorization, in order.
    public private(set) var results: [ApplePayAuthorizationResult] = []
    /// What the sheet showed after each change (its lines, total, delivery choices and errors), in order.
    public private(set) var answers: [ApplePaySheetAnswer] = []
    /// The billing contact each authorization carries.
    private let billingContact: ApplePayContact?

    /// A sheet that plays `steps` each time it is presented; `presents: false` never shows it. Authorizations carry
    /// `billingContact`.
    public init(steps: [Step], presents: Bool = true, billingContact: ApplePayContact? = nil) {
        self.steps = steps
        self.presents = presents
        self.billingContact = billingContact
    }

    /// Plays the script against `authorize`; changes leave the sheet as it is. Then reports the sheet dismissed.
    public func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
    ) async -> ApplePaySheetEnd {
        await present(request, authorize: authorize) { _ in ApplePaySheetAnswer(request: request, errors: []) }
    }

    /// Plays the script against `authorize` and `change`, showing each change's answer, then reports the sheet
    /// dismissed.
    public func present(
        _ request: ApplePayPaymentRequest,
        authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult,
        change: @escaping @MainActor (ApplePaySheetChange) async -> ApplePaySheetAnswer
    ) async -> ApplePaySheetEnd {
        guard presents else { return .notPresented }
        presentedRequests.append(request)
        var shown = request
        var shippingContact: ApplePayContact?
        for step in steps {
            switch step {
            case .perform(let action):
                await action()
            case .authorize(let token):
                let payment = payment(Self.paymentData(token), shown: shown, shippingContact: shippingContact)
                let result = await authorize(payment)
                results.append(result)
                if result.isSuccess { return .dismissed }
            case .authorizeData(let data):
                let result = await authorize(payment(data, shown: shown, shippingContact: shippingContact))
                results.append(result)
                if result.isSuccess { return .dismissed }
            case .selectShippingContact(let contact):
                shippingContact = contact
                shown = await answer(change(.shippingContact(contact)))
            case .selectShippingMethod(let identifier):
                guard let method = shown.options.shippingMethods.first(where: { $0.identifier == identifier }) else {
                    continue  // not on the sheet: the shopper cannot pick it
                }
                shown = await answer(change(.shippingMethod(method)))
            case .enterCouponCode(let code):
                shown = await answer(change(.couponCode(code.trimmingCharacters(in: .whitespacesAndNewlines))))
            }
        }
        return .dismissed
    }

    /// Records `answer` and returns what the sheet shows next.
    private func answer(_ answer: ApplePaySheetAnswer) -> ApplePayPaymentRequest {
        answers.append(answer)
        return answer.request
    }

    private func payment(
        _ data: Data, shown: ApplePayPaymentRequest, shippingContact: ApplePayContact?
    ) -> ApplePayPayment {
        ApplePayPayment(
            paymentData: data, transactionIdentifier: "sandbox-" + UUID().uuidString,
            paymentMethod: ApplePayPaymentMethod(
                network: shown.supportedNetworks.first?.rawValue ?? "visa", type: "debit",
                displayName: "Sandbox test card"),
            billingContact: billingContact, shippingContact: shippingContact,
            shippingMethod: shown.options.shippingMethods.first)
    }

    /// `{"sandbox": "<token>"}` as bytes: what the sandbox's `init-xpay` accepts as payment data.
    public static func paymentData(_ token: SandboxApplePayTestToken) -> Data {
        Data("{\"sandbox\":\"\(token.rawValue)\"}".utf8)
    }

}
