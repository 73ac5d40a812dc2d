#if canImport(PassKit)
    import Foundation
    public import PassKit

    /// The Apple Pay sheet on iOS and macOS: `PKPaymentAuthorizationController`, which needs no view controller, so
    /// it works the same from SwiftUI and UIKit. Apple Pay elements use one by default.
    ///
    /// It only carries out what the SDK decided: the request (amounts, lines, networks, capabilities) comes built
    /// from the split, and each authorization's result (success, failure) comes from the checkout. Hide the Apple Pay
    /// method when ``canMakePayments(usingNetworks:)`` is false for its request's networks.
    ///
    /// ```swift
    /// let request = try element.applePayRequest()
    /// if PassKitApplePaySheet.canMakePayments(usingNetworks: request.supportedNetworks) {
    ///     ApplePayButton(element)          // or any button that calls element.submit()
    /// }
    /// ```
    @MainActor
    public final class PassKitApplePaySheet: NSObject, ApplePaySheet {
        private var controller: PKPaymentAuthorizationController?
        private var authorize: (@MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult)?
        private var finished: CheckedContinuation<ApplePaySheetEnd, Never>?

        /// A sheet; it shows one request at a time.
        override public init() { super.init() }

        /// Whether the device can pay with a card of one of `networks` (false without a card of these networks in
        /// Wallet, or when restrictions forbid payments). Networks PassKit has no constant for here are skipped.
        public static func canMakePayments(usingNetworks networks: [ApplePayNetwork]) -> Bool {
            PKPaymentAuthorizationController.canMakePayments(usingNetworks: networks.compactMap(\.passKitNetwork))
        }

        /// Whether the device supports Apple Pay at all (hardware and restrictions).
        public static func canMakePayments() -> Bool { PKPaymentAuthorizationController.canMakePayments() }

        /// Presents the sheet for `request` and relays each authorization to `authorize`.
        public func present(
            _ request: ApplePayPaymentRequest,
            authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
        ) async -> ApplePaySheetEnd {
            guard controller == nil else { return .notPresented }  // one sheet at a time
            let controller = PKPaymentAuthorizationController(paymentRequest: Self.paymentRequest(request))
            controller.delegate = self
            self.controller = controller
            self.authorize = authorize
            return await withCheckedContinuation { continuation in
                finished = continuation
                controller.present { [weak self] presented in
                    guard !presented else { return }
                    Task { @MainActor in self?.finish(.notPresented) }
                }
            }
        }

        private func finish(_ end: ApplePaySheetEnd) {
            let continuation = finished
            finished = nil
            controller = nil
            authorize = nil
            continuation?.resume(returning: end)
        }

        /// The PassKit request for the SDK's request, copied as it is.
        static func paymentRequest(_ request: ApplePayPaymentRequest) -> PKPaymentRequest {
            let payment = PKPaymentRequest()
            payment.merchantIdentifier = request.merchantIdentifier
            payment.countryCode = request.countryCode
            payment.currencyCode = request.currencyCode
            payment.supportedNetworks = request.supportedNetworks.compactMap(\.passKitNetwork)
            var capabilities = PKMerchantCapability()
            for capability in request.merchantCapabilities {
                if let known = capability.passKitCapability { capabilities.insert(known) }
            }
            payment.merchantCapabilities = capabilities
            payment.paymentSummaryItems = request.summaryItems.map {
                PKPaymentSummaryItem(label: $0.label, amount: NSDecimalNumber(decimal: $0.amount))
            }
            return payment
        }

        /// The SDK's view of an authorized payment.
        static func payment(_ payment: PKPayment) -> ApplePayPayment {
            let token = payment.token
            let method = token.paymentMethod
            let types: [(PKPaymentMethodType, String)] = [
                (.debit, "debit"), (.credit, "credit"), (.prepaid, "prepaid"), (.store, "store"), (.eMoney, "eMoney"),
            ]
            return ApplePayPayment(
                paymentData: token.paymentData, transactionIdentifier: token.transactionIdentifier,
                paymentMethod: ApplePayPaymentMethod(
                    network: method.network?.rawValue, type: types.first { $0.0 == method.type }?.1 ?? "unknown",
                    displayName: method.displayName))
        }
    }

    extension PassKitApplePaySheet: PKPaymentAuthorizationControllerDelegate {
        /// Relays the authorization to the checkout and shows its result on the sheet.
        public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment,
            handler completion: @escaping (PKPaymentAuthorizationResult) -> Void
        ) {
            let authorized = Self.payment(payment)
            guard let authorize else {
                completion(PKPaymentAuthorizationResult(status: .failure, errors: nil))
                return
            }
            Task {
                let result = await authorize(authorized)
                completion(PKPaymentAuthorizationResult(status: result.isSuccess ? .success : .failure, errors: nil))
            }
        }

        /// The sheet is done (paid, failed and closed, or cancelled): dismisses it.
        public func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss()
            finish(.dismissed)
        }
    }

    extension ApplePayNetwork {
        /// PassKit's constant for this network, or `nil` when the stand-ins have none: `JCB`, whose page was not
        /// found, so it is left off the sheet rather than typed from memory.
        var passKitNetwork: PKPaymentNetwork? {
            switch self {
            case .visa: return .visa
            case .masterCard: return .masterCard
            case .amex: return .amex
            case .cartesBancaires: return .cartesBancaires
            case .discover: return .discover
            case .maestro: return .maestro
            default: return nil
            }
        }
    }

    extension ApplePayMerchantCapability {
        var passKitCapability: PKMerchantCapability? {
            switch self {
            case .threeDSecure: return .threeDSecure
            case .emv: return .emv
            case .credit: return .credit
            case .debit: return .debit
            default: return nil
            }
        }
    }
#endif
