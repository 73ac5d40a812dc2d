// WebKit stand-in for the Apple type-check harness: ONLY the API the package uses, transcribed from Apple's current
// documentation (each declaration names its page). Same conventions as the UIKit stand-in (see AppleTypeCheck/README.md):
// every type is ObjC-imported on Apple platforms and therefore `@preconcurrency`; `@MainActor` where the page shows it;
// ObjC `optional` requirements are requirements with default implementations; `@NSCopying` dropped.
// WKWebView.h: `#if TARGET_OS_IPHONE` `@interface WKWebView : UIView` `#else` `@interface WKWebView : NSView`: the
// stand-in follows the flavour's SDK_TARGET_OS_IPHONE define (iOS, Mac Catalyst, visionOS: UIView; macOS: NSView).
//
// Header checks. The search tools' string index holds copies of WebKit's public headers (their SDK folder could
// not be listed, so each is named by its framework path): WebKit.framework/Headers/WKWebView.h (`#if
// TARGET_OS_IPHONE @interface WKWebView : UIView #else … : NSView`, `navigationDelegate`/`UIDelegate` weak),
// WKNavigationDelegate.h (`- webView:decidePolicyForNavigationAction:decisionHandler:(WK_SWIFT_UI_ACTOR void
// (^)(WKNavigationActionPolicy))decisionHandler WK_SWIFT_ASYNC(3)`: the handler is main-actor isolated) and
// WKUIDelegate.h (`WK_SWIFT_UI_ACTOR @protocol WKUIDelegate <NSObject>`, every method `@optional`). The `@Sendable` on
// the decision handler and `@MainActor` on the protocols are also what Apple's current pages show; where a copy
// lacked an annotation (older SDKs print neither), the current page decides (Xcode 26's SDK). The other
// declarations (WKWebViewConfiguration, WKWebsiteDataStore, WKNavigationAction, WKFrameInfo, WKWindowFeatures) are
// checked against documentation only: see AppleTypeCheck/README.md.
@_exported import Foundation

#if SDK_TARGET_OS_IPHONE
    public import UIKit
    public typealias _WKPlatformView = UIView
#else
    public import AppKit
    public typealias _WKPlatformView = NSView
#endif

// MARK: - Web view

// https://developer.apple.com/documentation/webkit/wkwebview — `@MainActor class WKWebView` (iOS 8.0, Catalyst 13.1,
// macOS 10.10, visionOS 1.0; a UIView on iOS)
@preconcurrency @MainActor
open class WKWebView: _WKPlatformView {
    // https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:) —
    // `init(frame: CGRect, configuration: WKWebViewConfiguration)`, the designated initializer
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }

    // https://developer.apple.com/documentation/uikit/uiview/init(coder:) — NSCoding's required initializer (WKWebView
    // also declares `init?(coder:)`, per the WKWebView reference's initializer list).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // https://developer.apple.com/documentation/webkit/wkwebview/navigationdelegate —
    // `weak var navigationDelegate: (any WKNavigationDelegate)? { get set }`
    open weak var navigationDelegate: (any WKNavigationDelegate)?

    // https://developer.apple.com/documentation/webkit/wkwebview/uidelegate —
    // `weak var uiDelegate: (any WKUIDelegate)? { get set }`
    open weak var uiDelegate: (any WKUIDelegate)?

    // https://developer.apple.com/documentation/webkit/wkwebview/url — `var url: URL? { get }`
    open var url: URL? { fatalError("stub") }

    // https://developer.apple.com/documentation/webkit/wkwebview/load(_:)-5siv6 —
    // `func load(_ request: URLRequest) -> WKNavigation?`. `@discardableResult` is not printed on the page but every
    // Clang-imported function's result is discardable (SE-0047), which is how callers on iOS see it.
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? { fatalError("stub") }

    // https://developer.apple.com/documentation/webkit/wkwebview/loadhtmlstring(_:baseurl:) —
    // `func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation?` (discardable as above)
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { fatalError("stub") }

    // https://developer.apple.com/documentation/webkit/wkwebview/stoploading() — `func stopLoading()`
    open func stopLoading() { fatalError("stub") }
}

