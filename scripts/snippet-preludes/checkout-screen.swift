// The app's own checkout screen, as the scene snippets (ApplePlatforms.md, RedirectionMethods.md) name it.
struct CheckoutScreen: View {
    let checkout: PurseHeadlessCheckout
    var presenter: WebAuthRedirectPresenter? = nil

    var body: some View { Text("Pay \(checkout.remainingAmountToPay)") }
}
