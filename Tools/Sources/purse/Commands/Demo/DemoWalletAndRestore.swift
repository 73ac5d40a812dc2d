import Foundation
import PurseHeadlessCheckout
import PurseSandbox

/// The chapters that pay nothing new by themselves: managing the wallet, and surviving process death while
/// the shopper is on a hosted page.
extension DemoTour {
    /// A chapter: rename a saved card, toggle its favorite star, delete another; a fresh checkout shows the
    /// wallet as the server now holds it.
    func manageWallet() async throws {
        chapter("wallet", text("cli.demo.wallet.title"), order: .next)
        let checkout = try await openOrder(amount: 1000, what: "wallet")
        let renamed = try savedInstrument("mastercard-network-token", in: checkout)
        let deleted = try savedInstrument("pci-proxy-visa", in: checkout)
        // The card's new name, as the shopper types it in the shopper's language.
        let newName = text("cli.demo.wallet.newName")

        try await checkout.editToken(renamed, name: newName)
        let afterRename = checkout.paymentTokens.first { $0.id == renamed.id }
        record(
            "rename", afterRename?.name == newName,
            text(
                "cli.demo.wallet.renamed",
                [("old", .text(renamed.name ?? renamed.displayLabel)), ("new", .text(afterRename?.name ?? "?"))]))

        let wasFavorite = afterRename?.favorite ?? false
        try await checkout.setTokenFavorite(renamed)
        let favorite = checkout.paymentTokens.first { $0.id == renamed.id }?.favorite
        record(
            "favorite", favorite == !wasFavorite,
            text(
                favorite == true ? "cli.demo.wallet.favorite" : "cli.demo.wallet.notFavorite",
                [("name", .text(newName))]))

        try await checkout.deleteToken(deleted)
        record(
            "delete", !checkout.paymentTokens.contains { $0.id == deleted.id },
            text("cli.demo.wallet.deleted", [("card", .text(describe(deleted)))]))

        let reopened = try await openOrder(amount: 1000, what: "walletReread")
        let kept = reopened.paymentTokens.first { $0.id == renamed.id }
        record(
            "wallet on the server",
            kept?.name == newName && kept?.favorite == !wasFavorite
                && !reopened.paymentTokens.contains { $0.id == deleted.id },
            text(
                kept?.favorite == true ? "cli.demo.wallet.rereadStarred" : "cli.demo.wallet.rereadUnstarred",
                [("count", .count(reopened.paymentTokens.count)), ("name", .text(newName))], plural: "count"))
    }

    /// A chapter: the app saves its checkout as the shopper leaves for the PSP page and dies; the restored
    /// copy refuses a second submit; the shopper approves; the backend confirms.
    func restoreMidRedirect() async throws {
        chapter("save and restore", text("cli.demo.restore.title"), order: .next)
        let checkout = try await openOrder(amount: 3150, what: "restore")
        guard let method = checkout.paymentMethods.first(where: { $0.id == "alma-cb2x" }) else {
            throw notOffered(["alma-cb2x"])
        }
        let dying = DyingAppPresenter()
        dying.checkout = checkout
        let element = checkout.paymentElement(for: .primaryMethod(method), redirect: dying)
        try checkout.setPrimary(method)
        await element.prepare()
        _ = await element.submitAndWait()
        guard let snapshot = dying.snapshot else {
            record("save", false, text("cli.demo.restore.nothingSaved"))
            return
        }
        record(
            "save", snapshot.sessionID == checkout.session.id,
            text(
                "cli.demo.restore.saved",
                [
                    ("method", .text(method.id)),
                    // Thousands of bytes: English writes the figure bare, as before; French `18 499`.
                    ("bytes", .text(text.isEnglish ? "\(snapshot.data.count)" : text(.count(snapshot.data.count)))),
                ]))

        // The page the shopper still has open in the bank app (a snapshot never keeps a form's fields).
        let livePage = checkout.submittedPayment?.redirection
        let restored = try PurseHeadlessCheckout.restore(snapshot, configuration: configuration)
        guard let payment = restored.submittedPayment, let pending = payment.page, let page = livePage else {
            record("restore", false, text("cli.demo.restore.noPending"))
            return
        }
        record(
            "restore", restored.sessionState == .submitted && payment.isPending && !pending.canBeShownAgain,
            text(
                "cli.demo.restore.restored",
                [("state", .text("\(restored.sessionState)")), ("kind", .text(pending.kind.rawValue))]))

        do {
            try await restored.submitPayment()
            record("second submit", false, text("cli.demo.restore.paidTwice"))
        } catch {
            let error = PurseCheckoutError(error)
            record(
                "second submit", error.code == .sessionAlreadySubmitted,
                text("cli.demo.restore.refused", [("code", .text(error.code.rawValue))]))
        }

        let result = await shopper([.approve]).present(page)
        let returned: Bool
        if case .returned = result { returned = true } else { returned = false }
        record(
            "page approved", returned, text("cli.demo.restore.approved", [("method", .text(method.id))]))
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
