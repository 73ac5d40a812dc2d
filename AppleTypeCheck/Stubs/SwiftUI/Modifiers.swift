// SwiftUI stand-in: view modifiers and the styles they take. See View.swift for the conventions.
// Every modifier page shows `nonisolated func …` in an extension of View.

// MARK: - Text style

// Font: `@frozen struct Font` (iOS 13.0). The struct's page is NOT in the stored excerpts.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct Font {
    // Font.caption: its page is NOT in the stored excerpts (Font.TextStyle.caption, `case caption`, iOS 13.0, is);
    // transcribed from its sibling https://developer.apple.com/documentation/swiftui/font/caption2 —
    // `static let caption2: Font` (iOS 14.0).
    public static let caption = Font()
}

// https://developer.apple.com/documentation/swiftui/shapestyle — `protocol ShapeStyle : Sendable` (iOS 13.0).
// Its `resolve(in:)` requirement (with a default) is NOT transcribed: the package only passes built-in styles.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ShapeStyle: Sendable {}

// HierarchicalShapeStyle: `@frozen struct HierarchicalShapeStyle` (iOS 15.0); the struct's page is NOT in the stored
// excerpts, its ShapeStyle conformance follows from ShapeStyle.secondary below.
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
@frozen
public struct HierarchicalShapeStyle: ShapeStyle {
    // https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle/secondary —
    // `static let secondary: HierarchicalShapeStyle`
    public static let secondary = HierarchicalShapeStyle()
}

@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    // https://developer.apple.com/documentation/swiftui/shapestyle/secondary-swift.type.property —
    // `@export(implementation) static var secondary: HierarchicalShapeStyle { get }` (iOS 15.0)
    @export(implementation) public static var secondary: HierarchicalShapeStyle { .secondary }
}

// Color: `@frozen struct Color` (iOS 13.0); the struct's page is NOT in the stored excerpts. Its ShapeStyle
// conformance is quoted from the page's "Conforms To" by qiita.com/chanzmao (CustomStringConvertible, Equatable,
// Hashable, Sendable, ShapeStyle, Transferable, View); only ShapeStyle is needed.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct Color: ShapeStyle {
    // https://developer.apple.com/documentation/swiftui/color/red — `static let red: Color`
    public static let red = Color()
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ShapeStyle where Self == Color {
    // ShapeStyle.red (`.red` where a ShapeStyle is expected): page NOT FOUND in the stored docs; SwiftUI declares
    // each Color constant again on `ShapeStyle where Self == Color` so that `.foregroundStyle(.red)` resolves.
    public static var red: Color { Color.red }
}

// MARK: - Picker style

// https://developer.apple.com/documentation/swiftui/pickerstyle — `protocol PickerStyle` (iOS 13.0). Its
// requirements are underscored and NOT transcribed.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol PickerStyle {}

// https://developer.apple.com/documentation/swiftui/segmentedpickerstyle — `struct SegmentedPickerStyle`
// (iOS 13.0, macOS 10.15, tvOS 13.0, visionOS 1.0 — not watchOS), Conforms To PickerStyle
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public struct SegmentedPickerStyle: PickerStyle {
    // https://developer.apple.com/documentation/swiftui/segmentedpickerstyle/init() — `init()`
    public init() {}
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, visionOS 1.0, *)
@available(watchOS, unavailable)
extension PickerStyle where Self == SegmentedPickerStyle {
    // https://developer.apple.com/documentation/swiftui/pickerstyle/segmented —
    // `@export(implementation) static var segmented: SegmentedPickerStyle { get }`
    @export(implementation) public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

// MARK: - View modifiers

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
    // https://developer.apple.com/documentation/swiftui/view/font(_:) — `nonisolated func font(_ font: Font?) -> some
    // View`
    nonisolated public func font(_ font: Font?) -> some View { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:) —
    // `nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle` (iOS 15.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:) —
    // `@export(implementation) nonisolated func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View
    //  where V : Hashable`
    @export(implementation) nonisolated public func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View
    where V: Hashable { _StubView() }

