// flavours: ios
// requires-module: PassKit
//
// The twin of Rejected/MissingPresentationWindow.swift: on iOS `presentationWindow(for:)` is optional, so the same
// delegate compiles. It shows that the macOS, Mac Catalyst and visionOS rejection comes from those platforms'
// requirement, not from the delegate's other code.
import Foundation
import PassKit

@MainActor
final class IOSOnlySheetDelegate: NSObject, PKPaymentAuthorizationControllerDelegate {
    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        controller.dismiss()
    }
}
