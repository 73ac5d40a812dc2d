// Source: Apple's documentation only, not yet an SDK header or interface (AppleTypeCheck/README.md, "Checked against
// SDK files, and only against documentation", says why).
// UIKit stand-in for the Apple type-check harness: ONLY the API the package (and its example app) uses, transcribed
// from Apple's current documentation. Each declaration names its page. Conventions (see AppleTypeCheck/README.md):
// - Every UIKit type here is imported from Objective-C on Apple platforms, and the Swift compiler treats every
//   Clang-imported declaration as `@preconcurrency` (swift/lib/AST/Decl.cpp, `Decl::preconcurrency()`: "Imported C
//   declarations always predate concurrency"). The stubs say so explicitly with `@preconcurrency`.
// - `@MainActor` exactly where the page's declaration shows it.
// - ObjC `optional` protocol requirements are requirements with a default implementation in an extension.
// - `@NSCopying` is dropped: it only applies to stored properties and changes nothing a caller type-checks.
// - NSObject, NSCoder, Bundle, CGRect come from swift-corelibs-foundation.
// UIKit re-exports Foundation on Apple platforms (`import UIKit` alone gives URL, NSObject, ...); so does the stand-in.
@_exported import Foundation

// MARK: - Responders

// https://developer.apple.com/documentation/uikit/uiresponder — `@MainActor class UIResponder` (inherits NSObject)
@preconcurrency @MainActor
open class UIResponder: NSObject {
    // NSObject's `init()`, inherited by UIResponder (UIResponder declares no initializer of its own).
    public override init() { super.init() }

    // iPhoneOS18.6.sdk UIResponder.h: `- (BOOL)resignFirstResponder;` (imported as discardable, as every
    // Objective-C method's result is; see AppleTypeCheck/README.md)
    @discardableResult
    open func resignFirstResponder() -> Bool { fatalError("stub") }

    // iPhoneOS18.6.sdk UIResponder.h: `@property(nonatomic, readonly) BOOL isFirstResponder;`
    open var isFirstResponder: Bool { fatalError("stub") }

    // iPhoneOS18.6.sdk UIResponder.h: `- (BOOL)canPerformAction:(SEL)action withSender:(nullable id)sender
    // API_AVAILABLE(ios(3.0));`
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { fatalError("stub") }
}

// https://developer.apple.com/documentation/uikit/uiapplication — class declaration line not in the docs index;
// `@MainActor` like every UIResponder subclass (UIResponder's page).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared — `class var shared: UIApplication { get }`
    // (iOS 2.0, Catalyst 13.1, visionOS 1.0)
    open class var shared: UIApplication { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes —
    // `var connectedScenes: Set<UIScene> { get }` (iOS 13.0, Catalyst 13.1, tvOS 13.0, visionOS 1.0)
    @available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
    open var connectedScenes: Set<UIScene> { fatalError("stub") }
}

