// expect-error: 'NSWindow' is unavailable
// flavours: maccatalyst
// requires-module: AppKit
//
// Mac Catalyst can import AppKit (`canImport(AppKit)` is true there), but its windows are UIKit's: NSWindow is
// unavailable. Code that picks AppKit by `#if canImport(AppKit)` before UIKit fails there; the package checks
// `canImport(UIKit)` first (Apple/KeyWindow.swift, PassKitApplePaySheet.swift).
import Foundation

#if canImport(AppKit)
    import AppKit

    @MainActor
    func presentationWindow() -> NSWindow? { nil }
#endif
