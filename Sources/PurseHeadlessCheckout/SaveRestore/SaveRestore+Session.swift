import Foundation

/// The session part of a checkout snapshot: the widget data's params object rebuilt from a ``ClientSession``,
/// so that ``SessionDecoder/decode(params:)`` gives back ``restoredForm(of:)`` of the session (a tested round
/// trip): the same methods, the same decoded saved instruments.
///
/// It holds the public API key, ids, service roots, the wallet session, method configurations and contracts (the
/// merchant's settings, which plugins read as they are), and the saved instruments reduced to the fields listed in
/// ``savedInstrumentFields`` and ``savedInstrumentDescriptionFields``: what the decoder reads to show and pay them
/// (by token id). Everything else an integrated token carries is left out, whatever its name: its PSP token
/// (`value`, a PayPal billing agreement), `uniqueness_token`, a gift card's `pin_code`, and any field a wallet
/// may add later.
enum SnapshotSession {
    /// The members of an integrated token a snapshot keeps: what ``SessionDecoder`` reads into a ``PaymentToken``
    /// or a ``SavedSecondaryToken``. An allow-list: a field not named here is never written.
    static let savedInstrumentFields: Set<String> = [
        "id", "name", "label", "favorite", "expiration_date", "status", "requires_csc", "network_token", "description",
        "source", "savable_to_shared_wallet", "created_at", "updated_at",
    ]

    /// The members of an integrated token's `description` a snapshot keeps (masked number, brand, holder, label).
    static let savedInstrumentDescriptionFields: Set<String> = [
        "brand_name", "display_token", "masked_pan", "holder_name", "label",
    ]

    /// `token` with only the allow-listed members (a token that is not an object keeps nothing).
    static func savedInstrument(_ token: JSONValue) -> JSONValue {
        guard case .object(let members) = token else { return .object([:]) }
        var kept = members.filter { savedInstrumentFields.contains($0.key) }
        if case .object(let description)? = kept["description"] {
            kept["description"] = .object(description.filter { savedInstrumentDescriptionFields.contains($0.key) })
        } else {
            kept["description"] = nil  // absent, null or not an object: the decoder reads nothing from it
        }
        return .object(kept)
    }

    /// The session a snapshot of `session` restores: the same in everything, except that each integrated token
    /// keeps only its allow-listed fields (``savedInstrument(_:)``). Its decoded instruments are the same.
    static func restoredForm(of session: ClientSession) -> ClientSession {
        let source = session.source
        let protocols = source.protocols.map { entry in
            SessionProtocol(
                partner: entry.partner, method: entry.method, configuration: entry.configuration,
                integratedTokens: entry.integratedTokens.map(savedInstrument), contracts: entry.contracts)
        }
        return ClientSession(
            apiKey: session.apiKey, entityID: session.entityID, environment: session.environment,
            apiRoots: session.apiRoots, walletSession: session.walletSession,
            source: LegacyPaymentSession(
                id: source.id, amount: source.amount, currencyCode: source.currencyCode,
                expirationDate: source.expirationDate, isInformationRequest: source.isInformationRequest,
                returnURL: source.returnURL, failureURL: source.failureURL,
                purseVaultTenantID: source.purseVaultTenantID, pciProxyMerchantID: source.pciProxyMerchantID,
                protocols: protocols, sharedWalletUser: source.sharedWalletUser),
            amountMinorUnits: session.amountMinorUnits, currency: session.currency,
            primaryMethods: session.primaryMethods, secondaryMethods: session.secondaryMethods,
            paymentTokens: session.paymentTokens, savedSecondaryTokens: session.savedSecondaryTokens,
            unstableMethodIDs: session.unstableMethodIDs,
            informationRequestHiddenIDs: session.informationRequestHiddenIDs)
    }

    static func params(of session: ClientSession) -> JSONValue {
        let source = session.source
        var payment: [String: JSONValue] = [
            "id": .string(source.id),
            "currency_code": .string(source.currencyCode),
            "expiration_date": .string(SnapshotDate.format(source.expirationDate)),
            "information_request": .bool(source.isInformationRequest),
            "protocols": protocols(of: source),
        ]
        if let amount = source.amount { payment["amount"] = .number(amount) }
        if let url = source.returnURL { payment["redirection"] = .string(url.absoluteString) }
        if let url = source.failureURL { payment["failure"] = .string(url.absoluteString) }
        var vendors: [String: JSONValue] = [:]
        if let tenant = source.purseVaultTenantID { vendors["purse"] = ["tenant_id": .string(tenant)] }
        if let merchant = source.pciProxyMerchantID { vendors["pci_proxy"] = ["merchant_id": .string(merchant)] }
        if !vendors.isEmpty { payment["vault"] = ["vendor_front_data": .object(vendors)] }
        if let user = source.sharedWalletUser { payment["wallet"] = ["shared_wallet_user": .bool(user)] }
        let roots = session.apiRoots
        var params: [String: JSONValue] = [
            "apiKey": .string(session.apiKey),
            "entityId": .string(session.entityID),
            "environment": .string(session.environment.rawValue),
            "paymentSession": .object(payment),
            "apiPaths": [
                "payment": .string(roots.payment.absoluteString), "wallet": .string(roots.wallet.absoluteString),
                "datetime": .string(roots.datetime.absoluteString), "logs": .string(roots.logs.absoluteString),
                "vault": .string(roots.vault.absoluteString),
            ],
        ]
        if let wallet = session.walletSession {
            var object: [String: JSONValue] = [
                "session_id": .string(wallet.sessionID), "owner_reference": .string(wallet.ownerReference),
                "merchant": .string(wallet.merchant),
            ]
            if let date = wallet.expirationDate { object["expiration_date"] = .string(SnapshotDate.format(date)) }
            params["walletSession"] = .object(object)
        }
        return .object(params)
    }

    private static func protocols(of source: LegacyPaymentSession) -> JSONValue {
        var partners: [String: [String: JSONValue]] = [:]
        for entry in source.protocols {
            var object: [String: JSONValue] = [
                "configurations": entry.configuration.raw,
                "integrated_tokens": .array(entry.integratedTokens.map(savedInstrument)),
            ]
            if let contracts = entry.contracts { object["contracts"] = contracts }
            partners[entry.partner.rawValue, default: [:]][entry.method.rawValue] = .object(object)
        }
        return .object(partners.mapValues { .object($0) })
    }
}

/// ISO 8601 text that the SDK's parser reads back as exactly the same `Date`: the fewest fraction digits
/// (0 to 9) that round-trip, which is the precision the date was first written with.
enum SnapshotDate {
    static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let prefix = String(ISO8601.format(Date(timeIntervalSince1970: whole)).dropLast(5))  // "….000Z" removed
        var scale: TimeInterval = 1
        for digits in 0...9 {
            let fraction = ((seconds - whole) * scale).rounded()
            if fraction < scale {
                let digitsText = digits == 0 ? "" : "." + padded(Int64(fraction), digits)
                let text = prefix + digitsText + "Z"
                if ISO8601.parse(text) == date { return text }
            }
            scale *= 10
        }
        return ISO8601.format(date)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
