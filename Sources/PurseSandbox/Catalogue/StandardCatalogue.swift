extension SandboxCatalogue {
    /// The catalogue every sandbox starts with, unless configured otherwise. Print it with ``text``.
    ///
    /// - Entity `5a4d1c3e-7b1f-4e2a-9c3d-000000000001`, API key `sbx-pk-5a4d1c3e7b1f4e2a9c3d0001`, OAuth client
    ///   `sandbox-merchant-backend` / `sandbox-secret-not-for-production`, merchant id `SandboxMerchant`, vault
    ///   tenant `7a1f0d6e-3c2b-4e59-8a47-5b0c9d2e1f30`.
    /// - Fresh cards: `4111111111111111` succeeds, `4000000000003220` needs 3-D Secure, `4000000000000002` is
    ///   declined, `4000000000009995` lacks funds (more in ``testCards``).
    /// - Gift cards: `illicado-50` (`6003580000000000011`, PIN `1234`, 50.00 EUR) and one or more per issuer.
    /// - Shopper `demo-shopper` with saved cards (Visa needing CVV `123`, Mastercard network token), PayPal,
    ///   a `pci_proxy` card and saved gift cards; shopper `empty-shopper` with an empty wallet.
    public static let standard = SandboxCatalogue(
        entity: SandboxEntity(
            entityId: "5a4d1c3e-7b1f-4e2a-9c3d-000000000001",
            apiKey: "sbx-pk-5a4d1c3e7b1f4e2a9c3d0001",
            clientId: "sandbox-merchant-backend",
            clientSecret: "sandbox-secret-not-for-production",
            merchantId: "SandboxMerchant",
            vaultTenantId: "7a1f0d6e-3c2b-4e59-8a47-5b0c9d2e1f30",
            pciProxyMerchantId: "1100000000",
            displayName: "Purse Sandbox Shop"
        ),
        methods: standardMethods + thresholdMethods,
        testCards: standardTestCards,
        giftCards: standardGiftCards,
        shoppers: standardShoppers + [sharedWalletShopper, oneyShopper]
    )

    private static let cardBrands = ["CARTE_BANCAIRE", "VISA", "MASTERCARD", "AMERICAN_EXPRESS"]

    private static let standardMethods: [SandboxMethod] = [
        SandboxMethod(
            partner: "payzen", method: "creditcard", template: "lyra", position: 1, isSecondary: false, kind: .card,
            vaultVendor: "purse", supportedBrands: cardBrands, saveToken: true, payToken: true,
            paymentMaxAmount: "9999999999.99", displayName: "Card (PayZen)"),
        SandboxMethod(
            partner: "paypal", method: "wallet", template: "paypal_wallet", position: 2, isSecondary: false,
            kind: .paypal,
            merchantSpecifics: [
                "integration_mode": "popup", "client_id": "sandbox-paypal-client-id", "merchant_id": "SANDBOXPAYPAL",
                "save_token_mode": "billing_agreement",
            ], saveToken: true, payToken: true, paymentMaxAmount: "99999.99", displayName: "PayPal"),
        SandboxMethod(
            partner: "payline", method: "creditcard", template: "payline_creditcard", position: 3, isSecondary: false,
            kind: .card, vaultVendor: "pci_proxy", supportedBrands: ["CARTE_BANCAIRE", "MASTERCARD", "VISA"],
            payToken: true, paymentMaxAmount: "999999999999", displayName: "Card (Payline, PCI Proxy vault)"),
        SandboxMethod(
            partner: "fintecture", method: "instantpayment", template: "redirection", position: 4, isSecondary: false,
            kind: .redirection(.get), paymentMinAmount: "0.01", paymentMaxAmount: "9999999999.99",
            displayName: "Fintecture instant transfer"),
        SandboxMethod(
            partner: "alma", method: "cb2x", template: "alma", position: 5, isSecondary: false,
            kind: .redirection(.postForm), merchantSpecifics: ["integration_mode": "redirection"],
            paymentMaxAmount: "999999999999", loanPlans: [almaPlan(2, fee: 0, aprc: "0")], displayName: "Alma 2x"),
        SandboxMethod(
            partner: "oney", method: "cb3x", template: "redirection", position: 6, isSecondary: false,
            kind: .redirection(.html), paymentMaxAmount: "999999999999",
            loanPlans: [oneyPlan(3, fee: 145, aprc: "19.31")],
            displayName: "Oney 3x"),
        SandboxMethod(
            partner: "payline", method: "ideal", template: "redirection_suffix", position: 7, isSecondary: false,
            kind: .redirection(.get), displayName: "iDEAL (near-miss template, routes nowhere in the SDK)"),
        SandboxMethod(
            partner: "adyen", method: "googlepay", template: "googlepay", position: 8, stable: false,
            isSecondary: false, kind: .unavailable, displayName: "Google Pay (stable: false)"),
        SandboxMethod(
            partner: "ingenico", method: "applepay", template: "applepay", position: 9, isSecondary: false,
            kind: .applePay, supportedBrands: ["CARTE_BANCAIRE", "VISA", "MASTERCARD"],
            merchantSpecifics: [
                "apple_pay_merchant_identifier": "merchant.tech.purse.sandbox", "country_code": "FR",
                "merchant_display_name": "Purse Sandbox Shop",
            ], paymentMaxAmount: "999999999999", displayName: "Apple Pay (sandbox test tokens, no sheet off device)"),
        SandboxMethod(
            partner: "illicado", method: "giftcard", template: "secondary", position: 10, isSecondary: true,
            kind: .secondary(.card, .splittable), saveToken: true, payToken: true, paymentMinAmount: "0.01",
            displayName: "Illicado gift card"),
        SandboxMethod(
            partner: "buybox", method: "giftcard", template: "secondary", position: 11, isSecondary: true,
            kind: .secondary(.card, .splittable), paymentMinAmount: "0.01", paymentMaxAmount: "50",
            usagePerSessionLimit: 0, displayName: "Buybox gift card"),
        SandboxMethod(
            partner: "ogloba", method: "giftcard", template: "secondary", position: 12, isSecondary: true,
            kind: .secondary(.card, .splittable), paymentMinAmount: "0.01", displayName: "Ogloba gift card"),
        SandboxMethod(
            partner: "mybeezbox", method: "giftcard", template: "secondary", position: 13, isSecondary: true,
            kind: .secondary(.card, .splittable), paymentMinAmount: "0.01", displayName: "MyBeezBox gift card"),
        SandboxMethod(
            partner: "easy2play", method: "giftcard", template: "secondary", position: 14, isSecondary: true,
            kind: .secondary(.card, .splittable), saveToken: true, payToken: true, paymentMinAmount: "0.01",
            usagePerSessionLimit: 2, displayName: "Easy2Play gift card"),
        SandboxMethod(
            partner: "easy2play", method: "voucher", template: "secondary", position: 15, isSecondary: true,
            kind: .secondary(.voucher, .wholeBalance), paymentMinAmount: "0.01", usagePerSessionLimit: 0,
            displayName: "Easy2Play voucher"),
        SandboxMethod(
            partner: "maxxing", method: "loyaltycard", template: "maxxing_loyaltycard", position: 16,
            isSecondary: true, kind: .secondary(.card, .wholeBalance), paymentMaxAmount: "999999999999",
            usagePerSessionLimit: 0, displayName: "Maxxing loyalty"),
        SandboxMethod(
            partner: "ancv", method: "connect", template: "ancv_connect", position: 17, isSecondary: true,
            kind: .pollingSecondary, paymentMinAmount: "0.01", displayName: "ANCV Connect (Chèque-Vacances)"),
        // Buy now, pay later: simulable (label `simulable`), each with the plans of SandboxLoanPlan's figures.
        SandboxMethod(
            partner: "oney", method: "cb4x", template: "redirection", position: 30, isSecondary: false,
            kind: .redirection(.html), paymentMaxAmount: "999999999999",
            loanPlans: [oneyPlan(4, fee: 220, aprc: "19.80")],
            displayName: "Oney 4x"),
        SandboxMethod(
            partner: "alma", method: "cb3x", template: "alma", position: 31, isSecondary: false,
            kind: .redirection(.postForm), merchantSpecifics: ["integration_mode": "redirection"],
            paymentMaxAmount: "999999999999", loanPlans: [almaPlan(3, fee: 90, aprc: "10.52")], displayName: "Alma 3x"),
        SandboxMethod(
            partner: "alma", method: "cb4x", template: "alma", position: 32, isSecondary: false,
            kind: .redirection(.postForm), merchantSpecifics: ["integration_mode": "redirection"],
            paymentMaxAmount: "999999999999", loanPlans: [almaPlan(4, fee: 150, aprc: "12.84")], displayName: "Alma 4x"),
        SandboxMethod(
            partner: "floa", method: "bnpl", template: "redirection", position: 33, isSecondary: false,
            kind: .redirection(.get), paymentMaxAmount: "999999999999",
            loanPlans: [
                floaPlan(3, fee: 195, aprc: "21.14", preferred: true),
                floaPlan(4, fee: 245, aprc: "20.62", preferred: false),
            ], displayName: "Floa 3x or 4x"),
        // The Oney card, paid in full (comptant): a card form on the Purse vault, brand ONEY only.
        SandboxMethod(
            partner: "oneycard", method: "comptant", template: "oneycard_comptant", position: 34, isSecondary: false,
            kind: .card, vaultVendor: "purse", supportedBrands: ["ONEY"], merchantSpecifics: ["opc": "SANDBOX-OPC"],
            payToken: true, paymentMaxAmount: "9999999999.99", displayName: "Oney card"),
    ]

    /// A rate as French text writes it (`19,31`): the legal texts are French.
    private static func french(_ rate: String) -> String { rate.replacingOccurrences(of: ".", with: ",") }

    /// The sentence French consumer-credit law requires next to every offer.
    private static let creditWarning =
        "Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager."

    private static func oneyPlan(_ count: Int, fee: Int, aprc: String) -> SandboxLoanPlan {
        SandboxLoanPlan(
            installmentCount: count, feeBasisPoints: fee, minAmount: "50", maxAmount: "3000", aprc: aprc,
            legalText: "Paiement en \(count) fois par carte bancaire (simulation du bac à sable, aucun crédit réel). "
                + "TAEG fixe : \(french(aprc)) %. Offre de financement d’une durée de \(count - 1) mois. "
                + creditWarning,
            preferred: true)
    }

    private static func almaPlan(_ count: Int, fee: Int, aprc: String) -> SandboxLoanPlan {
        SandboxLoanPlan(
            installmentCount: count, feeBasisPoints: fee, minAmount: "50", maxAmount: "2000", aprc: aprc,
            legalText: "Alma \(count)x (simulation du bac à sable) : TAEG fixe de \(french(aprc)) %. " + creditWarning,
            preferred: true)
    }

    private static func floaPlan(_ count: Int, fee: Int, aprc: String, preferred: Bool) -> SandboxLoanPlan {
        SandboxLoanPlan(
            installmentCount: count, feeBasisPoints: fee, minAmount: "100", maxAmount: "3000", aprc: aprc,
            legalText: "Floa \(count)x (simulation du bac à sable) : TAEG fixe de \(french(aprc)) %. " + creditWarning,
            preferred: preferred)
    }

    private static let standardTestCards: [SandboxTestCard] = [
        SandboxTestCard(slug: "visa-success", pan: "4111111111111111", brand: "VISA", outcome: .succeeds, cvv: "123"),
        SandboxTestCard(
            slug: "mastercard-success", pan: "5555555555554444", brand: "MASTERCARD", outcome: .succeeds, cvv: "123"),
        SandboxTestCard(
            slug: "mastercard-2-series-success", pan: "2223003122003222", brand: "MASTERCARD", outcome: .succeeds,
            cvv: "123"),
        SandboxTestCard(
            slug: "amex-success", pan: "378282246310005", brand: "AMERICAN_EXPRESS", outcome: .succeeds, cvv: "1234"),
        SandboxTestCard(
            slug: "cb-visa-success", pan: "4970101122334455", brand: "VISA", outcome: .succeeds, cvv: "123"),
        SandboxTestCard(
            slug: "visa-3ds", pan: "4000000000003220", brand: "VISA", outcome: .requiresChallenge, cvv: "123"),
        SandboxTestCard(
            slug: "mastercard-3ds", pan: "5200000000001096", brand: "MASTERCARD", outcome: .requiresChallenge,
            cvv: "123"),
        SandboxTestCard(slug: "visa-declined", pan: "4000000000000002", brand: "VISA", outcome: .declined, cvv: "123"),
        // The Oney card: 19 digits, no security code (its form asks for the holder's date of birth instead).
        SandboxTestCard(slug: "oney-success", pan: "6015000000000000010", brand: "ONEY", outcome: .succeeds, cvv: ""),
        SandboxTestCard(slug: "oney-declined", pan: "6015000000000000028", brand: "ONEY", outcome: .declined, cvv: ""),
        SandboxTestCard(
            slug: "mastercard-declined", pan: "5105105105105100", brand: "MASTERCARD", outcome: .declined, cvv: "123"),
        SandboxTestCard(
            slug: "visa-insufficient-funds", pan: "4000000000009995", brand: "VISA", outcome: .insufficientFunds,
            cvv: "123"),
    ]

    private static let standardGiftCards: [SandboxGiftCard] = [
        // illicado: 19-digit PAN, 4-digit PIN always required.
        SandboxGiftCard(
            slug: "illicado-50", partner: "illicado", method: "giftcard", pan: "6003580000000000011", pin: "1234",
            balance: 5000),
        SandboxGiftCard(
            slug: "illicado-empty", partner: "illicado", method: "giftcard", pan: "6003580000000000029", pin: "1234",
            balance: 0),
        SandboxGiftCard(
            slug: "illicado-blocked", partner: "illicado", method: "giftcard", pan: "6003580000000000037",
            pin: "1234", balance: 2000, behaviour: .refusedAtInit(code: "BLOCKED_CARD")),
        SandboxGiftCard(
            slug: "illicado-expired", partner: "illicado", method: "giftcard", pan: "6003580000000000045",
            pin: "1234", balance: 2000, behaviour: .refusedAtInit(code: "CARD_EXPIRED"),
            expirationDate: "2024-12-31T23:59:59.000Z"),
        // buybox: 16 to 19 digits, 3-digit CVV required when the PAN starts with 9; 50.00 max per payment.
        SandboxGiftCard(
            slug: "buybox-80", partner: "buybox", method: "giftcard", pan: "9250000000000018", pin: "123",
            balance: 8000),
        SandboxGiftCard(
            slug: "buybox-30-no-cvv", partner: "buybox", method: "giftcard", pan: "1250000000000017", pin: nil,
            balance: 3000),
        // ogloba: 19 digits, 4-digit PIN.
        SandboxGiftCard(
            slug: "ogloba-100", partner: "ogloba", method: "giftcard", pan: "7000000000000000014", pin: "4321",
            balance: 10000),
        // mybeezbox: 16 digits, no PIN.
        SandboxGiftCard(
            slug: "mybeezbox-75", partner: "mybeezbox", method: "giftcard", pan: "3000000000000013", pin: nil,
            balance: 7500),
        // easy2play gift card: 16 digits, 3-digit PIN; at most 2 per split.
        SandboxGiftCard(
            slug: "easy2play-25", partner: "easy2play", method: "giftcard", pan: "8000000000000011", pin: "111",
            balance: 2500),
        SandboxGiftCard(
            slug: "easy2play-15", partner: "easy2play", method: "giftcard", pan: "8000000000000029", pin: "222",
            balance: 1500),
        SandboxGiftCard(
            slug: "easy2play-10", partner: "easy2play", method: "giftcard", pan: "8000000000000037", pin: "333",
            balance: 1000),
        SandboxGiftCard(
            slug: "easy2play-saved-40", partner: "easy2play", method: "giftcard", pan: "8000000000000045",
            pin: "444", balance: 4000),
        SandboxGiftCard(
            slug: "easy2play-saved-lookup-fails", partner: "easy2play", method: "giftcard", pan: "8000000000000052",
            pin: "555", balance: 2000, behaviour: .balanceLookupFails),
        SandboxGiftCard(
            slug: "easy2play-saved-slow", partner: "easy2play", method: "giftcard", pan: "8000000000000060",
            pin: "666", balance: 3000, behaviour: .slow(.seconds(2))),
        // easy2play voucher: 8 to 16 letters or digits, no PIN, whole balance only.
        SandboxGiftCard(
            slug: "voucher-10", partner: "easy2play", method: "voucher", pan: "VOUCHER10", pin: nil, balance: 1000),
        SandboxGiftCard(
            slug: "voucher-50", partner: "easy2play", method: "voucher", pan: "VOUCHER50XL", pin: nil, balance: 5000),
        // maxxing loyalty: 10 to 13 digits, no PIN, whole balance only.
        SandboxGiftCard(
            slug: "maxxing-8", partner: "maxxing", method: "loyaltycard", pan: "1234567890", pin: nil, balance: 800),
        SandboxGiftCard(
            slug: "maxxing-empty", partner: "maxxing", method: "loyaltycard", pan: "9876543210123", pin: nil,
            balance: 0),
        // ANCV Connect: no PIN; the shopper approves in the ANCV app while the checkout polls /init.
        SandboxGiftCard(
            slug: "ancv-approves", partner: "ancv", method: "connect", pan: "ANCV0001", pin: nil, balance: 15000,
            behaviour: .polls(waits: 2, failureCode: nil)),
        SandboxGiftCard(
            slug: "ancv-aborted", partner: "ancv", method: "connect", pan: "ANCV0002", pin: nil, balance: 15000,
            behaviour: .polls(waits: 1, failureCode: "ABORTED_BY_CUSTOMER")),
        SandboxGiftCard(
            slug: "ancv-expires", partner: "ancv", method: "connect", pan: "ANCV0003", pin: nil, balance: 15000,
            behaviour: .polls(waits: 3, failureCode: "EXPIRED_AUTHORIZATION")),
    ]

    /// A shopper of Purse's shared wallet: a Visa saved with this merchant (which may go to the shared wallet too)
    /// and a Mastercard from the shared wallet, saved in another checkout of Purse's network.
    private static var sharedWalletShopper: SandboxShopper {
        var merchantCard = SandboxSavedToken(
            id: "0b5e55ed-0000-4000-8000-000000000101", slug: "merchant-visa", partner: "payzen", method: "creditcard",
            name: "Shop Visa", favorite: true,
            instrument: .card(outcome: .succeeds, requiresCSC: false, csc: nil, networkToken: true),
            brandName: "VISA", displayToken: "424242******4242", holderName: "Alex Durand",
            maskedPAN: "424242******4242", expirationDate: "2030-12-31T23:59:59.999Z")
        merchantCard.savableToSharedWallet = true
        var sharedCard = SandboxSavedToken(
            id: "0b5e55ed-0000-4000-8000-000000000102", slug: "shared-wallet-mastercard", partner: "payzen",
            method: "creditcard", name: "Everyday card",
            instrument: .card(outcome: .succeeds, requiresCSC: false, csc: nil, networkToken: true),
            brandName: "MASTERCARD", displayToken: "555555******4444", holderName: "Alex Durand",
            maskedPAN: "555555******4444", expirationDate: "2029-06-30T23:59:59.999Z")
        sharedCard.source = "SHARED_WALLET"
        var shopper = SandboxShopper(
            reference: PurseSandbox.sharedWalletShopper, displayName: "Alex Durand",
            tokens: [merchantCard, sharedCard])
        shopper.sharedWalletUser = true
        return shopper
    }

    /// A shopper who saved an Oney card: it has no security code, and the session asks to confirm it
    /// (`requires_csc`), which for Oney means the holder's date of birth, kept by the app; `/validate` takes the
    /// token alone and refuses a `csc`.
    private static let oneyShopper = SandboxShopper(
        reference: PurseSandbox.oneyShopper, displayName: "Dominique Bernard",
        tokens: [
            SandboxSavedToken(
                id: "0b5e55ed-0000-4000-8000-000000000201", slug: "oney-card", partner: "oneycard", method: "comptant",
                name: "Oney card", favorite: true,
                instrument: .card(outcome: .succeeds, requiresCSC: true, csc: nil, networkToken: false),
                brandName: "ONEY", displayToken: "601500*********0010", holderName: "Dominique Bernard",
                maskedPAN: "601500*********0010", expirationDate: "2030-12-31T23:59:59.999Z")
        ])

    private static let standardShoppers: [SandboxShopper] = [
        SandboxShopper(
            reference: "demo-shopper", displayName: "Camille Martin",
            tokens: [
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000001", slug: "visa-requires-cvv", partner: "payzen",
                    method: "creditcard", name: "Personal Visa", favorite: true,
                    instrument: .card(outcome: .succeeds, requiresCSC: true, csc: "123", networkToken: false),
                    brandName: "VISA", displayToken: "424242******4242", holderName: "Camille Martin",
                    maskedPAN: "424242******4242", expirationDate: "2030-12-31T23:59:59.999Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000002", slug: "mastercard-network-token", partner: "payzen",
                    method: "creditcard", name: "Work card",
                    instrument: .card(outcome: .succeeds, requiresCSC: false, csc: nil, networkToken: true),
                    brandName: "MASTERCARD", displayToken: "555555******4444", holderName: "Camille Martin",
                    maskedPAN: "555555******4444", expirationDate: "2029-06-30T23:59:59.999Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000003", slug: "visa-3ds-no-label", partner: "payzen",
                    method: "creditcard", name: nil,
                    instrument: .card(outcome: .requiresChallenge, requiresCSC: false, csc: nil, networkToken: false),
                    brandName: "VISA", displayToken: nil, holderName: nil, maskedPAN: nil,
                    expirationDate: "2031-01-31T23:59:59.999Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000004", slug: "paypal-account", partner: "paypal",
                    method: "wallet", name: "PayPal", instrument: .paypal, brandName: "PAYPAL",
                    displayToken: "camille.martin@example.com", holderName: "Camille Martin", maskedPAN: nil,
                    expirationDate: "2056-01-19T14:21:50.317Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000005", slug: "pci-proxy-visa", partner: "payline",
                    method: "creditcard", name: "Old Visa",
                    instrument: .card(outcome: .succeeds, requiresCSC: true, csc: "123", networkToken: false),
                    brandName: "VISA", displayToken: "411111******1111", holderName: "Camille Martin",
                    maskedPAN: "411111******1111", expirationDate: "2028-03-31T23:59:59.999Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000006", slug: "giftcard-40", partner: "easy2play",
                    method: "giftcard", name: "Birthday card", instrument: .giftCard(slug: "easy2play-saved-40"),
                    brandName: "EASY2PLAY", displayToken: "************0045", holderName: nil,
                    maskedPAN: "************0045", expirationDate: "2030-12-31T23:59:59.000Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000007", slug: "giftcard-lookup-fails", partner: "easy2play",
                    method: "giftcard", name: "Broken card",
                    instrument: .giftCard(slug: "easy2play-saved-lookup-fails"), brandName: "EASY2PLAY",
                    displayToken: "************0052", holderName: nil, maskedPAN: "************0052",
                    expirationDate: "2030-12-31T23:59:59.000Z"),
                SandboxSavedToken(
                    id: "0b5e55ed-0000-4000-8000-000000000008", slug: "giftcard-slow", partner: "easy2play",
                    method: "giftcard", name: "Slow card", instrument: .giftCard(slug: "easy2play-saved-slow"),
                    brandName: "EASY2PLAY", displayToken: "************0060", holderName: nil,
                    maskedPAN: "************0060", expirationDate: "2030-12-31T23:59:59.000Z"),
            ]),
        SandboxShopper(reference: "empty-shopper", displayName: "Alex Dupont", tokens: []),
    ]
}
