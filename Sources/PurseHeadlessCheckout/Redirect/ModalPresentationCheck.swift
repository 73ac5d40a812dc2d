/// Whether the modal web view of a redirect can be shown, from what UIKit reports before and after asking it to
/// present. UIKit refuses a presentation from a view controller that is not in a window, that is being dismissed, or
/// that already presents another page, and says so only in the console: the page never appears, and a presenter
/// waiting for it would wait forever. The web-view presenter asks this check instead.
package enum ModalPresentationCheck {
    /// Before presenting: why `host` cannot present, or `nil` when it can.
    /// - Parameters:
    ///   - hostIsInWindow: Whether the view controller's view is in a window (`viewIfLoaded?.window != nil`).
    ///   - hostIsBeingDismissed: Whether the view controller is itself being dismissed.
    package static func refusalBefore(hostIsInWindow: Bool, hostIsBeingDismissed: Bool) -> PurseCheckoutError? {
        if !hostIsInWindow {
            return RedirectError.cannotPresent(
                "the view controller to present the redirect from is not in a window: pass a visible one as "
                    + "presentingViewController")
        }
        if hostIsBeingDismissed {
            return RedirectError.cannotPresent("the view controller to present the redirect from is being dismissed")
        }
        return nil
    }

    /// Right after asking UIKit to present: `nil` when the page is being presented (it has a presenting view
    /// controller), else the failure to report at once.
    package static func refusalAfter(isPresented: Bool) -> PurseCheckoutError? {
        guard !isPresented else { return nil }
        return RedirectError.cannotPresent(
            "UIKit did not present the redirect page (the view controller already presents another one, or left "
                + "its window)")
    }
}
