// Source: Apple's documentation only, not yet an SDK header or interface (AppleTypeCheck/README.md, "Checked against
// SDK files, and only against documentation", says why).
// Combine stand-in for the Apple type-check harness: ONLY the API the package uses (`ObservableObject`,
// `ObservableObjectPublisher`, the `Publisher` shape they need), transcribed from Apple's current documentation.
// Each declaration names the page it comes from. Bodies are `fatalError("stub")`: the harness only type-checks.
//
// Sendable: Apple's pages for ObservableObjectPublisher (and for ObservableObject) show no `Sendable`, neither in the
// declaration (`final class ObservableObjectPublisher`) nor in a "Conforms To" list. The stored copies of Combine's
// pages carry no Relationships section at all (PassthroughSubject's and AnyCancellable's neither), so the docs cannot
// confirm or rule out a Sendable conformance. The stand-in declares only what the pages show: NOT Sendable. Public
// app code that keeps `nonisolated let objectWillChange = ObservableObjectPublisher()` in a `@MainActor` class adds
// `extension ObservableObjectPublisher: @unchecked Sendable {}` itself, which is consistent with the SDK's class not
// being Sendable. See the harness report for what this means for `PaymentElement`.

// https://developer.apple.com/documentation/combine/publisher — `protocol Publisher<Output, Failure>` (iOS 13.0,
// macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0). Its operators and `subscribe(_:)` are not used by the package.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Publisher<Output, Failure> {
    // https://developer.apple.com/documentation/combine/publisher/output — `associatedtype Output`
    associatedtype Output
    // https://developer.apple.com/documentation/combine/publisher/failure — `associatedtype Failure : Error`
    associatedtype Failure: Error

    // https://developer.apple.com/documentation/combine/publisher/receive(subscriber:) —
    // `func receive<S>(subscriber: S) where S : Subscriber, Self.Failure == S.Failure, Self.Output == S.Input`
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

// https://developer.apple.com/documentation/combine/subscriber — `protocol Subscriber<Input, Failure> :
// CustomCombineIdentifierConvertible` (iOS 13.0). Declared only so that `receive(subscriber:)` can be written: its
// requirements (`receive(subscription:)`, `receive(_:)`, `receive(completion:)`) and the
// CustomCombineIdentifierConvertible refinement are NOT transcribed; nothing in the package subscribes.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol Subscriber<Input, Failure> {
    // https://developer.apple.com/documentation/combine/subscriber/input — `associatedtype Input`
    associatedtype Input
    // https://developer.apple.com/documentation/combine/subscriber/failure — `associatedtype Failure : Error`
    associatedtype Failure: Error
}

// https://developer.apple.com/documentation/combine/observableobject — `protocol ObservableObject : AnyObject`
// (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0). Not actor-isolated, not Sendable-refining.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol ObservableObject: AnyObject {
    // https://developer.apple.com/documentation/combine/observableobject/objectwillchangepublisher —
    // `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher
    //  where Self.ObjectWillChangePublisher.Failure == Never`
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where Self.ObjectWillChangePublisher.Failure == Never

    // https://developer.apple.com/documentation/combine/observableobject/objectwillchange —
    // `var objectWillChange: Self.ObjectWillChangePublisher { get }`
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    // https://developer.apple.com/documentation/combine/observableobject/objectwillchange-5gopl —
    // `var objectWillChange: ObservableObjectPublisher { get }` (the synthesized default)
    public var objectWillChange: ObservableObjectPublisher { fatalError("stub") }
}

// https://developer.apple.com/documentation/combine/observableobjectpublisher — `final class ObservableObjectPublisher`
// (iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0). Its Publisher conformance follows from the page of
// ObservableObject.ObjectWillChangePublisher (`: Publisher = ObservableObjectPublisher`); no Sendable (see above).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
final public class ObservableObjectPublisher: Publisher {
    // Output and Failure are not on the page's Topics; `Void`/`Never` are what ObservableObject's
    // `where Self.ObjectWillChangePublisher.Failure == Never` and `send()` (no argument) require.
    public typealias Output = Void
    public typealias Failure = Never

    // https://developer.apple.com/documentation/combine/observableobjectpublisher/init() — `init()`
    public init() {}

    // https://developer.apple.com/documentation/combine/publisher/receive(subscriber:) (the Publisher requirement)
    final public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Void {
        fatalError("stub")
    }

    // https://developer.apple.com/documentation/combine/observableobjectpublisher/send() — `final func send()`
    final public func send() { fatalError("stub") }
}
