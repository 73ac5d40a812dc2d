// flavours: ios maccatalyst visionos
// The control of Rejected/LifecycleObserverSetsMainActorState.swift: the same observer, its change made on the main
// actor with `MainActor.assumeIsolated` (the block runs on the main queue, so the assumption holds), as the SDK's card
// fields do. It must compile, which shows the rejected twin fails for the isolation of the change only.
import UIKit

final class PrivacyCover: UIView {
    var isCovered = false

    func startObserving() -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(
            forName: UIApplication.willResignActiveNotification, object: nil, queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.isCovered = true }
        }
    }
}
