// Every public type of the module is also a member of the class `PurseHeadlessCheckout`, so that an app can write
// `PurseHeadlessCheckout.Currency` where its own module declares a `Currency`. The module name cannot qualify
// these names: inside an app, `PurseHeadlessCheckout` is the class, whose members are looked up instead.
//
// A member alias cannot name its type directly (inside the extension, `Currency` is the alias itself), so it goes
// through `_PurseHeadlessCheckoutTypes`, whose underscored aliases are looked up at file scope. `QualifiedTypeNamesTests`
// fails when a public top-level type of the module has no alias here.

/// The module's public types under underscored names, for the member aliases of ``PurseHeadlessCheckout``.
/// Not for apps: write `PurseHeadlessCheckout.Currency`, or `Currency` where nothing else is named so.
@_documentation(visibility: internal)
public enum _PurseHeadlessCheckoutTypes {
    public typealias _APIRoots = APIRoots
    public typealias _AmountSplitEntry = AmountSplitEntry
    public typealias _AppDrawnCVVField = AppDrawnCVVField
    public typealias _AppDrawnCardFields = AppDrawnCardFields
    public typealias _ApplePayAuthorizationResult = ApplePayAuthorizationResult
    public typealias _ApplePayAutomaticReload = ApplePayAutomaticReload
    public typealias _ApplePayButtonAppearance = ApplePayButtonAppearance
    public typealias _ApplePayButtonStyle = ApplePayButtonStyle
    public typealias _ApplePayButtonType = ApplePayButtonType
    public typealias _ApplePayConfiguration = ApplePayConfiguration
    public typealias _ApplePayContact = ApplePayContact
    public typealias _ApplePayContactField = ApplePayContactField
    public typealias _ApplePayDeferredPayment = ApplePayDeferredPayment
    public typealias _ApplePayMerchantCapability = ApplePayMerchantCapability
    public typealias _ApplePayMerchantTokenRequest = ApplePayMerchantTokenRequest
    public typealias _ApplePayModule = ApplePayModule
    public typealias _ApplePayNetwork = ApplePayNetwork
    public typealias _ApplePayPayment = ApplePayPayment
    public typealias _ApplePayPaymentMethod = ApplePayPaymentMethod
    public typealias _ApplePayPaymentRequest = ApplePayPaymentRequest
    public typealias _ApplePayPlugin = ApplePayPlugin
    public typealias _ApplePayPostalAddress = ApplePayPostalAddress
    public typealias _ApplePayRecurringInterval = ApplePayRecurringInterval
    public typealias _ApplePayRecurringPayment = ApplePayRecurringPayment
    public typealias _ApplePayRequestOptions = ApplePayRequestOptions
    public typealias _ApplePaySheet = ApplePaySheet
    public typealias _ApplePaySheetAnswer = ApplePaySheetAnswer
    public typealias _ApplePaySheetChange = ApplePaySheetChange
    public typealias _ApplePaySheetDelegate = ApplePaySheetDelegate
    public typealias _ApplePaySheetEnd = ApplePaySheetEnd
    public typealias _ApplePaySheetError = ApplePaySheetError
    public typealias _ApplePaySheetUpdate = ApplePaySheetUpdate
    public typealias _ApplePayShippingMethod = ApplePayShippingMethod
    public typealias _ApplePayShippingType = ApplePayShippingType
    public typealias _ApplePayShopperDetails = ApplePayShopperDetails
    public typealias _ApplePaySummaryItem = ApplePaySummaryItem
    public typealias _Availability = Availability
    public typealias _CVVField = CVVField
    public typealias _CardBrand = CardBrand
    public typealias _CardBrandSource = CardBrandSource
    public typealias _CardField = CardField
    public typealias _CardFieldAppearance = CardFieldAppearance
    public typealias _CardFieldError = CardFieldError
    public typealias _CardFieldOwnership = CardFieldOwnership
    public typealias _CardFieldState = CardFieldState
    public typealias _CardForm = CardForm
    public typealias _CardModule = CardModule
    public typealias _CardPlugin = CardPlugin
    public typealias _CheckoutSnapshot = CheckoutSnapshot
    public typealias _ClientSession = ClientSession
    public typealias _Currency = Currency
    public typealias _DisabledState = DisabledState
    public typealias _HTTPRequest = HTTPRequest
    public typealias _HTTPResponse = HTTPResponse
    public typealias _HTTPTransport = HTTPTransport
    public typealias _InitData = InitData
    public typealias _JSONParseError = JSONParseError
    public typealias _JSONValue = JSONValue
    public typealias _LegacyPaymentSession = LegacyPaymentSession
    public typealias _LoanInstallment = LoanInstallment
    public typealias _LoanSimulation = LoanSimulation
    public typealias _LoanSimulationBasis = LoanSimulationBasis
    public typealias _MethodConfiguration = MethodConfiguration
    public typealias _Partner = Partner
    public typealias _PayPalPlugin = PayPalPlugin
    public typealias _PaymentConfirmationPolicy = PaymentConfirmationPolicy
    public typealias _PaymentElement = PaymentElement
    public typealias _PaymentElementListener = PaymentElementListener
    public typealias _PaymentItem = PaymentItem
    public typealias _PaymentMethodType = PaymentMethodType
    public typealias _PaymentOutcome = PaymentOutcome
    public typealias _PaymentPlugin = PaymentPlugin
    public typealias _PaymentStatus = PaymentStatus
    public typealias _PaymentStatusProvider = PaymentStatusProvider
    public typealias _PaymentStatusReport = PaymentStatusReport
    public typealias _PaymentToken = PaymentToken
    public typealias _PaymentTokenSource = PaymentTokenSource
    public typealias _PendingPage = PendingPage
    public typealias _PluginRegistry = PluginRegistry
    public typealias _PrimaryMethod = PrimaryMethod
    public typealias _PurseAnnouncement = PurseAnnouncement
    public typealias _PurseCheckoutConfiguration = PurseCheckoutConfiguration
    public typealias _PurseCheckoutError = PurseCheckoutError
    public typealias _PurseCheckoutHooks = PurseCheckoutHooks
    public typealias _PurseEnvironment = PurseEnvironment
    public typealias _PurseLocalizer = PurseLocalizer
    public typealias _PurseLogEntry = PurseLogEntry
    public typealias _PurseMessage = PurseMessage
    public typealias _RedirectAction = RedirectAction
    public typealias _RedirectPolicy = RedirectPolicy
    public typealias _RedirectPresentationResult = RedirectPresentationResult
    public typealias _RedirectPresenter = RedirectPresenter
    public typealias _RedirectRefusal = RedirectRefusal
    public typealias _RedirectReturnClassification = RedirectReturnClassification
    public typealias _RedirectionData = RedirectionData
    public typealias _RedirectionModule = RedirectionModule
    public typealias _RedirectionPlugin = RedirectionPlugin
    public typealias _ReturnURLHandling = ReturnURLHandling
    public typealias _SavedSecondaryToken = SavedSecondaryToken
    public typealias _SchemeAsset = SchemeAsset
    public typealias _SecondaryConfig = SecondaryConfig
    public typealias _SecondaryConfigs = SecondaryConfigs
    public typealias _SecondaryHeadroom = SecondaryHeadroom
    public typealias _SecondaryMethod = SecondaryMethod
    public typealias _SecondaryModule = SecondaryModule
    public typealias _SecondaryPlugin = SecondaryPlugin
    public typealias _SecondaryRegistration = SecondaryRegistration
    public typealias _SecondaryShareUpdate = SecondaryShareUpdate
    public typealias _SecondaryTakePolicy = SecondaryTakePolicy
    public typealias _SecondaryToken = SecondaryToken
    public typealias _SecondaryTokenDetails = SecondaryTokenDetails
    public typealias _SessionDecoder = SessionDecoder
    public typealias _SessionProtocol = SessionProtocol
    public typealias _SessionState = SessionState
    public typealias _SessionUpdate = SessionUpdate
    public typealias _StatusState = StatusState
    public typealias _SubmittedPayment = SubmittedPayment
    public typealias _TransactionStatus = TransactionStatus
    public typealias _TransportError = TransportError
    public typealias _URLSessionTransport = URLSessionTransport
    public typealias _UnavailableReason = UnavailableReason
    public typealias _ValidationResult = ValidationResult
    public typealias _VaultConfiguration = VaultConfiguration
    public typealias _WalletSession = WalletSession
    #if canImport(AuthenticationServices) && canImport(UIKit) && canImport(WebKit)
        public typealias _WebAuthRedirectPresenter = WebAuthRedirectPresenter
    #endif
    #if canImport(PassKit)
        public typealias _PassKitApplePaySheet = PassKitApplePaySheet
    #endif
    #if canImport(PassKit) && canImport(SwiftUI)
        public typealias _ApplePayButton = ApplePayButton
    #endif
    #if canImport(SwiftUI)
        public typealias _CVVFieldView = CVVFieldView
        public typealias _CardFieldView = CardFieldView
        public typealias _PaymentElementView = PaymentElementView
    #endif
    #if canImport(UIKit)
        public typealias _CVVFieldUIView = CVVFieldUIView
        public typealias _CardFieldUIView = CardFieldUIView
        public typealias _PaymentElementUIView = PaymentElementUIView
    #endif
}

