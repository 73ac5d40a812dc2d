internal import Foundation

/// Builds `widget.data` (CONTRACT.md §1): base64 of `{ apiKey, entityId, environment, paymentSession,
/// apiPaths, walletSession? }`, the payment session shaped like a real legacy session
/// (`protocols[partner][method] = { configurations, integrated_tokens?, contracts? }`).
extension PurseSandbox {
    /// The widget data of `session`, with the shopper's current wallet `tokens`.
    func widgetData(
        for session: ClientSessionRecord, walletSession: WalletSessionRecord?, tokens: [WalletTokenRecord]
    ) -> String {
        let entity = catalogue.entity
        var document: [String: SandboxJSON] = [
            "apiKey": .string(entity.apiKey),
            "entityId": .string(entity.entityId),
            "environment": "sandbox",
            "paymentSession": paymentSession(for: session, tokens: tokens),
            "apiPaths": [
                "payment": .string(url("/gateway")),
                "wallet": .string(url("/wallet")),
                "datetime": .string(url("/clock")),
                "logs": .string(url("/logs")),
                "vault": .string(url("/vault")),
            ],
        ]
        if let walletSession {
            document["walletSession"] = [
                "session_id": .string(walletSession.id),
                "owner_reference": .string(walletSession.ownerReference),
                "merchant": .string(walletSession.merchant),
                "expiration_date": .string(SandboxTime.iso8601(walletSession.expiresAt)),
            ]
        }
        return SandboxJSON.object(document).data.base64EncodedString()
    }

    private func paymentSession(for session: ClientSessionRecord, tokens: [WalletTokenRecord]) -> SandboxJSON {
        var protocols: [String: [String: SandboxJSON]] = [:]
        for method in catalogue.methods where session.offers(method) {
            let methodTokens =
                method.payToken
                ? tokens.filter { $0.partner == method.partner && $0.method == method.method && $0.status == "ACTIVE" }
                : []
            protocols[method.partner, default: [:]][method.method] = protocolEntry(
                method, currency: session.currency, tokens: methodTokens, offSession: session.isInformationRequest,
                localeCode: session.customerLocaleCode)
        }
        let entity = catalogue.entity
        var document: [String: SandboxJSON] = [
            "id": .string(session.id),
            // Major units, exact decimal text (CONTRACT.md §1): 4299 EUR is written 42.99.
            "amount": .number(SandboxMoney.majorLiteral(minor: session.amount, currency: session.currency)),
            "currency_code": .string(session.currency),
            "expiration_date": .string(SandboxTime.iso8601(session.expiresAt)),
            "redirection": .string(session.shopperRedirectionURL),
            "protocols": .object(protocols.mapValues { .object($0) }),
            "vault": [
                "vendor_front_data": [
                    "purse": ["tenant_id": .string(entity.vaultTenantId)],
                    "pci_proxy": ["merchant_id": .string(entity.pciProxyMerchantId)],
                ]
            ],
            "wallet": [
                "shared_wallet_user": .bool(
                    catalogue.shoppers.first { $0.reference == session.ownerReference }?.sharedWalletUser ?? false)
            ],
        ]
        if session.isInformationRequest {
            // Purse's information requests have no amount: the session saves a card and charges nothing.
            document["amount"] = nil
            document["information_request"] = true
        }
        return .object(document)
    }

    private func protocolEntry(
        _ method: SandboxMethod, currency: String, tokens: [WalletTokenRecord], offSession: Bool, localeCode: String?
    ) -> SandboxJSON {
        var entry: [String: SandboxJSON] = [
            "configurations": configurations(method, currency: currency, offSession: offSession)
        ]
        if !tokens.isEmpty { entry["integrated_tokens"] = .array(tokens.map(\.json)) }
        if method.partner == "easy2play" && method.method == "giftcard" {
            // As in the real sample: partner contracts carry major-unit decimals too.
            entry["contracts"] = ["INIT": ["mandatory": [:]], "APPLY": ["mandatory": ["amount": .number("10.2")]]]
        }
        if let localeCode, entry["contracts"] == nil {
            // As in the real sample: the shopper's locale rides in the method's INIT contract (the SDK reads it as
            // ClientSession.customerLocale).
            entry["contracts"] = ["INIT": ["optional": ["customer": ["locale_code": .string(localeCode)]]]]
        }
        return .object(entry)
    }

    private func configurations(_ method: SandboxMethod, currency: String, offSession: Bool) -> SandboxJSON {
        var settings: [String: SandboxJSON] = [
            "session_types": ["PAYMENT", "INFORMATION_REQUEST", "RECURRING_PAYMENT"],
            "registration_mode": offSession ? "OFF_SESSION" : "ON_SESSION",
            "direct_debit": false,
            "payment_time": "ON_ORDER",
            "payment_min_amount": .number(method.paymentMinAmount),
            "payment_max_amount": .number(method.paymentMaxAmount),
            "save_token": .bool(method.saveToken),
            "pay_token": .bool(method.payToken),
        ]
        if let mode = method.saveTokenMode { settings["save_token_mode"] = .string(mode) }
        if let limit = method.usagePerSessionLimit { settings["usage_per_session_limit"] = .int(limit) }
        if !method.merchantSpecifics.isEmpty {
            settings["merchant_specifics"] = .object(method.merchantSpecifics.mapValues(SandboxJSON.string))
        }
        var vault: [String: SandboxJSON] = [
            "vendor": .string(method.vaultVendor), "token_scope": "method", "external_three_ds_enabled": false,
        ]
        if !method.supportedBrands.isEmpty {
            vault["supported_brands"] = .array(method.supportedBrands.map { .string($0) })
        }
        return [
            "stable": .bool(method.stable),
            "position": .int(method.position),
            "accepted_decimals": .int(SandboxMoney.exponent(of: currency)),
            "template": .string(method.template),
            "labels": .array(labels(method)),
            "vault": .object(vault),
            "settings": .object(settings),
        ]
    }
}

/// `configurations.labels`: partner, method, `primary` or `secondary`, and `simulable` for a method with loan plans.
private func labels(_ method: SandboxMethod) -> [SandboxJSON] {
    var labels: [SandboxJSON] = [
        .string(method.partner), .string(method.method), method.isSecondary ? "secondary" : "primary",
    ]
    if method.isSimulable { labels.append("simulable") }
    return labels
}

extension WalletTokenRecord {
    /// The token as an integrated token / wallet API token (the real sample's shape, plus the sandbox's
    /// extension fields `requires_csc` and `network_token` on cards).
    var json: SandboxJSON {
        var members: [String: SandboxJSON] = [
            "id": .string(id),
            "value": .string(value),
            "uniqueness_token": .string(uniquenessToken),
            "expiration_date": .string(expirationDate),
            "owner_reference": .string(ownerReference),
            "merchant": .string(merchant),
            "favorite": .bool(favorite),
            "status": .string(status),
            "description": .compact([
                "brand_name": .optional(brandName),
                "display_token": .optional(displayToken),
                "holder_name": .optional(holderName),
                "masked_pan": .optional(maskedPan),
            ]),
            "payment_id": ["origin": "partner", "partner": .string(partner), "method": .string(method)],
            "created_at": .string(createdAt),
            "updated_at": .string(updatedAt),
            "source": .string(source ?? "MERCHANT"),
            "savable_to_shared_wallet": .bool(savableToSharedWallet ?? false),
        ]
        if let name { members["name"] = .string(name) }
        if case .card(_, let requiresCSC, _, let networkToken) = instrument {
            members["requires_csc"] = .bool(requiresCSC)
            members["network_token"] = .bool(networkToken)
        }
        return .object(members)
    }
}
