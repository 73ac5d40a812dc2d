// Source: checked against iPhoneOS18.6.sdk (the real SDK of `scripts/apple-sdk-check`): the headers under
// System/Library/Frameworks/UIKit.framework/Headers, UIKit.apinotes beside them (Swift names), and
// Modules/UIKit.swiftmodule/arm64-apple-ios.swiftinterface (the Swift overlay). Each declaration quotes the lines that
// decide. UIKit stand-in: the API of the SDK's card fields (PaymentElementUIView, CardFieldUIView, CVVFieldUIView and
// the text field the SwiftUI views wrap). Conventions as UIKit.swift's (see AppleTypeCheck/README.md):
// - NS_SWIFT_UI_ACTOR on a class or protocol → `@MainActor`; NS_SWIFT_SENDABLE → Sendable; none → neither.
// - An Objective-C `@optional` requirement is a requirement with a default implementation, compiled out by
//   `--strict-witnesses`.
// - Typed string and number enums (NS_TYPED_ENUM, NS_TYPED_EXTENSIBLE_ENUM) and NS_OPTIONS are RawRepresentable, with
//   the constants the package uses.
// - A property the headers declare in a protocol that a class adopts (UITextInputTraits, UIContentSizeCategoryAdjusting,
//   UITraitEnvironment, UIAccessibilityIdentification) is a requirement of the protocol, as in the SDK, and a protocol
//   extension stands in for the classes' own implementations (those extensions stay in `--strict-witnesses` mode:
//   they are UIKit's implementation, not a default for the package's conformances, and the package conforms none of
//   its types to these protocols). UITextInput's members are declared on UITextField instead: the protocol has some
//   thirty required members the package never uses.
@_exported import Foundation

// MARK: - Controls

// UIControl.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface UIControl :
// UIView`; its initializers (initWithFrame:, initWithCoder:) are UIView's, inherited.
@preconcurrency @MainActor
open class UIControl: UIView {
    // UIControl.h: `- (void)addAction:(UIAction *)action forControlEvents:(UIControlEvents)controlEvents
    // API_AVAILABLE(ios(14.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 14.0, macCatalyst 14.0, tvOS 14.0, visionOS 1.0, *)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) { fatalError("stub") }

    // UIControl.h: `typedef NS_OPTIONS(NSUInteger, UIControlEvents)` (UIKit.apinotes: SwiftName `UIControl.Event`).
    @preconcurrency
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        // UIControl.h: `UIControlEventValueChanged = 1 << 12, // sliders, etc.`
        public static var valueChanged: UIControl.Event { Event(rawValue: 1 << 12) }

        // UIControl.h: `UIControlEventEditingChanged = 1 << 17,`
        public static var editingChanged: UIControl.Event { Event(rawValue: 1 << 17) }
    }
}

// MARK: - Text input

// UITextInput.h: `UIKIT_EXTERN API_AVAILABLE(ios(3.2)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface
// UITextPosition : NSObject`
@preconcurrency @MainActor
open class UITextPosition: NSObject {}

