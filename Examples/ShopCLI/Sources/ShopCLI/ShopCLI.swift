import Foundation
import PurseCheckoutTesting
import PurseHeadlessCheckout
import PurseSandbox

/// Pays one order end to end on the in-process sandbox, as a CI job would: a gift card, then a cart change, then the
/// rest with a card that asks for 3-D Secure, approved by a scripted shopper. Prints each step and the outcome as the
/// merchant backend sees it; exits 0 when the payment is authorized, 1 otherwise.
///
/// No network, no browser, no real card: the sandbox is a simulation of Purse's APIs inside this process.
@main
struct ShopCLI {
    @MainActor
    static func main() async {
        do {
            let status = try await payOneOrder()
            print("backend: the payment is \(status)")
            exit(status == "AUTHORIZED" ? 0 : 1)
        } catch let error as PurseCheckoutError {
            print("failed: \(error.code.rawValue): \(error.message)")
            exit(1)
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    @MainActor
    static func payOneOrder() async throws -> String {
        let sandbox = try PurseSandbox()
        let catalogue = SandboxCatalogue.standard
        guard let giftCard = catalogue.giftCard("illicado-50"), let card = catalogue.testCard("visa-3ds") else {
            throw ShopError("the sandbox's catalogue has no illicado-50 or visa-3ds")
        }

        // 1. The backend creates a client session for 80.00 EUR; the checkout opens on it. With the sandbox's status
        //    provider, the checkout confirms each hosted page's outcome as a merchant backend would.
        let checkout = try await sandbox.openCheckout(
            amount: 80, shopper: nil,
            configuration: PurseCheckoutConfiguration(
                paymentStatusProvider: SandboxPaymentStatusProvider(sandbox: sandbox)))
        print("opened: session \(checkout.session.id), \(money(checkout.amount, checkout))")

        // 2. A gift card of 50.00: its balance is read, and it pays what it can.
        guard let illicado = checkout.secondaryMethods.first(where: { $0.id == "illicado-giftcard" }) else {
            throw ShopError("the session offers no Illicado gift card")
        }
        let token = try await checkout.getSecondaryToken(method: illicado, pan: giftCard.pan, cvv: giftCard.pin)
        try checkout.applySecondary(token)
        let covered = checkout.amount - checkout.remainingAmountToPay
        print(
            "gift card \(token.maskedPAN): pays \(money(covered, checkout)), \(money(checkout.remainingAmountToPay, checkout)) left"
        )

        // 3. The cart changes to 95.00 EUR: a new client session, and the checkout moves onto it, keeping the gift card.
        let bigger = try sandbox.createClientSession(amount: 95, shopper: nil)
        let update = try await checkout.updateSession(widgetData: bigger.widgetData)
        for message in update.localizedMessages() {
            print("cart changed: \(checkout.localizer.string(message))")
        }

        // 4. The rest with a card that asks for 3-D Secure; the scripted shopper approves the challenge.
        guard let method = checkout.paymentMethods.first(where: { $0.id == "payzen-creditcard" }) else {
            throw ShopError("the session offers no card payment")
        }
        try checkout.setPrimary(method)
        let element = checkout.paymentElement(
            for: .primaryMethod(method), redirect: ScriptedRedirectPresenter(sandbox: sandbox, steps: [.approve]))
        await element.prepare()
        guard let form = element.cardForm else { throw ShopError("the card method has no card form") }
        form.testingFields.pan = card.pan
        form.expiry = "12/34"
        form.testingFields.cvv = card.cvv
        form.holderName = "Camille Martin"
        let outcome = await element.submitAndWait()
        switch outcome {
        case .completed(let result): print("paid at once: \(result.globalStatus)")
        case .returnedFromRedirect: print("3-D Secure: the shopper approved and came back")
        case .canceled: print("the shopper canceled")
        case .failed(let error): print("refused: \(error.code.rawValue) \(error.serverCode ?? "")")
        }

        // 5. What the merchant backend reads: the only proof of payment.
        let payment = sandbox.clientSessionStatus(id: checkout.session.id)?.payment
        return payment?.authorizationStatus ?? "missing"
    }
}

/// `amount` with its currency's decimals and code (`80.00 EUR`), exact: never through `Double`.
@MainActor
func money(_ amount: Decimal, _ checkout: PurseHeadlessCheckout) -> String {
    let currency = checkout.session.currency
    return amount.formatted(.number.precision(.fractionLength(currency.exponent)).locale(Locale(identifier: "en")))
        + " " + currency.code
}

/// A step of the example that could not run.
struct ShopError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
