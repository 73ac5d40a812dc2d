import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The saved-cards page (seed 001, now the DocC guide SavedCardsAndAccounts.md) as written, SwiftUI lines left out
/// (`ForEach` as `for`, the view's body as plain functions). If the public API drifts from the page, this file stops
/// compiling.
@MainActor
@Suite("Saved cards page snippets compile and run as written")
struct SavedCardsSeedSnippetTests {
    /// The page's `SavedTokenSection`, without SwiftUI: `body` becomes what it does.
    @MainActor
    struct SavedTokenSection {
        /* @ObservedObject */ var checkout: PurseHeadlessCheckout
        let token: PaymentToken
        /// checkout.paymentElement(for: .paymentToken(token), listener: listener, redirect: presenter)
        /* @ObservedObject */ var element: PaymentElement

        // VStack(spacing: 16) { if element.hasUI { PaymentElementView(element) } … }
        var showsPaymentElementView: Bool { element.hasUI }
        // Button("Pay") { element.submit() }.disabled(!element.isReady)
        var payDisabled: Bool { !element.isReady }
        func pay() { element.submit() }
        // .task { … }
        func task() async {
            try? checkout.setPrimaryToken(token)
            await element.prepare()
        }
    }

    @Test("listing and selecting saved instruments, and each row's section")
    func payWithSavedInstrument() async throws {
        let checkout = try await CardSessions.open()
        let listener = RecordingListener()
        let presenter = RecordingPresenter(answer: .canceled)
        var selected: [PaymentItem] = []
        func select(_ item: PaymentItem) { selected.append(item) }

        // ForEach(checkout.paymentTokens, id: \.id) { token in
        //     SavedRow(token: token, onSelect: { select(.paymentToken(token)) })
        // }
        for token in checkout.paymentTokens {
            let onSelect = { select(.paymentToken(token)) }
            onSelect()
            // name, label, brand, maskedPAN, holderName and favorite are there to render the row
            _ = (token.name, token.label, token.brand, token.maskedPAN, token.holderName, token.favorite)
            // checkout.iconURL(for: .paymentToken(token)) gives the brand's badge as an SVG URL on Purse's CDN
            let badge: URL = checkout.iconURL(for: .paymentToken(token))
            #expect(badge.pathExtension == "svg")
        }
        #expect(selected.count == checkout.paymentTokens.count)

        // schemeAssets(for:) takes a PrimaryMethod, not a token
        let card = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        #expect(checkout.schemeAssets(for: card).count == 4)

        let expectations: [String: (hasUI: Bool, disabledAfterTask: Bool)] = [
            "tok-cvv": (true, true),  // a CVV-only secure field; Pay waits for a valid CVV
            "tok-nt": (false, false),  // network token: nothing, payable at selection
        ]
        for (id, expected) in expectations {
            let token = try #require(checkout.paymentTokens.first { $0.id == id })
            let section = SavedTokenSection(
                checkout: checkout, token: token,
                element: checkout.paymentElement(for: .paymentToken(token), listener: listener, redirect: presenter))
            #expect(section.showsPaymentElementView == expected.hasUI)
            #expect(section.payDisabled)  // before .task ran prepare()
            await section.task()
            #expect(section.payDisabled == expected.disabledAfterTask)
            if id == "tok-cvv" {
                section.element.cvvField?.cvv = "123"
                #expect(!section.payDisabled)
            }
        }
    }

    @Test("managing the wallet: all async throws, from the main actor")
    func manageWallet() async throws {
        let checkout = try await CardSessions.open()
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-nt" })
        try await checkout.editToken(token, name: "work card")
        try await checkout.setTokenFavorite(token)  // toggles; reverted locally if the call fails
        try await checkout.deleteToken(token)
        try await checkout.deleteAllTokens()
        #expect(checkout.paymentTokens.isEmpty)
    }

    @Test("failures are PurseCheckoutError.walletOperationFailed")
    func walletFailures() async throws {
        let checkout = try await CardSessions.open(CardSessions.params(wallet: false))
        let token = try #require(checkout.paymentTokens.first)
        do {
            try await checkout.editToken(token, name: "work card")
            Issue.record("expected MISSING_WALLET_SESSION")
        } catch PurseCheckoutError.walletOperationFailed {
            // MISSING_WALLET_SESSION: the client session carries no wallet session
        }
    }

    // MARK: - Troubleshooting, row by row

    @Test("No saved cards appear: the client session was created without a wallet_session")
    func noSavedCards() async throws {
        var params = TestSessions.params(protocols: [CardSessions.cardMethod()], wallet: false)
        params = sessionReplacing("paymentSession.protocols.payzen.creditcard.integrated_tokens", with: nil, in: params)
        let checkout = try await CardSessions.open(params)
        #expect(checkout.session.walletSession == nil)
        #expect(checkout.paymentTokens.isEmpty)
    }

    @Test("The Pay button never enables: requiresCVV and the CVV form is not valid yet, or prepare() was never called")
    func payButtonNeverEnables() async throws {
        let checkout = try await CardSessions.open()
        let token = try #require(checkout.paymentTokens.first { $0.requiresCVV && $0.vaultVendor == "purse" })
        let element = checkout.paymentElement(for: .paymentToken(token))
        element.cvvField?.cvv = "123"
        #expect(!element.isReady)  // prepare() was never called
        await element.prepare()
        element.cvvField?.cvv = "12"
        #expect(!element.isReady)  // the CVV is not valid yet
        element.cvvField?.cvv = "123"
        #expect(element.isReady)
    }

    @Test("The row renders with no label and no masked PAN: fall back through name, maskedPAN, brand")
    func rowFallback() async throws {
        let checkout = try await CardSessions.open()
        let bare = try #require(checkout.paymentTokens.first { $0.id == "tok-bare" })
        #expect(bare.name == nil && bare.maskedPAN == nil)
        #expect(bare.displayLabel == "VISA")
    }

    @Test("setTokenFavorite flips the star then flips it back: the wallet call failed, the error is rethrown")
    func favoriteFlipsBack() async throws {
        let stub = GatewayStub(GatewayStub.Script(walletFailures: [(503, "INJECTED_FAULT")]))
        let checkout = try await CardSessions.open(stub: stub)
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-nt" })
        await #expect(throws: PurseCheckoutError.self) { try await checkout.setTokenFavorite(token) }
        #expect(checkout.paymentTokens.first { $0.id == "tok-nt" }?.favorite == false)
    }

    @Test("A saved PayPal account shows a CVV field: it should not, isVaultedCard is false")
    func paypalHasNoCVVField() async throws {
        let checkout = try await CardSessions.open()
        let account = try #require(checkout.paymentTokens.first { $0.brand == "PAYPAL" })
        #expect(!account.isVaultedCard)
        let element = checkout.paymentElement(for: .paymentToken(account))
        #expect(!element.hasUI)
        #expect(element.cvvField == nil)
    }

    @Test("A pci_proxy card: paymentElement(for:) reports METHOD_NOT_IMPLEMENTED rather than rendering a CVV form")
    func pciProxy() async throws {
        let checkout = try await CardSessions.open()
        let card = try #require(checkout.paymentTokens.first { $0.vaultVendor == "pci_proxy" })
        let element = checkout.paymentElement(for: .paymentToken(card))
        #expect(element.unavailableReason?.code == .methodNotImplemented)
        #expect(element.cvvField == nil)
    }
}
