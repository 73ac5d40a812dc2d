// SwiftUI stand-in: the views the package builds. See View.swift for the conventions.

// MARK: - Strings

// LocalizedStringKey: Apple's page is NOT in the stored excerpts; `@frozen struct LocalizedStringKey` (iOS 13.0)
// and its ExpressibleByStringLiteral conformance are transcribed from
// onestack.dev/ios-reference/SwiftUICore/LocalizedStringKey (SDK 27.1). Its own StringInterpolation type is NOT
// modelled: an interpolated literal passed to a LocalizedStringKey parameter picks the StringProtocol overload here.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {}
    // Creates a key from a string variable (LocalizedStringKey's overview: "use the string to create a new
    // LocalizedStringKey instance").
    public init(_ value: String) {}
}

// MARK: - Text

// https://developer.apple.com/documentation/swiftui/text — `@frozen struct Text` (iOS 13.0). Equatable and Sendable
// per its declaration in the SDK interface quoted at zenn.dev/mtkw0127 (`@frozen public struct Text : Equatable,
// Sendable`); the docs page's Relationships are not in the stored copy.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct Text: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4 —
    // `init<S>(_ content: S) where S : StringProtocol`
    public init<S>(_ content: S) where S: StringProtocol {}

    // https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:) —
    // `init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil)`
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {}

    // https://developer.apple.com/documentation/swiftui/text/init(verbatim:) — `init(verbatim content: String)`
    public init(verbatim content: String) {}

    // https://developer.apple.com/documentation/swiftui/text/font(_:) — `nonisolated func font(_ font: Font?) -> Text`
    nonisolated public func font(_ font: Font?) -> Text { self }
}

// Text's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// MARK: - Text input

// https://developer.apple.com/documentation/swiftui/textfield — `nonisolated struct TextField<Label> where Label :
// View`
// (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
nonisolated public struct TextField<Label> where Label: View {}

// TextField's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension TextField: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension TextField where Label == Text {
    // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:) —
    // `@export(implementation) nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>)`
    @export(implementation) nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}

    // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-2laoi —
    // `@export(implementation) nonisolated init<S>(_ title: S, text: Binding<String>) where S : StringProtocol`
    @export(implementation) nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/securefield —
// `nonisolated struct SecureField<Label> where Label : View` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
nonisolated public struct SecureField<Label> where Label: View {}

// SecureField's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension SecureField: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension SecureField where Label == Text {
    // https://developer.apple.com/documentation/swiftui/securefield/init(_:text:) —
    // `@export(implementation) nonisolated init(_ titleKey: LocalizedStringKey, text: Binding<String>)`
    @export(implementation) nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}

    // SecureField's StringProtocol initializer: page NOT FOUND in the stored docs (only the LocalizedStringKey and
    // LocalizedStringResource overloads came back). Transcribed from TextField's twin
    // https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)-2laoi; the package passes a String
    // variable (`SecureField(CardField.cvv.placeholder, text: …)`), which only this overload accepts.
    @export(implementation) nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

// MARK: - Stacks

// https://developer.apple.com/documentation/swiftui/vstack —
// `@frozen nonisolated struct VStack<Content> where Content : View` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen nonisolated public struct VStack<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:) —
    // `nonisolated init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    //  @ContentBuilder content: () -> Content)`
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () -> Content
    ) {}
}

// VStack's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension VStack: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/hstack —
// `@frozen nonisolated struct HStack<Content> where Content : View` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen nonisolated public struct HStack<Content> where Content: View {
    // HStack.init(alignment:spacing:content:): page NOT FOUND in the stored docs. Transcribed from VStack's
    // (https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)) with the vertical
    // alignment of https://onestack.dev/ios-reference/SwiftUICore/HStackLayout
    // (`init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil)`).
    nonisolated public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () -> Content
    ) {}
}

// HStack's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension HStack: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// HorizontalAlignment: `@frozen struct HorizontalAlignment` (iOS 13.0); its page and those of its `leading`/`center`
// constants are linked from https://developer.apple.com/documentation/swiftui/alignment/topleading but their
// declaration text is NOT in the stored excerpts (`static let`, like Alignment.topLeading's
// `static let topLeading: Alignment`).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct HorizontalAlignment {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}

// https://onestack.dev/ios-reference/SwiftUICore/VerticalAlignment — `@frozen struct VerticalAlignment` (iOS 13.0);
// `top`/`center`: as HorizontalAlignment above (linked from Alignment.topLeading, text NOT in the stored excerpts).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen
public struct VerticalAlignment {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
}

