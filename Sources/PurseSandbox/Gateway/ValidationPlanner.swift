internal import Foundation

/// What one `/validate` item will do, decided before anything is applied (the split is all or nothing).
struct PlannedItem: Sendable {
    enum Outcome: Sendable, Equatable {
        case succeeded
        /// Waits for a hosted page: `psp` or `3ds`, opened in this style.
        case pending(pageKind: String, style: SandboxRedirectStyle)
        case failed(code: String, message: String)
    }

    var item: GatewayItem
    var method: SandboxMethod
    var outcome: Outcome
    var debit: DebitRecord?
    var pluginResult: [String: SandboxJSON]
    var tokenId: String?
    /// A token to put into the shopper's wallet when the item succeeds.
    var registration: WalletTokenRecord?
    /// A vault form token that is spent when the payment goes through.
    var consumesForm: String?
}

/// Plans the items of one `/validate`, tracking what earlier items of the same split already took from each
/// gift card so that two items can never spend the same balance twice.
struct ValidationPlanner {
    let sandbox: PurseSandbox
    let session: ClientSessionRecord
    let state: SandboxState
    let now: Date
    private(set) var pendingDebits: [String: Int] = [:]

    init(sandbox: PurseSandbox, session: ClientSessionRecord, state: SandboxState, now: Date) {
        self.sandbox = sandbox
        self.session = session
        self.state = state
        self.now = now
    }

    mutating func plan(_ item: GatewayItem, method: SandboxMethod) -> Result<PlannedItem, SandboxAPIError> {
        var planned = PlannedItem(
            item: item, method: method, outcome: .succeeded, pluginResult: ["amount": .int(item.amount)])
        switch method.kind {
        case .secondary, .pollingSecondary: return planSecondary(&planned)
        case .card: return planCard(&planned)
        case .paypal:
            if let tokenId = item.paymentData["token"]?.stringValue {
                guard let token = walletToken(tokenId, for: item), token.instrument == .paypal else {
                    planned.outcome = .failed(code: "UNKNOWN_CARD", message: "No such PayPal account in the wallet")
                    return .success(planned)
                }
                planned.tokenId = token.id
                planned.pluginResult["payer"] = .optional(token.displayToken)
            } else {
                requireStep(&planned, pending: .pending(pageKind: "psp", style: .get))
            }
            return .success(planned)
        case .redirection(let style):
            requireStep(&planned, pending: .pending(pageKind: "psp", style: style))
            return .success(planned)
        case .applePay: return planApplePay(&planned)
        case .unavailable:
            planned.outcome = .failed(
                code: "TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT", message: "\(item.id) is not available")
            return .success(planned)
        }
    }

    private func walletToken(_ id: String, for item: GatewayItem) -> WalletTokenRecord? {
        guard let owner = session.ownerReference else { return nil }
        return state.wallets[owner]?.first { $0.id == id && $0.partner == item.partner && $0.method == item.method }
    }

    /// Redirection methods and fresh PayPal payments need the `step_id` their `/init` gave.
    private func requireStep(_ planned: inout PlannedItem, pending: PlannedItem.Outcome) {
        let item = planned.item
        guard let stepId = item.stepId, let step = state.steps[String(stepId)], step.sessionId == session.id,
            step.partner == item.partner, step.method == item.method
        else {
            planned.outcome = .failed(code: "BAD_REQUEST", message: "The step_id from /init is required for \(item.id)")
            return
        }
        planned.outcome = pending
    }

