// expect-error: main actor-isolated property 'isCovered' can not be mutated from a Sendable closure
// flavours: ios maccatalyst visionos
//
// A privacy cover written the natural way: the block of NotificationCenter's `addObserver(forName:object:queue:using:)`
// (`@escaping @Sendable (Notification) -> Void`) sets the view's main-actor state when the app resigns active. Swift 6
// rejects it: the block is not isolated to the main actor, even with `queue: .main`, which only decides where it runs.
// The SDK's card fields (Apple/CardTextField.swift) wrap the change in `MainActor.assumeIsolated`, as the accepted
// twin does (Accepted/LifecycleObserverAssumesMainActor.swift), so the rejection is about isolation, nothing else.
import UIKit

final class PrivacyCover: UIView {
    var isCovered = false

    func startObserving() -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(
            forName: UIApplication.willResignActiveNotification, object: nil, queue: .main
        ) { [weak self] _ in
            self?.isCovered = true
        }
    }
}
