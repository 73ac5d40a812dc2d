import PurseHeadlessCheckout
import SwiftUI

/// The checkout screen: what the shopper can pay with, gift cards, the split and the Pay button.
struct CheckoutScreen: View {
    let model: CheckoutModel

    var body: some View {
        if let checkout = model.checkout {
            CheckoutForm(model: model, checkout: checkout)
                // Bank apps and browsers may send the shopper back through the universal link rather than to the
                // page the presenter watches: hand every URL the app opens to the checkout.
                .onOpenURL { url in
                    model.handleReturn(checkout.handleReturnURL(url, policy: CheckoutModel.returnPolicy))
                }
        } else {
            Text(model.message ?? "Opening the checkout…")
        }
    }
}

struct CheckoutForm: View {
    let model: CheckoutModel
    @ObservedObject var checkout: PurseHeadlessCheckout

    var body: some View {
        List {
            Section("Pay with") {
                ForEach(checkout.paymentMethods, id: \.id) { method in
                    Button(method.id) { model.select(.primaryMethod(method)) }
                }
            }
            // Saved cards and PayPal accounts are not in `paymentMethods`.
            if !checkout.paymentTokens.isEmpty {
                Section("Saved") {
                    ForEach(checkout.paymentTokens, id: \.id) { token in
                        Button(token.displayLabel) { model.select(.paymentToken(token)) }
                    }
                }
            }
            if let id = model.selectedItemID, let element = model.elements[id] {
                Section("Payment") {
                    PaymentSection(checkout: checkout, element: element)
                }
            }
            Section("Gift card") {
                GiftCardForm(model: model, checkout: checkout)
            }
            Section("Split") {
                ForEach(checkout.amountSplit, id: \.id) { entry in
                    Text("\(entry.id): \(formatted(entry.amount))")
                }
                Text("Left to pay: \(formatted(checkout.remainingAmountToPay))")
                // Gift cards covering everything: no primary element, submit the checkout directly.
                if checkout.primary == nil {
                    Button("Pay with gift cards") { Task { await model.payWithGiftCards() } }
                        .disabled(!checkout.isPaymentFulfilled || checkout.remainingAmountToPay != 0)
                }
            }
            if let message = model.message {
                Section { Text(message) }
            }
        }
    }

    private func formatted(_ amount: Decimal) -> String {
        amount.formatted(.currency(code: checkout.currency))
    }
}

/// The selected item: its fields (a card form, or a saved card's CVV) and the Pay button, as the SDK's guides show.
struct PaymentSection: View {
    @ObservedObject var checkout: PurseHeadlessCheckout
    @ObservedObject var element: PaymentElement

    var body: some View {
        VStack(spacing: 16) {
            if element.item.method == .applepay {
                // Apple Pay: the sheet shows what the gift cards leave (`element.applePayRequest()`); hidden when the
                // device cannot pay with these networks.
                if let request = try? element.applePayRequest(),
                    PassKitApplePaySheet.canMakePayments(usingNetworks: request.supportedNetworks)
                {
                    ApplePayButton(element)  // the outcome goes to CheckoutModel.handle(_:)
                }
            } else {
                if element.hasUI { PaymentElementView(element) }  // nothing for redirection methods and PayPal
                Button("Pay") { element.submit() }  // the outcome goes to CheckoutModel.handle(_:)
                    .disabled(!element.isReady || element.isSubmitting)
            }
        }
    }
}

/// A gift card's number and PIN. There is no payment element for gift cards: the app draws the fields.
struct GiftCardForm: View {
    let model: CheckoutModel
    @ObservedObject var checkout: PurseHeadlessCheckout
    @State private var number = ""
    @State private var pin = ""

    var body: some View {
        if let giftCard = checkout.secondaryMethods.first {
            TextField("Gift card number", text: $number)
            SecureField("PIN", text: $pin)
            Button("Apply") {
                Task { await model.applyGiftCard(giftCard, number: number, pin: pin) }
            }
            .disabled(number.isEmpty)
        } else {
            Text("This order takes no gift card.")
        }
    }
}