    private mutating func planSecondary(_ planned: inout PlannedItem) -> Result<PlannedItem, SandboxAPIError> {
        let item = planned.item
        let card: SandboxGiftCard
        var policy = SandboxTakePolicy.splittable
        if case .secondary(_, let takePolicy) = planned.method.kind { policy = takePolicy }
        if planned.method.kind == .pollingSecondary {
            guard let found = approvedPollCard(for: item) else {
                planned.outcome = .failed(
                    code: "BAD_REQUEST", message: "The step_id (or partner_reference) of an approved poll is required")
                return .success(planned)
            }
            card = found
        } else {
            switch sandbox.resolveGiftCard(item, method: planned.method, session: session, state: state) {
            case .failure(.rejected(let error)): return .failure(error)
            case .failure(.failed(let code, let message)):
                planned.outcome = .failed(code: code, message: message)
                return .success(planned)
            case .success(let resolved):
                card = resolved.card
                planned.tokenId = resolved.tokenId
            }
        }
        let available = (state.balances[card.slug] ?? 0) - pendingDebits[card.slug, default: 0]
        guard item.amount <= available, available > 0 else {
            planned.outcome = .failed(
                code: "INSUFFICIENT_FUNDS",
                message: "The card holds \(SandboxMoney.display(minor: max(available, 0), currency: card.currency))")
            return .success(planned)
        }
        let debit = policy == .wholeBalance ? available : item.amount
        pendingDebits[card.slug, default: 0] += debit
        planned.debit = DebitRecord(cardSlug: card.slug, amount: debit)
        planned.pluginResult["balance"] = .int(available - debit)
        planned.pluginResult["currency"] = .string(card.currency)
        planned.pluginResult["partner_reference"] = .string(card.partnerReference)
        if debit > item.amount { planned.pluginResult["amount_loss"] = .int(debit - item.amount) }
        if item.wantsRegistration, planned.tokenId == nil, planned.method.allowsSaving,
            let owner = session.ownerReference
        {
            let digits = card.pan
            let masked = String(repeating: "*", count: max(0, digits.count - 4)) + digits.suffix(4)
            planned.registration = registration(
                WalletTokenRecord(
                    id: sandbox.newID(), owner: owner, merchant: sandbox.catalogue.entity.merchantId,
                    partner: item.partner, method: item.method, name: registrationName(item),
                    instrument: .giftCard(slug: card.slug),
                    description: (card.partner.uppercased(), masked, nil, masked),
                    uniquenessToken: "\(card.partner),\(card.method),\(card.slug),\(owner)",
                    expirationDate: card.expirationDate, now: SandboxTime.iso8601(now)), planned: &planned)
        }
        return .success(planned)
    }

    /// The account of an approved ANCV poll of this session, designated by `step_id` or by
    /// `payment_data.partner_reference` (what the `/init` answer gave).
    private func approvedPollCard(for item: GatewayItem) -> SandboxGiftCard? {
        func approved(_ step: StepRecord) -> Bool {
            step.sessionId == session.id && step.partner == item.partner && step.method == item.method
                && step.state == "SUCCESS"
        }
        if let stepId = item.stepId {
            guard let step = state.steps[String(stepId)], approved(step), let slug = step.cardSlug else { return nil }
            return sandbox.catalogue.giftCard(slug)
        }
        guard let reference = item.paymentData["partner_reference"]?.stringValue else { return nil }
        return state.steps.values.lazy.filter(approved).compactMap {
            $0.cardSlug.flatMap(self.sandbox.catalogue.giftCard)
        }
        .first { $0.partnerReference == reference }
    }

