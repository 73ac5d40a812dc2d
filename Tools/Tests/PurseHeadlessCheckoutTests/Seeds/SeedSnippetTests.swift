import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The docs pages' snippets that touch the session, methods, tokens, split and registry, written as on the
/// pages (SwiftUI lines left out, `ForEach` as `for`). If the public API drifts from the docs, this file
/// stops compiling.
@MainActor
@Suite("Seed snippets compile and run as written")
struct SeedSnippetTests {
    @Test("gift cards page: finding the issuer and checking fulfilment")
    func giftCardsPage() async throws {
        let (checkout, _) = try await TestSessions.open()
        // "guard let giftCard = checkout.secondaryMethods.first(where: { $0.partner == .illicado }) else { return }"
        guard let giftCard = checkout.secondaryMethods.first(where: { $0.partner == .illicado }) else {
            Issue.record("illicado is offered by the test session")
            return
        }
        #expect(giftCard.method == .giftcard)

        // "if checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0 { … }"
        var submitted = false
        if checkout.isPaymentFulfilled && checkout.remainingAmountToPay == 0 { submitted = true }
        #expect(!submitted)

        // Saved gift cards row data: "balance: card.balanceResolved ? card.balance : nil",
        // "unavailable: card.disabled != nil".
        for card in checkout.savedSecondaryTokens {
            let balance: Decimal? = card.balanceResolved ? card.balance : nil
            let unavailable = card.disabled != nil
            _ = (balance, unavailable, card.id)
        }
    }

    @Test("saved cards page: listing tokens and selecting one")
    func savedCardsPage() async throws {
        let (checkout, _) = try await TestSessions.open()
        var rows: [String] = []
        // "ForEach(checkout.paymentTokens, id: \.id) { token in SavedRow(token: token, …) }"
        for token in checkout.paymentTokens {
            rows.append(token.id)
            // "name, label, brand, maskedPAN, holderName and favorite are there to render the row"
            _ = (token.name, token.label, token.brand, token.maskedPAN, token.holderName, token.favorite)
        }
        #expect(rows == ["tok-cvv", "tok-nocvv", "tok-pci"])
        let token = checkout.paymentTokens[1]
        // ".task { try? checkout.setPrimaryToken(token) … }"
        try? checkout.setPrimaryToken(token)
        #expect(checkout.primary == .paymentToken(token))
        #expect(token.requiresCVV == false && token.paysWithoutCVV == true && token.isVaultedCard)
    }

    @Test("redirection page: selecting the method and asking the registry")
    func redirectionPage() async throws {
        let (checkout, _) = try await TestSessions.open()
        let method = checkout.paymentMethods[0]
        // ".task { try? checkout.setPrimary(method) … }"
        try? checkout.setPrimary(method)
        #expect(checkout.primary == .primaryMethod(method))

        // "let plugin = PluginRegistry.shared.plugin(partner: item.partner, method: item.method,
        //  session: checkout.session.source); let isRedirection = plugin is RedirectionPlugin"
        for item in checkout.paymentMethods {
            let plugin = PluginRegistry.shared.plugin(
                partner: item.partner, method: item.method, session: checkout.session.source
            )
            let isRedirection = plugin is RedirectionPlugin
            #expect(isRedirection == (item.id == "fintecture-instantpayment"))
        }
    }

    /// The gift cards page's catch, as an app writes it in a throwing function of its own: a group pattern that
    /// leaves other errors to the function, and a clause that changes a variable declared outside the `do`. With the
    /// SDK's calls typed `throws(PurseCheckoutError)` this very form crashed Swift 6.3.1 (CONTRIBUTING's "Compiler
    /// bugs"); if it stops compiling, this file does.
    @Test("the page's catch of invalidTake in a throwing function: matched, and other errors are thrown on")
    func catchInvalidTakeInThrowingFunction() async throws {
        let checkout = try await GiftCardSessions.open(amount: "50.00", savedGiftCards: false).0
        let token = SecondaryToken.stub("g", partner: .illicado, balance: 3000)
        func apply(_ amount: Decimal) async throws -> Bool {
            var matched = false
            do { try checkout.applySecondary(token, amount: amount) } catch PurseCheckoutError.invalidTake {
                matched = true
            }
            return matched
        }
        #expect(try await apply(Decimal(60)))  // more than the card holds and than the order costs
        #expect(checkout.amountSplit.isEmpty)
        #expect(try await apply(Decimal(20)) == false)
        #expect(checkout.amountSplit.map(\.amount) == [20])
        checkout.teardown()
        let error = await #expect(throws: PurseCheckoutError.self) { try await apply(Decimal(5)) }
        #expect(error?.code == .checkoutTerminated)
    }

    @Test("error groups match in catch clauses as the pages name them")
    func errorGroups() {
        func classify(_ error: any Error) -> String {
            do {
                throw error
            } catch PurseCheckoutError.invalidTake {
                return "invalidTake"
            } catch PurseCheckoutError.walletOperationFailed {
                return "walletOperationFailed"
            } catch PurseCheckoutError.secondaryTokenizationFailed {
                return "secondaryTokenizationFailed"
            } catch {
                return "other"
            }
        }
        #expect(classify(PurseCheckoutError(.invalidTakeAmount)) == "invalidTake")
        #expect(classify(PurseCheckoutError(.maxAmountReached)) == "invalidTake")
        #expect(classify(PurseCheckoutError(.usageLimitError)) == "invalidTake")
        #expect(classify(PurseCheckoutError(.tokenNameExists)) == "walletOperationFailed")
        #expect(classify(PurseCheckoutError(.missingWalletSession)) == "walletOperationFailed")
        #expect(classify(PurseCheckoutError(.secondaryTokenEmptyBalance)) == "secondaryTokenizationFailed")
        #expect(classify(PurseCheckoutError(.apiError)) == "other")
        #expect(classify(CancellationError()) == "other")
    }
}
