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
            await spinner.during(text("cli.giftCards.readingBalances")) {
                await waitForSavedBalances(atMost: .seconds(1))
            }
        }
        // What an app hides (no reader for a method's cards on this platform) is left out unless --all-methods.
        let listed = { (reason: UnavailableReason?) in self.showsEveryMethod || reason?.shouldBeHidden != true }
        var choices: [GiftCardChoice] = checkout.secondaryMethods.filter {
            listed(checkout.availability(of: $0).reason)
        }
        .map { .fresh($0) }
        choices += checkout.savedSecondaryTokens.filter { listed(checkout.availability(of: $0).reason) }
            .map { .saved($0) }
        // The lines last shown: the list is shown again whenever one of them changed (a saved card's balance
        // arrived after the first second, a card applied changed what the others may pay), so it never stays stale.
        var shown: [String]?
        while checkout.remainingAmountToPay > 0 {
            let lines = choices.map(describe)
            if lines != shown {
                screen.title(text("cli.giftCards.title"))
                for (index, line) in lines.enumerated() {
                    screen.line("  \(CheckoutText.padded("\(index + 1))", 4))\(line)")
                }
                shown = lines
            }
            let count = PurseMessage.Value.text(String(choices.count))
            let answer = try await ask(text("cli.giftCards.add", [("count", count)]))
            if answer.isEmpty { return }
            guard let index = Int(answer), choices.indices.contains(index - 1) else {
                screen.problem(text("cli.giftCards.typeLine", [("count", count)]))
                shown = nil
                continue
            }
            // A method or card that cannot pay here is refused with its reason before its number or PIN is asked.
            if let why = unavailability(of: choices[index - 1]) {
                screen.problem(
                    text(
                        "cli.checkout.optionUnavailable",
                        [("option", .text(title(of: choices[index - 1]))), ("reason", .text(why))]))
                continue
            }
            switch choices[index - 1] {
            case .fresh(let method): try await addFreshGiftCard(method)
            case .saved(let token): await applySaved(token)
            }
        }
    }

    /// Why `choice` cannot pay now (its reason as the list shows it), or `nil`. A saved card whose balance is
    /// still being read is not refused: it is waited for once picked.
    private func unavailability(of choice: GiftCardChoice) -> String? {
        switch choice {
        case .fresh(let method):
            return checkout.availability(of: method).reason.map { CheckoutText.whyUnavailable($0, text: text) }
        case .saved(let saved):
            let token = checkout.savedSecondaryTokens.first { $0.id == saved.id } ?? saved
            guard let reason = checkout.availability(of: token).reason, reason.cause != .balancePending else {
                return nil
            }
            return CheckoutText.whyUnavailable(reason, text: text)
        }
    }

    /// The method's id or the saved card's name, as the list names it.
    private func title(of choice: GiftCardChoice) -> String {
        switch choice {
        case .fresh(let method): return method.id
        case .saved(let saved):
            return CheckoutText.describe(checkout.savedSecondaryTokens.first { $0.id == saved.id } ?? saved)
        }
    }

    private func describe(_ choice: GiftCardChoice) -> String {
        switch choice {
        case .fresh(let method):
            if let reason = checkout.availability(of: method).reason {
                let why = CheckoutText.whyUnavailable(reason, text: text)
                return text("cli.giftCards.unavailable", [("method", .text(method.id)), ("reason", .text(why))])
            }
            let reach = amount(checkout.headroom(of: method).reach)
            return text("cli.giftCards.typeItsNumber", [("method", .text(method.id)), ("reach", reach)])
        case .saved(let saved):
            let token = checkout.savedSecondaryTokens.first { $0.id == saved.id } ?? saved
            if let reason = checkout.availability(of: token).reason, reason.cause != .balancePending {
                let why = CheckoutText.whyUnavailable(reason, text: text)
                return text(
                    "cli.giftCards.savedUnavailable",
                    [("card", .text(CheckoutText.describe(token))), ("reason", .text(why))])
            }
            let balance =
                token.balanceResolved
                ? text("cli.giftCards.balance", [("amount", amount(token.balance))])
                : text("cli.giftCards.balanceUnknown")
            return text(
                "cli.giftCards.saved", [("card", .text(CheckoutText.describe(token))), ("balance", .text(balance))])
        }
    }

    private func addFreshGiftCard(_ method: SecondaryMethod) async throws(InputEnded) {
        let config = checkout.secondaryConfig(for: method)
        var number = ""
        while true {
            number = try await ask(text("cli.giftCards.number", [("method", .text(method.id))]))
            guard !number.isEmpty else { return }
            // The number's shape is checked before the PIN is asked: a typo is caught at once.
            if config?.validatePAN(number) ?? true { break }
            screen.problem(text("cli.giftCards.notANumber", [("method", .text(method.id))]))
        }
        var pin: String?
        if config?.requiresCVV(pan: number) ?? true {
            let typed = try await ask(text("cli.giftCards.pin"), hidden: true)
            pin = typed.isEmpty ? nil : typed
        }
        let token: SecondaryToken
        do {
            token = try await spinner.during(text("cli.giftCards.readingCard")) {
                try await checkout.getSecondaryToken(method: method, pan: number, cvv: pin)
            }
        } catch {
            screen.problem(text("cli.giftCards.notAccepted", [("reason", .text(text.reason(error)))]))
            return
        }
        // `balance` is what the card can pay of what is left (CONTRACT §2); `totalBalance` the card's own, if told.
        let card: [(String, PurseMessage.Value)] = [
            ("method", .text(method.id)), ("card", .text(token.maskedPAN)), ("amount", amount(token.balance)),
        ]
        if let total = token.totalBalance {
            screen.line(text("cli.giftCards.canPayWithTotal", card + [("total", amount(total))]))
        } else {
            screen.line(text("cli.giftCards.canPay", card))
        }
        // The same card typed again: say so, and that this reading replaces the share it has.
        if let earlier = appliedGiftCards.values.first(where: {
            $0.methodID == token.methodID && $0.maskedPAN == token.maskedPAN
        }), let share = checkout.amountSplit.first(where: { $0.id == earlier.id }) {
            screen.line(text("cli.giftCards.alreadyInSplit", [("amount", amount(share.amount))]))
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
                screen.problem(text("cli.giftCards.notApplied", [("reason", .text(text.reason(error)))]))
                return false
            }
        }
        let most = amount(min(token.balance, checkout.remainingAmountToPay))
        while true {
            let slice = try await ask(text("cli.giftCards.amountToTake", [("most", most)]))
            if text.isNo(slice) { return false }
            do {
                if slice.isEmpty {
                    try checkout.applySecondary(token)
                } else if let amount = text.localizer.parseAmount(slice, currency: Currency(code: checkout.currency)) {
                    // "10.5" or "10,5" (as typed in French); never through Double.
                    try checkout.applySecondary(token, amount: amount)
                } else {
                    screen.problem(text("cli.giftCards.notAnAmount", [("answer", .text(slice))]))
                    continue
                }
                return true
            } catch let error as PurseCheckoutError where error.kind == .invalidTake {
                screen.problem(text("cli.giftCards.typeAnother", [("reason", .text(text.reason(error)))]))
            } catch {
                let reason = text.reason(PurseCheckoutError(error))
                screen.problem(text("cli.giftCards.notApplied", [("reason", .text(reason))]))
                return false
            }
        }
    }

    private func applySaved(_ saved: SavedSecondaryToken) async {
        if let share = checkout.amountSplit.first(where: { $0.id == saved.id }) {
            screen.problem(
                text(
                    "cli.giftCards.savedAlreadyInSplit",
                    [("card", .text(CheckoutText.describe(saved))), ("amount", amount(share.amount))]))
            return
        }
        if checkout.savedSecondaryTokens.first(where: { $0.id == saved.id })?.balanceResolved == false {
            await spinner.during(text("cli.giftCards.readingBalance")) {
                await checkout.waitForSavedSecondaryBalances()
            }
        }
        do {
            try checkout.applySecondary(saved)
        } catch {
            screen.problem(
                text(
                    "cli.giftCards.savedNotApplied",
                    [("card", .text(CheckoutText.describe(saved))), ("reason", .text(text.reason(error)))]))
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
