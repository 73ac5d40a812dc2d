// AppKit stand-in for the Apple type-check harness: ONLY the API the package uses on macOS (the window the Apple Pay
// sheet and the web-authentication session present over, the view WebKit's web view is), in the macOS and Mac
// Catalyst flavours. Same conventions as the UIKit stand-in (see AppleTypeCheck/README.md).
//
// Checked against phracker/MacOSX-SDKs, the newest copies there: MacOSX12.1.sdk/.../AppKit.framework/Versions/C/
// Headers/NSApplication.h and MacOSX11.3.sdk/.../AppKit.framework/Versions/C/Headers/NSWindow.h, NSView.h,
// NSResponder.h. Isolation: those macOS 11/12 headers carry no NS_SWIFT_UI_ACTOR on these classes; Apple's current
// pages (https://developer.apple.com/documentation/appkit/nsapplication, …/nswindow, …/nsview, …/nsresponder) show
// `@MainActor class …` (the annotation came with later SDKs). The current pages decide: the package is built with
// Xcode 26's SDK, and main-actor isolation is the stricter of the two, so code that passes here passes there.
//
// Mac Catalyst (SDK_TARGET_OS_MACCATALYST): `canImport(AppKit)` is true there, but NSApplication, NSWindow and NSView
// are API_UNAVAILABLE(macCatalyst) (Apple's pages list no Mac Catalyst availability for them): the flavour declares
// them `unavailable`, so code that picks AppKit by `canImport(AppKit)` alone fails in that flavour as it does in
// Xcode.
@_exported import Foundation

#if SDK_TARGET_OS_MACCATALYST
    @available(*, unavailable, message: "NSResponder is unavailable in Mac Catalyst: use UIKit")
    open class NSResponder: NSObject {}
    @available(*, unavailable, message: "NSView is unavailable in Mac Catalyst: use UIKit")
    open class NSView: NSObject {}
    @available(*, unavailable, message: "NSWindow is unavailable in Mac Catalyst: use UIKit")
    open class NSWindow: NSObject {}
    @available(*, unavailable, message: "NSApplication is unavailable in Mac Catalyst: use UIKit")
    open class NSApplication: NSObject {}
#else
    // https://developer.apple.com/documentation/appkit/nsresponder — `@MainActor class NSResponder` (macOS 10.0);
    // NSResponder.h: `@interface NSResponder : NSObject <NSCoding>`.
    @preconcurrency @MainActor
    open class NSResponder: NSObject {}

    // https://developer.apple.com/documentation/appkit/nsview — `@MainActor class NSView` (macOS 10.0); NSView.h:
    // `@interface NSView : NSResponder …`, `- (instancetype)initWithFrame:(NSRect)frameRect NS_DESIGNATED_INITIALIZER;`
    // and `- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;`.
    @preconcurrency @MainActor
    open class NSView: NSResponder {
        public init(frame frameRect: CGRect) { super.init() }
        public required init?(coder: NSCoder) { super.init() }
        // NSView.h: `@property (nullable, readonly, assign) NSWindow *window;`
        open var window: NSWindow? { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/appkit/nswindow — `@MainActor class NSWindow` (macOS 10.0);
    // NSWindow.h: `@interface NSWindow : NSResponder …`; `@property (readonly, getter=isKeyWindow) BOOL keyWindow;`.
    @preconcurrency @MainActor
    open class NSWindow: NSResponder {
        open var isKeyWindow: Bool { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/appkit/nsapplication — `@MainActor class NSApplication` (macOS 10.0);
    // NSApplication.h (12.1): `@interface NSApplication : NSResponder …`,
    // `@property (class, readonly, strong) __kindof NSApplication *sharedApplication;` (Swift: `class var shared`,
    // https://developer.apple.com/documentation/appkit/nsapplication/shared),
    // `@property (nullable, readonly, weak) NSWindow *keyWindow;`, `@property (readonly, copy) NSArray<NSWindow *>
    // *windows;`.
    @preconcurrency @MainActor
    open class NSApplication: NSResponder {
        open class var shared: NSApplication { fatalError("stub") }
        open var keyWindow: NSWindow? { fatalError("stub") }
        open var windows: [NSWindow] { fatalError("stub") }
    }
#endif
