internal import Foundation

/// The hosted pages: `B/pages/psp/{payment_id}` (redirection methods, fresh PayPal) and
/// `B/pages/3ds/{payment_id}` (3-D Secure challenge).
///
/// Reachable by GET (`.get` redirect), by a form POST (`.postForm`, and the form of a `.postHTML`
/// redirect). The page's buttons post `decision=approve|decline|cancel` to `…/decision`, which sets the
/// payment `AUTHORIZED`, `REFUSED` or `ABORTED` and answers **303** to
/// `{shopper_redirection_url}?purse-redirection-data=<compact JWS>` whose payload carries `client_session_id`,
/// `payment_id`, `authorization_status` and `client_session_status` (CONTRACT.md §5, purse-facts §2.4).
///
/// Simulation: the JWS has Purse's shape (`header.payload.signature`), but its signature is the sandbox's own
/// HMAC-SHA256 (`HS256`, `kid` `purse-sandbox`, a key drawn when the sandbox starts), not Purse's RSA signature:
/// no JWKS verifies it (``RedirectionSignature``). The return proves nothing, and the app confirms the status
/// with its backend (as it must anyway).
/// A refused or aborted payment gives its gift-card debits back and reopens the session for another attempt.
extension PurseSandbox {
    func hostedPage(kind: String, payment paymentId: String, _ request: SandboxRequest) -> SandboxResponse {
        if request.method == "POST", let posted = request.formBody["payment_id"], posted != paymentId {
            return pageError(400, "PAYMENT_MISMATCH", "The form is for another payment", request)
        }
        let now = self.now
        let merchant = catalogue.entity.displayName
        return read { state in
            guard let payment = state.payments[paymentId], let pending = payment.pending, pending.pageKind == kind,
                let session = state.clientSessions[payment.clientSessionId]
            else {
                return pageError(404, "PAYMENT_NOT_FOUND", "No payment waits on this page", request)
            }
            let language = PageLanguage(localeCode: session.customerLocaleCode)
            guard payment.status == "PENDING" else {
                return .html(
                    200,
                    HostedPages.decidedPage(
                        status: payment.status, returnURL: returnURL(session: session, payment: payment, now: now),
                        language: language))
            }
            let order = (try? JSONParser.parse(session.orderJSON))?["reference"]?.stringValue
            return .html(
                200,
                HostedPages.decisionPage(
                    HostedPages.Summary(
                        kind: kind, paymentId: paymentId, merchant: merchant, methodName: pending.methodName,
                        amount: language.amount(minor: pending.amount, currency: payment.currency),
                        orderReference: order, decisionURL: url("/pages/\(kind)/\(paymentId)/decision"),
                        language: language)))
        }
    }

    func pageDecision(kind: String, payment paymentId: String, _ request: SandboxRequest) -> SandboxResponse {
        let decision = request.formBody["decision"] ?? ""
        guard ["approve", "decline", "cancel"].contains(decision) else {
            return pageError(400, "INVALID_DECISION", "decision must be approve, decline or cancel", request)
        }
        let now = self.now
        let location: String? = mutate { state in
            guard var payment = state.payments[paymentId], let pending = payment.pending, pending.pageKind == kind,
                var session = state.clientSessions[payment.clientSessionId]
            else { return nil }
            if payment.status == "PENDING" {
                switch decision {
                case "approve":
                    payment.status = "AUTHORIZED"
                    session.status = "COMPLETED"
                    if !session.isInformationRequest { state.charges.record(payment: paymentId, giftCard: nil) }
                    if let token = pending.registration { save(token, in: &state) }
                default:
                    payment.status = decision == "decline" ? "REFUSED" : "ABORTED"
                    session.status = "CREATED"
                    for debit in payment.debits { state.balances[debit.cardSlug, default: 0] += debit.amount }
                }
                state.payments[paymentId] = payment
                state.clientSessions[session.id] = session
            }
            // A second decision (back button, double submit) changes nothing and returns the same way.
            return returnURL(session: session, payment: payment, now: now)
        }
        guard let location else {
            return pageError(404, "PAYMENT_NOT_FOUND", "No payment waits on this page", request)
        }
        return SandboxResponse(
            status: 303,
            headers: [
                "location": location, "content-type": SandboxResponse.htmlType, "cache-control": "no-store",
            ],
            body: Data(
                "<!doctype html><p><a href=\"\(HTML.escape(location))\">Return to the shop</a></p>".utf8))
    }

    /// An error on a page route: the `{ code, message }` JSON body like every route, or an HTML page when the
    /// client asks for HTML (`Accept: text/html`, as browsers do when navigating).
    private func pageError(
        _ status: Int, _ code: String, _ message: String, _ request: SandboxRequest
    )
        -> SandboxResponse
    {
        guard request.header("accept")?.contains("text/html") == true else { return .error(status, code, message) }
        return .html(status, HostedPages.errorPage(message))
    }

    /// `{shopper_redirection_url}?purse-redirection-data=…` (keeps an existing query and fragment).
    func returnURL(session: ClientSessionRecord, payment: PaymentRecord, now: Date) -> String {
        let data: SandboxJSON = [
            "client_session_id": .string(session.id),
            "payment_id": .string(payment.id),
            "authorization_status": .string(payment.status),
            "client_session_status": .string(session.status(at: now)),
        ]
        var base = session.shopperRedirectionURL
        var fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = String(base[hash...])
            base = String(base[..<hash])
        }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + "purse-redirection-data=" + redirectionSignature.token(claims: data.data) + fragment
    }
}