// https://developer.apple.com/documentation/webkit/wkwebviewconfiguration — `@MainActor class WKWebViewConfiguration`
// (iOS 8.0, Catalyst 13.1, macOS 10.10, visionOS 1.0)
@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject {
    // NSObject's `init()`; `WKWebViewConfiguration()` is how the page says to create one ("You create a
    // WKWebViewConfiguration object in your code").
    public override init() { super.init() }

    // https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/websitedatastore —
    // `var websiteDataStore: WKWebsiteDataStore { get set }` (iOS 9.0)
    @available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, *)
    open var websiteDataStore: WKWebsiteDataStore {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/webkit/wkwebsitedatastore — `@MainActor class WKWebsiteDataStore`
// (iOS 9.0, Catalyst 13.1, macOS 10.11, visionOS 1.0)
@preconcurrency @MainActor
@available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, *)
open class WKWebsiteDataStore: NSObject {
    // https://developer.apple.com/documentation/webkit/wkwebsitedatastore/nonpersistent() —
    // `class func nonPersistent() -> WKWebsiteDataStore` (iOS 9.0)
    open class func nonPersistent() -> WKWebsiteDataStore { fatalError("stub") }
}

// MARK: - Navigation

// https://developer.apple.com/documentation/webkit/wknavigation — `@MainActor class WKNavigation` (iOS 8.0)
@preconcurrency @MainActor
open class WKNavigation: NSObject {}

// https://developer.apple.com/documentation/webkit/wknavigationaction — `@MainActor class WKNavigationAction` (iOS 8.0)
@preconcurrency @MainActor
open class WKNavigationAction: NSObject {
    // https://developer.apple.com/documentation/webkit/wknavigationaction/request — `var request: URLRequest { get }`
    open var request: URLRequest { fatalError("stub") }

    // https://developer.apple.com/documentation/webkit/wknavigationaction/targetframe —
    // `@NSCopying var targetFrame: WKFrameInfo? { get }` (nil when the target is a new window; @NSCopying dropped)
    open var targetFrame: WKFrameInfo? { fatalError("stub") }
}

// https://developer.apple.com/documentation/webkit/wkframeinfo — `@MainActor class WKFrameInfo` (iOS 8.0)
@preconcurrency @MainActor
open class WKFrameInfo: NSObject {
    // https://developer.apple.com/documentation/webkit/wkframeinfo/ismainframe — `var isMainFrame: Bool { get }`
    open var isMainFrame: Bool { fatalError("stub") }
}

// https://developer.apple.com/documentation/webkit/wknavigationactionpolicy — `enum WKNavigationActionPolicy` (an
// imported NS_ENUM over Int, Sendable; values from WKNavigationDelegate.h: cancel 0, allow 1, download 2)
@preconcurrency
public enum WKNavigationActionPolicy: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/cancel
    case cancel = 0
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/allow
    case allow = 1
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/download
    case download = 2
}

// https://developer.apple.com/documentation/webkit/wknavigationdelegate —
// `@MainActor protocol WKNavigationDelegate : NSObjectProtocol`; every requirement is ObjC `optional`.
@preconcurrency @MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
    // — `optional func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    // decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)` (iOS 8.0)
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didcommit:) —
    // `optional func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)` (iOS 8.0)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfailprovisionalnavigation:witherror:)
    // — `optional func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!,
    // withError error: any Error)` (iOS 8.0)
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfail:witherror:) — page NOT
    // in the docs index; `optional func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError
    // error: any Error)` from a copy of the Apple page (velog.io, "webView(_:didFail:withError:)"), `Error` spelled
    // `any Error` as on the sibling didFailProvisionalNavigation page.
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
}

// Default implementations stand in for "optional requirement not implemented". `scripts/apple-typecheck
// --strict-witnesses` compiles them out (see AppleTypeCheck/README.md).
#if !STRICT_OPTIONAL_REQUIREMENTS
    extension WKNavigationDelegate {
        public func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
            decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
        ) {}
        public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
        public func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
        ) {}
        public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    }
#endif

// MARK: - UI delegate

// https://developer.apple.com/documentation/webkit/wkwindowfeatures — `@MainActor class WKWindowFeatures` (iOS 8.0)
@preconcurrency @MainActor
open class WKWindowFeatures: NSObject {}

// https://developer.apple.com/documentation/webkit/wkuidelegate — `@MainActor protocol WKUIDelegate : NSObjectProtocol`;
// every requirement is ObjC `optional`.
@preconcurrency @MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/webkit/wkuidelegate/webview(_:createwebviewwith:for:windowfeatures:) —
    // `optional func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration, for
    // navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView?` (iOS 8.0)
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?

    // https://developer.apple.com/documentation/webkit/wkuidelegate/webviewdidclose(_:) —
    // `optional func webViewDidClose(_ webView: WKWebView)` (iOS 9.0)
    @available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, *)
    func webViewDidClose(_ webView: WKWebView)
}

#if !STRICT_OPTIONAL_REQUIREMENTS
    extension WKUIDelegate {
        public func webView(
            _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
            for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
        ) -> WKWebView? { nil }

        @available(iOS 9.0, macCatalyst 13.1, macOS 10.11, visionOS 1.0, *)
        public func webViewDidClose(_ webView: WKWebView) {}
    }
#endif
