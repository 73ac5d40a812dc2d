// AuthenticationServices stand-in for the Apple type-check harness: ONLY the API the package uses, transcribed from
// Apple's current documentation and checked against the SDK headers (each declaration names its page and header).
// Same conventions as the UIKit stand-in (see AppleTypeCheck/README.md).
//
// Header checks: the search tools' string index holds AuthenticationServices.framework/Headers/ASFoundation.h
// (ASPresentationAnchor, below) and ASWebAuthenticationSessionCallback.h (`NS_SWIFT_NAME(
// ASWebAuthenticationSession.Callback) AS_SWIFT_SENDABLE @interface ASWebAuthenticationSessionCallback : NSObject`,
// `+callbackWithCustomScheme: NS_SWIFT_NAME(customScheme(_:))`, `+callbackWithHTTPSHost:path:
// NS_SWIFT_NAME(https(host:path:))`, whose host "must be associated with the app using associated web credentials
// domains"); their SDK folder could not be listed. ASWebAuthenticationSession's own declarations are checked
// against documentation only (AppleTypeCheck/README.md).
@_exported import Foundation

// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor — checked against
// xybp888/iOS-SDKs AuthenticationServices.framework/Headers/ASFoundation.h: `#if __has_include(<UIKit/UIKit.h>)`
// `typedef UIWindow * ASPresentationAnchor;` `#elif __has_include(<AppKit/AppKit.h>)` `typedef NSWindow *
// ASPresentationAnchor;`. The header's test is "UIKit is there", so the stand-in's is `canImport(UIKit)` first: UIWindow
// on iOS, Mac Catalyst (which has both) and visionOS, NSWindow on macOS.
#if canImport(UIKit)
    public import UIKit

    @available(iOS 12.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    public typealias ASPresentationAnchor = UIWindow
#elseif canImport(AppKit)
    public import AppKit

    @available(macOS 10.15, *)
    public typealias ASPresentationAnchor = NSWindow
#endif

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession —
// `class ASWebAuthenticationSession` (iOS 12.0, Catalyst 12.0, macOS 10.15, tvOS 16.0, visionOS 1.0, watchOS 6.2).
// Not actor-isolated: the page shows no `@MainActor`. No Sendable conformance is shown either.
@preconcurrency
@available(iOS 12.0, macCatalyst 12.0, macOS 10.15, tvOS 16.0, visionOS 1.0, watchOS 6.2, *)
open class ASWebAuthenticationSession: NSObject {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/completionhandler —
    // `typealias CompletionHandler = (URL?, (any Error)?) -> Void` (not `@Sendable`)
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callbackurlscheme:completionhandler:)-7fpox
    // — `init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping
    // ASWebAuthenticationSession.CompletionHandler)`; availability "iOS 12.0 - 27.0" i.e. deprecated in iOS 27.0
    // (every platform: Catalyst 12.0-27.0, macOS 10.15-27.0, tvOS 16.0-27.0, visionOS 1.0-27.0, watchOS 6.2-27.0).
    @available(iOS, introduced: 12.0, deprecated: 27.0)
    @available(macCatalyst, introduced: 12.0, deprecated: 27.0)
    @available(macOS, introduced: 10.15, deprecated: 27.0)
    @available(tvOS, introduced: 16.0, deprecated: 27.0)
    @available(visionOS, introduced: 1.0, deprecated: 27.0)
    @available(watchOS, introduced: 6.2, deprecated: 27.0)
    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) {
        super.init()
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callback:completionhandler:)-6nut7
    // — `init(url URL: URL, callback: ASWebAuthenticationSession.Callback, completionHandler: @escaping
    // ASWebAuthenticationSession.CompletionHandler)` (iOS 17.4, Catalyst 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1,
    // watchOS 10.4)
    @available(iOS 17.4, macCatalyst 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1, watchOS 10.4, *)
    public init(
        url URL: URL, callback: ASWebAuthenticationSession.Callback, completionHandler: @escaping CompletionHandler
    ) {
        super.init()
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/presentationcontextprovider
    // — page NOT in the docs index; `weak var presentationContextProvider: (any
    // ASWebAuthenticationPresentationContextProviding)? { get set }` (iOS 13.0), written like the documented twin
    // ASAuthorizationController.presentationContextProvider (`weak var presentationContextProvider: (any
    // ASAuthorizationControllerPresentationContextProviding)? { get set }`) and with the protocol's iOS 13.0.
    @available(iOS 13.0, macCatalyst 13.1, macOS 10.15, visionOS 1.0, *)
    open weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/prefersephemeralwebbrowsersession
    // — `var prefersEphemeralWebBrowserSession: Bool { get set }` (iOS 13.0, Catalyst 13.1, macOS 10.15, visionOS 1.0,
    // watchOS 6.2)
    @available(iOS 13.0, macCatalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 6.2, *)
    open var prefersEphemeralWebBrowserSession: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/start() —
    // `func start() -> Bool` (the result is discardable, as for every Clang-imported function, SE-0047)
    @discardableResult
    open func start() -> Bool { fatalError("stub") }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/cancel() —
    // `func cancel()` (iOS 12.0, Catalyst 12.0, macOS 10.15, visionOS 1.0, watchOS 6.2)
    open func cancel() { fatalError("stub") }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback —
    // `class Callback` (iOS 17.4, Catalyst 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1, watchOS 10.4). `init()` is
    // unavailable (Apple forum thread 748922: "'init()' is unavailable"; ASWebAuthenticationSessionCallback.h:
    // `- (instancetype)init NS_UNAVAILABLE;`); the header's `AS_SWIFT_SENDABLE` makes it Sendable, hence
    // `@unchecked Sendable`.
    @preconcurrency
    @available(iOS 17.4, macCatalyst 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1, watchOS 10.4, *)
    open class Callback: NSObject, @unchecked Sendable {
        @available(*, unavailable)
        public override init() { fatalError("stub") }

        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/customscheme(_:)
        // — `class func customScheme(_ customScheme: String) -> Self`
        open class func customScheme(_ customScheme: String) -> Self { fatalError("stub") }

        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/https(host:path:)
        // — page NOT in the docs index; checked against ASWebAuthenticationSessionCallback.h:
        // `+ (instancetype)callbackWithHTTPSHost:(NSString *)host path:(NSString *)path
        // NS_SWIFT_NAME(https(host:path:));`. The host must be a `webcredentials:` Associated Domain of the app
        // (the header's note), which RedirectPolicy.requiredAssociatedDomains lists.
        open class func https(host: String, path: String) -> Self { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding —
// `@MainActor protocol ASWebAuthenticationPresentationContextProviding : NSObjectProtocol` (iOS 13.0, Catalyst 13.1,
// macOS 10.15, visionOS 1.0)
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, macOS 10.15, visionOS 1.0, *)
public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding/presentationanchor(for:)
    // — `func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor` (a required
    // requirement)
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror —
// `struct ASWebAuthenticationSessionError` (the NS_ERROR_ENUM bridge: an Error with a `code`; iOS 12.0, Catalyst 12.0,
// macOS 10.15, tvOS 16.0, visionOS 1.0, watchOS 6.2)
@preconcurrency
@available(iOS 12.0, macCatalyst 12.0, macOS 10.15, tvOS 16.0, visionOS 1.0, watchOS 6.2, *)
public struct ASWebAuthenticationSessionError: Error, Hashable, Sendable {
    // The bridged error's code (`_BridgedStoredNSError.code`), what `error.code == .canceledLogin` reads.
    public let code: Code

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code —
    // `enum Code` (`init?(rawValue: Int)`; conforms to Equatable and Sendable among others)
    @preconcurrency
    public enum Code: Int, Sendable {
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/canceledlogin
        // — `case canceledLogin` (ASWebAuthenticationSessionErrorCodeCanceledLogin = 1)
        case canceledLogin = 1
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextnotprovided
        case presentationContextNotProvided = 2
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextinvalid
        case presentationContextInvalid = 3
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/canceledlogin —
    // `static var canceledLogin: ASWebAuthenticationSessionError.Code { get }`
    public static var canceledLogin: ASWebAuthenticationSessionError.Code { .canceledLogin }
}
