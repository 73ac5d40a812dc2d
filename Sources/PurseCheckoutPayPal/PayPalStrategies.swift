import PurseHeadlessCheckout

/// A saved PayPal account (billing agreement): `/init` with the token, then `/validate` with the token and the
/// step id. PayPal captures without an approval step, so nothing is presented.
@MainActor
final class PayPalSavedAccountStrategy: ElementStrategy {
    let token: PaymentToken
    var onInputChange: (@MainActor () -> Void)?

    init(token: PaymentToken) { self.token = token }

    var hasUI: Bool { false }
    var inputIsValid: Bool { true }
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        var item = ItemPayload(partner: token.partner, method: token.method, amount: amount)
        item.paymentData["token"] = .string(token.id)
        item.stepID = try await PayPalInit.run(item, context: context)
        return item
    }
}

/// A fresh PayPal payment: `/init`, then `/validate` with its step id; the answer asks for PayPal's approval
/// page, which the element hands to its `RedirectPresenter`.
@MainActor
final class PayPalApprovalStrategy: ElementStrategy {
    let method: PrimaryMethod
    var onInputChange: (@MainActor () -> Void)?

    init(method: PrimaryMethod) { self.method = method }

    var hasUI: Bool { false }
    var inputIsValid: Bool { true }
    func prepare(_ context: ElementContext) async throws(PurseCheckoutError) {}

    func primaryItem(amount: Int64, context: ElementContext) async throws(PurseCheckoutError) -> ItemPayload {
        var item = ItemPayload(partner: method.partner, method: method.method, amount: amount)
        item.stepID = try await PayPalInit.run(item, context: context)
        return item
    }
}

/// PayPal's `/init`: unlike the redirection plugin, the answer's status is read, and a refusal stops the
/// payment before `/validate`.
enum PayPalInit {
    /// Runs `/init` for `item` and returns the step id to send back at `/validate`.
    /// - Throws: `VALIDATE_FAILED` (with PayPal's code as `serverCode`) when PayPal refuses; `API_ERROR`,
    ///   `NETWORK_ERROR`, `INVALID_RESPONSE` from the call.
    static func run(_ item: ItemPayload, context: ElementContext) async throws(PurseCheckoutError) -> JSONValue? {
        let answer = try await context.initialize(item)
        guard answer.status.state == .success else {
            throw PurseCheckoutError(
                .validateFailed,
                message: "PayPal refused the payment at /init: \(answer.status.state) \(answer.status.code)",
                serverCode: answer.status.code, participant: item.partner.rawValue + "-" + item.method.rawValue)
        }
        return answer.stepID
    }
}
