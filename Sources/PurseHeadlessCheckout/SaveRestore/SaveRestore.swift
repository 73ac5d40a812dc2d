public import Foundation

/// Process death: snapshotting a checkout and rebuilding it (the redirection page's "Process death").
///
/// ```swift
/// // Before the shopper leaves for the bank app (scene phase .background):
/// UserDefaults.standard.set(checkout.saveState().data, forKey: "checkout")
/// // At launch:
/// if let data = UserDefaults.standard.data(forKey: "checkout") {
///     let checkout = try PurseHeadlessCheckout.restore(CheckoutSnapshot(data: data))
///     if let payment = checkout.submittedPayment { confirmOnBackend(payment.sessionID) }  // pending: confirm
/// }
/// ```
///
/// What a snapshot keeps: only what restoring needs. The session (as the widget data described it), the phase,
/// the primary selection, the split, saved gift cards with their balances and look-ups, the saved instruments'
/// names, and the submitted payment (session id, status, attempt, and the page it waited on reduced to its kind and
/// target host: a form's fields or a partner's document, which can carry card data, are never written; only a
/// `.get` page keeps its URL and can be shown again). The session's saved instruments
/// keep an allow-list of fields (id, name, label, favorite, status, expiry, CVV need, the wallet's masked
/// description): their PSP token (`value`, a PayPal billing agreement), `uniqueness_token`, a gift card's
/// `pin_code` and any other field are never written. What it never keeps: a card number, CVV, PIN or gift-card
/// number (DESIGN §7), a PSP reference that can charge, and nothing the shopper typed. It is safe to persist in
/// the app's storage; it holds the wallet session, so keep it no longer than the session.
///
/// Decisions:
/// - A gift card read with `getSecondaryToken` carries its number, which `/validate` needs; it is not saved.
///   In a checkout not yet submitted, its share is dropped at restore (the split shows the amount as still to
///   pay): let the shopper enter the card again. In a submitted checkout its share is kept, for display.
/// - A checkout saved while `/validate` was under way is restored as submitted: the answer may have been lost,
///   so a second submit is refused and the app confirms the status with its backend (the session may hold a
///   payment). A checkout restored before its submit starts a new attempt (a new idempotency key).
/// - A checkout whose payment's outcome is unknown (``SessionState/outcomeUnknown``) is restored so, with its
///   attempt's idempotency key: its cart and split stay frozen, a submit replays the attempt under that key, and
///   ``confirmPayment(policy:)`` settles it.
/// - Restoring makes no network call. Expiry is checked, as always, when the restored checkout is edited;
///   a submitted checkout stays readable after its session expired.
extension PurseHeadlessCheckout {
    /// A snapshot of this checkout to keep across process death; rebuild it with ``restore(_:configuration:)``.
    ///
    /// It holds only what restoring needs, each field of a saved instrument by name, and never card data, a PIN
    /// or a PSP token: safe to persist in the app's own storage (see "What a snapshot holds" in the redirection
    /// guide).
    public func saveState() -> CheckoutSnapshot {
        CheckoutSnapshot(document: SnapshotCodec.document(of: state))
    }

    /// Rebuilds a checkout from a snapshot, with `configuration` (transport, clock, hooks: what a snapshot cannot
    /// hold). A snapshot of a submitted payment gives a checkout that refuses a second submit
    /// (`SESSION_ALREADY_SUBMITTED_ERROR`, also for every other checkout restored from the same snapshot) and
    /// exposes ``submittedPayment`` for the backend to confirm.
    ///
    /// A checkout that was not submitted starts reading its unresolved saved gift-card balances again. One whose
    /// payment waited on a page starts confirming it when the configuration has a ``PaymentStatusProvider``
    /// (``confirmPayment(policy:)`` waits for that confirmation).
    /// - Throws: `STATE_SNAPSHOT_MALFORMED` (not a snapshot, or content that no longer fits its session: the
    ///   message names the path), `STATE_SNAPSHOT_UNSUPPORTED_VERSION` (written by a newer SDK),
    ///   `CHECKOUT_TERMINATED` (a snapshot of a checkout ended by ``teardown()``: it stays ended; its
    ///   ``CheckoutSnapshot/sessionID`` still tells your backend which session to confirm).
    public static func restore(
        _ snapshot: CheckoutSnapshot, configuration: PurseCheckoutConfiguration = PurseCheckoutConfiguration()
    ) throws -> PurseHeadlessCheckout {
        let state = try SnapshotCodec.state(from: snapshot.data, registry: configuration.pluginRegistry)
        let checkout = PurseHeadlessCheckout(restoredState: state, configuration: configuration)
        if state.phase == .ready || state.phase == .error {
            checkout.startSavedBalanceLookups()
            checkout.startExpiryWatch()
        }
        if let payment = state.submittedPayment, let page = payment.page, !page.canBeShownAgain {
            checkout.log.info(
                "the \(page.kind.rawValue) page of session \(payment.sessionID) cannot be shown again (a snapshot "
                    + "never keeps a form or a document): confirm the payment")
        }
        checkout.confirmInBackgroundIfPending()
        return checkout
    }
}

/// A saved checkout: versioned JSON (UTF-8) with no card data, for ``PurseHeadlessCheckout/restore(_:configuration:)``.
///
/// Store ``data`` anywhere (it is `Codable` too, as its JSON text). Reading it back never throws here: a
/// corrupt or future snapshot is refused, with a typed error, by `restore`.
public struct CheckoutSnapshot: Sendable, Hashable, Codable {
    /// The snapshot format version this SDK writes (and the newest it reads).
    public static let currentVersion = 1

