public import Foundation

extension SandboxCatalogue {
    /// `3x 1.45 % fees, 50 to 3000`: a loan plan in one line.
    private static func describe(_ plan: SandboxLoanPlan) -> String {
        let fee =
            plan.feeBasisPoints == 0
            ? "no fees" : "\(plan.feeBasisPoints / 100).\(String(format: "%02d", plan.feeBasisPoints % 100)) % fees"
        return "\(plan.installmentCount)x \(fee), \(plan.minAmount) to \(plan.maxAmount)"
    }

    /// The catalogue for people: what `purse sandbox --catalogue` prints and the README lists.
    public var text: String {
        var lines: [String] = []
        lines.append("PURSE SANDBOX CATALOGUE (simulated test data; nothing here moves real money)")
        lines.append("")
        lines.append("Merchant entity")
        lines.append("  entity id        \(entity.entityId)")
        lines.append("  api key          \(entity.apiKey)")
        lines.append("  oauth client     \(entity.clientId) / \(entity.clientSecret)")
        lines.append("  merchant id      \(entity.merchantId)")
        lines.append("  vault tenant     \(entity.vaultTenantId)")
        lines.append("")
        lines.append("Payment methods (position, item id, template, how the sandbox answers)")
        for method in methods.sorted(by: { $0.position < $1.position }) {
            let flags = [
                method.stable ? nil : "stable:false",
                method.vaultVendor == "none" ? nil : "vault \(method.vaultVendor)",
                (method.usagePerSessionLimit ?? 0) > 0 ? "at most \(method.usagePerSessionLimit ?? 0) per split" : nil,
                (SandboxMoney.minor(fromMajorLiteral: method.paymentMaxAmount, currency: "EUR") ?? .max) > 10_000_000
                    ? nil : "max \(method.paymentMaxAmount) per payment",
                method.isSimulable ? "simulable " + method.loanPlans.map(Self.describe).joined(separator: " or ") : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            lines.append(
                "  \(pad(String(method.position), 3)) \(pad(method.id, 26)) \(pad(method.template, 20)) "
                    + Self.describe(method.kind) + (flags.isEmpty ? "" : " [\(flags)]"))
        }
        lines.append("")
        lines.append(
            "Test cards for fresh entry (any future expiry; any CVV of the right length; ONEY: no CVV, a date of birth)"
        )
        for card in testCards {
            let code = card.outcome.refusalCode.map { " (\($0))" } ?? ""
            lines.append(
                "  \(pad(card.pan, 19)) \(pad(card.brand, 17)) \(card.outcome.rawValue)\(code)  [\(card.slug)]")
        }
        lines.append("")
        lines.append("Apple Pay test tokens (no sheet off device: payment_data = base64 of {\"sandbox\": TOKEN})")
        for token in SandboxApplePayTestToken.allCases {
            let code = token.cardOutcome.refusalCode.map { "refused, \($0)" } ?? "authorized"
            lines.append("  \(pad(token.rawValue, 19)) \(code)")
        }
        lines.append("")
        lines.append("Gift cards, vouchers, loyalty and ANCV accounts (PAN or code, PIN, starting balance, behaviour)")
        for card in giftCards {
            lines.append(
                "  \(pad(card.partner + "/" + card.method, 22)) \(pad(card.pan, 19)) PIN \(pad(card.pin ?? "-", 5)) "
                    + "\(pad(SandboxMoney.display(minor: card.balance, currency: card.currency), 12)) "
                    + "\(Self.describe(card.behaviour))  [\(card.slug)]")
        }
        for shopper in shoppers {
            lines.append("")
            lines.append(
                "Shopper \(shopper.reference) (\(shopper.displayName)): \(shopper.tokens.count) saved token(s)")
            for token in shopper.tokens {
                lines.append(
                    "  \(token.id)  \(pad(token.partner + "/" + token.method, 22)) \(pad(token.name ?? "(no label)", 14)) "
                        + "\(Self.describe(token.instrument))  [\(token.slug)]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The catalogue as JSON (`GET /sandbox/catalogue`).
    public var jsonData: Data { json.data }

    var json: SandboxJSON {
        [
            "entity": [
                "entity_id": .string(entity.entityId), "api_key": .string(entity.apiKey),
                "client_id": .string(entity.clientId), "client_secret": .string(entity.clientSecret),
                "merchant_id": .string(entity.merchantId), "vault_tenant_id": .string(entity.vaultTenantId),
            ],
            "methods": .array(
                methods.map { method in
                    [
                        "id": .string(method.id), "partner": .string(method.partner), "method": .string(method.method),
                        "template": .string(method.template), "position": .int(method.position),
                        "stable": .bool(method.stable), "secondary": .bool(method.isSecondary),
                        "behaviour": .string(Self.describe(method.kind)),
                    ]
                }),
            "test_cards": .array(
                testCards.map { card in
                    .compact([
                        "slug": .string(card.slug), "pan": .string(card.pan), "brand": .string(card.brand),
                        "outcome": .string(card.outcome.rawValue), "code": .optional(card.outcome.refusalCode),
                        "cvv": card.cvv.isEmpty ? .null : .string(card.cvv),
                    ])
                }),
            "apple_pay_test_tokens": .array(
                SandboxApplePayTestToken.allCases.map { token in
                    .compact([
                        "token": .string(token.rawValue),
                        "payment_data_json": .string("{\"sandbox\":\"\(token.rawValue)\"}"),
                        "code": .optional(token.cardOutcome.refusalCode),
                    ])
                }),
            "gift_cards": .array(
                giftCards.map { card in
                    .compact([
                        "slug": .string(card.slug), "partner": .string(card.partner), "method": .string(card.method),
                        "pan": .string(card.pan), "pin": .optional(card.pin), "balance": .int(card.balance),
                        "currency": .string(card.currency), "behaviour": .string(Self.describe(card.behaviour)),
                    ])
                }),
            "shoppers": .array(
                shoppers.map { shopper in
                    [
                        "reference": .string(shopper.reference), "name": .string(shopper.displayName),
                        "tokens": .array(
                            shopper.tokens.map { token in
                                .compact([
                                    "id": .string(token.id), "slug": .string(token.slug),
                                    "partner": .string(token.partner), "method": .string(token.method),
                                    "name": .optional(token.name),
                                    "instrument": .string(Self.describe(token.instrument)),
                                ])
                            }),
                    ]
                }),
        ]
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func describe(_ kind: SandboxMethodKind) -> String {
        switch kind {
        case .card: "card (vault form token or saved token)"
        case .paypal: "PayPal (saved account pays; fresh payment: approval page)"
        case .redirection(let style): "redirection (\(style.rawValue))"
        case .secondary(let input, let policy): "secondary (\(input.rawValue), take \(policy.rawValue))"
        case .pollingSecondary: "secondary, polls WAITING then SUCCESS"
        case .unavailable: "refused (not available)"
        case .applePay: "Apple Pay (init-xpay with a sandbox test token, then vault_vendor_token_id)"
        }
    }

    static func describe(_ behaviour: SandboxGiftCardBehaviour) -> String {
        switch behaviour {
        case .normal: "answers its balance"
        case .refusedAtInit(let code): "refused at /init: \(code)"
        case .balanceLookupFails: "balance look-up fails"
        case .slow(let delay): "answers after \(delay.components.seconds) s"
        case .polls(let waits, let failure):
            "WAITING x\(waits), then " + (failure ?? "SUCCESS")
        }
    }

    static func describe(_ instrument: SandboxSavedInstrument) -> String {
        switch instrument {
        case .card(let outcome, let requiresCSC, let csc, let networkToken):
            "card, \(outcome.rawValue)"
                + (requiresCSC ? ", needs CVV \(csc ?? "(any)")" : ", no CVV") + (networkToken ? ", network token" : "")
        case .paypal: "PayPal account, pays without approval"
        case .giftCard(let slug): "saved gift card \(slug)"
        }
    }
}
