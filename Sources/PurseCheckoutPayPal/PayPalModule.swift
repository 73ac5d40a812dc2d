public import PurseHeadlessCheckout

/// Pays with PayPal (`paypal_wallet`): a saved PayPal account without an approval step, or a fresh PayPal
/// payment through PayPal's approval page.
///
/// | item | element | submit |
/// |---|---|---|
/// | saved account (``/PurseHeadlessCheckout/PaymentToken/isVaultedCard`` is false) | no UI, ready once prepared | `/init` with the token, then `/validate` with the token and the `/init` step id: captured, no approval page |
/// | ``/PurseHeadlessCheckout/PrimaryMethod`` | no UI, ready once prepared | `/init`, then `/validate` with its step id; the answer's approval page goes to the `RedirectPresenter` |
///
/// A saved PayPal account never shows a CVV field: it is not a card. An `/init` PayPal refuses is reported
/// as `VALIDATE_FAILED` with PayPal's status code in
/// ``/PurseHeadlessCheckout/PurseCheckoutError/serverCode``, before any `/validate`. Creating a PayPal token
/// from the app is not available: `registerMethod(_:registered:name:)` refuses PayPal with
/// `METHOD_NOT_REGISTERABLE`.
///
/// Register it with ``PurseCheckoutPayPal/register(on:)``.
public struct PayPalModule: PayPalPlugin {
    /// A PayPal plugin; register it with ``PurseCheckoutPayPal/register(on:)``.
    public init() {}

    /// `paypal`.
    public var name: String { "paypal" }
}

extension PayPalModule: ElementStrategyFactory {
    /// A saved account's strategy (no approval step), or a fresh payment's (approval page); `nil` for a card
    /// token routed here by mistake.
    package func makeStrategy(for item: PaymentItem, in session: ClientSession) -> (any ElementStrategy)? {
        switch item {
        case .paymentToken(let token): return token.isVaultedCard ? nil : PayPalSavedAccountStrategy(token: token)
        case .primaryMethod(let method): return PayPalApprovalStrategy(method: method)
        }
    }
}
