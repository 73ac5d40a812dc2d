// Source: checked against iPhoneOS18.6.sdk (the real SDK of `scripts/apple-sdk-check`): SwiftUICore.framework/Modules/
// SwiftUICore.swiftmodule/arm64-apple-ios.swiftinterface ("the core interface" below) and SwiftUI.framework/Modules/
// SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface ("the SwiftUI interface"); each declaration quotes it.
// SwiftUI stand-in: the API of the SDK's card fields (PaymentElementView, CardFieldView, CVVFieldView): their fonts and
// colours, the UIKit text field they wrap, and the macOS text field's box. See View.swift for the conventions.

// MARK: - Bindings

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Binding {
    // The core interface: `@preconcurrency public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable ()
    // -> Value, @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Swift.Void)` (a closure
    // written on the main actor stays isolated to it).
    @preconcurrency public init(
        @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
        @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) { fatalError("stub") }
}

// MARK: - Fonts

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Font {
    // The core interface: `public enum TextStyle : Swift.CaseIterable, Swift.Sendable { case largeTitle; case title;
    // @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) case title2; … title3; case headline; case
    // subheadline; case body; case callout; case footnote; case caption; @available(iOS 14.0, …) case caption2; … }`
    // (and two visionOS-only cases, not used), with `extension SwiftUICore.Font.TextStyle : Swift.Hashable {}`.
    public enum TextStyle: CaseIterable, Sendable, Hashable {
        case largeTitle
        case title
        @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
        case title2
        @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
        case title3
        case headline
        case subheadline
        case body
        case callout
        case footnote
        case caption
        @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
        case caption2

        // `public static let allCases: [SwiftUICore.Font.TextStyle]` (declared: cases with their own availability
        // keep the compiler from synthesizing it)
        public static let allCases: [Font.TextStyle] = [
            .largeTitle, .title, .title2, .title3, .headline, .subheadline, .body, .callout, .footnote, .caption,
            .caption2,
        ]
    }

    // The core interface: `@frozen public struct Weight : Swift.Hashable { package var value: CoreFoundation.CGFloat;
    // public static let ultraLight: SwiftUICore.Font.Weight; … thin, light, regular, medium, semibold, bold, heavy,
    // black }` and `extension SwiftUICore.Font.Weight : Swift.Sendable {}`.
    @frozen
    public struct Weight: Hashable, Sendable {
        fileprivate var value: CGFloat
        public static let ultraLight = Weight(value: -0.8)
        public static let thin = Weight(value: -0.6)
        public static let light = Weight(value: -0.4)
        public static let regular = Weight(value: 0)
        public static let medium = Weight(value: 0.23)
        public static let semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4)
        public static let heavy = Weight(value: 0.56)
        public static let black = Weight(value: 0.62)
    }

    // The core interface: `public enum Design : Swift.Hashable, Swift.Sendable { case `default`; … serif; case
    // rounded; … monospaced }`
    public enum Design: Hashable, Sendable {
        case `default`
        case serif
        case rounded
        case monospaced
    }

    // The core interface: `@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *) public static func system(_
    // style: SwiftUICore.Font.TextStyle, design: SwiftUICore.Font.Design? = nil, weight: SwiftUICore.Font.Weight? = nil)
    // -> SwiftUICore.Font`
    @available(iOS 16.0, macCatalyst 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        Font()
    }

    // The core interface: `@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) public static func custom(_
    // name: Swift.String, size: CoreFoundation.CGFloat, relativeTo textStyle: SwiftUICore.Font.TextStyle) ->
    // SwiftUICore.Font`
    @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font { Font() }
}

