internal import Foundation

/// The whole mutable state of a sandbox: what survives a restart when a state file is configured.
///
/// It is one value behind one lock (``SandboxLock``): a `/validate` reads and writes balances, payments,
/// sessions and idempotency records in a single critical section, so concurrent requests can never
/// overspend a gift card or charge twice.
///
/// It holds no secret, so the state file holds none: no card number, PIN or CVV, no access token. What must be
/// recognised again (an idempotent request, a token, a saved card's CVV) is kept as a ``SandboxSHA256`` digest.
struct SandboxState: Codable, Sendable {
    /// Bumped when the file layout changes; an unknown version is a ``SandboxStateError``.
    /// (2: digests instead of request bodies, access tokens and saved CVVs.)
    static let formatVersion = 2

    var version = SandboxState.formatVersion
    var clientSessions: [String: ClientSessionRecord] = [:]
    var payments: [String: PaymentRecord] = [:]
    /// Gift-card balances in minor units, by catalogue slug.
    var balances: [String: Int] = [:]
    /// Wallet tokens by owner reference, in insertion order.
    var wallets: [String: [WalletTokenRecord]] = [:]
    var walletSessions: [String: WalletSessionRecord] = [:]
    var vaultForms: [String: VaultFormRecord] = [:]
    /// `/init` steps by `step_id` (as text: JSON object keys are strings).
    var steps: [String: StepRecord] = [:]
    var nextStepId = 1
    /// Stored `/validate` answers by `"{session_id} {Idempotency-Key}"`.
    var idempotency: [String: IdempotencyRecord] = [:]
    /// When each OAuth access token expires, by the token's SHA-256 (hex): the file cannot authenticate anyone.
    var accessTokenDigests: [String: Date] = [:]
    var charges = ChargeCounters()
    var requestCounts: [String: Int] = [:]

    /// A fresh state seeded from `catalogue`: starting balances and wallets.
    static func seeded(from catalogue: SandboxCatalogue) -> SandboxState {
        var state = SandboxState()
        for card in catalogue.giftCards { state.balances[card.slug] = card.balance }
        for shopper in catalogue.shoppers {
            state.wallets[shopper.reference] = shopper.tokens.map {
                WalletTokenRecord(seed: $0, owner: shopper.reference, merchant: catalogue.entity.merchantId)
            }
        }
        return state
    }

    /// Takes the next `step_id`.
    mutating func takeStepId() -> Int {
        defer { nextStepId += 1 }
        return nextStepId
    }
}

/// Charges made, for ``SandboxStats``: tests prove with them that a retry never charges twice.
struct ChargeCounters: Codable, Sendable, Equatable {
    var total = 0
    var perPayment: [String: Int] = [:]
    var perGiftCard: [String: Int] = [:]

    mutating func record(payment: String, giftCard: String?) {
        total += 1
        perPayment[payment, default: 0] += 1
        if let giftCard { perGiftCard[giftCard, default: 0] += 1 }
    }
}

/// A client session (merchant API) and the payment session inside its widget data (same id).
struct ClientSessionRecord: Codable, Sendable {
    var id: String
    var entityId: String
    var amount: Int
    var currency: String
    var shopperRedirectionURL: String
    var createdAt: Date
    var expiresAt: Date
    /// `CREATED`, `SUBMITTED` or `COMPLETED` (`EXPIRED` is computed from `expiresAt`).
    var status: String
    var walletSessionId: String?
    var ownerReference: String?
    /// Item ids offered (`nil`: every method of the catalogue).
    var methodIds: [String]?
    var orderJSON: String
    var customerJSON: String?
    var captureMode: String
    var paymentIds: [String] = []
    /// `true` for an information request (amount 0 with `allow_future_usage`); absent in older state files.
    var informationRequest: Bool?

    /// Whether the session only saves a card: it charges nothing.
    var isInformationRequest: Bool { informationRequest == true }

    /// The shopper's locale given at creation (`customer.locale_code`, such as `fr-FR`), or `nil`.
    var customerLocaleCode: String? {
        guard let customerJSON, let customer = try? JSONParser.parse(customerJSON) else { return nil }
        return customer["locale_code"]?.stringValue
    }

    func status(at now: Date) -> String {
        status == "CREATED" && now >= expiresAt ? "EXPIRED" : status
    }

    func offers(_ itemId: String) -> Bool { methodIds.map { $0.contains(itemId) } ?? true }

    /// Whether the session offers `method`: in its list (or every method), and, for an information request, only a
    /// card method that can save a token.
    func offers(_ method: SandboxMethod) -> Bool {
        guard offers(method.id) else { return false }
        guard isInformationRequest else { return true }
        return method.kind == .card && method.allowsSaving
    }
}

/// A payment: the outcome of one accepted `/validate`.
struct PaymentRecord: Codable, Sendable {
    var id: String
    var clientSessionId: String
    /// `AUTHORIZED`, `PENDING`, `REFUSED`, `ABORTED` or `ERROR`.
    var status: String
    var amount: Int
    var currency: String
    var createdAt: Date
    var split: [SplitRecord]
    /// Gift-card debits, reversed if a pending payment ends refused or aborted.
    var debits: [DebitRecord]
    var pending: PendingRecord?
}

