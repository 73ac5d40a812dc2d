#if canImport(SwiftUI) || canImport(UIKit)
    #if canImport(Accessibility)
        import Accessibility
    #endif

    /// Posts each message to VoiceOver, rendered by `localizer` (the checkout's language): what the SDK's SwiftUI and
    /// UIKit card fields announce (the rule is `CardFormAnnouncer`'s).
    @MainActor
    func postAnnouncements(_ messages: [PurseMessage], in localizer: PurseLocalizer) {
        #if canImport(Accessibility)
            for message in messages { AccessibilityNotification.Announcement(localizer.string(message)).post() }
        #endif
    }
#endif
