import Testing

@testable import PurseHeadlessCheckout

/// The web-view presenter's check of UIKit's answer: a presentation UIKit refuses (console message only) must fail
/// the redirect at once instead of leaving the presenter waiting for a page that never appears.
struct ModalPresentationCheckTests {
    @Test("a host outside a window, or being dismissed, is refused before presenting; a visible one is not")
    func before() {
        let offscreen = ModalPresentationCheck.refusalBefore(hostIsInWindow: false, hostIsBeingDismissed: false)
        #expect(offscreen?.code == .redirectPresentationFailed)
        #expect(offscreen?.message.contains("not in a window") == true)
        let leaving = ModalPresentationCheck.refusalBefore(hostIsInWindow: true, hostIsBeingDismissed: true)
        #expect(leaving?.code == .redirectPresentationFailed)
        #expect(leaving?.message.contains("being dismissed") == true)
        #expect(ModalPresentationCheck.refusalBefore(hostIsInWindow: true, hostIsBeingDismissed: false) == nil)
    }

    @Test("a page UIKit did not present is a failure to report at once; a presented one is not")
    func after() {
        let refused = ModalPresentationCheck.refusalAfter(isPresented: false)
        #expect(refused?.code == .redirectPresentationFailed)
        #expect(refused?.message.contains("UIKit did not present") == true)
        #expect(ModalPresentationCheck.refusalAfter(isPresented: true) == nil)
    }
}
