// expect-error: cannot find type 'UIWindow' in scope
// flavours: macos
// requires-module: PassKit
//
// On macOS there is no UIKit: `presentationWindow(for:)` returns `NSWindow?` (PKPaymentAuthorizationController.h:
// `#if TARGET_OS_OSX - (nullable NSWindow *)presentationWindowForPaymentAuthorizationController:…`). A delegate that
// returns a UIWindow, written outside `#if canImport(UIKit)`, does not compile there.
import Foundation
import PassKit

@MainActor
final class UIKitWindowSheetDelegate: NSObject, PKPaymentAuthorizationControllerDelegate {
    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        controller.dismiss()
    }

    nonisolated func presentationWindow(for controller: PKPaymentAuthorizationController) -> UIWindow? { nil }
}
