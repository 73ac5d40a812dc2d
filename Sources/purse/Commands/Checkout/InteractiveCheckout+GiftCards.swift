import Foundation
import PurseHeadlessCheckout

/// Gift cards: typed in (number, then PIN with echo off) or saved, each applied in full or as a slice, with
/// the split shown after each.
extension InteractiveCheckout {
    private enum GiftCardChoice {
        case fresh(SecondaryMethod)
        case saved(SavedSecondaryToken)
    }

    /// Offers the gift cards until the shopper goes on (an empty answer) or nothing is left to pay.
    func addGiftCards() async throws(InputEnded) {
        guard !checkout.secondaryMethods.isEmpty || !checkout.savedSecondaryTokens.isEmpty else { return }
        if !checkout.savedSecondaryTokens.isEmpty {
            // One slow issuer must not hold the shopper up: wait a second at most; a card picked before its
            // balance arrived is waited for then.
            await spinner.during("Reading the saved gift cards' balances") {
                await waitForSavedBalances(atMost: .seconds(1))
            }
        }
        var choices: [GiftCardChoice] = checkout.secondaryMethods.map { .fresh($0) }
        choices += checkout.savedSecondaryTokens.map { .saved($0) }
        var listed = false
        while checkout.remainingAmountToPay > 0 {
            if !listed {
                screen.title("Gift cards")
                for (index, choice) in choices.enumerated() {
                    screen.line("  \(CheckoutText.padded("\(index + 1))", 4))\(describe(choice))")
                }
                listed = true
            }
            let answer = try await ask(
                "Add a gift card? Type its line number (1-\(choices.count)), or press Enter to go on:")
            if answer.isEmpty { return }
            guard let index = Int(answer), choices.indices.contains(index - 1) else {
                screen.problem("Type a line number from 1 to \(choices.count), or press Enter.")
                listed = false
                continue
            }
            switch choices[index - 1] {
            case .fresh(let method): try await addFreshGiftCard(method)
            case .saved(let token): await applySaved(token)
            }
        }
    }

    private func describe(_ choice: GiftCardChoice) -> String {
        switch choice {
        case .fresh(let method):
            if let reason = checkout.availability(of: method).reason {
                return "\(method.id) — \(CheckoutText.whyUnavailable(reason))"
            }
            return "\(method.id): type its number (up to \(money(checkout.headroom(of: method).reach)) "
                + "\(checkout.currency))"
        case .saved(let saved):
            let token = checkout.savedSecondaryTokens.first { $0.id == saved.id } ?? saved
            if let reason = checkout.availability(of: token).reason, reason.cause != .balancePending {
                return "saved: \(CheckoutText.describe(token)) — \(CheckoutText.whyUnavailable(reason))"
            }
            let balance =
                token.balanceResolved ? "balance \(money(token.balance)) \(checkout.currency)" : "balance unknown"
            return "saved: \(CheckoutText.describe(token)) (\(balance))"
        }
    }

    private func addFreshGiftCard(_ method: SecondaryMethod) async throws(InputEnded) {
        let config = checkout.secondaryConfig(for: method)
        var number = ""
        while true {
            number = try await ask("\(method.id) number:")
            guard !number.isEmpty else { return }
            // The number's shape is checked before the PIN is asked: a typo is caught at once.
            if config?.validatePAN(number) ?? true { break }
            screen.problem("That is not a \(method.id) number; type it again.")
        }
        var pin: String?
        if config?.requiresCVV(pan: number) ?? true {
            let typed = try await ask("PIN or security code (hidden):", hidden: true)
            pin = typed.isEmpty ? nil : typed
        }
        let token: SecondaryToken
        do {
            token = try await spinner.during("Reading the card") {
                try await checkout.getSecondaryToken(method: method, pan: number, cvv: pin)
            }
        } catch {
            screen.problem("This card was not accepted: \(CheckoutText.reason(error))")
            return
        }
        // `balance` is what the card can pay of what is left (CONTRACT §2); `totalBalance` the card's own, if told.
        let total = token.totalBalance.map { "balance \(money($0)) \(checkout.currency), " } ?? ""
        screen.line(
            "  \(method.id) \(token.maskedPAN): \(total)can pay \(money(token.balance)) \(checkout.currency) of this order"
        )
        // The same card typed again: say so, and that this reading replaces the share it has.
        if let earlier = appliedGiftCards.values.first(where: {
            $0.methodID == token.methodID && $0.maskedPAN == token.maskedPAN
        }), let share = checkout.amountSplit.first(where: { $0.id == earlier.id }) {
            screen.line(
                "  This card is already in the split for \(money(share.amount)) \(checkout.currency): "
                    + "what you choose now replaces that.")
        }
        guard try await apply(token, slices: config?.takePolicy == SecondaryTakePolicy.none) else { return }
        appliedGiftCards[token.id] = token
        showSplit()
    }

    /// Applies a card read from its number, asking how much to take when its policy lets the shopper choose. A
    /// wrong amount (not a number, zero or less, more than the card may pay or than is left) is asked again: the
    /// card stays read, its number and PIN are not typed twice. Returns whether the card is in the split.
    private func apply(_ token: SecondaryToken, slices: Bool) async throws(InputEnded) -> Bool {
        guard slices else {
            do {
                try checkout.applySecondary(token)
                return true
            } catch {
                screen.problem("The card was not applied: \(CheckoutText.reason(error))")
                return false
            }
        }
        let most = "\(money(min(token.balance, checkout.remainingAmountToPay))) \(checkout.currency)"
        while true {
            let slice = try await ask("Amount to take from it (Enter: \(most); 'no' to leave the card out):")
            if ["no", "n"].contains(slice.lowercased()) { return false }
            do {
                if slice.isEmpty {
                    try checkout.applySecondary(token)
                } else if let amount = CheckoutText.amount(slice, exponent: exponent) {
                    try checkout.applySecondary(token, amount: amount)
                } else {
                    screen.problem("'\(slice)' is not an amount such as 10.50; type another.")
                    continue
                }
                return true
            } catch let error as PurseCheckoutError where error.kind == .invalidTake {
                screen.problem("\(CheckoutText.reason(error)); type another amount.")
            } catch {
                screen.problem("The card was not applied: \(CheckoutText.reason(error))")
                return false
            }
        }
    }

    private func applySaved(_ saved: SavedSecondaryToken) async {
        if let share = checkout.amountSplit.first(where: { $0.id == saved.id }) {
            screen.problem(
                "\(CheckoutText.describe(saved)) is already in the split for \(money(share.amount)) "
                    + "\(checkout.currency).")
            return
        }
        if checkout.savedSecondaryTokens.first(where: { $0.id == saved.id })?.balanceResolved == false {
            await spinner.during("Reading the card's balance") { await checkout.waitForSavedSecondaryBalances() }
        }
        do {
            try checkout.applySecondary(saved)
        } catch {
            screen.problem("\(CheckoutText.describe(saved)) was not applied: \(CheckoutText.reason(error))")
            return
        }
        showSplit()
    }

    /// Returns when every saved gift card's balance look-up ended, or after `limit`, whichever comes first
    /// (the look-ups go on in the background).
    private func waitForSavedBalances(atMost limit: Duration) async {
        let checkout = checkout
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            Task { @MainActor in
                await checkout.waitForSavedSecondaryBalances()
                once.resume()
            }
            Task { @MainActor in
                try? await Task.sleep(for: limit)
                once.resume()
            }
        }
    }

    /// Resumes its continuation the first time only.
    @MainActor
    private final class ResumeOnce {
        private var continuation: CheckedContinuation<Void, Never>?
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
        func resume() {
            continuation?.resume()
            continuation = nil
        }
    }
}
