import PurseHeadlessCheckout
import SwiftUI

/// A small checkout app on the headless checkout: the app draws every screen, the SDK runs the payment.
///
/// To run it, add this folder to an iOS 17 app target that links the `PurseHeadlessCheckout` product, replace
/// `DemoMerchantBackend`'s placeholder URL with your server, and declare the Associated Domains of the return
/// link (`applinks:checkout.example.com` and `webcredentials:checkout.example.com`, as
/// `PurseCheckoutExample.entitlements` does; see `CheckoutModel.returnPolicy`).
@main
struct PurseCheckoutExampleApp: App {
    /// The app's state: the checkout, its payment elements and what to tell the shopper. `@State` keeps one
    /// instance for the app's lifetime; it restores a checkout saved before the app was terminated.
    @State private var model = CheckoutModel(backend: DemoMerchantBackend())
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            CheckoutScreen(model: model)
                // Opens a new checkout when none was restored (widget data from your backend).
                .task { await model.start() }
                // iOS may end the app while the shopper is in a bank app: keep a snapshot (no card data in it).
                .onChange(of: scenePhase) {
                    if scenePhase == .background { model.saveCheckout() }
                }
        }
    }
}