// MARK: - Picker, ForEach

// Picker: the struct's page is NOT in the stored excerpts (`struct Picker<Label, SelectionValue, Content> where
// Label : View, SelectionValue : Hashable, Content : View`, iOS 13.0, as its initializers' symbols constrain it).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Picker<Label, SelectionValue, Content>
where Label: View, SelectionValue: Hashable, Content: View {}

// Picker's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Picker: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Picker where Label == Text {
    // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-6lwfn —
    // `nonisolated init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    //  @ContentBuilder content: () -> Content)`
    nonisolated public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ContentBuilder content: () -> Content
    ) {}

    // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-5njtq —
    // `nonisolated init<S>(_ title: S, selection: Binding<SelectionValue>, @ContentBuilder content: () -> Content)
    //  where S : StringProtocol`
    nonisolated public init<S>(
        _ title: S, selection: Binding<SelectionValue>, @ContentBuilder content: () -> Content
    ) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/foreach —
// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

// ForEach's View conformance (where Content : View): Relationships NOT in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ForEach where Content: View {
    // ForEach.init(_:id:content:) for views: page NOT FOUND in the stored docs (the List page refers to it:
    // https://developer.apple.com/documentation/swiftui/list/init(_:id:rowcontent:)-4s0aj builds
    // `ForEach<Data, ID, RowContent>` from `(_ data: Data, id: KeyPath<Data.Element, ID>,
    // @ContentBuilder rowContent: @escaping (Data.Element) -> RowContent)`). Same shape here.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ContentBuilder content: @escaping (Data.Element) -> Content
    ) {}
}

// MARK: - Lists, buttons

// List: the struct's page is NOT in the stored excerpts (`struct List<SelectionValue, Content> where SelectionValue
// : Hashable, Content : View`, iOS 13.0); https://developer.apple.com/documentation/swiftui/list/body —
// `nonisolated var body: some View { get }`. `@MainActor` as iPhoneOS18.6.sdk's symbol graph declares it
// (`scripts/apple-sdk-check --compare-stubs`).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public struct List<SelectionValue, Content> where SelectionValue: Hashable, Content: View {}

// List's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension List: View {
    public typealias Body = Never
    nonisolated public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension List where SelectionValue == Never {
    // https://developer.apple.com/documentation/swiftui/list/init(content:) —
    // `nonisolated init(@ContentBuilder content: () -> Content)` (symbol: extension where SelectionValue == Never)
    nonisolated public init(@ContentBuilder content: () -> Content) {}
}

// Section: the struct's page is NOT in the stored excerpts (`struct Section<Parent, Content, Footer>`, iOS 13.0).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Section<Parent, Content, Footer> {}

// Section's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
extension Section where Parent == Text, Content: View, Footer == EmptyView {
    // https://developer.apple.com/documentation/swiftui/section/init(_:content:) —
    // `@export(implementation) init(_ titleKey: LocalizedStringKey, @ContentBuilder content: () -> Content)`
    // (iOS 15.0; symbol: extension where Parent == Text, Footer == EmptyView)
    @export(implementation) public init(_ titleKey: LocalizedStringKey, @ContentBuilder content: () -> Content) {}
}

// Button: the struct's page is NOT in the stored excerpts (`struct Button<Label> where Label : View`, iOS 13.0).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Button<Label> where Label: View {}

// Button's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Button: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy —
    // `@preconcurrency nonisolated init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)`
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}

    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7 —
    // `@preconcurrency nonisolated init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S :
    // StringProtocol`
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {}
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    // https://developer.apple.com/documentation/swiftui/section/init(content:) —
    // `@export(implementation) init(@ContentBuilder content: () -> Content)` (iOS 13.0; symbol: extension where
    // Parent == EmptyView, Footer == EmptyView)
    @export(implementation) public init(@ContentBuilder content: () -> Content) {}
}

// Not Sendable in iPhoneOS18.6.sdk's symbol graph (`scripts/apple-sdk-check --compare-stubs`); an unavailable
// conformance says so, where a `@frozen` stand-in with no stored property would otherwise be inferred Sendable.
@available(*, unavailable)
extension LocalizedStringKey: Sendable {}
@available(*, unavailable)
extension VStack: Sendable {}
@available(*, unavailable)
extension HStack: Sendable {}
