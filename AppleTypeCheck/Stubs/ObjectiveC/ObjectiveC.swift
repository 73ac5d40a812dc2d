// Source: Apple's documentation only, not yet an SDK header or interface (AppleTypeCheck/README.md, "Checked against
// SDK files, and only against documentation", says why).
// ObjectiveC stand-in for the Apple type-check harness. On Apple platforms Foundation re-exports the ObjectiveC module,
// so every file that imports Foundation also sees the Objective-C runtime's public names. The harness simulates that
// re-export by compiling every harness file with `-Xfrontend -import-module -Xfrontend ObjectiveC`.
// Only the names that matter to the package are declared: today that is `Method`, which collides with any
// public `Method` type an SDK exports (client code writing `Method` then fails with "'Method' is ambiguous").
// This module imports nothing (it must build before Foundation's stand-ins need it).

// https://developer.apple.com/documentation/objectivec/method — `typealias Method = OpaquePointer` ("A type that
// represents a method in a class definition"; Objective-C Runtime, every Apple platform). The Apple page itself is not
// in the docs index; the declaration is confirmed by the runtime's sibling pages, which use the same form
// (objectivec/objc_property_t: `typealias objc_property_t = OpaquePointer`, objectivec/category:
// `typealias Category = OpaquePointer`) and by the iOS SDK listing at onestack.dev/ios-reference/ObjectiveC/Method.
public typealias Method = OpaquePointer

// Checked against iPhoneOS18.6.sdk usr/lib/swift/ObjectiveC.swiftmodule/arm64-apple-ios.swiftinterface:
// `@frozen public struct Selector : Swift.ExpressibleByStringLiteral, @unchecked Swift.Sendable { internal var ptr:
// Swift.OpaquePointer; public init(_ str: Swift.String); public init(stringLiteral value: Swift.String) }`,
// `extension ObjectiveC.Selector : Swift.Equatable, Swift.Hashable` and
// `extension ObjectiveC.Selector : Swift.CustomStringConvertible { public var description: Swift.String { get } }` (the
// selector's name, `copy:`). UIResponder's `canPerformAction(_:withSender:)` takes one. Linux has no `#selector`: the
// package compares `description`. The stand-in keeps the name where the SDK keeps a pointer to the runtime's copy.
@frozen public struct Selector: ExpressibleByStringLiteral, @unchecked Sendable {
    internal var name: String
    public init(_ str: String) { name = str }
    public init(stringLiteral value: String) { name = value }
}

extension Selector: Equatable, Hashable {}

extension Selector: CustomStringConvertible {
    public var description: String { name }
}