/// Every public type of the module as a member of the class, so that an app with a type of the same name
/// (`Currency`, `HTTPRequest`, `Partner`, `CardBrand` …) writes `PurseHeadlessCheckout.Currency` for the SDK's.
@_documentation(visibility: internal)
extension PurseHeadlessCheckout {
    public typealias APIRoots = _PurseHeadlessCheckoutTypes._APIRoots
    public typealias AmountSplitEntry = _PurseHeadlessCheckoutTypes._AmountSplitEntry
    public typealias AppDrawnCVVField = _PurseHeadlessCheckoutTypes._AppDrawnCVVField
    public typealias AppDrawnCardFields = _PurseHeadlessCheckoutTypes._AppDrawnCardFields
    public typealias ApplePayAuthorizationResult = _PurseHeadlessCheckoutTypes._ApplePayAuthorizationResult
    public typealias ApplePayAutomaticReload = _PurseHeadlessCheckoutTypes._ApplePayAutomaticReload
    public typealias ApplePayButtonAppearance = _PurseHeadlessCheckoutTypes._ApplePayButtonAppearance
    public typealias ApplePayButtonStyle = _PurseHeadlessCheckoutTypes._ApplePayButtonStyle
    public typealias ApplePayButtonType = _PurseHeadlessCheckoutTypes._ApplePayButtonType
    public typealias ApplePayConfiguration = _PurseHeadlessCheckoutTypes._ApplePayConfiguration
    public typealias ApplePayContact = _PurseHeadlessCheckoutTypes._ApplePayContact
    public typealias ApplePayContactField = _PurseHeadlessCheckoutTypes._ApplePayContactField
    public typealias ApplePayDeferredPayment = _PurseHeadlessCheckoutTypes._ApplePayDeferredPayment
    public typealias ApplePayMerchantCapability = _PurseHeadlessCheckoutTypes._ApplePayMerchantCapability
    public typealias ApplePayMerchantTokenRequest = _PurseHeadlessCheckoutTypes._ApplePayMerchantTokenRequest
    public typealias ApplePayModule = _PurseHeadlessCheckoutTypes._ApplePayModule
    public typealias ApplePayNetwork = _PurseHeadlessCheckoutTypes._ApplePayNetwork
    public typealias ApplePayPayment = _PurseHeadlessCheckoutTypes._ApplePayPayment
    public typealias ApplePayPaymentMethod = _PurseHeadlessCheckoutTypes._ApplePayPaymentMethod
    public typealias ApplePayPaymentRequest = _PurseHeadlessCheckoutTypes._ApplePayPaymentRequest
    public typealias ApplePayPlugin = _PurseHeadlessCheckoutTypes._ApplePayPlugin
    public typealias ApplePayPostalAddress = _PurseHeadlessCheckoutTypes._ApplePayPostalAddress
    public typealias ApplePayRecurringInterval = _PurseHeadlessCheckoutTypes._ApplePayRecurringInterval
    public typealias ApplePayRecurringPayment = _PurseHeadlessCheckoutTypes._ApplePayRecurringPayment
    public typealias ApplePayRequestOptions = _PurseHeadlessCheckoutTypes._ApplePayRequestOptions
    public typealias ApplePaySheet = _PurseHeadlessCheckoutTypes._ApplePaySheet
    public typealias ApplePaySheetAnswer = _PurseHeadlessCheckoutTypes._ApplePaySheetAnswer
    public typealias ApplePaySheetChange = _PurseHeadlessCheckoutTypes._ApplePaySheetChange
    public typealias ApplePaySheetDelegate = _PurseHeadlessCheckoutTypes._ApplePaySheetDelegate
    public typealias ApplePaySheetEnd = _PurseHeadlessCheckoutTypes._ApplePaySheetEnd
    public typealias ApplePaySheetError = _PurseHeadlessCheckoutTypes._ApplePaySheetError
    public typealias ApplePaySheetUpdate = _PurseHeadlessCheckoutTypes._ApplePaySheetUpdate
    public typealias ApplePayShippingMethod = _PurseHeadlessCheckoutTypes._ApplePayShippingMethod
    public typealias ApplePayShippingType = _PurseHeadlessCheckoutTypes._ApplePayShippingType
    public typealias ApplePayShopperDetails = _PurseHeadlessCheckoutTypes._ApplePayShopperDetails
    public typealias ApplePaySummaryItem = _PurseHeadlessCheckoutTypes._ApplePaySummaryItem
    public typealias Availability = _PurseHeadlessCheckoutTypes._Availability
    public typealias CVVField = _PurseHeadlessCheckoutTypes._CVVField
    public typealias CardBrand = _PurseHeadlessCheckoutTypes._CardBrand
    public typealias CardBrandSource = _PurseHeadlessCheckoutTypes._CardBrandSource
    public typealias CardField = _PurseHeadlessCheckoutTypes._CardField
    public typealias CardFieldAppearance = _PurseHeadlessCheckoutTypes._CardFieldAppearance
    public typealias CardFieldError = _PurseHeadlessCheckoutTypes._CardFieldError
    public typealias CardFieldOwnership = _PurseHeadlessCheckoutTypes._CardFieldOwnership
    public typealias CardFieldState = _PurseHeadlessCheckoutTypes._CardFieldState
    public typealias CardForm = _PurseHeadlessCheckoutTypes._CardForm
    public typealias CardModule = _PurseHeadlessCheckoutTypes._CardModule
    public typealias CardPlugin = _PurseHeadlessCheckoutTypes._CardPlugin
    public typealias CheckoutSnapshot = _PurseHeadlessCheckoutTypes._CheckoutSnapshot
    public typealias ClientSession = _PurseHeadlessCheckoutTypes._ClientSession
    public typealias Currency = _PurseHeadlessCheckoutTypes._Currency
    public typealias DisabledState = _PurseHeadlessCheckoutTypes._DisabledState
    public typealias HTTPRequest = _PurseHeadlessCheckoutTypes._HTTPRequest
    public typealias HTTPResponse = _PurseHeadlessCheckoutTypes._HTTPResponse
    public typealias HTTPTransport = _PurseHeadlessCheckoutTypes._HTTPTransport
    public typealias InitData = _PurseHeadlessCheckoutTypes._InitData
    public typealias JSONParseError = _PurseHeadlessCheckoutTypes._JSONParseError
    public typealias JSONValue = _PurseHeadlessCheckoutTypes._JSONValue
    public typealias LegacyPaymentSession = _PurseHeadlessCheckoutTypes._LegacyPaymentSession
    public typealias LoanInstallment = _PurseHeadlessCheckoutTypes._LoanInstallment
    public typealias LoanSimulation = _PurseHeadlessCheckoutTypes._LoanSimulation
    public typealias LoanSimulationBasis = _PurseHeadlessCheckoutTypes._LoanSimulationBasis
    public typealias MethodConfiguration = _PurseHeadlessCheckoutTypes._MethodConfiguration
    public typealias Partner = _PurseHeadlessCheckoutTypes._Partner
    public typealias PayPalPlugin = _PurseHeadlessCheckoutTypes._PayPalPlugin
    public typealias PaymentConfirmationPolicy = _PurseHeadlessCheckoutTypes._PaymentConfirmationPolicy
    public typealias PaymentElement = _PurseHeadlessCheckoutTypes._PaymentElement
    public typealias PaymentElementListener = _PurseHeadlessCheckoutTypes._PaymentElementListener
    public typealias PaymentItem = _PurseHeadlessCheckoutTypes._PaymentItem
    public typealias PaymentMethodType = _PurseHeadlessCheckoutTypes._PaymentMethodType
    public typealias PaymentOutcome = _PurseHeadlessCheckoutTypes._PaymentOutcome
    public typealias PaymentPlugin = _PurseHeadlessCheckoutTypes._PaymentPlugin
    public typealias PaymentStatus = _PurseHeadlessCheckoutTypes._PaymentStatus
    public typealias PaymentStatusProvider = _PurseHeadlessCheckoutTypes._PaymentStatusProvider
    public typealias PaymentStatusReport = _PurseHeadlessCheckoutTypes._PaymentStatusReport
    public typealias PaymentToken = _PurseHeadlessCheckoutTypes._PaymentToken
    public typealias PaymentTokenSource = _PurseHeadlessCheckoutTypes._PaymentTokenSource
    public typealias PendingPage = _PurseHeadlessCheckoutTypes._PendingPage
    public typealias PluginRegistry = _PurseHeadlessCheckoutTypes._PluginRegistry
    public typealias PrimaryMethod = _PurseHeadlessCheckoutTypes._PrimaryMethod
    public typealias PurseAnnouncement = _PurseHeadlessCheckoutTypes._PurseAnnouncement
    public typealias PurseCheckoutConfiguration = _PurseHeadlessCheckoutTypes._PurseCheckoutConfiguration
    public typealias PurseCheckoutError = _PurseHeadlessCheckoutTypes._PurseCheckoutError
    public typealias PurseCheckoutHooks = _PurseHeadlessCheckoutTypes._PurseCheckoutHooks
    public typealias PurseEnvironment = _PurseHeadlessCheckoutTypes._PurseEnvironment
    public typealias PurseLocalizer = _PurseHeadlessCheckoutTypes._PurseLocalizer
    public typealias PurseLogEntry = _PurseHeadlessCheckoutTypes._PurseLogEntry
    public typealias PurseMessage = _PurseHeadlessCheckoutTypes._PurseMessage
    public typealias RedirectAction = _PurseHeadlessCheckoutTypes._RedirectAction
    public typealias RedirectPolicy = _PurseHeadlessCheckoutTypes._RedirectPolicy
    public typealias RedirectPresentationResult = _PurseHeadlessCheckoutTypes._RedirectPresentationResult
    public typealias RedirectPresenter = _PurseHeadlessCheckoutTypes._RedirectPresenter
    public typealias RedirectRefusal = _PurseHeadlessCheckoutTypes._RedirectRefusal
    public typealias RedirectReturnClassification = _PurseHeadlessCheckoutTypes._RedirectReturnClassification
    public typealias RedirectionData = _PurseHeadlessCheckoutTypes._RedirectionData
    public typealias RedirectionModule = _PurseHeadlessCheckoutTypes._RedirectionModule
    public typealias RedirectionPlugin = _PurseHeadlessCheckoutTypes._RedirectionPlugin
    public typealias ReturnURLHandling = _PurseHeadlessCheckoutTypes._ReturnURLHandling
    public typealias SavedSecondaryToken = _PurseHeadlessCheckoutTypes._SavedSecondaryToken
    public typealias SchemeAsset = _PurseHeadlessCheckoutTypes._SchemeAsset
    public typealias SecondaryConfig = _PurseHeadlessCheckoutTypes._SecondaryConfig
    public typealias SecondaryConfigs = _PurseHeadlessCheckoutTypes._SecondaryConfigs
    public typealias SecondaryHeadroom = _PurseHeadlessCheckoutTypes._SecondaryHeadroom
    public typealias SecondaryMethod = _PurseHeadlessCheckoutTypes._SecondaryMethod
    public typealias SecondaryModule = _PurseHeadlessCheckoutTypes._SecondaryModule
    public typealias SecondaryPlugin = _PurseHeadlessCheckoutTypes._SecondaryPlugin
    public typealias SecondaryRegistration = _PurseHeadlessCheckoutTypes._SecondaryRegistration
    public typealias SecondaryShareUpdate = _PurseHeadlessCheckoutTypes._SecondaryShareUpdate
    public typealias SecondaryTakePolicy = _PurseHeadlessCheckoutTypes._SecondaryTakePolicy
    public typealias SecondaryToken = _PurseHeadlessCheckoutTypes._SecondaryToken
    public typealias SecondaryTokenDetails = _PurseHeadlessCheckoutTypes._SecondaryTokenDetails
    public typealias SessionDecoder = _PurseHeadlessCheckoutTypes._SessionDecoder
    public typealias SessionProtocol = _PurseHeadlessCheckoutTypes._SessionProtocol
    public typealias SessionState = _PurseHeadlessCheckoutTypes._SessionState
    public typealias SessionUpdate = _PurseHeadlessCheckoutTypes._SessionUpdate
    public typealias StatusState = _PurseHeadlessCheckoutTypes._StatusState
    public typealias SubmittedPayment = _PurseHeadlessCheckoutTypes._SubmittedPayment
    public typealias TransactionStatus = _PurseHeadlessCheckoutTypes._TransactionStatus
    public typealias TransportError = _PurseHeadlessCheckoutTypes._TransportError
    public typealias URLSessionTransport = _PurseHeadlessCheckoutTypes._URLSessionTransport
    public typealias UnavailableReason = _PurseHeadlessCheckoutTypes._UnavailableReason
    public typealias ValidationResult = _PurseHeadlessCheckoutTypes._ValidationResult
    public typealias VaultConfiguration = _PurseHeadlessCheckoutTypes._VaultConfiguration
    public typealias WalletSession = _PurseHeadlessCheckoutTypes._WalletSession
    #if canImport(AuthenticationServices) && canImport(UIKit) && canImport(WebKit)
        public typealias WebAuthRedirectPresenter = _PurseHeadlessCheckoutTypes._WebAuthRedirectPresenter
    #endif
    #if canImport(PassKit)
        public typealias PassKitApplePaySheet = _PurseHeadlessCheckoutTypes._PassKitApplePaySheet
    #endif
    #if canImport(PassKit) && canImport(SwiftUI)
        public typealias ApplePayButton = _PurseHeadlessCheckoutTypes._ApplePayButton
    #endif
    #if canImport(SwiftUI)
        public typealias CVVFieldView = _PurseHeadlessCheckoutTypes._CVVFieldView
        public typealias CardFieldView = _PurseHeadlessCheckoutTypes._CardFieldView
        public typealias PaymentElementView = _PurseHeadlessCheckoutTypes._PaymentElementView
    #endif
    #if canImport(UIKit)
        public typealias CVVFieldUIView = _PurseHeadlessCheckoutTypes._CVVFieldUIView
        public typealias CardFieldUIView = _PurseHeadlessCheckoutTypes._CardFieldUIView
        public typealias PaymentElementUIView = _PurseHeadlessCheckoutTypes._PaymentElementUIView
    #endif
}