// UITextInput.h: `UIKIT_EXTERN API_AVAILABLE(ios(3.2)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface
// UITextRange : NSObject`
@preconcurrency @MainActor
open class UITextRange: NSObject {
    // UITextInput.h: `@property (nonatomic, readonly) UITextPosition *start;`
    open var start: UITextPosition { fatalError("stub") }
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextAutocapitalizationType) { UITextAutocapitalizationTypeNone,
// UITextAutocapitalizationTypeWords, UITextAutocapitalizationTypeSentences, UITextAutocapitalizationTypeAllCharacters, }
// API_UNAVAILABLE(watchos);`
@preconcurrency
public enum UITextAutocapitalizationType: Int, Sendable {
    case none = 0
    case words = 1
    case sentences = 2
    case allCharacters = 3
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextAutocorrectionType) { UITextAutocorrectionTypeDefault,
// UITextAutocorrectionTypeNo, UITextAutocorrectionTypeYes, } API_UNAVAILABLE(watchos);`
@preconcurrency
public enum UITextAutocorrectionType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextSpellCheckingType) { …Default, …No, …Yes, }
// API_AVAILABLE(ios(5.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
public enum UITextSpellCheckingType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextSmartQuotesType) { …Default, …No, …Yes, }
// API_AVAILABLE(ios(11.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
public enum UITextSmartQuotesType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextSmartDashesType) { …Default, …No, …Yes, }
// API_AVAILABLE(ios(11.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
public enum UITextSmartDashesType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextSmartInsertDeleteType) { …Default, …No, …Yes, }
// API_AVAILABLE(ios(11.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
public enum UITextSmartInsertDeleteType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextInputTraits.h: `typedef NS_ENUM(NSInteger, UITextInlinePredictionType) { …Default, …No, …Yes, }
// API_AVAILABLE(ios(17.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public enum UITextInlinePredictionType: Int, Sendable {
    case `default` = 0
    case no = 1
    case yes = 2
}

// UITextField.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface UITextField
// : UIControl <UITextInput, NSCoding, UIContentSizeCategoryAdjusting, UILetterformAwareAdjusting>`; no initializer of
// its own (UIView's are inherited).
@preconcurrency @MainActor
open class UITextField: UIControl {
    // UITextField.h: `@property(nullable, nonatomic,copy) NSString *text;`
    open var text: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UITextField.h: `@property(nullable, nonatomic,strong) UIColor *textColor;`
    open var textColor: UIColor? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UITextField.h: `@property(nullable, nonatomic,strong) UIFont *font;`
    open var font: UIFont? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UITextField.h: `@property(nullable, nonatomic,copy) NSAttributedString *attributedPlaceholder
    // API_AVAILABLE(ios(6.0));` (@NSCopying dropped, see UIKit.swift's header)
    open var attributedPlaceholder: NSAttributedString? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UITextField.h: `@property(nullable, nonatomic,weak) id<UITextFieldDelegate> delegate;`
    open weak var delegate: (any UITextFieldDelegate)?

    // UITextField.h: `- (CGRect)textRectForBounds:(CGRect)bounds;`
    open func textRect(forBounds bounds: CGRect) -> CGRect { fatalError("stub") }

    // UITextField.h: `- (CGRect)placeholderRectForBounds:(CGRect)bounds;`
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { fatalError("stub") }

    // UITextField.h: `- (CGRect)editingRectForBounds:(CGRect)bounds;`
    open func editingRect(forBounds bounds: CGRect) -> CGRect { fatalError("stub") }

    // UITextInput.h (`@protocol UITextInput <UIKeyInput>`, NS_SWIFT_UI_ACTOR):
    // `@property (nullable, readwrite, copy) UITextRange *selectedTextRange;`
    open var selectedTextRange: UITextRange? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UITextInput.h: `@property (nullable, nonatomic, readonly) UITextRange *markedTextRange; // Nil if no marked text.`
    open var markedTextRange: UITextRange? { fatalError("stub") }

    // UITextInput.h: `@property (nonatomic, readonly) UITextPosition *beginningOfDocument;`
    open var beginningOfDocument: UITextPosition { fatalError("stub") }

    // UITextInput.h: `- (nullable UITextRange *)textRangeFromPosition:(UITextPosition *)fromPosition toPosition:
    // (UITextPosition *)toPosition;`
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        fatalError("stub")
    }

    // UITextInput.h: `- (nullable UITextPosition *)positionFromPosition:(UITextPosition *)position offset:(NSInteger)
    // offset;`
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? { fatalError("stub") }

    // UITextInput.h: `- (NSInteger)offsetFromPosition:(UITextPosition *)from toPosition:(UITextPosition *)toPosition;`
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { fatalError("stub") }
}

// UITextInputTraits.h: `API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @protocol UITextInputTraits <NSObject> @optional …`
// (every property optional): the ones the package sets. UITextField adopts it through UITextInput and UIKeyInput.
@preconcurrency @MainActor
public protocol UITextInputTraits: NSObjectProtocol {
    // UITextInputTraits.h: `@property(nonatomic) UITextAutocapitalizationType autocapitalizationType;`
    var autocapitalizationType: UITextAutocapitalizationType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextAutocorrectionType autocorrectionType;`
    var autocorrectionType: UITextAutocorrectionType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextSpellCheckingType spellCheckingType API_AVAILABLE(ios(5.0));`
    var spellCheckingType: UITextSpellCheckingType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextSmartQuotesType smartQuotesType API_AVAILABLE(ios(11.0))
    // API_UNAVAILABLE(watchos);`
    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    var smartQuotesType: UITextSmartQuotesType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextSmartDashesType smartDashesType API_AVAILABLE(ios(11.0))
    // API_UNAVAILABLE(watchos);`
    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    var smartDashesType: UITextSmartDashesType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextSmartInsertDeleteType smartInsertDeleteType
    // API_AVAILABLE(ios(11.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UITextInlinePredictionType inlinePredictionType
    // API_AVAILABLE(ios(17.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    var inlinePredictionType: UITextInlinePredictionType { get set }

