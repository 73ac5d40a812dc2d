internal import Foundation

/// Applies a planned `/validate` to the state and builds `ValidationResultData`.
extension PurseSandbox {
    func commit(
        _ planned: [PlannedItem], items: [GatewayItem], session: ClientSessionRecord, now: Date,
        state: inout SandboxState
    ) -> SandboxJSON {
        let paymentId = newID()
        let failedIndex = planned.firstIndex {
            if case .failed = $0.outcome { return true }
            return false
        }
        var payment = PaymentRecord(
            id: paymentId, clientSessionId: session.id, status: "REFUSED", amount: session.amount,
            currency: session.currency, createdAt: now,
            split: items.enumerated().map { index, item in
                SplitRecord(
                    partner: item.partner, method: item.method, amount: item.amount,
                    tokenId: index < planned.count ? planned[index].tokenId : item.paymentData["token"]?.stringValue)
            }, debits: [], pending: nil)
        var results: [SandboxJSON] = []
        var redirection: SandboxJSON = .null
        let globalStatus: String
        if let failedIndex {
            for (index, item) in items.enumerated() {
                if index == failedIndex, case .failed(let code, let message) = planned[index].outcome {
                    results.append(
                        result(
                            item, secondary: planned[index].method.kind.isSecondary, state: "FAILED", code: code,
                            description: message, pluginResult: ["amount": .int(item.amount)], sessionId: session.id,
                            now: now))
                } else {
                    let secondary = catalogue.method(partner: item.partner, method: item.method)?.kind.isSecondary
                    results.append(
                        result(
                            item, secondary: secondary ?? false, state: "FAILED", code: "FAILED",
                            description: "Not applied: item \(failedIndex + 1) of the split failed",
                            pluginResult: ["amount": .int(item.amount)], sessionId: session.id, now: now))
                }
            }
            globalStatus = "FAILED"
        } else {
            for entry in planned {
                if let debit = entry.debit {
                    state.balances[debit.cardSlug, default: 0] -= debit.amount
                    state.charges.record(payment: paymentId, giftCard: debit.cardSlug)
                    payment.debits.append(debit)
                }
                if let form = entry.consumesForm { state.vaultForms[form]?.used = true }
                let secondary = entry.method.kind.isSecondary
                switch entry.outcome {
                case .succeeded:
                    if !secondary && !session.isInformationRequest {
                        state.charges.record(payment: paymentId, giftCard: nil)
                    }
                    if let token = entry.registration { save(token, in: &state) }
                    results.append(
                        result(
                            entry.item, secondary: secondary, state: "SUCCESS", code: "SUCCEEDED", description: nil,
                            pluginResult: .object(entry.pluginResult), sessionId: session.id, now: now))
                case .pending(let pageKind, let style):
                    payment.pending = PendingRecord(
                        pageKind: pageKind, partner: entry.item.partner, method: entry.item.method,
                        amount: entry.item.amount, methodName: entry.method.displayName,
                        registration: entry.registration)
                    redirection = redirectionJSON(
                        pageKind: pageKind, style: style, paymentId: paymentId, session: session, item: entry.item,
                        method: entry.method)
                    results.append(
                        result(
                            entry.item, secondary: secondary, state: "WAITING", code: "WAITING_PARTNER_RESPONSE",
                            description: "Waiting for the shopper on the hosted page",
                            pluginResult: .object(entry.pluginResult), sessionId: session.id, now: now))
                case .failed: break
                }
            }
            let pending = payment.pending != nil
            payment.status = pending ? "PENDING" : "AUTHORIZED"
            state.clientSessions[session.id]?.status = pending ? "SUBMITTED" : "COMPLETED"
            globalStatus = pending ? "WAITING" : "SUCCESS"
        }
        state.payments[paymentId] = payment
        state.clientSessions[session.id]?.paymentIds.append(paymentId)
        return .compact([
            "results": .array(results), "global_status": .string(globalStatus), "redirection": redirection,
        ])
    }

    /// Puts `token` into its owner's wallet, replacing a token with the same id.
    func save(_ token: WalletTokenRecord, in state: inout SandboxState) {
        var wallet = state.wallets[token.ownerReference] ?? []
        if let index = wallet.firstIndex(where: { $0.id == token.id }) {
            wallet[index] = token
        } else {
            wallet.append(token)
        }
        state.wallets[token.ownerReference] = wallet
    }

    private func result(
        _ item: GatewayItem, secondary: Bool, state: String, code: String, description: String?,
        pluginResult: SandboxJSON, sessionId: String, now: Date
    ) -> SandboxJSON {
        [
            "id": .string(newID()),
            "date": .string(SandboxTime.iso8601(now)),
            "session_id": .string(sessionId),
            "partner": .string(item.partner),
            "method": .string(item.method),
            "transaction_id": .string(newID()),
            "status": .compact([
                "action": secondary ? "APPLY" : "AUTHORIZE", "state": .string(state), "code": .string(code),
                "description": .optional(description),
            ]),
            "plugin_result": pluginResult,
        ]
    }

    /// The `redirection` object of a pending payment, in the method's style.
    private func redirectionJSON(
        pageKind: String, style: SandboxRedirectStyle, paymentId: String, session: ClientSessionRecord,
        item: GatewayItem, method: SandboxMethod
    ) -> SandboxJSON {
        let pageURL = url("/pages/\(pageKind)/\(paymentId)")
        let fields = ["payment_id": paymentId, "session_id": session.id, "amount": String(item.amount)]
        switch style {
        case .get:
            return ["url": .string(pageURL)]
        case .postForm:
            return ["url": .string(pageURL), "method": "POST", "fields": .object(fields.mapValues(SandboxJSON.string))]
        case .html:
            return [
                "form": .string(
                    HostedPages.autoPostDocument(
                        action: pageURL, fields: fields, title: method.displayName, name: method.id)),
                "name": .string(method.id),
            ]
        }
    }
}
