// SwiftUI's `task(priority:_:)` declares its action `@_inheritActorContext`: in a view's body the closure runs on
// the main actor and calls the checkout without `await`. Apple's documentation does not show that underscored
// attribute, so the stand-in in AppleTypeCheck/Stubs/SwiftUI lacks it and would demand an `await`; this overload
// gives the snippets SwiftUI's real behaviour.
extension View {
    func task(_ action: @escaping @MainActor () async -> Void) -> some View { self }
}