// MARK: - Colours

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Color {
    // The core interface: `public enum RGBColorSpace : Swift.Sendable { case sRGB; case sRGBLinear; case displayP3 }`
    // with `extension SwiftUICore.Color.RGBColorSpace : Swift.Hashable {}`.
    public enum RGBColorSpace: Sendable, Hashable {
        case sRGB
        case sRGBLinear
        case displayP3
    }

    // The core interface: `public init(_ colorSpace: SwiftUICore.Color.RGBColorSpace = .sRGB, red: Swift.Double, green:
    // Swift.Double, blue: Swift.Double, opacity: Swift.Double = 1)`
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) { self.init() }
}

// The core interface: `public enum ColorScheme : Swift.CaseIterable, Swift.Sendable { case light; case dark }` with
// `extension SwiftUICore.ColorScheme : Swift.Hashable {}` (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public enum ColorScheme: CaseIterable, Sendable, Hashable {
    case light
    case dark
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension EnvironmentValues {
    // The core interface: `extension SwiftUICore.EnvironmentValues { public var colorScheme: SwiftUICore.ColorScheme {
    // get set } … }`
    public var colorScheme: ColorScheme {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// MARK: - The macOS text field's box

// The SwiftUI interface: `public protocol TextFieldStyle { associatedtype _Body : SwiftUICore.View;
// @SwiftUICore.ViewBuilder func _body(configuration: SwiftUI.TextField<Self._Label>) -> Self._Body; typealias _Label =
// SwiftUI._TextFieldStyleLabel }` (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0). Its requirements are underscored
// and NOT transcribed: the package only passes the SDK's styles.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol TextFieldStyle {}

// The SwiftUI interface: `public struct PlainTextFieldStyle : SwiftUI.TextFieldStyle { public init() … }`
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension TextFieldStyle where Self == PlainTextFieldStyle {
    // The SwiftUI interface: `extension SwiftUI.TextFieldStyle where Self == SwiftUI.PlainTextFieldStyle {
    // @_alwaysEmitIntoClient public static var plain: SwiftUI.PlainTextFieldStyle { get { .init() } } }`
    public static var plain: PlainTextFieldStyle { .init() }
}

// The core interface: `@frozen public enum Edge : Swift.Int8, Swift.CaseIterable { case top, leading, bottom, trailing;
// @frozen public struct Set : Swift.OptionSet { … public static let all: SwiftUICore.Edge.Set … } … }` with
// `extension SwiftUICore.Edge : Swift.Sendable {}` and `extension SwiftUICore.Edge.Set : Swift.Sendable {}`. Only the
// set the package passes (by default) is declared.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Edge.Set(rawValue: 0b1111)
    }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
    // The SwiftUI interface: `extension SwiftUICore.View { nonisolated public func textFieldStyle<S>(_ style: S) -> some
    // SwiftUICore.View where S : SwiftUI.TextFieldStyle }`
    nonisolated public func textFieldStyle<S>(_ style: S) -> some View where S: TextFieldStyle { _StubView() }

    // The core interface (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0): `@inlinable nonisolated public func
    // id<ID>(_ id: ID) -> some SwiftUICore.View where ID : Swift.Hashable`
    @inlinable nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { _StubView() }

    // The core interface: `@inlinable nonisolated public func padding(_ length: CoreFoundation.CGFloat) -> some
    // SwiftUICore.View`
    @inlinable nonisolated public func padding(_ length: CGFloat) -> some View { _StubView() }

    // The core interface: `@inlinable nonisolated public func border<S>(_ content: S, width: CoreFoundation.CGFloat = 1)
    // -> some SwiftUICore.View where S : SwiftUICore.ShapeStyle`
    @inlinable nonisolated public func border<S>(_ content: S, width: CGFloat = 1) -> some View where S: ShapeStyle {
        _StubView()
    }

    // The core interface (iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0): `@inlinable nonisolated public func
    // background<S>(_ style: S, ignoresSafeAreaEdges edges: SwiftUICore.Edge.Set = .all) -> some SwiftUICore.View where
    // S : SwiftUICore.ShapeStyle`
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    @inlinable nonisolated public func background<S>(
        _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
    ) -> some View where S: ShapeStyle { _StubView() }
}

