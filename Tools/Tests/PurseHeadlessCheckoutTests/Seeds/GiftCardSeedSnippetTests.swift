import Foundation
import Testing

@testable import PurseHeadlessCheckout

// The page's custom issuer, exactly as written.
struct AcmeVoucherConfig: SecondaryConfig {
    let takePolicy = SecondaryTakePolicy.max
    func requiresCVV(pan: String) -> Bool { false }
    func validatePAN(_ pan: String) -> Bool { pan.hasPrefix("ACME-") }
    func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] {
        ["voucher_code": .string(pan)]
    }
    func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] {
        ["voucher_code": .string(token.pan)]
    }
}

/// The gift cards page (seed 000, now the DocC guide GiftCardsAndCoPayment.md) compiled and run as written: SwiftUI
/// lines left out, `ForEach` as a `for` loop, `show(error)` as a local function. If the public API drifts from the
/// page, this file stops compiling.
@MainActor
@Suite("Gift cards page snippets")
struct GiftCardSeedSnippetTests {
    @Test("Check the balance and apply")
    func checkAndApply() async throws {
        let (checkout, transport) = try await GiftCardSessions.open(amount: "30.00", savedGiftCards: false)
        var applied: [Decimal] = []

        func applyGiftCard(pan: String, cvv: String?) async throws {
            guard let giftCard = checkout.secondaryMethods.first(where: { $0.partner == .illicado }) else { return }
            let rules = checkout.secondaryConfig(for: giftCard)  // requiresCVV(pan:), validatePAN(_:), validateCVV(_:)
            #expect(rules?.requiresCVV(pan: pan) == true && rules?.validatePAN(pan) == true)
            #expect(cvv.map { rules?.validateCVV($0) == true } ?? true)
            #expect(rules?.takePolicy == SecondaryTakePolicy.none)

            // /init, reads the balance
            let token = try await checkout.getSecondaryToken(method: giftCard, pan: pan, cvv: cvv)
            try checkout.applySecondary(token)  // as much as the order needs…
            applied.append(checkout.amountSplit[0].amount)
            try checkout.applySecondary(token, amount: Decimal(2))  // …or a capped slice (splittable issuers only)
            applied.append(checkout.amountSplit[0].amount)
            checkout.removeSecondary(token)
        }

        try await applyGiftCard(pan: GiftCardSessions.illicadoPAN, cvv: GiftCardSessions.illicadoPIN)
        #expect(applied == [30, 2])
        #expect(checkout.amountSplit.isEmpty)
        #expect(transport.requests(endingWith: "/init").count == 1)

        // A missing CVV fails before the network, as the table says.
        await #expect(throws: PurseCheckoutError.self) {
            try await applyGiftCard(pan: GiftCardSessions.illicadoPAN, cvv: nil)
        }
        #expect(transport.requests(endingWith: "/init").count == 1)
    }

    @Test("When gift cards cover the whole amount, submit the checkout directly")
    func submitDirectly() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "30.00", savedGiftCards: false)
        let giftCard = try #require(checkout.secondaryMethods.first(where: { $0.partner == .illicado }))
        try checkout.applySecondary(
            try await checkout.getSecondaryToken(
                method: giftCard, pan: GiftCardSessions.illicadoPAN, cvv: GiftCardSessions.illicadoPIN))
        var submitted: ValidationResult?

        if checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0 {
            let result = try await checkout.submitPayment()
            submitted = result
        }

        #expect(submitted?.globalStatus == .success)
    }

    @Test("Keep the gift card")
    func keepTheCard() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "30.00", savedGiftCards: false)
        let giftCard = try #require(checkout.secondaryMethods.first(where: { $0.partner == .illicado }))
        let token = try await checkout.getSecondaryToken(
            method: giftCard, pan: GiftCardSessions.illicadoPAN, cvv: GiftCardSessions.illicadoPIN)

        if token.canBeRegistered {
            try checkout.registerSecondary(token, registered: true, name: "gift one")
        }

        #expect(checkout.registrationOf(token) == SecondaryRegistration(registered: true, name: "gift one"))
    }

    @Test("Saved gift cards")
    func savedGiftCards() async throws {
        let (checkout, _) = try await GiftCardSessions.open(amount: "30.00")
        var shown: [any Error] = []
        func show(_ error: any Error) { shown.append(error) }
        var rows: [(balance: Decimal?, unavailable: Bool)] = []
        var renames: [Task<Void, any Error>] = []

        // ForEach(checkout.savedSecondaryTokens, id: \.id) { card in SavedGiftCardRow(…) }
        for card in checkout.savedSecondaryTokens {
            let balance = card.balanceResolved ? card.balance : nil  // nil → "checking…"
            let unavailable = card.disabled != nil  // the issuer refused it this session
            let onUse = { do { try checkout.applySecondary(card) } catch { show(error) } }
            let onRemove = { checkout.removeSecondary(card) }
            let onRename = { (name: String) in renames.append(Task { try await checkout.editToken(card, name: name) }) }
            rows.append((balance, unavailable))
            onUse()
            onRemove()
            onRename("Renamed \(rows.count)")
        }

        #expect(rows.count == 3)
        #expect(rows[0].balance == 30 && !rows[0].unavailable)  // 40.00 on the card, read against the 30.00 order
        #expect(rows[1].balance == nil && rows[1].unavailable)
        #expect(rows[2].balance == 0)
        // The disabled card and the empty one could not be used: secondaryTokenizationFailed.
        #expect(shown.count == 2)
        #expect(shown.allSatisfy { ($0 as? PurseCheckoutError)?.kind == .secondaryTokenizationFailed })
        for rename in renames { try await rename.value }
        #expect(checkout.savedSecondaryTokens.map(\.name) == ["Renamed 1", "Renamed 2", "Renamed 3"])
        #expect(checkout.amountSplit.isEmpty)

        // "deleteAllTokens() removes every wallet token, saved gift cards included."
        try await checkout.deleteAllTokens()
        #expect(checkout.savedSecondaryTokens.isEmpty)
    }

    @Test("An issuer the SDK does not ship: AcmeVoucherConfig, registered once at start-up")
    func customIssuer() async throws {
        SecondaryConfigs.shared.register(
            partner: .other("acme"), method: .other("voucher"), config: AcmeVoucherConfig()
        )

        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(amount: "30.00", savedGiftCards: false, issuer: issuer)
        let acme = try #require(checkout.secondaryMethods.first { $0.partner == .other("acme") })
        let rules = try #require(checkout.secondaryConfig(for: acme))
        #expect(rules.takePolicy == .max)
        #expect(rules.validateCVV("anything"))  // defaulted
        let wrong = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(method: acme, pan: "VOUCHER-42", cvv: nil)
        }
        #expect(wrong?.code == .secondaryMethodWrongPANFormat)
        let token = try await checkout.getSecondaryToken(method: acme, pan: "ACME-42", cvv: nil)
        #expect(issuer.inits.last?["payment_data"] == ["voucher_code": "ACME-42"])
        #expect(token.balance == 20)  // parseToken defaulted: the generic card shape
        #expect(throws: PurseCheckoutError.self) { try checkout.applySecondary(token, amount: 5) }  // take policy max
        try checkout.applySecondary(token)
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first))
        _ = try await checkout.submitPayment()
        let item = try #require(issuer.validations.first?.first)
        #expect(item["payment_data"]?["voucher_code"] == "ACME-42")
        #expect(item["amount"] == 2000)
    }

    @Test("Registering an existing key replaces the shipped config")
    func replacesShipped() async throws {
        let registry = SecondaryConfigs.shared.copy()  // the shared registry, without disturbing other tests
        registry.register(partner: .mybeezbox, method: .giftcard, config: AcmeVoucherConfig())
        try await SecondaryConfigs.$current.withValue(registry) {
            let issuer = StubIssuer(cards: ["ACME-7": StubIssuer.Card(balance: 900)])
            let (checkout, _) = try await GiftCardSessions.open(amount: "30.00", savedGiftCards: false, issuer: issuer)
            let method = GiftCardSessions.method(checkout, .mybeezbox)
            #expect(checkout.secondaryConfig(for: method) is AcmeVoucherConfig)
            let token = try await checkout.getSecondaryToken(method: method, pan: "ACME-7", cvv: nil)
            #expect(issuer.inits.last?["payment_data"] == ["voucher_code": "ACME-7"])
            try checkout.applySecondary(token)
            #expect(checkout.remainingAmountToPay == 21)
        }
    }
}
