// SwiftUI stand-in: the app structure (App, Scene, WindowGroup). See View.swift for the conventions.

// https://developer.apple.com/documentation/swiftui/app — `@MainActor @preconcurrency protocol App` (iOS 14.0,
// macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0)
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol App {
    // https://developer.apple.com/documentation/swiftui/app/body-swift.associatedtype — `associatedtype Body : Scene`
    associatedtype Body: Scene

    // https://developer.apple.com/documentation/swiftui/app/body-swift.property —
    // `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }

    // App's `init()` requirement ("Creates an instance of the app using the body that you define"): its page is NOT in
    // the stored excerpts; isolation as the protocol's.
    @MainActor @preconcurrency init()
}

@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension App {
    // https://developer.apple.com/documentation/swiftui/app/main() — `@MainActor @preconcurrency static func main()`
    @MainActor @preconcurrency public static func main() { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/scene — `@MainActor @preconcurrency protocol Scene` (iOS 14.0)
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol Scene {
    // Scene.Body: page NOT in the stored excerpts; as App's `associatedtype Body : Scene`.
    associatedtype Body: Scene

    // https://developer.apple.com/documentation/swiftui/scene/body-swift.property —
    // `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// SceneBuilder: the struct's page is NOT in the stored excerpts (`@resultBuilder struct SceneBuilder`, iOS 14.0).
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
@resultBuilder
public struct SceneBuilder {
    // https://developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:) —
    // `@export(implementation) static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
    //  where repeat each Content : Scene`
    @export(implementation) public static func buildBlock<each Content>(
        _ content: repeat each Content
    ) -> some Scene where repeat each Content: Scene {
        WindowGroup<EmptyView>(makeContent: { EmptyView() })  // stub: an opaque result needs an underlying type
    }
}

// WindowGroup: the struct's page is NOT in the stored excerpts (`struct WindowGroup<Content> where Content : View`,
// iOS 14.0; https://onestack.dev/ios-reference/SwiftUI/WindowGroup.Body: `typealias Body = some Scene`).
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct WindowGroup<Content> where Content: View {
    // https://developer.apple.com/documentation/swiftui/windowgroup/init(makecontent:) —
    // `@export(implementation) nonisolated init(@ContentBuilder makeContent: @escaping () -> Content)` (iOS 14.0).
    // The older https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
    // (`nonisolated init(@ContentBuilder content: () -> Content)`) is deprecated (iOS 14.0–18.0, macOS 11.0–15.0) and
    // is left out: `WindowGroup { … }` resolves to init(makeContent:) in the current SDK.
    @export(implementation) nonisolated public init(@ContentBuilder makeContent: @escaping () -> Content) {}
}

// WindowGroup's Scene conformance; the page's Relationships are not in the stored copy.
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
extension WindowGroup: Scene {
    public var body: some Scene { self }  // stub: a primitive scene (SwiftUI's Body is `some Scene`)
}
