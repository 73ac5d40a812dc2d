// expect-error: does not conform to protocol 'PKPaymentAuthorizationControllerDelegate'
// flavours: macos maccatalyst visionos
// requires-module: PassKit
//
// On macOS, Mac Catalyst and visionOS, `presentationWindow(for:)` is a REQUIRED requirement of
// PKPaymentAuthorizationControllerDelegate (PKPaymentAuthorizationController.h: `#if TARGET_OS_OSX ||
// TARGET_OS_MACCATALYST @required #elif … TARGET_OS_VISION @required #endif`); on iOS it is optional. A delegate
// written for iOS only, like PassKitApplePaySheet once was, does not conform there. Its iOS twin,
// Accepted/PresentationWindowOptionalOnIOS.swift, compiles.
import Foundation
import PassKit

@MainActor
final class IOSOnlySheetDelegate: NSObject, PKPaymentAuthorizationControllerDelegate {
    func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        controller.dismiss()
    }
}
