// Source: Apple's documentation only, not yet an SDK header or interface (AppleTypeCheck/README.md, "Checked against
// SDK files, and only against documentation", says why).
// SwiftUI stand-in for the Apple type-check harness: ONLY the API that PaymentElementView.swift and the example app
// use, transcribed from Apple's current documentation (the Xcode 27 / iOS 27 pages). Each declaration names its page.
// Bodies are `fatalError("stub")`; primitive views have `Body = Never`, as SwiftUI's do.
// Conventions:
// - `@MainActor`, `@preconcurrency`, `nonisolated` and `@export(implementation)` exactly where the page shows them.
// - A declaration whose page is not in the stored docs says "NOT FOUND" in its comment, with what it is based on.
// - SwiftUI re-exports Foundation (Bundle, URL, CGFloat); Observation (Bindable's constraint); Combine
//   (ObservedObject's constraint); and, on iOS, UIKit (keyboardType/textContentType take UIKit types). The
//   stand-in does the same.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

#if canImport(UIKit)
    @_exported import UIKit
#endif

// MARK: - View

// https://developer.apple.com/documentation/swiftui/view — `@MainActor @preconcurrency protocol View`
// (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype — `associatedtype Body : View`
    associatedtype Body: View

    // https://developer.apple.com/documentation/swiftui/view/body-8kl5o —
    // `@ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// `Never` is every primitive view's `Body`. NOT FOUND as a page (Never's SwiftUI conformances are not in the stored
// docs); https://developer.apple.com/documentation/swiftui/tuplecontent says "`Never` [is] the universal 'primitive
// body' type", and every primitive view below (Text, VStack, ...) needs it.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// MARK: - Content builder

// https://developer.apple.com/documentation/swiftui/viewbuilder — `@resultBuilder struct ViewBuilder` (iOS 13.0).
// The page: in Xcode 27 ViewBuilder builds type-agnostic content (its buildBlock/buildIf/buildEither no longer
// require View); only the multi-statement buildBlock keeps `repeat each Content : View`.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder
public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock() —
    // `@export(implementation) static func buildBlock() -> EmptyContent`
    @export(implementation) public static func buildBlock() -> EmptyContent { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:) —
    // `@export(implementation) static func buildBlock<Content>(_ content: Content) -> Content`
    @export(implementation) public static func buildBlock<Content>(_ content: Content) -> Content { content }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g —
    // `@export(implementation) static func buildBlock<each Content>(_ content: repeat each Content)
    //  -> TupleView<(repeat each Content)> where repeat each Content : View`
    @export(implementation) public static func buildBlock<each Content>(
        _ content: repeat each Content
    ) -> TupleView<(repeat each Content)> where repeat each Content: View {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:) —
    // `@export(implementation) static func buildIf<Content>(_ content: Content?) -> Content?`
    @export(implementation) public static func buildIf<Content>(_ content: Content?) -> Content? { content }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:) —
    // `@export(implementation) static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    //  -> _ConditionalContent<TrueContent, FalseContent>`
    @export(implementation) public static func buildEither<TrueContent, FalseContent>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:) —
    // `@export(implementation) static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    //  -> _ConditionalContent<TrueContent, FalseContent>`
    @export(implementation) public static func buildEither<TrueContent, FalseContent>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        fatalError("stub")
    }
    // buildLimitedAvailability: the only overload in the docs is the Commands one; not needed (no `#available`
    // inside a builder in the package).
}

// https://developer.apple.com/documentation/swiftui/contentbuilder — `typealias ContentBuilder = ViewBuilder`
// (iOS 13.0; the name Xcode 27's pages use in every builder parameter)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public typealias ContentBuilder = ViewBuilder

// https://developer.apple.com/documentation/swiftui/emptyview — `@frozen nonisolated struct EmptyView` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen nonisolated public struct EmptyView {
    // https://developer.apple.com/documentation/swiftui/emptyview/init() — `nonisolated init()` (onestack listing)
    nonisolated public init() {}
}

// EmptyView's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension EmptyView: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// EmptyContent: `typealias EmptyContent = EmptyView` (iOS 13.0). Apple's page is NOT in the stored docs index;
// transcribed from onestack.dev/ios-reference/SwiftUICore/EmptyContent (SDK 27.1), which ViewBuilder.buildBlock()
// returns.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public typealias EmptyContent = EmptyView

// https://developer.apple.com/documentation/swiftui/tupleview — `@frozen nonisolated struct TupleView<T>` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen nonisolated public struct TupleView<T> {
    // https://developer.apple.com/documentation/swiftui/tupleview/value — `var value: T`
    public var value: T
    // https://developer.apple.com/documentation/swiftui/tupleview/init(_:) — `nonisolated init(_ value: T)`
    nonisolated public init(_ value: T) { self.value = value }
}

// TupleView's View conformance: its Relationships are not in the stored page; SwiftUI's builder returns it as a view.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension TupleView: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// `_ConditionalContent<TrueContent, FalseContent>`: underscored, NOT documented (no page). Named by
// ViewBuilder.buildEither's pages; its conditional View conformance is what makes `if … else` bodies views.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}

// _ConditionalContent's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// Optional's View conformance (`if` without `else` in a builder yields `Content?`). NOT FOUND as a page; required
// by ViewBuilder.buildIf(_:) returning `Content?` for a `some View` body.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// MARK: - Modifiers as types

// ViewModifier: protocol page NOT in the stored excerpts; only named as AccessibilityAttachmentModifier's
// "Conforms To". Its requirements (`body(content:)`, `Content`) are NOT transcribed: the package never writes one.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol ViewModifier {}

// ModifiedContent: struct page NOT in the stored excerpts; named by accessibilityLabel(_:)'s return type
// (`ModifiedContent<Self, AccessibilityAttachmentModifier>`). `@frozen struct ModifiedContent<Content, Modifier>`.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {}

// ModifiedContent's View conformance (primitive, `Body = Never`); Relationships not in the stored page.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/accessibilityattachmentmodifier —
// `nonisolated struct AccessibilityAttachmentModifier` (iOS 13.0), Conforms To ViewModifier
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
nonisolated public struct AccessibilityAttachmentModifier: ViewModifier {}

// MARK: - Stand-in plumbing (not SwiftUI API)

// The underlying type of the stand-in's `some View` results. Not `Never`: a `some View` whose underlying type is
// Never makes the compiler flag every statement after a modifier call as "will never be executed".
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@usableFromInline
struct _StubView: View {
    @usableFromInline nonisolated init() {}
    @usableFromInline var body: Never { fatalError("stub") }
}

// Not Sendable in iPhoneOS18.6.sdk's symbol graph (`scripts/apple-sdk-check --compare-stubs`); see Views.swift.
@available(*, unavailable)
extension ModifiedContent: Sendable {}