struct SplitRecord: Codable, Sendable, Equatable {
    var partner: String
    var method: String
    var amount: Int
    var tokenId: String?
}

struct DebitRecord: Codable, Sendable, Equatable {
    var cardSlug: String
    var amount: Int
}

/// What a hosted page decides for a pending payment.
struct PendingRecord: Codable, Sendable {
    /// `psp` or `3ds`.
    var pageKind: String
    var partner: String
    var method: String
    var amount: Int
    var methodName: String
    /// A card to save into the wallet when the page approves.
    var registration: WalletTokenRecord?
}

/// A wallet token, rendered as an integrated token (CONTRACT.md §1) and by the wallet API.
struct WalletTokenRecord: Codable, Sendable, Equatable {
    var id: String
    var value: String
    var uniquenessToken: String
    var expirationDate: String
    var ownerReference: String
    var merchant: String
    var favorite: Bool
    var status: String
    var brandName: String?
    var displayToken: String?
    var holderName: String?
    var maskedPan: String?
    var partner: String
    var method: String
    var name: String?
    var createdAt: String
    var updatedAt: String
    var instrument: InstrumentRecord
    /// `source` (`MERCHANT` when absent, as for tokens saved by a payment).
    var source: String?
    /// `savable_to_shared_wallet` (`false` when absent).
    var savableToSharedWallet: Bool?

    init(seed: SandboxSavedToken, owner: String, merchant: String) {
        id = seed.id
        value = "psp-" + seed.id.suffix(12)
        uniquenessToken = "\(seed.partner),\(seed.method),\(seed.slug),\(owner)"
        expirationDate = seed.expirationDate
        ownerReference = owner
        self.merchant = merchant
        favorite = seed.favorite
        status = "ACTIVE"
        brandName = seed.brandName
        displayToken = seed.displayToken
        holderName = seed.holderName
        maskedPan = seed.maskedPAN
        partner = seed.partner
        method = seed.method
        name = seed.name
        createdAt = "2025-06-01T10:00:00.000Z"
        updatedAt = createdAt
        instrument = InstrumentRecord(seed.instrument)
        source = seed.source
        savableToSharedWallet = seed.savableToSharedWallet
    }

    init(
        id: String, owner: String, merchant: String, partner: String, method: String, name: String?,
        instrument: InstrumentRecord, description: (brand: String?, display: String?, holder: String?, masked: String?),
        uniquenessToken: String, expirationDate: String, now: String
    ) {
        self.id = id
        value = "psp-" + id.suffix(12)
        self.uniquenessToken = uniquenessToken
        self.expirationDate = expirationDate
        ownerReference = owner
        self.merchant = merchant
        favorite = false
        status = "ACTIVE"
        brandName = description.brand
        displayToken = description.display
        holderName = description.holder
        maskedPan = description.masked
        self.partner = partner
        self.method = method
        self.name = name
        createdAt = now
        updatedAt = now
        self.instrument = instrument
    }
}

/// What a wallet token pays with, server side (never rendered as such).
enum InstrumentRecord: Codable, Sendable, Equatable {
    /// `cscDigest`: the SHA-256 (hex) of the one CVV accepted (`nil`: any 3–4 digits).
    case card(outcome: String, requiresCSC: Bool, cscDigest: String?, networkToken: Bool)
    case paypal
    case giftCard(slug: String)

    init(_ instrument: SandboxSavedInstrument) {
        switch instrument {
        case .card(let outcome, let requiresCSC, let csc, let networkToken):
            self = .card(
                outcome: outcome.rawValue, requiresCSC: requiresCSC, cscDigest: csc.map(SandboxSHA256.hex),
                networkToken: networkToken)
        case .paypal: self = .paypal
        case .giftCard(let slug): self = .giftCard(slug: slug)
        }
    }
}

struct WalletSessionRecord: Codable, Sendable {
    var id: String
    var ownerReference: String
    var merchant: String
    var expiresAt: Date
}

/// A vault form token: what the vault kept of a card. Never the PAN or the CVV, only what a PSP token
/// would let the sandbox know (BIN, last four, brand, and the test outcome the PAN selects).
struct VaultFormRecord: Codable, Sendable {
    var token: String
    var tenantId: String
    var bin: String
    var lastFour: String
    var brand: String
    var outcome: String
    var expiryMonth: Int
    var expiryYear: Int
    var holderName: String?
    var used: Bool
}

/// One `/init` answer's `step_id`, and for polling issuers where the poll stands.
struct StepRecord: Codable, Sendable {
    var id: Int
    var sessionId: String
    var partner: String
    var method: String
    var cardSlug: String?
    var waitsLeft: Int
    /// `SUCCESS`, `WAITING` or `FAILED`.
    var state: String
    var code: String
}

/// A stored `/validate` answer, replayed byte-for-byte for the same `Idempotency-Key`.
struct IdempotencyRecord: Codable, Sendable {
    /// The SHA-256 (hex) of the request body's canonical JSON (a retry with another body under the same key is
    /// refused). Never the body: it carries card numbers and PINs.
    var requestDigest: String
    var status: Int
    var body: Data
}