// https://developer.apple.com/documentation/uikit/uiscene — `@MainActor class UIScene` (iOS 13.0, Catalyst 13.1,
// tvOS 13.0, visionOS 1.0; inherits UIResponder)
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
open class UIScene: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiwindowscene — `@MainActor class UIWindowScene` (iOS 13.0,
// Catalyst 13.1, tvOS 13.0, visionOS 1.0; inherits UIScene)
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
open class UIWindowScene: UIScene {
    // https://developer.apple.com/documentation/uikit/uiwindowscene/windows — `var windows: [UIWindow] { get }`
    open var windows: [UIWindow] { fatalError("stub") }
}

// MARK: - Views

// https://developer.apple.com/documentation/uikit/uiview — class declaration line not in the docs index; `@MainActor`
// like every UIResponder subclass (UIResponder's page).
@preconcurrency @MainActor
open class UIView: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:) — `init(frame: CGRect)`
    public init(frame: CGRect) { super.init() }

    // https://developer.apple.com/documentation/uikit/uiview/init(coder:) — `init?(coder: NSCoder)`, `required`
    // because UIView adopts NSCoding (page not in the docs index; the NSCoding requirement is Foundation's).
    public required init?(coder: NSCoder) { super.init() }

    // https://developer.apple.com/documentation/uikit/uiview/bounds — `var bounds: CGRect { get set }`
    open var bounds: CGRect {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor —
    // `@NSCopying var backgroundColor: UIColor? { get set }` (@NSCopying dropped, see the header)
    open var backgroundColor: UIColor? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property —
    // `var autoresizingMask: UIView.AutoresizingMask { get set }` (page not in the docs index; type from the
    // AutoresizingMask page below)
    open var autoresizingMask: UIView.AutoresizingMask {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/uikit/uiview/window — `var window: UIWindow? { get }`
    open var window: UIWindow? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:) — `func addSubview(_ view: UIView)`
    open func addSubview(_ view: UIView) { fatalError("stub") }

    // The members below are checked against iPhoneOS18.6.sdk's UIView.h (the card fields' views use them).

    // UIView.h: `@property(nonatomic,getter=isUserInteractionEnabled) BOOL userInteractionEnabled;`
    open var isUserInteractionEnabled: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIView.h: `- (void)didMoveToWindow;`
    open func didMoveToWindow() {}

    // UIView.h: `- (void)drawRect:(CGRect)rect;` (Swift: `draw(_:)`)
    open func draw(_ rect: CGRect) {}

    // UIView.h: `- (void)setNeedsDisplay;`
    open func setNeedsDisplay() { fatalError("stub") }

    // UIView.h: `@property(nonatomic,getter=isOpaque) BOOL opaque;`
    open var isOpaque: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIView.h: `@property(nonatomic,getter=isHidden) BOOL hidden;`
    open var isHidden: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIView.h: `@property(nonatomic) UIViewContentMode contentMode;` (UIKit.apinotes: UIViewContentMode is
    // `UIView.ContentMode`)
    open var contentMode: UIView.ContentMode {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIView.h: `typedef NS_ENUM(NSInteger, UIViewContentMode) { UIViewContentModeScaleToFill, …AspectFit,
    // …AspectFill, UIViewContentModeRedraw, … }` (an imported NS_ENUM: Int-backed, Sendable)
    @preconcurrency
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit = 1
        case scaleAspectFill = 2
        case redraw = 3
    }

    // UIView.h: `@property(nonatomic) BOOL translatesAutoresizingMaskIntoConstraints API_AVAILABLE(ios(6.0));`
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIView.h: `@property(nonatomic, readonly) CGSize intrinsicContentSize API_AVAILABLE(ios(6.0));`
    open var intrinsicContentSize: CGSize { fatalError("stub") }

    // UIView.h: `- (void)invalidateIntrinsicContentSize API_AVAILABLE(ios(6.0));`
    open func invalidateIntrinsicContentSize() { fatalError("stub") }

    // UIView.h: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *leadingAnchor API_AVAILABLE(ios(9.0));`
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError("stub") }

    // UIView.h: `@property(nonatomic,readonly,strong) NSLayoutXAxisAnchor *trailingAnchor API_AVAILABLE(ios(9.0));`
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError("stub") }

    // UIView.h: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *topAnchor API_AVAILABLE(ios(9.0));`
    open var topAnchor: NSLayoutYAxisAnchor { fatalError("stub") }

    // UIView.h: `@property(nonatomic,readonly,strong) NSLayoutYAxisAnchor *bottomAnchor API_AVAILABLE(ios(9.0));`
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct — `struct AutoresizingMask`
    // (an imported NS_OPTIONS: OptionSet over UInt, `init(rawValue: UInt)`, Sendable)
    @preconcurrency
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth —
        // `static var flexibleWidth: UIView.AutoresizingMask { get }` (UIViewAutoresizingFlexibleWidth = 1 << 1)
        public static var flexibleWidth: UIView.AutoresizingMask { UIView.AutoresizingMask(rawValue: 1 << 1) }

        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight —
        // `static var flexibleHeight: UIView.AutoresizingMask { get }` (UIViewAutoresizingFlexibleHeight = 1 << 4)
        public static var flexibleHeight: UIView.AutoresizingMask { UIView.AutoresizingMask(rawValue: 1 << 4) }
    }
}