    private mutating func planCard(_ planned: inout PlannedItem) -> Result<PlannedItem, SandboxAPIError> {
        let item = planned.item
        let outcome: SandboxCardOutcome?
        if let tokenId = item.paymentData["token"]?.stringValue {
            guard let token = walletToken(tokenId, for: item),
                case .card(let raw, let requiresCSC, let expected, _) = token.instrument
            else {
                planned.outcome = .failed(code: "UNKNOWN_CARD", message: "No such card in the shopper's wallet")
                return .success(planned)
            }
            planned.tokenId = token.id
            if token.brandName == "ONEY" {
                // An Oney card has no security code: one sent is refused, as the vault refuses it.
                guard item.paymentData["csc"] == nil else {
                    return .failure(SandboxAPIError(400, "INVALID_CSC", "An ONEY card has no security code"))
                }
            } else if requiresCSC {
                guard let csc = item.paymentData["csc"]?.stringValue else {
                    return .failure(SandboxAPIError(400, "MISSING_CSC", "This saved card needs payment_data.csc"))
                }
                let accepted =
                    expected.map { $0 == SandboxSHA256.hex(csc) }
                    ?? ((3...4).contains(csc.count) && csc.allSatisfy(\.isASCIIDigitCharacter))
                guard accepted else {
                    planned.outcome = .failed(code: "WRONG_CARD_DATA", message: "Wrong CVV")
                    return .success(planned)
                }
            }
            outcome = SandboxCardOutcome(rawValue: raw)
            planned.pluginResult["brand"] = .optional(token.brandName)
        } else if let formToken = item.paymentData["vault_form_token"]?.stringValue {
            guard let form = state.vaultForms[formToken] else {
                planned.outcome = .failed(code: "UNKNOWN_CARD", message: "Unknown vault form token")
                return .success(planned)
            }
            guard planned.method.vaultVendor == "purse" else {
                planned.outcome = .failed(
                    code: "TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT",
                    message: "\(item.id) does not take Purse vault tokens (vault \(planned.method.vaultVendor))")
                return .success(planned)
            }
            guard !form.used else {
                planned.outcome = .failed(code: "DUPLICATED_TRANSACTION", message: "This form token already paid")
                return .success(planned)
            }
            outcome = SandboxCardOutcome(rawValue: form.outcome)
            planned.consumesForm = formToken
            planned.pluginResult["brand"] = .string(form.brand)
            planned.pluginResult["bin"] = .string(form.bin)
            planned.pluginResult["last_four_digits"] = .string(form.lastFour)
            if item.wantsRegistration || session.isInformationRequest, planned.method.allowsSaving,
                let owner = session.ownerReference
            {
                let masked = String(form.bin.prefix(6)) + "******" + form.lastFour
                let expiry = String(format: "20%02d-%02d", form.expiryYear % 100, form.expiryMonth)
                planned.registration = registration(
                    WalletTokenRecord(
                        id: sandbox.newID(), owner: owner, merchant: sandbox.catalogue.entity.merchantId,
                        partner: item.partner, method: item.method, name: registrationName(item),
                        instrument: .card(
                            outcome: form.outcome, requiresCSC: true, cscDigest: nil, networkToken: false),
                        description: (form.brand, masked, form.holderName, masked),
                        uniquenessToken: "\(form.bin),\(form.lastFour),\(expiry),\(owner)",
                        expirationDate: expiry + "-28T23:59:59.999Z", now: SandboxTime.iso8601(now)),
                    planned: &planned)
            }
        } else {
            return .failure(
                SandboxAPIError(
                    400, "INVALID_PAYMENT_DATA", "payment_data.vault_form_token or payment_data.token is required"))
        }
        switch outcome {
        case .succeeds: planned.outcome = .succeeded
        case .requiresChallenge: planned.outcome = .pending(pageKind: "3ds", style: .get)
        case .declined, .insufficientFunds:
            planned.outcome = .failed(code: outcome?.refusalCode ?? "REJECTED_BANK", message: "The bank refused")
        case nil: planned.outcome = .failed(code: "UNKNOWN_CARD", message: "Unknown card")
        }
        return .success(planned)
    }

    /// Apple Pay pays with the `vault_vendor_token_id` an `init-xpay` of this session gave; the sandbox test token
    /// behind it decides the outcome, and the token is spent when the payment goes through.
    private func planApplePay(_ planned: inout PlannedItem) -> Result<PlannedItem, SandboxAPIError> {
        let item = planned.item
        guard let tokenId = item.paymentData["vault_vendor_token_id"]?.stringValue else {
            return .failure(
                SandboxAPIError(400, "INVALID_PAYMENT_DATA", "payment_data.vault_vendor_token_id is required"))
        }
        guard let form = state.vaultForms[tokenId], form.tenantId == XPayToken.tenant(session.id) else {
            planned.outcome = .failed(code: "UNKNOWN_CARD", message: "Unknown vault_vendor_token_id")
            return .success(planned)
        }
        guard !form.used else {
            planned.outcome = .failed(code: "DUPLICATED_TRANSACTION", message: "This Apple Pay token already paid")
            return .success(planned)
        }
        planned.consumesForm = tokenId
        planned.pluginResult["brand"] = .string(form.brand)
        switch SandboxCardOutcome(rawValue: form.outcome) {
        case .succeeds: planned.outcome = .succeeded
        case .declined, .insufficientFunds, .requiresChallenge, nil:
            let code = SandboxCardOutcome(rawValue: form.outcome)?.refusalCode ?? "REJECTED_BANK"
            planned.outcome = .failed(code: code, message: "The bank refused the Apple Pay payment")
        }
        return .success(planned)
    }

    private func registrationName(_ item: GatewayItem) -> String? {
        if case .some(.some(let name)) = item.registrationName { return name }
        return nil
    }

    /// The token to save, or the already saved one with the same `uniqueness_token` (no duplicates).
    private func registration(_ token: WalletTokenRecord, planned: inout PlannedItem) -> WalletTokenRecord {
        if let existing = state.wallets[token.ownerReference]?.first(where: {
            $0.uniquenessToken == token.uniquenessToken
        }) {
            var updated = existing
            if let name = token.name { updated.name = name }
            planned.pluginResult["token_id"] = .string(existing.id)
            return updated
        }
        planned.pluginResult["token_id"] = .string(token.id)
        return token
    }
}
