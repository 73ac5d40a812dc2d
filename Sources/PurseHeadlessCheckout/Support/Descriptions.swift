import Foundation

// Short, readable descriptions of the values an app prints or logs (`print(outcome)`, `"\(checkout.amountSplit)"`):
// one line each, the ids, states and amounts that matter, and nothing secret. No description includes a gateway's
// `plugin_result`, a form's fields, a hosted page's HTML or a URL's query (a return URL's query carries the
// payment's signed return data, a PSP page's query may carry tokens): only scheme, host and path.

/// `scheme://host[:port]/path`, and `?…` when the URL had a query: never the query itself.
func describeWithoutQuery(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(a URL)" }
    let hadQuery = components.query != nil || components.fragment != nil
    components.query = nil
    components.fragment = nil
    components.user = nil
    components.password = nil
    return (components.string ?? "(a URL)") + (hadQuery ? "?…" : "")
}

extension PaymentOutcome: CustomStringConvertible {
    /// `completed(SUCCESS)`, `returnedFromRedirect(https://shop.example.com/return?…)`, `canceled`,
    /// `failed(VALIDATE_FAILED: …)`.
    public var description: String {
        switch self {
        case .completed(let result): "completed(\(result.globalStatus.rawValue))"
        case .returnedFromRedirect(let url): "returnedFromRedirect(\(describeWithoutQuery(url)))"
        case .canceled: "canceled"
        case .failed(let error): "failed(\(error))"
        }
    }
}

extension ValidationResult: CustomStringConvertible {
    /// `ValidationResult(WAITING: illicado-giftcard SUCCESS, payzen-creditcard WAITING; redirection GET https://…)`.
    public var description: String {
        let items = results.map(\.description).joined(separator: ", ")
        let page = redirection.map { "; redirection \($0)" } ?? ""
        return "ValidationResult(\(globalStatus.rawValue): \(items)\(page))"
    }
}

extension ValidationResult.ItemResult: CustomStringConvertible {
    /// `payzen-creditcard REFUSED REJECTED_BANK`: the item, its state and its code (not its `plugin_result`).
    public var description: String {
        let code = status.code.isEmpty ? "" : " \(Redaction.scrub(status.code))"
        return "\(itemID(partner, method)) \(status.state.rawValue)\(code)"
    }
}

extension RedirectAction: CustomStringConvertible {
    /// `GET https://psp.example/pay`, `POST https://psp.example/pay (3 fields)`, `HTML document "3ds"`: the page's
    /// address without its query, never a field's value or the document's content.
    public var description: String {
        switch self {
        case .get(let url): "GET \(describeWithoutQuery(url))"
        case .postForm(let url, let fields): "POST \(describeWithoutQuery(url)) (\(fields.count) fields)"
        case .postHTML(_, let name): "HTML document" + (name.map { " \"\($0)\"" } ?? "")
        }
    }
}

extension AmountSplitEntry: CustomStringConvertible {
    /// `illicado-giftcard 50 (gift card)`, `payzen-creditcard 30 (primary)`: the entry's method, amount and role.
    public var description: String {
        "\(itemID(partner, method)) \(amount) (\(isPrimary ? "primary" : "gift card"))"
    }
}

extension SecondaryShareUpdate: CustomStringConvertible {
    /// `illicado-giftcard kept 50`, `clamped 50 → 45`, `released (methodRemoved)`; `, balance read again` when it was.
    public var description: String {
        let outcome =
            switch self.outcome {
            case .kept(let amount): "kept \(amount)"
            case .clamped(let from, let to): "clamped \(from) → \(to)"
            case .released(let reason): "released (\(reason))"
            }
        return "\(methodID) \(outcome)" + (balanceReread ? ", balance read again" : "")
    }
}

extension SessionUpdate: CustomStringConvertible {
    /// `SessionUpdate(A → B, 80 → 95 EUR; illicado-giftcard kept 50; primary kept payzen-creditcard)`.
    public var description: String {
        var parts = ["\(previousSessionID) → \(sessionID), \(previousAmount) → \(amount) \(currency)"]
        parts += secondaryShares.map(\.description)
        if let primary {
            switch primary {
            case .kept(let id): parts.append("primary kept \(id)")
            case .dropped(let id, let reason): parts.append("primary dropped \(id) (\(reason))")
            }
        }
        if !methodsAdded.isEmpty { parts.append("methods added \(methodsAdded.joined(separator: ", "))") }
        if !methodsRemoved.isEmpty { parts.append("methods removed \(methodsRemoved.joined(separator: ", "))") }
        if revived { parts.append("revived") }
        return "SessionUpdate(" + parts.joined(separator: "; ") + ")"
    }
}

extension LoanSimulation: CustomStringConvertible {
    /// `LoanSimulation(oney-cb3x, 200 EUR in 3: 69.56, 66.66, 66.68; total 202.9, cost 2.9, APRC 19.31 %)`, without the
    /// legal text (show it verbatim next to the offer, not in a log line).
    public var description: String {
        let amounts = schedule.map { "\($0.amount)" }.joined(separator: ", ")
        let rate = aprc.map { ", APRC \($0) %" } ?? ""
        return "LoanSimulation(\(methodID), \(amount) \(currency) in \(installmentCount): \(amounts); "
            + "total \(totalAmount), cost \(totalCost)\(rate))"
    }
}

extension PaymentStatus: CustomStringConvertible {
    /// `authorized (payment pay_1)`, `refused (REJECTED_BANK)`, `pending`, `unknown (…)`.
    public var description: String {
        switch self {
        case .authorized(let paymentID): "authorized" + (paymentID.map { " (payment \($0))" } ?? "")
        case .refused(let code): "refused (\(Redaction.scrub(code)))"
        case .pending: "pending"
        case .unknown(let reason): "unknown (\(Redaction.scrub(reason)))"
        }
    }
}

extension PrimaryMethod: CustomStringConvertible {
    /// `PrimaryMethod(payzen-creditcard, template creditcard)`: not its contracts.
    public var description: String { "PrimaryMethod(\(id), template \(template))" }
}

extension SecondaryMethod: CustomStringConvertible {
    /// `SecondaryMethod(illicado-giftcard)`: not its contracts.
    public var description: String { "SecondaryMethod(\(id))" }
}