// https://developer.apple.com/documentation/uikit/uiwindow — class declaration line not in the docs index;
// `@MainActor` like every UIResponder subclass; inherits UIView.
@preconcurrency @MainActor
open class UIWindow: UIView {
    // https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow — `var isKeyWindow: Bool { get }`
    open var isKeyWindow: Bool { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller —
    // `var rootViewController: UIViewController? { get set }` (iOS 4.0)
    open var rootViewController: UIViewController? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/uikit/uicolor — `class UIColor` (NSObject subclass; not actor-isolated;
// the class page is not in the docs index, the declaration line is from the UIColor member listing). Sendable in
// iPhoneOS18.6.sdk's symbol graph (`scripts/apple-sdk-check --compare-stubs`; the header's NS_SWIFT_SENDABLE).
@preconcurrency
open class UIColor: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uicolor/systembackground —
    // `class var systemBackground: UIColor { get }` (iOS 13.0, Catalyst 13.1, visionOS 1.0)
    @available(iOS 13.0, macCatalyst 13.1, visionOS 1.0, *)
    open class var systemBackground: UIColor { fatalError("stub") }

    // The members below are checked against iPhoneOS18.6.sdk's UIColor.h (the card fields' colours).

    // UIColor.h: `- (UIColor *)initWithRed:(CGFloat)red green:(CGFloat)green blue:(CGFloat)blue alpha:(CGFloat)alpha;`
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }

    // UIColor.h: `- (UIColor *)initWithDynamicProvider:(UIColor * (^)(UITraitCollection *traitCollection))
    // dynamicProvider API_AVAILABLE(ios(13.0), tvos(13.0)) API_UNAVAILABLE(watchos);` inside
    // NS_HEADER_AUDIT_BEGIN(nullability, sendability): the block is not marked Sendable.
    @available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) { super.init() }

    // UIColor.h: `@property(class, nonatomic, readonly) UIColor *clearColor;`
    open class var clear: UIColor { fatalError("stub") }

    // UIColor.h: `- (void)setFill;`
    open func setFill() { fatalError("stub") }

    // UIColor.h: `- (void)setStroke;`
    open func setStroke() { fatalError("stub") }
}

// MARK: - View controllers

// https://developer.apple.com/documentation/uikit/uiviewcontroller — `@MainActor class UIViewController` (iOS 2.0,
// Catalyst 13.1, visionOS 1.0; inherits UIResponder)
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:) —
    // `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`, the designated initializer
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:) — `init?(coder: NSCoder)`,
    // `required` because UIViewController adopts NSCoding (page not in the docs index).
    public required init?(coder: NSCoder) { super.init() }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/view — `var view: UIView! { get set }`
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var view: UIView! {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded — `var viewIfLoaded: UIView? { get }`
    // (iOS 9.0, Catalyst 13.1, tvOS 9.0, visionOS 1.0)
    @available(iOS 9.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
    open var viewIfLoaded: UIView? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/title — `var title: String? { get set }`
    open var title: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload() — `func viewDidLoad()` (page not
    // in the docs index; the override point every view controller uses)
    open func viewDidLoad() {}

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:) —
    // `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`
    // (iOS 5.0)
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:) —
    // `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)` (iOS 5.0)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller —
    // `var presentedViewController: UIViewController? { get }` (iOS 5.0)
    open var presentedViewController: UIViewController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentingviewcontroller —
    // `var presentingViewController: UIViewController? { get }` (iOS 5.0)
    open var presentingViewController: UIViewController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/isbeingdismissed — `var isBeingDismissed: Bool
    // { get }` (iOS 5.0)
    open var isBeingDismissed: Bool { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller —
    // `var presentationController: UIPresentationController? { get }` (iOS 8.0)
    open var presentationController: UIPresentationController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller —
    // `var navigationController: UINavigationController? { get }` (page not in the docs index; type and optionality
    // from the NavigationController property of Microsoft's binding of the same header, read-only)
    open var navigationController: UINavigationController? { fatalError("stub") }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationitem —
    // `var navigationItem: UINavigationItem { get }`
    open var navigationItem: UINavigationItem { fatalError("stub") }
}

// https://developer.apple.com/documentation/uikit/uinavigationcontroller — class declaration line not in the docs
// index; `@MainActor` (UIViewController subclass).
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:) —
    // `init(rootViewController: UIViewController)`
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:) — re-declared by
    // UINavigationController in UIKit's header, so it stays available on the subclass.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:) — NSCoding's required initializer.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}

// https://developer.apple.com/documentation/uikit/uinavigationitem — class declaration line not in the docs index;
// `@MainActor` NSObject subclass (UIKit's NS_SWIFT_UI_ACTOR classes).
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    // https://developer.apple.com/documentation/uikit/uinavigationitem/leftbarbuttonitem —
    // `var leftBarButtonItem: UIBarButtonItem? { get set }` (iOS 2.0)
    open var leftBarButtonItem: UIBarButtonItem? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - Presentation

// https://developer.apple.com/documentation/uikit/uipresentationcontroller — class declaration line not in the docs
// index; `@MainActor` NSObject subclass.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
    // https://developer.apple.com/documentation/uikit/uipresentationcontroller/delegate —
    // `weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }` (iOS 8.0)
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

