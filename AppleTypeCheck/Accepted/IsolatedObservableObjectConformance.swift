// requires-module: Combine
//
// The control of Rejected/MainActorWitnessForNonisolatedRequirement.swift: the same model with an isolated
// conformance (`@MainActor ObservableObject`, SE-0470), as the SDK declares PurseHeadlessCheckout's. It must compile.
import Combine

@MainActor
final class CheckoutScreenModel {
    let objectWillChange = ObservableObjectPublisher()
    var total = 0

    func add(_ amount: Int) {
        objectWillChange.send()
        total += amount
    }
}

extension CheckoutScreenModel: @MainActor ObservableObject {}