    // UITextInputTraits.h: `@property(nonatomic) UIKeyboardType keyboardType;`
    var keyboardType: UIKeyboardType { get set }

    // UITextInputTraits.h: `@property(nonatomic,getter=isSecureTextEntry) BOOL secureTextEntry;`
    var isSecureTextEntry: Bool { get set }

    // UITextInputTraits.h: `@property(null_unspecified,nonatomic,copy) UITextContentType textContentType
    // API_AVAILABLE(ios(10.0)) API_UNAVAILABLE(watchos);` (null_unspecified: an implicitly unwrapped optional)
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    @available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
    var textContentType: UITextContentType! { get set }
}

// UITextField's implementations (see the header of this file), and the stand-ins of the optional requirements for any
// other adopter.
extension UITextInputTraits {
    public var autocapitalizationType: UITextAutocapitalizationType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    public var autocorrectionType: UITextAutocorrectionType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    public var spellCheckingType: UITextSpellCheckingType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    public var smartQuotesType: UITextSmartQuotesType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    public var smartDashesType: UITextSmartDashesType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
    public var smartInsertDeleteType: UITextSmartInsertDeleteType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    public var inlinePredictionType: UITextInlinePredictionType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    public var keyboardType: UIKeyboardType {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    public var isSecureTextEntry: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    @available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
    public var textContentType: UITextContentType! {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// UITextField.h: `@interface UITextField : UIControl <UITextInput, NSCoding, UIContentSizeCategoryAdjusting, …>`
// (UITextInput refines UIKeyInput, which refines UITextInputTraits).
extension UITextField: UITextInputTraits, UIContentSizeCategoryAdjusting {}

// UIContentSizeCategoryAdjusting.h: `UIKIT_EXTERN API_AVAILABLE(ios(10.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR
// @protocol UIContentSizeCategoryAdjusting <NSObject> @property (nonatomic) BOOL adjustsFontForContentSizeCategory;
// @end` (adopted by UITextField and UILabel in their headers)
@preconcurrency @MainActor
@available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    var adjustsFontForContentSizeCategory: Bool { get set }
}

// UILabel's and UITextField's implementations (see the header of this file).
@available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
extension UIContentSizeCategoryAdjusting {
    public var adjustsFontForContentSizeCategory: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// UITextField.h: `API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @protocol UITextFieldDelegate <NSObject> @optional …`
@preconcurrency @MainActor
public protocol UITextFieldDelegate: NSObjectProtocol {
    // UITextField.h: `- (void)textFieldDidBeginEditing:(UITextField *)textField; // became first responder`
    func textFieldDidBeginEditing(_ textField: UITextField)

    // UITextField.h: `- (void)textFieldDidEndEditing:(UITextField *)textField;`
    func textFieldDidEndEditing(_ textField: UITextField)

    // UITextField.h: `- (BOOL)textField:(UITextField *)textField shouldChangeCharactersInRange:(NSRange)range
    // replacementString:(NSString *)string; // return NO to not change text`
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool

    // UITextField.h: `- (BOOL)textFieldShouldReturn:(UITextField *)textField; // called when 'return' key pressed.`
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

// The ObjC `optional` requirements: default implementations stand in for "not implemented".
#if !STRICT_OPTIONAL_REQUIREMENTS
    extension UITextFieldDelegate {
        public func textFieldDidBeginEditing(_ textField: UITextField) {}
        public func textFieldDidEndEditing(_ textField: UITextField) {}
        public func textField(
            _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
        ) -> Bool { true }
        public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    }
#endif

// MARK: - Labels and stacks

// UILabel.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface UILabel :
// UIView <NSCoding, UIContentSizeCategoryAdjusting, UILetterformAwareAdjusting>`; initWithFrame: and initWithCoder:
// are its designated initializers, UIView's.
@preconcurrency @MainActor
open class UILabel: UIView {
    // UILabel.h: `@property(nullable, nonatomic,copy) NSString *text; // default is nil`
    open var text: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UILabel.h: `@property(null_resettable, nonatomic,strong) UIFont *font UI_APPEARANCE_SELECTOR;` (null_resettable:
    // an implicitly unwrapped optional)
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var font: UIFont! {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UILabel.h: `@property(null_resettable, nonatomic,strong) UIColor *textColor UI_APPEARANCE_SELECTOR;`
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    open var textColor: UIColor! {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UILabel.h: `@property(nonatomic) NSInteger numberOfLines;`
    open var numberOfLines: Int {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// UILabel.h: `@interface UILabel : UIView <NSCoding, UIContentSizeCategoryAdjusting, UILetterformAwareAdjusting>`
extension UILabel: UIContentSizeCategoryAdjusting {}

// UIStackView.h: `UIKIT_EXTERN API_AVAILABLE(ios(9.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface UIStackView :
// UIView` with `- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;` and `- (instancetype)
// initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;` (both UIView's here).
@preconcurrency @MainActor
@available(iOS 9.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
open class UIStackView: UIView {
    // UIStackView.h: `- (instancetype)initWithArrangedSubviews:(NSArray<__kindof UIView *> *)views;`
    public convenience init(arrangedSubviews views: [UIView]) { self.init(frame: .zero) }

    // UIStackView.h: `- (void)addArrangedSubview:(UIView *)view;`
    open func addArrangedSubview(_ view: UIView) { fatalError("stub") }

    // UIStackView.h: `@property(nonatomic) UILayoutConstraintAxis axis;` (UIKit.apinotes: `NSLayoutConstraint.Axis`)
    open var axis: NSLayoutConstraint.Axis {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIStackView.h: `@property(nonatomic) UIStackViewDistribution distribution;`
    open var distribution: UIStackView.Distribution {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIStackView.h: `@property(nonatomic) UIStackViewAlignment alignment;`
    open var alignment: UIStackView.Alignment {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIStackView.h: `@property(nonatomic) CGFloat spacing;`
    open var spacing: CGFloat {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIStackView.h: `typedef NS_ENUM(NSInteger, UIStackViewDistribution) { UIStackViewDistributionFill = 0,
    // UIStackViewDistributionFillEqually, … }`
    @preconcurrency
    public enum Distribution: Int, Sendable {
        case fill = 0
        case fillEqually = 1
    }

    // UIStackView.h: `typedef NS_ENUM(NSInteger, UIStackViewAlignment) { UIStackViewAlignmentFill,
    // UIStackViewAlignmentLeading, UIStackViewAlignmentTop = UIStackViewAlignmentLeading, … }`
    @preconcurrency
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        public static var top: UIStackView.Alignment { .leading }
    }
}

// MARK: - Auto Layout

// NSLayoutConstraint.h: `NSLAYOUTCONSTRAINT_EXTERN API_AVAILABLE(macos(10.7), ios(6.0), tvos(9.0))
// API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface NSLayoutConstraint : NSObject`
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    // NSLayoutConstraint.h: `+ (void)activateConstraints:(NSArray<NSLayoutConstraint *> *)constraints
    // API_AVAILABLE(macos(10.10), ios(8.0));`
    open class func activate(_ constraints: [NSLayoutConstraint]) { fatalError("stub") }

    // UIView.h: `typedef NS_ENUM(NSInteger, UILayoutConstraintAxis) { UILayoutConstraintAxisHorizontal = 0,
    // UILayoutConstraintAxisVertical = 1 };` (UIKit.apinotes: SwiftName `NSLayoutConstraint.Axis`)
    @preconcurrency
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

// NSLayoutAnchor.h: `NSLAYOUTANCHOR_EXTERN API_AVAILABLE(macos(10.11), ios(9.0)) API_UNAVAILABLE(watchos)
// NS_SWIFT_UI_ACTOR @interface NSLayoutAnchor<AnchorType> : NSObject`
@preconcurrency @MainActor
@available(iOS 9.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
open class NSLayoutAnchor<AnchorType>: NSObject where AnchorType: AnyObject {
    // NSLayoutAnchor.h: `- (NSLayoutConstraint *)constraintEqualToAnchor:(NSLayoutAnchor<AnchorType> *)anchor
    // __attribute__((warn_unused_result));`
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("stub") }
}

// NSLayoutAnchor.h: `@interface NSLayoutXAxisAnchor : NSLayoutAnchor<NSLayoutXAxisAnchor *>` (same attributes)
@preconcurrency @MainActor
@available(iOS 9.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

// NSLayoutAnchor.h: `@interface NSLayoutYAxisAnchor : NSLayoutAnchor<NSLayoutYAxisAnchor *>` (same attributes)
@preconcurrency @MainActor
@available(iOS 9.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

// MARK: - Segmented control

// UISegmentedControl.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @interface
// UISegmentedControl : UIControl <NSCoding>` with `- (instancetype)initWithFrame:(CGRect)frame
// NS_DESIGNATED_INITIALIZER;` and `- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;`
// (UIView's here).
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    // UISegmentedControl.h: `enum { UISegmentedControlNoSegment = -1 } API_UNAVAILABLE(watchos);` (UIKit.apinotes:
    // SwiftName `UISegmentedControl.noSegment`)
    open class var noSegment: Int { -1 }

    // UISegmentedControl.h: `- (void)insertSegmentWithTitle:(nullable NSString *)title atIndex:(NSUInteger)segment
    // animated:(BOOL)animated;`
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) { fatalError("stub") }

    // UISegmentedControl.h: `- (void)removeAllSegments;`
    open func removeAllSegments() { fatalError("stub") }

    // UISegmentedControl.h: `@property(nonatomic) NSInteger selectedSegmentIndex;`
    open var selectedSegmentIndex: Int {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - Drawing

// UIBezierPath.h: `UIKIT_EXTERN API_AVAILABLE(ios(3.2), watchos(2.0)) @interface UIBezierPath : NSObject<NSCopying,
// NSSecureCoding>` (no NS_SWIFT_UI_ACTOR, no NS_SWIFT_SENDABLE)
@preconcurrency
open class UIBezierPath: NSObject {
    public override init() { super.init() }

    // UIBezierPath.h: `+ (instancetype)bezierPathWithRoundedRect:(CGRect)rect cornerRadius:(CGFloat)cornerRadius;`
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) { self.init() }

    // UIBezierPath.h: `@property(nonatomic) CGFloat lineWidth;`
    open var lineWidth: CGFloat {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // UIBezierPath.h: `- (void)fill;`
    open func fill() { fatalError("stub") }

    // UIBezierPath.h: `- (void)stroke;`
    open func stroke() { fatalError("stub") }
}

// MARK: - Fonts

// UIFont.h: `UIKIT_EXTERN API_AVAILABLE(ios(2.0), watchos(2.0)) NS_SWIFT_SENDABLE @interface UIFont : NSObject
// <NSCopying, NSSecureCoding>`
@preconcurrency
open class UIFont: NSObject, @unchecked Sendable {
    // UIFont.h: `+ (UIFont *)preferredFontForTextStyle:(UIFontTextStyle)style API_AVAILABLE(ios(7.0), watchos(2.0));`
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { fatalError("stub") }

    // UIFont.h: `+ (nullable UIFont *)fontWithName:(NSString *)fontName size:(CGFloat)fontSize;` (a factory: a
    // failable initializer in Swift)
    public init?(name fontName: String, size fontSize: CGFloat) { super.init() }

    // UIFont.h: `+ (UIFont *)systemFontOfSize:(CGFloat)fontSize weight:(UIFontWeight)weight API_AVAILABLE(ios(8.2),
    // watchos(2.0));`
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError("stub") }

    // UIFontDescriptor.h: `typedef NSString * UIFontTextStyle NS_TYPED_ENUM API_AVAILABLE(watchos(3.0));` (Swift:
    // `UIFont.TextStyle`, a Sendable struct) and its constants, each `UIKIT_EXTERN UIFontTextStyle const
    // UIFontTextStyle…` (UIKit.apinotes gives their Swift names).
    @preconcurrency
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // `UIFontTextStyleLargeTitle API_AVAILABLE(ios(11.0), watchos(5.0)) API_UNAVAILABLE(tvos)`
        @available(iOS 11.0, macCatalyst 13.1, visionOS 1.0, *)
        @available(tvOS, unavailable)
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        // `UIFontTextStyleTitle1 API_AVAILABLE(ios(9.0), watchos(2.0))`
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        // `UIFontTextStyleTitle2 API_AVAILABLE(ios(9.0), watchos(2.0))`
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        // `UIFontTextStyleTitle3 API_AVAILABLE(ios(9.0), watchos(2.0))`
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        // `UIFontTextStyleHeadline API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        // `UIFontTextStyleSubheadline API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        // `UIFontTextStyleBody API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        // `UIFontTextStyleCallout API_AVAILABLE(ios(9.0), watchos(2.0))`
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        // `UIFontTextStyleFootnote API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        // `UIFontTextStyleCaption1 API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        // `UIFontTextStyleCaption2 API_AVAILABLE(ios(7.0), watchos(2.0))`
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    // UIFontDescriptor.h: `typedef CGFloat UIFontWeight NS_TYPED_EXTENSIBLE_ENUM API_AVAILABLE(watchos(4.0));` (Swift:
    // `UIFont.Weight`) and its constants, each `UIKIT_EXTERN const UIFontWeight UIFontWeight… API_AVAILABLE(ios(8.2),
    // watchos(2.0));` (UIKit.apinotes: SwiftName `regular`, …). The values are the SDK's documented weights.
    @preconcurrency
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }
}

// UIFontMetrics.h: `UIKIT_EXTERN API_AVAILABLE(ios(11.0),tvos(11.0),watchos(4.0)) NS_SWIFT_SENDABLE @interface
// UIFontMetrics : NSObject`
@preconcurrency
@available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
open class UIFontMetrics: NSObject, @unchecked Sendable {
    // UIFontMetrics.h: `- (instancetype)initForTextStyle:(UIFontTextStyle)textStyle NS_DESIGNATED_INITIALIZER;`
    public init(forTextStyle textStyle: UIFont.TextStyle) { super.init() }

    // UIFontMetrics.h: `- (UIFont *)scaledFontForFont:(UIFont *)font;`
    open func scaledFont(for font: UIFont) -> UIFont { fatalError("stub") }
}

// NSAttributedString.h (UIKit): `UIKIT_EXTERN NSAttributedStringKey const NSForegroundColorAttributeName
// API_AVAILABLE(macos(10.0), ios(6.0), tvos(9.0), watchos(2.0), visionos(1.0)); // UIColor, default blackColor`
extension NSAttributedString.Key {
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

// MARK: - Traits

// UIInterface.h: `typedef NS_ENUM(NSInteger, UIUserInterfaceStyle) { UIUserInterfaceStyleUnspecified,
// UIUserInterfaceStyleLight, UIUserInterfaceStyleDark, } API_AVAILABLE(tvos(10.0)) API_AVAILABLE(ios(12.0))
// API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 12.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

// UISceneDefinitions.h: `typedef NS_ENUM(NSInteger, UISceneCaptureState) { UISceneCaptureStateUnspecified = -1,
// UISceneCaptureStateInactive = 0, UISceneCaptureStateActive = 1 } API_AVAILABLE(ios(17.0), tvos(17.0),
// visionos(1.0)) API_UNAVAILABLE(watchos);`
@preconcurrency
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public enum UISceneCaptureState: Int, Sendable {
    case unspecified = -1
    case inactive = 0
    case active = 1
}

// UIContentSizeCategory.h: `typedef NSString * UIContentSizeCategory NS_TYPED_ENUM API_AVAILABLE(ios(7.0))
// API_UNAVAILABLE(watchos);` (Swift: a Sendable struct)
@preconcurrency
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

// UIKit.swiftinterface: `@available(iOS 11.0, tvOS 11.0, *) extension UIContentSizeCategory { public var
// isAccessibilityCategory: Swift.Bool { get } … }`
@available(iOS 11.0, macCatalyst 13.1, tvOS 11.0, visionOS 1.0, *)
extension UIContentSizeCategory {
    public var isAccessibilityCategory: Bool { fatalError("stub") }
}

// UITraitCollection.h: `UIKIT_EXTERN API_AVAILABLE(ios(8.0)) API_UNAVAILABLE(watchos) NS_SWIFT_SENDABLE @interface
// UITraitCollection : NSObject <NSCopying, NSSecureCoding>` (not isolated)
@preconcurrency
open class UITraitCollection: NSObject, @unchecked Sendable {
    // UITraitCollection.h: `@property (nonatomic, readonly) UIUserInterfaceStyle userInterfaceStyle
    // API_AVAILABLE(tvos(10.0)) API_AVAILABLE(ios(12.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 12.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
    open var userInterfaceStyle: UIUserInterfaceStyle { fatalError("stub") }

    // UITraitCollection.h: `@property (nonatomic, copy, readonly) UIContentSizeCategory preferredContentSizeCategory
    // API_AVAILABLE(ios(10.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 10.0, macCatalyst 13.1, tvOS 10.0, visionOS 1.0, *)
    open var preferredContentSizeCategory: UIContentSizeCategory { fatalError("stub") }

    // UITraitCollection.h: `@property (nonatomic, readonly) UISceneCaptureState sceneCaptureState
    // API_AVAILABLE(ios(17.0), tvos(17.0), visionos(1.0)) API_UNAVAILABLE(watchos);`
    @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
    open var sceneCaptureState: UISceneCaptureState { fatalError("stub") }
}

// UITraitCollection.h: `API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @protocol UITraitEnvironment <NSObject> @property
// (nonatomic, readonly) UITraitCollection *traitCollection API_AVAILABLE(ios(8.0)); …` (its other member,
// traitCollectionDidChange(_:), deprecated since iOS 17, is left out: the package targets iOS 17).
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
}

// UIView's implementation (see the header of this file).
extension UITraitEnvironment {
    public var traitCollection: UITraitCollection { fatalError("stub") }
}

// UIView.h: `@interface UIView : UIResponder <…, UITraitEnvironment, …>`
extension UIView: UITraitEnvironment {}

// UIAccessibilityIdentification.h: `API_UNAVAILABLE(watchos) @protocol UIAccessibilityIdentification <NSObject>
// @required @property(nullable, nonatomic, copy) NSString *accessibilityIdentifier API_AVAILABLE(ios(5.0))
// NS_SWIFT_UI_ACTOR; @end` (the protocol is not isolated, its property is) and `@interface UIView (UIAccessibility)
// <UIAccessibilityIdentification>`.
public protocol UIAccessibilityIdentification: NSObjectProtocol {
    @MainActor var accessibilityIdentifier: String? { get set }
}

// UIView's implementation (see the header of this file).
extension UIAccessibilityIdentification {
    @MainActor public var accessibilityIdentifier: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

extension UIView: UIAccessibilityIdentification {}

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, *) public protocol UITraitDefinition { associatedtype Value;
// static var defaultValue: Self.Value { get }; static var identifier: Swift.String { get }; static var name:
// Swift.String { get }; static var affectsColorAppearance: Swift.Bool { get }; … }` (its two underscored requirements
// are left out: no stand-in conforms from outside this file) and its extension giving `identifier`, `name` and
// `affectsColorAppearance` defaults.
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public protocol UITraitDefinition {
    associatedtype Value
    static var defaultValue: Self.Value { get }
    static var identifier: String { get }
    static var name: String { get }
    static var affectsColorAppearance: Bool { get }
}

@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
extension UITraitDefinition {
    public static var identifier: String { fatalError("stub") }
    public static var name: String { fatalError("stub") }
    public static var affectsColorAppearance: Bool { fatalError("stub") }
}

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, *) public typealias UITrait = any
// UIKit.UITraitDefinition.Type`
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public typealias UITrait = any UITraitDefinition.Type

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, visionOS 1.0, *) public struct UITraitSceneCaptureState :
// UIKit.UITraitDefinition { public static let defaultValue: UISceneCaptureState; public static let name: Swift.String;
// public static let identifier: Swift.String; public static let affectsColorAppearance: Swift.Bool; … public typealias
// Value = UISceneCaptureState }`
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public struct UITraitSceneCaptureState: UITraitDefinition {
    public static let defaultValue = UISceneCaptureState.unspecified
    public static let name = "SceneCaptureState"
    public static let identifier = "UITraitSceneCaptureState"
    public static let affectsColorAppearance = false
    public typealias Value = UISceneCaptureState
}

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, *) public struct UITraitPreferredContentSizeCategory :
// UIKit.UITraitDefinition { public static let defaultValue: UIContentSizeCategory; …; public typealias Value =
// UIContentSizeCategory }`
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let defaultValue = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let name = "PreferredContentSizeCategory"
    public static let identifier = "UITraitPreferredContentSizeCategory"
    public static let affectsColorAppearance = false
    public typealias Value = UIContentSizeCategory
}

// UITraitCollection.h: `API_AVAILABLE(ios(17.0), tvos(17.0)) API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR @protocol
// UITraitChangeRegistration <NSObject, NSCopying> @end`
@preconcurrency @MainActor
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public protocol UITraitChangeRegistration: NSObjectProtocol, NSCopying {}

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, *) @_Concurrency.MainActor public protocol
// UITraitChangeObservable { typealias TraitChangeHandler<TraitEnvironment> = (_ traitEnvironment: TraitEnvironment,
// _ previousTraitCollection: UITraitCollection) -> Swift.Void where TraitEnvironment : UITraitEnvironment; … }`
@MainActor
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
public protocol UITraitChangeObservable {
    typealias TraitChangeHandler<TraitEnvironment> = (
        _ traitEnvironment: TraitEnvironment, _ previousTraitCollection: UITraitCollection
    ) -> Void where TraitEnvironment: UITraitEnvironment

    // `@discardableResult @_Concurrency.MainActor func registerForTraitChanges<TraitEnvironment>(_ traits:
    // [UIKit.UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>) -> any UITraitChangeRegistration
    // where TraitEnvironment : UITraitEnvironment`
    @discardableResult
    func registerForTraitChanges<TraitEnvironment>(
        _ traits: [UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration where TraitEnvironment: UITraitEnvironment

    // `@discardableResult … func registerForTraitChanges(_ traits: [UIKit.UITrait], target: Any, action:
    // ObjectiveC.Selector) -> any UITraitChangeRegistration`
    @discardableResult
    func registerForTraitChanges(_ traits: [UITrait], target: Any, action: Selector) -> any UITraitChangeRegistration

    // `@discardableResult … func registerForTraitChanges(_ traits: [UIKit.UITrait], action: ObjectiveC.Selector) -> any
    // UITraitChangeRegistration`
    @discardableResult
    func registerForTraitChanges(_ traits: [UITrait], action: Selector) -> any UITraitChangeRegistration

    // `@_Concurrency.MainActor func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)`
    func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration)
}

// UIKit.swiftinterface: `@available(iOS 17.0, tvOS 17.0, *) extension UIView : UIKit.UITraitChangeObservable { … }`
@available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
extension UIView: UITraitChangeObservable {
    // `@discardableResult @_Concurrency.MainActor public func registerForTraitChanges<Self>(_ traits: [UIKit.UITrait],
    // handler: @escaping UIView.TraitChangeHandler<Self>) -> any UITraitChangeRegistration where Self :
    // UITraitEnvironment` (the generic parameter is named `Self` there; a Swift declaration cannot, hence `Environment`)
    @discardableResult
    public func registerForTraitChanges<Environment>(
        _ traits: [UITrait], handler: @escaping UIView.TraitChangeHandler<Environment>
    ) -> any UITraitChangeRegistration where Environment: UITraitEnvironment { fatalError("stub") }

    @discardableResult
    public func registerForTraitChanges(
        _ traits: [UITrait], target: Any, action: Selector
    ) -> any UITraitChangeRegistration { fatalError("stub") }

    @discardableResult
    public func registerForTraitChanges(_ traits: [UITrait], action: Selector) -> any UITraitChangeRegistration {
        fatalError("stub")
    }

    public func unregisterForTraitChanges(_ registration: any UITraitChangeRegistration) { fatalError("stub") }
}

// MARK: - Application life cycle

// UIApplication.h: `UIKIT_EXTERN NSNotificationName const UIApplicationDidEnterBackgroundNotification
// API_AVAILABLE(ios(4.0)) API_UNAVAILABLE(watchos) NS_SWIFT_NONISOLATED;`,
// `UIKIT_EXTERN NSNotificationName const UIApplicationDidBecomeActiveNotification API_UNAVAILABLE(watchos)
// NS_SWIFT_NONISOLATED;`, `UIKIT_EXTERN NSNotificationName const UIApplicationWillResignActiveNotification
// API_UNAVAILABLE(watchos) NS_SWIFT_NONISOLATED;` (UIKit.apinotes: SwiftName `UIApplication.…Notification`)
extension UIApplication {
    @available(iOS 4.0, macCatalyst 13.1, tvOS 9.0, visionOS 1.0, *)
    nonisolated public class var didEnterBackgroundNotification: NSNotification.Name {
        NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    }
    nonisolated public class var didBecomeActiveNotification: NSNotification.Name {
        NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    }
    nonisolated public class var willResignActiveNotification: NSNotification.Name {
        NSNotification.Name("UIApplicationWillResignActiveNotification")
    }
}

// MARK: - Accessibility

// UIAccessibility.h: `@interface NSObject (UIAccessibility)` with `@property (nonatomic) BOOL isAccessibilityElement
// API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR;`, `@property (nullable, nonatomic, copy) NSString *accessibilityLabel
// API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR;` and `@property (nullable, nonatomic, copy) NSString *accessibilityHint
// API_UNAVAILABLE(watchos) NS_SWIFT_UI_ACTOR;`
extension NSObject {
    @MainActor public var isAccessibilityElement: Bool {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @MainActor public var accessibilityLabel: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    @MainActor public var accessibilityHint: String? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}
