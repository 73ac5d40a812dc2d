#if canImport(PassKit)
    import Foundation
    public import PassKit

    #if canImport(UIKit)
        public import UIKit
    #elseif canImport(AppKit)
        public import AppKit
    #endif

    /// The Apple Pay sheet on iOS, macOS, Mac Catalyst and visionOS: `PKPaymentAuthorizationController`, which
    /// needs no view controller, so it works the same from SwiftUI, UIKit and AppKit. Apple Pay elements use one by
    /// default. It presents over ``presentingWindow``, else the app's key window.
    ///
    /// It only carries out what the SDK decided: the request (amounts, lines, networks, capabilities) comes built
    /// from the split, each authorization's result (success, failure) comes from the checkout, and each change of
    /// shipping contact, delivery choice or coupon code on the open sheet is answered by the checkout (the lines,
    /// total and delivery choices to show, or the errors). Hide the Apple Pay method when
    /// ``canMakePayments(usingNetworks:)`` is false for its request's networks.
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
        private var change: (@MainActor (ApplePaySheetChange) async -> ApplePaySheetAnswer)?
        private var finished: CheckedContinuation<ApplePaySheetEnd, Never>?

        #if canImport(UIKit)
            /// The window the sheet presents over; the app's key window when `nil`. Held weakly.
            public weak var presentingWindow: UIWindow?
        #elseif canImport(AppKit)
            /// The window the sheet presents over; the app's key window when `nil`. Held weakly.
            public weak var presentingWindow: NSWindow?
        #endif

        /// A sheet; it shows one request at a time.
        override public init() { super.init() }

        /// Whether the device can pay with a card of one of `networks` (false without a card of these networks in
        /// Wallet, or when restrictions forbid payments). Networks PassKit has no constant for here are skipped.
        public static func canMakePayments(usingNetworks networks: [ApplePayNetwork]) -> Bool {
            PKPaymentAuthorizationController.canMakePayments(usingNetworks: networks.compactMap(\.passKitNetwork))
        }

        /// Whether the device supports Apple Pay at all (hardware and restrictions).
        public static func canMakePayments() -> Bool { PKPaymentAuthorizationController.canMakePayments() }

        /// Presents the sheet for `request` and relays each authorization to `authorize`; the shopper's changes leave
        /// its lines, total and delivery choices as they are.
        public func present(
            _ request: ApplePayPaymentRequest,
            authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult
        ) async -> ApplePaySheetEnd {
            await present(request, authorize: authorize) { _ in ApplePaySheetAnswer(request: request, errors: []) }
        }

        /// Presents the sheet for `request`, relays each authorization to `authorize` and each change of shipping
        /// contact, delivery choice or coupon code to `change`, and shows its answer.
        public func present(
            _ request: ApplePayPaymentRequest,
            authorize: @escaping @MainActor (ApplePayPayment) async -> ApplePayAuthorizationResult,
            change: @escaping @MainActor (ApplePaySheetChange) async -> ApplePaySheetAnswer
        ) async -> ApplePaySheetEnd {
            guard controller == nil else { return .notPresented }  // one sheet at a time
            let controller = PKPaymentAuthorizationController(paymentRequest: Self.paymentRequest(request))
            controller.delegate = self
            self.controller = controller
            self.authorize = authorize
            self.change = change
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
            change = nil
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
            payment.paymentSummaryItems = summaryItems(request.summaryItems)
            apply(request.options, to: payment)
            return payment
        }

        /// The sheet's lines, copied as they are (the last is the total).
        static func summaryItems(_ items: [ApplePaySummaryItem]) -> [PKPaymentSummaryItem] {
            items.map { PKPaymentSummaryItem(label: $0.label, amount: NSDecimalNumber(decimal: $0.amount)) }
        }

        /// The delivery choices, copied as they are (the first is shown selected).
        static func shippingMethods(_ methods: [ApplePayShippingMethod]) -> [PKShippingMethod] {
            methods.map { method in
                let shipping = PKShippingMethod(label: method.label, amount: NSDecimalNumber(decimal: method.amount))
                shipping.identifier = method.identifier
                shipping.detail = method.detail
                return shipping
            }
        }

        /// The request options, copied as they are (checked by the core; amounts never touched).
        private static func apply(_ options: ApplePayRequestOptions, to payment: PKPaymentRequest) {
            payment.requiredBillingContactFields = Set(options.requiredBillingContactFields.map(\.passKitField))
            payment.requiredShippingContactFields = Set(options.requiredShippingContactFields.map(\.passKitField))
            payment.shippingType = options.shippingType.passKitType
            if !options.shippingMethods.isEmpty {
                payment.shippingMethods = shippingMethods(options.shippingMethods)
            }
            payment.supportsCouponCode = options.supportsCouponCode
            payment.couponCode = options.couponCode
            guard let token = options.merchantTokenRequest else { return }
            guard #available(iOS 16.0, macOS 13.0, *) else { return }  // no merchant tokens before: a plain payment
            switch token {
            case .recurring(let recurring):
                let billing = PKRecurringPaymentSummaryItem(
                    label: recurring.label, amount: NSDecimalNumber(decimal: recurring.amount))
                billing.intervalUnit = recurring.interval.calendarUnit
                billing.intervalCount = recurring.intervalCount
                billing.startDate = recurring.startDate
                billing.endDate = recurring.endDate
                let made = PKRecurringPaymentRequest(
                    paymentDescription: recurring.paymentDescription, regularBilling: billing,
                    managementURL: recurring.managementURL)
                made.billingAgreement = recurring.billingAgreement
                made.tokenNotificationURL = recurring.tokenNotificationURL
                payment.recurringPaymentRequest = made
            case .deferred(let deferred):
                guard #available(iOS 16.4, macOS 13.3, *) else { return }
                let billing = PKDeferredPaymentSummaryItem(
                    label: deferred.label, amount: NSDecimalNumber(decimal: deferred.amount))
                billing.deferredDate = deferred.deferredDate
                let made = PKDeferredPaymentRequest(
                    paymentDescription: deferred.paymentDescription, deferredBilling: billing,
                    managementURL: deferred.managementURL)
                made.billingAgreement = deferred.billingAgreement
                made.tokenNotificationURL = deferred.tokenNotificationURL
                made.freeCancellationDate = deferred.freeCancellationDate
                made.freeCancellationDateTimeZone = deferred.freeCancellationTimeZone
                payment.deferredPaymentRequest = made
            case .automaticReload(let reload):
                let billing = PKAutomaticReloadPaymentSummaryItem(
                    label: reload.label, amount: NSDecimalNumber(decimal: reload.amount))
                billing.thresholdAmount = NSDecimalNumber(decimal: reload.thresholdAmount)
                let made = PKAutomaticReloadPaymentRequest(
                    paymentDescription: reload.paymentDescription, automaticReloadBilling: billing,
                    managementURL: reload.managementURL)
                made.billingAgreement = reload.billingAgreement
                made.tokenNotificationURL = reload.tokenNotificationURL
                payment.automaticReloadPaymentRequest = made
            }
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
                    displayName: method.displayName),
                billingContact: contact(payment.billingContact), shippingContact: contact(payment.shippingContact),
                shippingMethod: payment.shippingMethod.map(shippingMethod))
        }

        /// The SDK's view of a contact PassKit gives (the shipping contact while the sheet is open: a partial address;
        /// the billing and shipping contacts of an authorization). Personal data: never logged.
        static func contact(_ contact: PKContact?) -> ApplePayContact? {
            guard let contact else { return nil }
            let address = contact.postalAddress.map { address in
                ApplePayPostalAddress(
                    street: address.street, subLocality: address.subLocality, city: address.city,
                    subAdministrativeArea: address.subAdministrativeArea, state: address.state,
                    postalCode: address.postalCode, country: address.country, isoCountryCode: address.isoCountryCode)
            }
            return ApplePayContact(
                givenName: contact.name?.givenName, familyName: contact.name?.familyName,
                emailAddress: contact.emailAddress, phoneNumber: contact.phoneNumber?.stringValue,
                postalAddress: address)
        }

        /// The SDK's view of a delivery choice the sheet reports (one of the request's, so its identifier is set).
        static func shippingMethod(_ method: PKShippingMethod) -> ApplePayShippingMethod {
            ApplePayShippingMethod(
                identifier: method.identifier ?? "", label: method.label, detail: method.detail,
                amount: method.amount.decimalValue)
        }

        /// PassKit's error for one the checkout answered: shown on the sheet, next to the field it names.
        static func error(_ error: ApplePaySheetError) -> any Error {
            switch error {
            case .shippingAddressUnserviceable(let message):
                return PKPaymentRequest.paymentShippingAddressUnserviceableError(withLocalizedDescription: message)
            case .shippingContactInvalid(let field, let message):
                return PKPaymentRequest.paymentContactInvalidError(
                    withContactField: field.passKitField, localizedDescription: message)
            case .billingContactInvalid(.postalAddress, let message):
                // The address as a whole: its first part, the street.
                return PKPaymentRequest.paymentBillingAddressInvalidError(
                    withKey: CNPostalAddressStreetKey, localizedDescription: message)
            case .billingContactInvalid(let field, let message):
                // PassKit's factories name the shipping contact for these fields; the billing contact's error is
                // written as PKError.h describes it: its code, and the field under the contact-field key.
                var details: [String: Any] = [
                    PKPaymentErrorKey.contactFieldUserInfoKey.rawValue: field.passKitField.rawValue
                ]
                if let message { details[NSLocalizedDescriptionKey] = message }
                return NSError(
                    domain: PKPaymentErrorDomain, code: PKPaymentError.Code.billingContactInvalidError.rawValue,
                    userInfo: details)
            case .couponCodeInvalid(let message):
                return PKPaymentRequest.paymentCouponCodeInvalidError(localizedDescription: message)
            case .couponCodeExpired(let message):
                return PKPaymentRequest.paymentCouponCodeExpiredError(localizedDescription: message)
            case .updateFailed(let failure):
                return NSError(
                    domain: PKPaymentErrorDomain, code: PKPaymentError.Code.unknownError.rawValue,
                    userInfo: [NSLocalizedDescriptionKey: failure.message])
            }
        }

        /// What the sheet shows after `changed`: the checkout's answer, in PassKit's terms.
        private func update(for changed: ApplePaySheetChange) async -> SheetUpdate {
            guard let change else {
                // No sheet under way (PassKit reports no change after its end): nothing to show.
                return SheetUpdate(
                    errors: [Self.error(.updateFailed(PurseCheckoutError(.unknownError, message: "no sheet")))],
                    items: [], methods: [])
            }
            let answer = await change(changed)
            return SheetUpdate(
                errors: answer.errors.map(Self.error), items: Self.summaryItems(answer.request.summaryItems),
                methods: Self.shippingMethods(answer.request.options.shippingMethods))
        }
    }

    /// One answer to a change on the open sheet, in PassKit's terms: what each of its updates carries.
    private struct SheetUpdate {
        let errors: [any Error]
        let items: [PKPaymentSummaryItem]
        let methods: [PKShippingMethod]
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
            // The element pays it to its answer even when the sheet finishes first (PassKit's authorization
            // timeout): the element's outcome is then that answer, and `completion` is a no-op on a closed sheet.
            Task {
                let result = await authorize(authorized)
                completion(PKPaymentAuthorizationResult(status: result.isSuccess ? .success : .failure, errors: nil))
            }
        }

        /// Relays the shopper's new shipping contact (a partial address) to the checkout and shows its answer.
        public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didSelectShippingContact contact: PKContact,
            handler completion: @escaping (PKPaymentRequestShippingContactUpdate) -> Void
        ) {
            let changed = ApplePaySheetChange.shippingContact(Self.contact(contact) ?? ApplePayContact())
            Task {
                let update = await update(for: changed)
                completion(
                    PKPaymentRequestShippingContactUpdate(
                        errors: update.errors, paymentSummaryItems: update.items, shippingMethods: update.methods))
            }
        }

        /// Relays the shopper's delivery choice to the checkout and shows its answer. PassKit's update of a delivery
        /// choice carries no errors: one the checkout gives shows as a failed update.
        public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didSelectShippingMethod shippingMethod: PKShippingMethod,
            handler completion: @escaping (PKPaymentRequestShippingMethodUpdate) -> Void
        ) {
            let changed = ApplePaySheetChange.shippingMethod(Self.shippingMethod(shippingMethod))
            Task {
                let update = await update(for: changed)
                let answer = PKPaymentRequestShippingMethodUpdate(paymentSummaryItems: update.items)
                answer.shippingMethods = update.methods
                answer.status = update.errors.isEmpty ? .success : .failure
                completion(answer)
            }
        }

        /// Relays the shopper's coupon code (trimmed; empty when cleared) to the checkout and shows its answer.
        public func paymentAuthorizationController(
            _ controller: PKPaymentAuthorizationController, didChangeCouponCode couponCode: String,
            handler completion: @escaping (PKPaymentRequestCouponCodeUpdate) -> Void
        ) {
            let changed = ApplePaySheetChange.couponCode(couponCode.trimmingCharacters(in: .whitespacesAndNewlines))
            Task {
                let update = await update(for: changed)
                completion(
                    PKPaymentRequestCouponCodeUpdate(
                        errors: update.errors, paymentSummaryItems: update.items, shippingMethods: update.methods))
            }
        }

        /// The sheet is done (paid, failed and closed, cancelled, or timed out during an authorization): dismisses
        /// it. An authorization still being paid goes on; the element reports its answer.
        public func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
            controller.dismiss()
            finish(.dismissed)
        }
    }

    #if canImport(UIKit)
        // Required on Mac Catalyst and visionOS, optional on iOS; PassKit asks for it on the main thread.
        extension PassKitApplePaySheet {
            /// The window the sheet presents over: ``presentingWindow``, else the app's key window (`nil`, letting
            /// PassKit choose, if asked off the main thread).
            public nonisolated func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow? {
                guard Thread.isMainThread else { return nil }
                return MainActor.assumeIsolated { presentingWindow ?? KeyWindow.current() }
            }
        }
    #elseif canImport(AppKit)
        // Required on macOS; PassKit asks for it on the main thread.
        extension PassKitApplePaySheet {
            /// The window the sheet presents over: ``presentingWindow``, else the app's key window (`nil`, letting
            /// PassKit choose, if asked off the main thread).
            public nonisolated func presentationWindow(for controller: PKPaymentAuthorizationController) -> NSWindow? {
                guard Thread.isMainThread else { return nil }
                return MainActor.assumeIsolated { presentingWindow ?? KeyWindow.current() }
            }
        }
    #endif

    extension ApplePayNetwork {
        /// PassKit's constant for this network, or `nil` for a network PassKit has no constant for here.
        var passKitNetwork: PKPaymentNetwork? {
            switch self {
            case .visa: return .visa
            case .masterCard: return .masterCard
            case .amex: return .amex
            case .cartesBancaires: return .cartesBancaires
            case .discover: return .discover
            case .maestro: return .maestro
            case .jcb: return .JCB
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

    extension ApplePayContactField {
        var passKitField: PKContactField {
            switch self {
            case .postalAddress: return .postalAddress
            case .emailAddress: return .emailAddress
            case .phoneNumber: return .phoneNumber
            case .name: return .name
            case .phoneticName: return .phoneticName
            }
        }
    }

    extension ApplePayShippingType {
        var passKitType: PKShippingType {
            switch self {
            case .shipping: return .shipping
            case .delivery: return .delivery
            case .storePickup: return .storePickup
            case .servicePickup: return .servicePickup
            }
        }
    }

    extension ApplePayRecurringInterval {
        var calendarUnit: NSCalendar.Unit {
            switch self {
            case .day: return .day
            case .week: return .weekOfYear
            case .month: return .month
            case .year: return .year
            }
        }
    }
#endif