// https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate —
// `@MainActor protocol UIAdaptivePresentationControllerDelegate : NSObjectProtocol`
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
    // — `optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)` (iOS 13.0)
    @available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

// The ObjC `optional` requirement: a default implementation stands in for "not implemented".
// `scripts/apple-typecheck --strict-witnesses` compiles it out (see AppleTypeCheck/README.md).
#if !STRICT_OPTIONAL_REQUIREMENTS
    extension UIAdaptivePresentationControllerDelegate {
        @available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    }
#endif

// MARK: - Bar items and actions

// https://developer.apple.com/documentation/uikit/uibaritem — class page not in the docs index; UIBarButtonItem's
// superclass, an NSObject subclass, `@MainActor` like UIBarButtonItem.
@preconcurrency @MainActor
open class UIBarItem: NSObject {}

// https://developer.apple.com/documentation/uikit/uibarbuttonitem — `@MainActor class UIBarButtonItem` (iOS 2.0,
// Catalyst 13.1, visionOS 1.0; inherits UIBarItem)
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(systemitem:primaryaction:menu:) —
    // `@MainActor @preconcurrency convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? =
    // nil, menu: UIMenu? = nil)` (iOS 14.0, tvOS 14.0; a Swift-overlay initializer, hence the explicit attributes)
    @available(iOS 14.0, tvOS 14.0, *)
    @MainActor @preconcurrency
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil)
    {
        self.init()
    }

    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem — `enum SystemItem` (an imported
    // NS_ENUM over Int, Sendable)
    @preconcurrency
    public enum SystemItem: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem/cancel —
        // UIBarButtonSystemItemCancel (1)
        case cancel = 1
    }
}

// https://developer.apple.com/documentation/uikit/uimenuelement — `@MainActor class UIMenuElement` (iOS 13.0,
// Catalyst 13.1, tvOS 13.0, visionOS 1.0)
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
open class UIMenuElement: NSObject {
    // https://developer.apple.com/documentation/uikit/uimenuelement/attributes — `struct Attributes` (NS_OPTIONS over
    // UInt, `init(rawValue: UInt)`, Sendable)
    @preconcurrency
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    // https://developer.apple.com/documentation/uikit/uimenuelement/state — `enum State` (NS_ENUM over Int, Sendable)
    @preconcurrency
    public enum State: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/uimenuelement/state/off — UIMenuElementStateOff (0)
        case off = 0
        // https://developer.apple.com/documentation/uikit/uimenuelement/state/on — UIMenuElementStateOn (1)
        case on = 1
        // https://developer.apple.com/documentation/uikit/uimenuelement/state/mixed — UIMenuElementStateMixed (2)
        case mixed = 2
    }
}

// https://developer.apple.com/documentation/uikit/uimenu — class page not in the docs index; a UIMenuElement subclass
// (UIMenuElement's page lists UIMenu, UIAction and UICommand as its subclasses). Only named, never built, here.
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
open class UIMenu: UIMenuElement {}

// https://developer.apple.com/documentation/uikit/uiimage — class page not in the docs index; only named as a
// parameter type of UIAction's initializer. Without isolation, and Sendable as iPhoneOS18.6.sdk's symbol graph says
// (`scripts/apple-sdk-check --compare-stubs`).
@preconcurrency
open class UIImage: NSObject, @unchecked Sendable {}

// https://developer.apple.com/documentation/uikit/uiaction — `@MainActor class UIAction` (iOS 13.0, Catalyst 13.1,
// tvOS 13.0, visionOS 1.0; a UIMenuElement subclass)
@preconcurrency @MainActor
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
open class UIAction: UIMenuElement {
    // https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    // — `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil, identifier:
    // UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    // state: UIMenuElement.State = .off, handler: @escaping UIActionHandler)` (iOS 13.0, tvOS 14.0)
    @available(iOS 13.0, tvOS 14.0, *)
    @MainActor @preconcurrency
    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        self.init()
    }

    // https://developer.apple.com/documentation/uikit/uiaction/identifier — page not in the docs index; an
    // NSString-backed typed extensible enum (objc2-ui-kit: `type UIActionIdentifier = NSString`, NS_TYPED_EXTENSIBLE_ENUM)
    @preconcurrency
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}

// https://developer.apple.com/documentation/uikit/uiactionhandler — `typealias UIActionHandler = (UIAction) -> Void`
// (no `@MainActor`, no `@Sendable` on the page)
@available(iOS 13.0, macCatalyst 13.1, tvOS 13.0, visionOS 1.0, *)
public typealias UIActionHandler = (UIAction) -> Void
