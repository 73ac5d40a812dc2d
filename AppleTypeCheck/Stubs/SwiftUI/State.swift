// SwiftUI stand-in: property wrappers and bindings. See View.swift for the conventions.

// MARK: - Binding

// Binding: the struct's page is NOT in the stored excerpts. `@frozen @propertyWrapper @dynamicMemberLookup
// struct Binding<Value>` (iOS 13.0) is how its member pages use it (dynamic-member subscript, projectedValue
// initializer). Only the members the package reaches are declared.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    // NOT FOUND as a page in the stored docs: `var wrappedValue: Value { get nonmutating set }` (a property wrapper
    // needs one).
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:) —
    // `@export(implementation) init(projectedValue: Binding<Value>)`
    @export(implementation) public init(projectedValue: Binding<Value>) { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:) —
    // `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stub")
    }
}

// MARK: - State

// State: the struct's page is NOT in the stored excerpts; the Xcode 27 pages document `State` as a macro
// (https://developer.apple.com/documentation/swiftui/state(initialvalue:) — "When you build with Xcode 26 or
// earlier, the system uses the State property wrapper instead"). A macro cannot be stubbed without a compiler
// plug-in, so the stand-in models the property wrapper (`@frozen @propertyWrapper struct State<Value>`, iOS 13.0).
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper
public struct State<Value> {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:) — `init(wrappedValue value: Value)`
    public init(wrappedValue value: Value) { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue — `var wrappedValue: Value { get nonmutating
    // set }`
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/swiftui/state/projectedvalue — `var projectedValue: Binding<Value> {
    // get }`
    public var projectedValue: Binding<Value> { fatalError("stub") }
}

// MARK: - Bindable (Observation)

// https://developer.apple.com/documentation/swiftui/bindable —
// `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>` (iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0)
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    // The initializers' symbols are those of members constrained `where Value : AnyObject, Value :
    // Observation.Observable` (a contextual where clause mangles like a constrained extension). They sit in the
    // primary declaration: the compiler only takes a property wrapper's `init(wrappedValue:)` from there when it
    // builds a memberwise initializer (`@Bindable var book: Book` → `init(book: Book)`, as Bindable's page shows).

    // https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:) — `init(wrappedValue: Value)`
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/bindable/init(_:) — `init(_ wrappedValue: Value)`
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/bindable/init(projectedvalue:) —
    // `init(projectedValue: Bindable<Value>)`
    public init(projectedValue: Bindable<Value>) where Value: AnyObject, Value: Observable { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/bindable/wrappedvalue — `var wrappedValue: Value`
    public var wrappedValue: Value {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/swiftui/bindable/projectedvalue —
    // `var projectedValue: Bindable<Value> { get }`
    public var projectedValue: Bindable<Value> { fatalError("stub") }
}

@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Bindable where Value: AnyObject {
    // https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:) —
    // `subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    // (its symbol: an extension where Value : AnyObject)
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("stub")
    }
}

// MARK: - FocusState