// MARK: - The UIKit text field, wrapped

// The core interface: `@frozen public struct ProposedViewSize : Swift.Equatable { public var width:
// CoreFoundation.CGFloat?; public var height: CoreFoundation.CGFloat? … }` (iOS 16.0, macOS 13.0, tvOS 16.0,
// watchOS 9.0) with `extension SwiftUICore.ProposedViewSize : Swift.Sendable {}`.
@available(iOS 16.0, macCatalyst 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
@frozen public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    // `@inlinable public init(width: CoreFoundation.CGFloat?, height: CoreFoundation.CGFloat?)`
    @inlinable public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
}

#if canImport(UIKit)
    // The SwiftUI interface: `@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS,
    // unavailable) @preconcurrency @_Concurrency.MainActor public protocol UIViewRepresentable : SwiftUICore.View where
    // Self.Body == Swift.Never { associatedtype UIViewType : UIKit.UIView; … func makeUIView(context: Self.Context) ->
    // Self.UIViewType; … func updateUIView(_ uiView: Self.UIViewType, context: Self.Context); … static func
    // dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator); associatedtype Coordinator =
    // Swift.Void; … func makeCoordinator() -> Self.Coordinator; … @available(iOS 16.0, tvOS 16.0, *) … func
    // sizeThatFits(_ proposal: SwiftUICore.ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) ->
    // CoreFoundation.CGSize?; … typealias Context = SwiftUI.UIViewRepresentableContext<Self> }` (each member
    // `@_Concurrency.MainActor @preconcurrency`; the underscored requirements are left out).
    @available(iOS 13.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency @MainActor
    public protocol UIViewRepresentable: View where Self.Body == Never {
        associatedtype UIViewType: UIView
        @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
        @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
        @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
        associatedtype Coordinator = Void
        @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
        @available(iOS 16.0, macCatalyst 16.0, tvOS 16.0, visionOS 1.0, *)
        @MainActor @preconcurrency func sizeThatFits(
            _ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context
        ) -> CGSize?
        typealias Context = UIViewRepresentableContext<Self>
    }

    // The SwiftUI interface: `extension SwiftUI.UIViewRepresentable where Self.Coordinator == () {
    // @_Concurrency.MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator }`
    @available(iOS 13.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    extension UIViewRepresentable where Self.Coordinator == () {
        @MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator { () }
    }

    // The SwiftUI interface: `extension SwiftUI.UIViewRepresentable { … public static func dismantleUIView(_ uiView:
    // Self.UIViewType, coordinator: Self.Coordinator); … @available(iOS 16.0, tvOS 16.0, watchOS 9.0, *) … public func
    // sizeThatFits(_ proposal: SwiftUICore.ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) ->
    // CoreFoundation.CGSize?; … @_Concurrency.MainActor @preconcurrency public var body: Swift.Never { get } }`
    @available(iOS 13.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    extension UIViewRepresentable {
        @MainActor @preconcurrency public static func dismantleUIView(
            _ uiView: Self.UIViewType, coordinator: Self.Coordinator
        ) {}

        @available(iOS 16.0, macCatalyst 16.0, tvOS 16.0, visionOS 1.0, *)
        @MainActor @preconcurrency public func sizeThatFits(
            _ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context
        ) -> CGSize? { nil }

        @MainActor @preconcurrency public var body: Never { fatalError("stub") }
    }

    // The SwiftUI interface: `@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS,
    // unavailable) @preconcurrency @_Concurrency.MainActor public struct UIViewRepresentableContext<Representable> where
    // Representable : SwiftUI.UIViewRepresentable { @_Concurrency.MainActor @preconcurrency public let coordinator:
    // Representable.Coordinator; … }`
    @available(iOS 13.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    @preconcurrency @MainActor
    public struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable {
        @MainActor @preconcurrency public let coordinator: Representable.Coordinator
    }
#endif
