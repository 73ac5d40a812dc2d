#if canImport(UIKit)
    import UIKit

    /// The app's key window, which Apple's sheets and web authentication present over.
    @MainActor
    enum KeyWindow {
        /// The key window of the app's connected window scenes, if any.
        static func current() -> UIWindow? {
            UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
                .first(where: \.isKeyWindow)
        }
    }
#elseif canImport(AppKit)
    // UIKit first: Mac Catalyst can import AppKit too, but its windows are UIKit's.
    import AppKit

    /// The app's key window, which Apple's sheets and web authentication present over.
    @MainActor
    enum KeyWindow {
        /// `NSApplication.shared.keyWindow`.
        static func current() -> NSWindow? { NSApplication.shared.keyWindow }
    }
#endif