// https://developer.apple.com/documentation/swiftui/focusstate —
// `@frozen @propertyWrapper struct FocusState<Value> where Value : Hashable` (iOS 15.0, macOS 12.0, tvOS 15.0,
// watchOS 8.0, visionOS 1.0)
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
@frozen @propertyWrapper
public struct FocusState<Value> where Value: Hashable {
    // FocusState's initializers: pages NOT FOUND in the stored docs. `init() where Value == Bool` is transcribed from
    // its twin https://developer.apple.com/documentation/swiftui/accessibilityfocusstate/init()
    // (`init() where Value == Bool`); `init<T>() where Value == T?` is what `@FocusState var x: T?` needs.
    // They sit in the primary declaration: only there does the compiler use a constrained `init()` to
    // default-initialize a wrapped property.
    public init() where Value == Bool { fatalError("stub") }
    public init<T>() where Value == T?, T: Hashable { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/focusstate/wrappedvalue —
    // `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/swiftui/focusstate/projectedvalue —
    // `var projectedValue: FocusState<Value>.Binding { get }`
    public var projectedValue: FocusState<Value>.Binding { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/focusstate/binding — `@frozen @propertyWrapper struct Binding`
    @frozen @propertyWrapper
    public struct Binding {
        // Stand-in storage: no synthesized initializer (the SDK declares none).
        private let _stub: Never

        // https://developer.apple.com/documentation/swiftui/focusstate/binding/wrappedvalue — `var wrappedValue: Value`
        public var wrappedValue: Value {
            get { fatalError("stub") }
            nonmutating set { fatalError("stub") }
        }

        // https://developer.apple.com/documentation/swiftui/focusstate/binding/projectedvalue —
        // `var projectedValue: FocusState<Value>.Binding`
        public var projectedValue: FocusState<Value>.Binding { fatalError("stub") }
    }
}

// MARK: - ObservedObject (Combine)

// https://developer.apple.com/documentation/swiftui/observedobject — `@MainActor @propertyWrapper @preconcurrency
// @frozen struct ObservedObject<ObjectType> where ObjectType : ObservableObject` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType> where ObjectType: ObservableObject {
    // https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:) —
    // `@MainActor @preconcurrency init(wrappedValue: ObjectType)`
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    // https://developer.apple.com/documentation/swiftui/observedobject/wrappedvalue —
    // `@MainActor @preconcurrency var wrappedValue: ObjectType`
    @MainActor @preconcurrency public var wrappedValue: ObjectType

    // ObservedObject.projectedValue: page NOT in the stored excerpts; transcribed from its twin
    // https://developer.apple.com/documentation/swiftui/stateobject/projectedvalue —
    // `@MainActor @preconcurrency var projectedValue: ObservedObject<ObjectType>.Wrapper { get }`
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/observedobject/wrapper —
    // `@MainActor @dynamicMemberLookup @preconcurrency @frozen struct Wrapper`, Conforms To Sendable, SendableMetatype
    @MainActor @dynamicMemberLookup @preconcurrency @frozen
    public struct Wrapper: Sendable {
        // https://developer.apple.com/documentation/swiftui/observedobject/wrapper/subscript(dynamicmember:) —
        // `@MainActor @preconcurrency subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType,
        //  Subject>) -> Binding<Subject> { get }`
        @MainActor @preconcurrency
        public subscript<Subject>(
            dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
        ) -> Binding<Subject> {
            fatalError("stub")
        }
    }
}

// MARK: - Environment

// EnvironmentValues: the struct's page is NOT in the stored excerpts (`struct EnvironmentValues`, iOS 13.0); only
// the member the package reads is declared.
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase —
    // `var scenePhase: ScenePhase { get set }` (iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0)
    @available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public var scenePhase: ScenePhase {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }

    // https://developer.apple.com/documentation/swiftui/environmentvalues/dynamictypesize —
    // `var dynamicTypeSize: DynamicTypeSize { get set }` (iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0)
    @available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public var dynamicTypeSize: DynamicTypeSize {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
}

// https://developer.apple.com/documentation/swiftui/dynamictypesize — `enum DynamicTypeSize` (iOS 15.0, macOS 12.0,
// tvOS 15.0, watchOS 8.0, visionOS 1.0); its cases as the page's Topics list them (xSmall … xxxLarge, then
// https://developer.apple.com/documentation/swiftui/dynamictypesize/accessibility1 — `case accessibility1` … 5).
@available(iOS 15.0, macCatalyst 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum DynamicTypeSize: Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    // https://developer.apple.com/documentation/swiftui/dynamictypesize/isaccessibilitysize —
    // `var isAccessibilitySize: Bool { get }`
    public var isAccessibilitySize: Bool { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/environment —
// `@frozen @propertyWrapper struct Environment<Value>` (iOS 13.0)
@available(iOS 13.0, macCatalyst 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@frozen @propertyWrapper
public struct Environment<Value> {
    // https://developer.apple.com/documentation/swiftui/environment/init(_:) —
    // `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError("stub") }

    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue — `var wrappedValue: Value { get }`
    public var wrappedValue: Value { fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/scenephase — `enum ScenePhase` (iOS 14.0, macOS 11.0, tvOS 14.0,
// watchOS 7.0, visionOS 1.0)
@available(iOS 14.0, macCatalyst 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public enum ScenePhase: Sendable {
    // https://developer.apple.com/documentation/swiftui/scenephase/background — `case background` (page linked from
    // ScenePhase.inactive; its own excerpt NOT in the stored docs)
    case background
    // https://developer.apple.com/documentation/swiftui/scenephase/inactive — `case inactive`
    case inactive
    // https://developer.apple.com/documentation/swiftui/scenephase/active — `case active`
    case active
}

// Sendable as iPhoneOS18.6.sdk's symbol graph has them (`scripts/apple-sdk-check --compare-stubs`): DynamicTypeSize and
// ScenePhase above, Bindable when its value is; FocusState and its Binding are not (an unavailable conformance, as
// SwiftUI spells "not Sendable": without it a `@frozen` stand-in with no stored property would be inferred Sendable).
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension Bindable: Sendable where Value: Sendable {}
@available(*, unavailable)
extension FocusState: Sendable {}
@available(*, unavailable)
extension FocusState.Binding: Sendable {}
