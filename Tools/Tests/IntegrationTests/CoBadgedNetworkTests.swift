import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// The shopper's choice of network on a co-badged card (EU Regulation 2015/751, article 8), against the sandbox's
/// vault: the network chosen is the one the vault records, and a choice the card or the method cannot take is a
/// typed error.
@MainActor
@Suite("Co-badged cards: the shopper's network choice, against the sandbox's vault")
struct CoBadgedNetworkTests {
    /// The sandbox's co-badged range: Visa (main) and Cartes Bancaires.
    static let coBadged = "4970101122334455"

    func pay(
        _ harness: Harness, configure: @escaping (inout PurseCheckoutConfiguration) -> Void = { _ in },
        choose: (CardForm) throws -> Void
    ) async throws -> (network: String?, status: String?) {
        let checkout = try await harness.openCheckout(configure: configure)
        let element = checkout.paymentElement(for: .primaryMethod(try #require(checkout.sandboxCardMethod)))
        await element.prepare()
        let form = try #require(element.cardForm)
        await enterCard(form, pan: Self.coBadged)
        #expect(form.detectedBrands == [.visa, .carteBancaire])
        #expect(form.offersBrandChoice)
        try choose(form)
        _ = completion(of: await element.submitAndWait())
        let networks = harness.sandbox.read { state in state.vaultForms.values.map(\.brand) }
        #expect(networks.count == 1)
        return (networks.first, await harness.status(of: checkout)?.payment?.authorizationStatus)
    }

    @Test("the shopper picks Cartes Bancaires: the vault records CARTE_BANCAIRE and the payment is authorized")
    func shopperPicksCB() async throws {
        let harness = try Harness(.inProcess)
        let paid = try await pay(harness) { form in
            #expect(form.brand == .visa)  // the card's main network until the shopper picks
            try form.selectBrand(.carteBancaire)
        }
        #expect(paid.network == "CARTE_BANCAIRE")
        #expect(paid.status == "AUTHORIZED")
    }

    @Test("the merchant's preferred network is the default; the shopper's pick overrides it")
    func preferenceThenOverride() async throws {
        let preferred = try await pay(try Harness(.inProcess), configure: { $0.preferredCardBrand = .carteBancaire }) {
            form in
            #expect(form.brand == .carteBancaire && form.selectedBrand == nil)
        }
        #expect(preferred.network == "CARTE_BANCAIRE" && preferred.status == "AUTHORIZED")
        let overridden = try await pay(try Harness(.loopback), configure: { $0.preferredCardBrand = .carteBancaire }) {
            form in
            try form.selectBrand(.visa)
        }
        #expect(overridden.network == "VISA" && overridden.status == "AUTHORIZED")
    }

    @Test("a network the card does not carry: BRAND_NOT_BELONGS_TO_DETECTED; the card pays with its choice intact")
    func notOnTheCard() async throws {
        let harness = try Harness(.inProcess)
        let paid = try await pay(harness) { form in
            try form.selectBrand(.carteBancaire)
            let refused = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.mastercard) }
            #expect(refused?.code == .brandNotBelongsToDetected)
            #expect(form.brand == .carteBancaire)
        }
        #expect(paid.network == "CARTE_BANCAIRE" && paid.status == "AUTHORIZED")
    }

    @Test("a network the method does not accept: NOT_SUPPORTED_BRAND, no picker, the accepted network is sent")
    func notAcceptedByTheMethod() async throws {
        var catalogue = SandboxCatalogue.standard
        let index = try #require(catalogue.methods.firstIndex { $0.partner == "payzen" && $0.method == "creditcard" })
        catalogue.methods[index].supportedBrands = ["VISA", "MASTERCARD"]
        let harness = try Harness(.inProcess, catalogue: catalogue)
        let checkout = try await harness.openCheckout()
        let element = checkout.paymentElement(for: .primaryMethod(try #require(checkout.sandboxCardMethod)))
        await element.prepare()
        let form = try #require(element.cardForm)
        await enterCard(form, pan: Self.coBadged)
        #expect(form.detectedBrands == [.visa])
        #expect(!form.offersBrandChoice)
        let refused = #expect(throws: PurseCheckoutError.self) { try form.selectBrand(.carteBancaire) }
        #expect(refused?.code == .notSupportedBrand)
        #expect(refused.map { !$0.message.contains("4970") } == true)
        _ = completion(of: await element.submitAndWait())
        #expect(harness.sandbox.read { state in state.vaultForms.values.map(\.brand) } == ["VISA"])
        #expect(await harness.status(of: checkout)?.payment?.authorizationStatus == "AUTHORIZED")
    }
}
