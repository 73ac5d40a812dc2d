import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// The chapters that pay nothing new by themselves: managing the wallet, and surviving process death while
/// the shopper is on a hosted page.
extension DemoTour {
    /// A chapter: rename a saved card, toggle its favorite star, delete another; a fresh checkout shows the
    /// wallet as the server now holds it.
    func manageWallet() async throws {
        chapter("wallet", "the shopper manages the wallet", order: .next)
        let checkout = try await openOrder(amount: 1000, what: "wallet")
        let renamed = try savedInstrument("mastercard-network-token", in: checkout)
        let deleted = try savedInstrument("pci-proxy-visa", in: checkout)
        let newName = "Business card"

        try await checkout.editToken(renamed, name: newName)
        let afterRename = checkout.paymentTokens.first { $0.id == renamed.id }
        record(
            "rename", afterRename?.name == newName,
            "'\(renamed.name ?? renamed.displayLabel)' renamed '\(afterRename?.name ?? "?")'")

        let wasFavorite = afterRename?.favorite ?? false
        try await checkout.setTokenFavorite(renamed)
        let favorite = checkout.paymentTokens.first { $0.id == renamed.id }?.favorite
        record(
            "favorite", favorite == !wasFavorite,
            "\(newName) is \(favorite == true ? "now" : "no longer") a favorite")

        try await checkout.deleteToken(deleted)
        record(
            "delete", !checkout.paymentTokens.contains { $0.id == deleted.id },
            "\(describe(deleted)) deleted from the wallet")

        let reopened = try await openOrder(amount: 1000, what: "the wallet, reread")
        let kept = reopened.paymentTokens.first { $0.id == renamed.id }
        record(
            "wallet on the server",
            kept?.name == newName && kept?.favorite == !wasFavorite
                && !reopened.paymentTokens.contains { $0.id == deleted.id },
            "a new checkout lists \(reopened.paymentTokens.count) saved instruments: '\(newName)' "
                + "\(kept?.favorite == true ? "starred" : "unstarred"), the deleted card gone")
    }

    /// A chapter: the app saves its checkout as the shopper leaves for the PSP page and dies; the restored
    /// copy refuses a second submit; the shopper approves; the backend confirms.
    func restoreMidRedirect() async throws {
        chapter("save and restore", "the app dies mid-redirect and restores its checkout", order: .next)
        let checkout = try await openOrder(amount: 3150, what: "save and restore")
        guard let method = checkout.paymentMethods.first(where: { $0.id == "alma-cb2x" }) else {
            throw Failure(description: "the session offers no alma-cb2x")
        }
        let dying = DyingAppPresenter()
        dying.checkout = checkout
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: dying)
        try checkout.setPrimary(method)
        await element.prepare()
        _ = await element.submitAndWait()
        guard let snapshot = dying.snapshot else {
            record("save", false, "no page was opened, nothing was saved")
            return
        }
        record(
            "save", snapshot.sessionID == checkout.session.id,
            "saveState() as the \(method.id) page opens: \(snapshot.data.count) bytes of JSON, never card data")

        // The page the shopper still has open in the bank app (a snapshot never keeps a form's fields).
        let livePage = checkout.submittedPayment?.redirection
        let restored = try PurseHeadlessCheckout.restore(snapshot)
        guard let payment = restored.submittedPayment, let pending = payment.page, let page = livePage else {
            record("restore", false, "the restored checkout holds no pending payment")
            return
        }
        record(
            "restore", restored.sessionState == .submitted && payment.isPending && !pending.canBeShownAgain,
            "restored after process death: \(restored.sessionState), payment pending on a \(pending.kind.rawValue) "
                + "page the snapshot did not keep")

        do throws(PurseCheckoutError) {
            try await restored.submitPayment()
            record("second submit", false, "the restored copy paid a second time")
        } catch {
            record(
                "second submit", error.code == .sessionAlreadySubmitted,
                "a second submit is refused: \(error.code.rawValue)")
        }

        let result = await shopper([.approve]).present(page)
        let returned: Bool
        if case .returned = result { returned = true } else { returned = false }
        record("page approved", returned, "meanwhile the shopper approved on the \(method.id) page and came back")
        try await confirm(payment.sessionID)
    }
}

/// A presenter standing for an app killed while the shopper is away: it saves the checkout as the page
/// opens (what an app does on going to the background) and never sees the shopper come back.
@MainActor
final class DyingAppPresenter: RedirectPresenter {
    weak var checkout: PurseHeadlessCheckout?
    private(set) var snapshot: CheckoutSnapshot?

    func present(_ action: RedirectAction) async -> RedirectPresentationResult {
        snapshot = checkout?.saveState()
        return .canceled
    }
}
