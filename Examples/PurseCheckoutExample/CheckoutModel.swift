import Foundation
import Observation
import PurseHeadlessCheckout

/// The screen's state and the calls into the checkout. Everything runs on the main actor, like the checkout.
@MainActor
@Observable
final class CheckoutModel {
    /// Where the payment pages send the shopper back: a universal link of the app's Associated Domain (only this
    /// app can receive it). Your backend puts the same URL in the client session's `shopper_redirection_url`.
    static let returnPolicy = RedirectPolicy(
        returnDestination: .universalLink(host: "checkout.example.com", path: "/return"))
    private static let snapshotKey = "purse.checkout.snapshot"

    /// Opens the payment and 3-D Secure pages; one presenter serves the whole checkout.
    @ObservationIgnored let presenter: (any RedirectPresenter)? = CheckoutModel.makePresenter()
    @ObservationIgnored private let backend: any MerchantBackend

    private(set) var checkout: PurseHeadlessCheckout?
    /// One element per payable item, created up front (creating one makes no network call).
    private(set) var elements: [String: PaymentElement] = [:]
    /// The item the shopper picked (``PaymentItem/id``).
    private(set) var selectedItemID: String?
    /// The last thing to tell the shopper.
    private(set) var message: String?

    /// `WebAuthRedirectPresenter` where UIKit is (iOS, iPadOS, Mac Catalyst, visionOS). The SDK has no presenter
    /// for AppKit: on macOS a redirection method's element reports that it needs one, and cards, saved cards, gift
    /// cards and Apple Pay work as everywhere.
    private static func makePresenter() -> (any RedirectPresenter)? {
        #if canImport(UIKit)
            return WebAuthRedirectPresenter(policy: returnPolicy)
        #else
            return nil
        #endif
    }

    init(backend: any MerchantBackend) {
        self.backend = backend
        restoreCheckout()
    }

    // MARK: - Opening, saving, restoring

    /// Opens a checkout on a new client session, unless one was restored.
    func start() async {
        guard checkout == nil else { return }
        do {
            let widgetData = try await backend.createClientSession()
            use(try await PurseHeadlessCheckout(widgetData: widgetData))
        } catch {
            show(error)
        }
    }

    /// Keeps a snapshot of the checkout (the session, the split, a submitted payment; never card data).
    func saveCheckout() {
        guard let checkout else { return }
        UserDefaults.standard.set(checkout.saveState().data, forKey: Self.snapshotKey)
    }

    /// Rebuilds the checkout saved before the app was terminated. A submitted payment stays submitted: the
    /// checkout refuses a second submit and names the session to confirm.
    private func restoreCheckout() {
        guard let data = UserDefaults.standard.data(forKey: Self.snapshotKey) else { return }
        do {
            let restored = try PurseHeadlessCheckout.restore(CheckoutSnapshot(data: data))
            use(restored)
            if let payment = restored.submittedPayment, payment.isPending {
                confirm(sessionID: payment.sessionID)
            }
        } catch {
            UserDefaults.standard.removeObject(forKey: Self.snapshotKey)  // unreadable, or from a newer SDK
            show(error)
        }
    }

    private func use(_ checkout: PurseHeadlessCheckout) {
        self.checkout = checkout
        let items =
            checkout.paymentMethods.map(PaymentItem.primaryMethod)
            + checkout.paymentTokens.map(PaymentItem.paymentToken)
        for item in items {
            elements[item.id] = checkout.paymentElement(for: item, redirect: presenter) { [weak self] outcome in
                self?.handle(outcome)
            }
        }
    }

    // MARK: - Paying

    /// Makes `item` the primary (it pays what the gift cards leave) and prepares its element: a card form is
    /// ready once its fields are valid, a saved card without CVV or a redirection method at once.
    func select(_ item: PaymentItem) {
        guard let checkout, let element = elements[item.id] else { return }
        do {
            switch item {
            case .primaryMethod(let method): try checkout.setPrimary(method)
            case .paymentToken(let token): try checkout.setPrimaryToken(token)
            }
        } catch {
            show(error)
            return
        }
        selectedItemID = item.id
        Task { await element.prepare() }
    }

    /// What a payment element's submit ended with.
    func handle(_ outcome: PaymentOutcome) {
        switch outcome {
        case .returnedFromRedirect:
            // Back from the bank's page: that is no proof of payment. Only your backend knows.
            message = "Payment pending: confirming with your backend…"
            confirmSubmittedPayment()
        case .completed(let result):
            message = "Payment sent (\(result.globalStatus)): confirming with your backend…"
            confirmSubmittedPayment()
        case .canceled:
            message = "You closed the payment page; choose how to pay again."
        case .failed(let error):
            show(error)
        }
    }

    /// When gift cards cover the whole amount there is no element to drive: submit the checkout itself.
    func payWithGiftCards() async {
        guard let checkout else { return }
        do {
            let result = try await checkout.submitPayment()
            handle(.completed(result))
        } catch {
            show(error)
        }
    }

    /// A URL the app was opened with (a universal link back from the bank's page, or any other link).
    func handleReturn(_ handling: ReturnURLHandling) {
        switch handling {
        case .completedPresentation:
            break  // the open page closes and the element reports `returnedFromRedirect`
        case .returnedToSubmittedPayment(let payment):
            message = "Payment pending: confirming with your backend…"
            confirm(sessionID: payment.sessionID)
        case .otherSession:
            break  // another order's return: this payment's page stays open
        case .nothingPending, .notAReturn:
            break  // a stale return, or another link of the app
        }
    }

    private func confirmSubmittedPayment() {
        guard let payment = checkout?.submittedPayment else { return }
        confirm(sessionID: payment.sessionID)
    }

    private func confirm(sessionID: String) {
        Task {
            do {
                let status = try await backend.paymentStatus(sessionID: sessionID)
                message = "Your backend reports the payment as \(status)."
            } catch {
                message = "Could not reach your backend; the payment is still pending."
            }
        }
    }

    // MARK: - Gift cards

    /// Reads the gift card's balance and applies it for as much as the order needs.
    func applyGiftCard(_ method: SecondaryMethod, number: String, pin: String) async {
        guard let checkout else { return }
        if let rules = checkout.secondaryConfig(for: method), rules.requiresCVV(pan: number), pin.isEmpty {
            message = "This gift card needs its PIN."
            return
        }
        do {
            let token = try await checkout.getSecondaryToken(method: method, pan: number, cvv: pin.isEmpty ? nil : pin)
            try checkout.applySecondary(token)
            message = "Gift card \(token.maskedPAN) applied."
        } catch {
            show(error)
        }
    }

    // MARK: - Errors

    /// Every SDK failure is a `PurseCheckoutError`: its code is stable, its message is for you (and safe to log).
    func show(_ error: any Error) {
        if let error = error as? PurseCheckoutError {
            message = "\(error.code): \(error.message)"
        } else {
            message = "Something went wrong (\(type(of: error)))."
        }
    }
}