    // View.pickerStyle(_:): page NOT FOUND in the stored docs. Transcribed from its twin
    // https://developer.apple.com/documentation/swiftui/view/datepickerstyle(_:) —
    // `nonisolated func datePickerStyle<S>(_ style: S) -> some View where S : DatePickerStyle`.
    nonisolated public func pickerStyle<S>(_ style: S) -> some View where S: PickerStyle { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/focused(_:equals:) —
    // `nonisolated func focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View
    //  where Value : Hashable` (iOS 15.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View
    where Value: Hashable { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/focused(_:) —
    // `nonisolated func focused(_ condition: FocusState<Bool>.Binding) -> some View` (iOS 15.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func focused(_ condition: FocusState<Bool>.Binding) -> some View { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:) is the overload group's page:
    // `@export(implementation) nonisolated func accessibilityLabel(_ label: LocalizedStringResource)
    //  -> ModifiedContent<Self, AccessibilityAttachmentModifier>` (iOS 16.0). NOT declared here: Foundation on Linux
    // has no LocalizedStringResource, and the package never passes one.
    // View.accessibilityLabel(_:) taking a StringProtocol: page NOT FOUND in the stored docs (only the
    // LocalizedStringResource, LocalizedStringKey (ModifiedContent) and Text (deprecated accessibility(label:))
    // overloads came back). Same return type as those; the package passes a String variable (`field.title`).
    nonisolated public func accessibilityLabel<S>(
        _ label: S
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> where S: StringProtocol { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityhint(_:) is the overload group's page; the
    // StringProtocol overload as the SwiftUI interface declares it on View (iOS 14.0):
    // `public func accessibilityHint<S>(_ hint: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier>
    //  where S : StringProtocol` (the package passes a String variable).
    @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    nonisolated public func accessibilityHint<S>(
        _ hint: S
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> where S: StringProtocol { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/view/accessibilityidentifier(_:) —
    // `nonisolated func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self,
    //  AccessibilityAttachmentModifier>` (iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0)
    @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    nonisolated public func accessibilityIdentifier(
        _ identifier: String
    ) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/view/autocorrectiondisabled(_:) —
    // `@export(implementation) nonisolated func autocorrectionDisabled(_ disable: Bool = true) -> some View`
    // (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 8.0, visionOS 1.0)
    @export(implementation) nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
        _StubView()
    }

    // https://developer.apple.com/documentation/swiftui/view/privacysensitive(_:) —
    // `nonisolated func privacySensitive(_ sensitive: Bool = true) -> some View` (iOS 15.0, macOS 12.0, tvOS 15.0,
    // watchOS 8.0, visionOS 1.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func privacySensitive(_ sensitive: Bool = true) -> some View { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/disabled(_:) —
    // `nonisolated func disabled(_ disabled: Bool) -> some View`
    nonisolated public func disabled(_ disabled: Bool) -> some View { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:) —
    // `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    //  where V : Equatable` (iOS 17.0)
    @available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    )
        -> some View where V: Equatable
    { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg —
    // `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
    //  -> some View where V : Equatable` (iOS 17.0)
    @available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    )
        -> some View where V: Equatable
    { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:) —
    // `nonisolated func onOpenURL(perform action: @escaping (URL) -> ()) -> some View` (iOS 14.0)
    @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { _StubView() }

    // https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:) —
    // `@export(implementation) nonisolated func task(name: String? = nil, priority: TaskPriority = .userInitiated,
    //  file: String = #fileID, line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void)
    //  -> some View` (iOS 15.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    @export(implementation) nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { _StubView() }
}

#if canImport(UIKit)
    @available(iOS 13.0, macCatalyst 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    extension View {
        // https://developer.apple.com/documentation/swiftui/view/keyboardtype(_:) —
        // `nonisolated func keyboardType(_ type: UIKeyboardType) -> some View` (iOS 13.0, Catalyst 13.0, tvOS 13.0,
        // visionOS 1.0; not macOS, not watchOS)
        nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { _StubView() }

        // https://developer.apple.com/documentation/swiftui/view/textcontenttype(_:)-ufdv —
        // `nonisolated func textContentType(_ textContentType: UITextContentType?) -> some View` (iOS 13.0,
        // Catalyst 13.0, tvOS 13.0, visionOS 1.0; macOS takes NSTextContentType, watchOS WKTextContentType)
        nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View {
            _StubView()
        }
    }
#endif
