// expect-error: conformance of 'CheckoutScreenModel' to protocol 'ObservableObject' crosses into main actor-isolated code
// requires-module: Combine
//
// Combine's `ObservableObject` is NOT main-actor isolated (https://developer.apple.com/documentation/combine/observableobject:
// `protocol ObservableObject : AnyObject`), so its `objectWillChange` requirement is nonisolated. A `@MainActor` class
// whose `objectWillChange` is main-actor isolated cannot satisfy it with a plain conformance: Swift 6 rejects it.
// (The fix the SDK uses: an isolated conformance, `extension PurseHeadlessCheckout: @MainActor ObservableObject {}`,
// SE-0470; see Accepted/IsolatedObservableObjectConformance.swift.)
import Combine

@MainActor
final class CheckoutScreenModel: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    var total = 0

    func add(_ amount: Int) {
        objectWillChange.send()
        total += amount
    }
}
