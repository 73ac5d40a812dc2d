/// The simulated gift-card issuers: find the card an item designates, check its PIN and its state.
///
/// The issuers' PAN and PIN formats (CONTRACT.md §6) are the SDK's to validate before calling; the
/// sandbox only knows its catalogue: an unknown number is `UNKNOWN_CARD`, a missing or wrong PIN is
/// `WRONG_CARD_DATA`, whatever the format.
struct ResolvedGiftCard: Sendable {
    var card: SandboxGiftCard
    /// The wallet token the item used, when it paid with a saved gift card.
    var tokenId: String?
}

extension PurseSandbox {
    /// The gift card designated by `item`: `payment_data.token` (a saved gift card of the session's shopper),
    /// `payment_data.voucher_number` (voucher methods) or `payment_data.card = { number, csc }`.
    func resolveGiftCard(
        _ item: GatewayItem, method: SandboxMethod, session: ClientSessionRecord, state: SandboxState
    ) -> Result<ResolvedGiftCard, ItemProblem> {
        let resolved: ResolvedGiftCard
        if let tokenId = item.paymentData["token"]?.stringValue {
            guard let owner = session.ownerReference,
                let token = state.wallets[owner]?.first(where: {
                    $0.id == tokenId && $0.partner == item.partner && $0.method == item.method
                }),
                case .giftCard(let slug) = token.instrument, let card = catalogue.giftCard(slug)
            else {
                return .failure(
                    .failed(code: "UNKNOWN_CARD", message: "No such saved gift card in this shopper's wallet"))
            }
            resolved = ResolvedGiftCard(card: card, tokenId: tokenId)
        } else {
            var isVoucher = false
            if case .secondary(.voucher, _) = method.kind { isVoucher = true }
            let number =
                isVoucher
                ? item.paymentData["voucher_number"]?.stringValue : item.paymentData["card"]?["number"]?.stringValue
            guard let number else {
                let field = isVoucher ? "voucher_number" : "card.number"
                return .failure(
                    .rejected(SandboxAPIError(400, "INVALID_PAYMENT_DATA", "payment_data.\(field) is required")))
            }
            let pan = SandboxCatalogue.normalizedPAN(number)
            guard
                let card = catalogue.giftCards.first(where: {
                    $0.partner == item.partner && $0.method == item.method && $0.pan == pan
                })
            else {
                return .failure(.failed(code: "UNKNOWN_CARD", message: "The issuer does not know this card"))
            }
            if let pin = card.pin, item.paymentData["card"]?["csc"]?.stringValue != pin {
                return .failure(.failed(code: "WRONG_CARD_DATA", message: "Missing or wrong PIN"))
            }
            resolved = ResolvedGiftCard(card: card, tokenId: nil)
        }
        guard resolved.card.currency == session.currency else {
            return .failure(
                .failed(
                    code: "TRANSACTION_NOT_SUPPORTED_BY_CARD",
                    message: "The card holds \(resolved.card.currency), the session is in \(session.currency)"))
        }
        switch resolved.card.behaviour {
        case .refusedAtInit(let code): return .failure(.failed(code: code, message: "The issuer refused the card"))
        case .balanceLookupFails:
            return .failure(
                .failed(code: "TECHNICAL_ISSUE_TO_CONTACT_PARTNER", message: "The issuer did not answer the balance"))
        case .normal, .slow, .polls: return .success(resolved)
        }
    }

    /// How long the issuer takes to answer `item` at `/init` (slow cards), looked up without side effects.
    func issuerDelay(for item: GatewayItem, sessionId: String) -> Duration {
        guard let method = catalogue.method(partner: item.partner, method: item.method), method.kind.isSecondary else {
            return .zero
        }
        return read { state in
            guard let session = state.clientSessions[sessionId],
                case .success(let resolved) = resolveGiftCard(item, method: method, session: session, state: state),
                case .slow(let delay) = resolved.card.behaviour
            else { return .zero }
            return delay
        }
    }

    /// `plugin_result` of a balance look-up: the balance is computed against the item's amount
    /// (CONTRACT.md §2), so a card asked for 0 answers 0.
    func balanceResult(
        _ resolved: ResolvedGiftCard, balance: Int, amount: Int, method: SandboxMethod, currency: String
    ) -> SandboxJSON {
        [
            "balance": .int(min(balance, amount)),
            "total_balance": .int(balance),
            "currency": .string(currency),
            "expiration_date": .string(resolved.card.expirationDate),
            "partner_reference": .string(resolved.card.partnerReference),
            "can_be_registered": .bool(method.allowsSaving && resolved.tokenId == nil),
        ]
    }
}
