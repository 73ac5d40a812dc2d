import Foundation

/// The session part of a checkout snapshot: the widget data's params object rebuilt from a ``ClientSession``,
/// so that ``SessionDecoder/decode(params:)`` gives back an equal session (a tested round trip).
///
/// It holds what the widget data held: the public API key, ids, service roots, method configurations and the
/// saved instruments as the wallet described them (masked numbers only). No card data ever reaches a session.
enum SnapshotSession {
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
                "configurations": entry.configuration.raw, "integrated_tokens": .array(entry.integratedTokens),
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
