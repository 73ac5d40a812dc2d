import Foundation

/// Reading a snapshot back: every problem is a typed `STATE_SNAPSHOT_*` error naming the path.
extension SnapshotCodec {
    static func state(from data: Data, registry: PluginRegistry) throws(PurseCheckoutError) -> CheckoutState {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw malformed("the snapshot is not JSON (\(error))")
        }
        let root = JSONReader(document, path: "snapshot") { malformed($0) }
        guard case .object = document, try root.string("format") == format else {
            throw malformed("not a checkout snapshot")
        }
        let version = try root.required("version").int()
        guard version <= CheckoutSnapshot.currentVersion else {
            throw PurseCheckoutError(
                .stateSnapshotUnsupportedVersion,
                message: "snapshot version \(version) is newer than this SDK reads "
                    + "(\(CheckoutSnapshot.currentVersion)): restore it with the SDK that saved it",
                kind: .session)
        }
        guard version >= 1 else { throw malformed("snapshot.version: \(version) is not a version") }
        let session: ClientSession
        do {
            session = try SessionDecoder.decode(params: try root.required("session").value, deferred: nil)
        } catch {
            throw malformed("snapshot.session: \(error.message)")
        }
        let offsetMillis = try root.required("server_clock_offset_ms").int()
        guard let offset = ClockBounds.offset(snapshotMillis: Int64(offsetMillis)) else {
            throw malformed(
                "snapshot.server_clock_offset_ms: \(offsetMillis) is beyond ±\(ClockBounds.maximumOffsetMillis)")
        }
        var state = try CheckoutState(session: session, serverClockOffset: offset)
        let phaseText = try root.required("phase").string()
        guard let phase = SessionState(rawValue: phaseText), phase != .idle, phase != .submitting else {
            throw malformed("snapshot.phase: \(phaseText) is not a saved phase")
        }
        if phase == .terminated {
            // A torn-down checkout stays over: restoring it would bring back what `teardown()` ended.
            let sessionID = session.id
            throw PurseCheckoutError(
                .checkoutTerminated,
                message: "the snapshot is of a checkout that was torn down (session \(sessionID)): open a new "
                    + "checkout, or confirm the session's payment on your backend")
        }
        state.phase = phase
        try readWallet(root, into: &state)
        state.primary = try readPrimary(root, state: state)
        let shares = try readShares(root)
        do {
            state.split = try SplitEngine.restored(
                amount: state.split.amount, secondaryShares: shares,
                primary: state.primary.flatMap { primaryShare(for: $0, in: state, registry: registry) })
        } catch {
            throw malformed("snapshot.secondary_shares: the shares no longer fit the order (\(error))")
        }
        if let payment = try root.optional("submitted_payment") {
            state.submittedPayment = try submittedPayment(reading: payment)
        }
        if phase == .outcomeUnknown {
            guard let key = try root.optional("unknown_attempt")?.string("idempotency_key"), !key.isEmpty else {
                throw malformed("snapshot.unknown_attempt: a payment of unknown outcome needs its idempotency key")
            }
            state.attempt = PaymentAttempt(key: key, fingerprint: 0, uiLessPrimary: nil)
        }
        return state
    }

    /// The submitted payment: its page's kind and host (``SnapshotCodec/submittedPayment(_:)``). A snapshot
    /// written before pages were reduced holds the whole `redirection`: it is reduced the same way here, so a
    /// form's fields or a partner's document never reach the restored checkout.
    static func submittedPayment(reading payment: JSONReader) throws(PurseCheckoutError) -> SubmittedPayment {
        let sessionID = try payment.required("session_id").string()
        let status = StatusState(rawValue: try payment.required("global_status").string())
        let attempt = try payment.string("attempt")
        var redirection: RedirectAction?
        var page: PendingPage?
        if let saved = try payment.optional("page") {
            let kindText = try saved.required("kind").string()
            guard let kind = PendingPage.Kind(rawValue: kindText) else {
                throw saved.fail("unknown page kind \(kindText)")
            }
            if kind == .get, let url = try saved.optional("url")?.url() { redirection = .get(url) }
            page = PendingPage(
                kind: kind, targetHost: try saved.string("target_host"), canBeShownAgain: redirection != nil)
        } else if let action = try payment.optional("redirection").flatMap(RedirectAction.init(reading:)) {
            if case .get = action { redirection = action }
            let summary = PendingPage(of: action)
            page = PendingPage(kind: summary.kind, targetHost: summary.targetHost, canBeShownAgain: redirection != nil)
        }
        return SubmittedPayment(
            sessionID: sessionID, globalStatus: status, redirection: redirection, page: page, attemptKey: attempt)
    }

    private static func malformed(_ message: String) -> PurseCheckoutError {
        PurseCheckoutError(.stateSnapshotMalformed, message: message, kind: .session)
    }

    /// Saved instruments as they were (names, favorites, deletions) and saved gift cards with their balances.
    private static func readWallet(_ root: JSONReader, into state: inout CheckoutState) throws(PurseCheckoutError) {
        var tokens: [PaymentToken] = []
        for entry in try root.optional("payment_tokens")?.elements() ?? [] {
            let id = try entry.required("id").string()
            guard var token = state.session.paymentTokens.first(where: { $0.id == id }) else {
                throw entry.fail("token \(id) is not in the snapshot's session")
            }
            token.name = try entry.string("name")
            token.favorite = try entry.bool("favorite") ?? token.favorite
            tokens.append(token)
        }
        state.paymentTokens = tokens
        var cards: [SavedSecondaryToken] = []
        for entry in try root.optional("saved_gift_cards")?.elements() ?? [] {
            let id = try entry.required("id").string()
            guard var card = state.session.savedSecondaryTokens.first(where: { $0.id == id }) else {
                throw entry.fail("saved gift card \(id) is not in the snapshot's session")
            }
            card.name = try entry.string("name")
            card.balance = try entry.required("balance").decimal()
            card.totalBalance = try entry.decimal("total_balance")
            card.balanceResolved = try entry.required("balance_resolved").bool()
            card.disabled = try entry.optional("disabled").map { (disabled) throws(PurseCheckoutError) in
                DisabledState(
                    code: try disabled.required("code").string(), message: try disabled.required("message").string())
            }
            cards.append(card)
        }
        state.savedSecondaryTokens = cards
        for (id, entry) in try root.optional("saved_gift_card_lookups")?.members() ?? [] {
            guard let balance = JSONValue.exactInt64(try entry.required("balance").decimal()) else {
                throw entry.fail("expected an integer balance")
            }
            state.savedSecondaryLookups[id] = SavedSecondaryLookup(
                balanceMinorUnits: balance, stepID: try entry.optional("step_id")?.value,
                partnerReference: try entry.string("partner_reference"))
        }
    }

    private static func readPrimary(_ root: JSONReader, state: CheckoutState) throws(PurseCheckoutError) -> PaymentItem?
    {
        guard let primary = try root.optional("primary") else { return nil }
        let id = try primary.required("id").string()
        switch try primary.required("kind").string() {
        case "method":
            guard let method = state.session.primaryMethods.first(where: { $0.id == id }) else {
                throw primary.fail("method \(id) is not in the snapshot's session")
            }
            return .primaryMethod(method)
        case "token":
            guard let token = state.paymentTokens.first(where: { $0.id == id }) else {
                throw primary.fail("token \(id) is not in the snapshot's wallet")
            }
            return .paymentToken(token)
        case let kind:
            throw primary.fail("unknown primary kind \(kind)")
        }
    }

    private static func readShares(_ root: JSONReader) throws(PurseCheckoutError) -> [SecondaryShare] {
        var shares: [SecondaryShare] = []
        for entry in try root.optional("secondary_shares")?.elements() ?? [] {
            func integer(_ key: String) throws(PurseCheckoutError) -> Int64? {
                guard let value = try entry.decimal(key) else { return nil }
                guard let exact = JSONValue.exactInt64(value) else { throw entry.fail("\(key): expected an integer") }
                return exact
            }
            let policyText = try entry.required("take_policy").string()
            guard let policy = TakePolicy(rawValue: policyText), let amount = try integer("amount"),
                let balance = try integer("balance")
            else { throw entry.fail("a share needs amount, balance and a known take_policy") }
            let input = SecondaryInput(
                id: try entry.required("id").string(), partner: try entry.required("partner").string(),
                method: try entry.required("method").string(), balance: balance, takePolicy: policy,
                limits: SecondaryLimits(
                    usageLimit: try integer("usage_limit").flatMap { Int(exactly: $0) },
                    maxAmount: try integer("max_amount")))
            shares.append(SecondaryShare(input, amount: amount))
        }
        return shares
    }

    /// The primary's share as selecting it computes it: its method's limits, ready when it needs no input.
    private static func primaryShare(
        for item: PaymentItem, in state: CheckoutState, registry: PluginRegistry
    ) -> PrimaryShare? {
        guard let entry = state.session.source.protocolEntry(partner: item.partner, method: item.method),
            let plugin = registry.plugin(for: entry.configuration)
        else { return nil }
        let configuration = entry.configuration
        let currency = state.session.currency
        let ready: Bool
        switch item {
        case .primaryMethod(let method): ready = !plugin.requiresInput(for: method)
        case .paymentToken(let token): ready = !plugin.requiresInput(for: token)
        }
        return PrimaryShare(
            id: item.id, partner: item.partner.rawValue, method: item.method.rawValue,
            maxAmount: configuration.maxAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits },
            minAmount: configuration.minAmount.flatMap { try? Money(decimal: $0, currency: currency).minorUnits },
            isReady: ready)
    }
}