    /// The snapshot's JSON text, UTF-8.
    public let data: Data

    /// Wraps bytes read back from storage.
    public init(data: Data) {
        self.data = data
    }

    init(document: JSONValue) {
        data = document.serialized()
    }

    /// The snapshot's format version, or `nil` when the bytes are not a snapshot.
    public var version: Int? { (try? JSONValue.parse(data))?["version"]?.int64Value.flatMap { Int(exactly: $0) } }

    /// The payment session id the snapshot is for, or `nil` when the bytes are not a snapshot: what the app's
    /// backend confirms even without restoring.
    public var sessionID: String? {
        (try? JSONValue.parse(data))?["session"]?["paymentSession"]?["id"]?.stringValue
    }

    /// Decodes from a single JSON string value (the snapshot's text).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        data = Data(try container.decode(String.self).utf8)
    }

    /// Encodes as a single JSON string value (the snapshot's text).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: data, as: UTF8.self))
    }
}

/// Writes and reads the snapshot document (format `purse-headless-checkout-state`, version 1).
enum SnapshotCodec {
    static let format = "purse-headless-checkout-state"

    static func document(of state: CheckoutState) -> JSONValue {
        var document: [String: JSONValue] = [
            "format": .string(format),
            "version": .integer(Int64(CheckoutSnapshot.currentVersion)),
            "session": SnapshotSession.params(of: state.session),
            "server_clock_offset_ms": .integer(ClockBounds.snapshotMillis(state.serverClockOffset)),
            "phase": .string(
                state.phase == .submitting || state.phase == .idle ? savedPhase(state) : state.phase.rawValue),
            "payment_tokens": .array(
                state.paymentTokens.map { token in
                    [
                        "id": .string(token.id), "name": token.name.map(JSONValue.string) ?? .null,
                        "favorite": .bool(token.favorite),
                    ]
                }),
            "saved_gift_cards": .array(state.savedSecondaryTokens.map(savedGiftCard)),
            "saved_gift_card_lookups": .object(
                state.savedSecondaryLookups.mapValues { lookup in
                    .object(
                        [
                            "balance": .integer(lookup.balanceMinorUnits), "step_id": lookup.stepID ?? .null,
                            "partner_reference": lookup.partnerReference.map(JSONValue.string) ?? .null,
                        ])
                }),
        ]
        let submitted = state.phase == .submitting || state.phase == .submitted || state.phase == .outcomeUnknown
        // A gift card read with getSecondaryToken cannot be paid again without its number: only a submitted
        // checkout keeps its share (for display).
        let shares = state.split.secondaryShares.filter { submitted || state.savedSecondaryLookups[$0.id] != nil }
        document["secondary_shares"] = .array(shares.map(share))
        if let primary = state.primary {
            document["primary"] = [
                "kind": .string(primary.isToken ? "token" : "method"), "id": .string(primary.id),
            ]
        }
        if let payment = state.submittedPayment { document["submitted_payment"] = submittedPayment(payment) }
        // A payment of unknown outcome keeps its attempt's key: a restored checkout replays it under that key (the
        // key is a random identifier, no card data).
        if state.phase == .outcomeUnknown, let attempt = state.attempt {
            document["unknown_attempt"] = ["idempotency_key": .string(attempt.key)]
        }
        return .object(document)
    }

    /// `submitting` is saved as `submitted` (the answer may have been lost); `idle` as `ready`.
    private static func savedPhase(_ state: CheckoutState) -> String {
        state.phase == .submitting ? SessionState.submitted.rawValue : SessionState.ready.rawValue
    }

    private static func savedGiftCard(_ card: SavedSecondaryToken) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(card.id), "balance": .number(card.balance), "balance_resolved": .bool(card.balanceResolved),
            "name": card.name.map(JSONValue.string) ?? .null,
        ]
        if let total = card.totalBalance { object["total_balance"] = .number(total) }
        if let disabled = card.disabled {
            object["disabled"] = ["code": .string(disabled.code), "message": .string(disabled.message)]
        }
        return .object(object)
    }

    private static func share(_ share: SecondaryShare) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(share.id), "partner": .string(share.partner), "method": .string(share.method),
            "amount": .integer(share.amount), "balance": .integer(share.balance),
            "take_policy": .string(share.takePolicy.rawValue),
        ]
        if let limit = share.limits.usageLimit { object["usage_limit"] = .integer(Int64(limit)) }
        if let maximum = share.limits.maxAmount { object["max_amount"] = .integer(maximum) }
        return .object(object)
    }

    /// The submitted payment without its page's content: a form's fields and a partner's document can carry
    /// card data (a PSP page posts `cardNo` and `cardCvv` in hidden fields), so only the page's kind and target
    /// host are kept, and the URL of a `.get` page (so it can be shown again).
    static func submittedPayment(_ payment: SubmittedPayment) -> JSONValue {
        var object: [String: JSONValue] = [
            "session_id": .string(payment.sessionID), "global_status": .string(payment.globalStatus.rawValue),
            "attempt": payment.attemptKey.map(JSONValue.string) ?? .null,
        ]
        if let page = payment.page {
            var saved: [String: JSONValue] = [
                "kind": .string(page.kind.rawValue), "target_host": page.targetHost.map(JSONValue.string) ?? .null,
            ]
            if case .get(let url)? = payment.redirection {
                saved["url"] = .string(url.absoluteString)
                // Older readers show a `.get` page again from `redirection`.
                object["redirection"] = ["url": .string(url.absoluteString)]
            }
            object["page"] = .object(saved)
        }
        return .object(object)
    }
}
