import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// `settings.save_token_mode` decides, with `save_token`, whether a new card or gift card can be saved: against a
/// sandbox whose catalogue serves each mode, in-process and over loopback HTTP.
@MainActor
@Suite("save_token_mode against the sandbox")
struct SaveTokenModeTests {
    /// The standard catalogue with `mode` on the Purse-vault card method and on illicado's gift card.
    static func catalogue(mode: String?) -> SandboxCatalogue {
        var catalogue = SandboxCatalogue.standard
        for index in catalogue.methods.indices
        where catalogue.methods[index].id == "payzen-creditcard" || catalogue.methods[index].id == "illicado-giftcard" {
            catalogue.methods[index].saveTokenMode = mode
        }
        return catalogue
    }

    @Test(
        "a mode that offers saving (or none) saves the card: the next session lists it",
        arguments: Wire.allCases, ["PREFER_NO", "PREFER_YES", nil] as [String?])
    func savingModes(wire: Wire, mode: String?) async throws {
        let harness = try Harness(wire, catalogue: Self.catalogue(mode: mode))
        let checkout = try await harness.openCheckout()
        let method = try #require(checkout.sandboxCardMethod)
        #expect(method.configuration.saveTokenMode == mode)
        #expect(method.canBeRegistered)
        try checkout.registerMethod(method, registered: true, name: "Mode card")
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await enterCard(try #require(element.cardForm), pan: "5555555555554444")
        #expect(completion(of: await element.submitAndWait())?.globalStatus == .success)
        let next = try await harness.openCheckout()
        #expect(next.paymentTokens.contains { $0.name == "Mode card" })
    }

    @Test(
        "a mode that forbids saving: the card method, the gift card and the information request refuse, nothing saved",
        arguments: Wire.allCases, ["NEVER", "A_MODE_NOT_KNOWN"])
    func forbiddingModes(wire: Wire, mode: String) async throws {
        let harness = try Harness(wire, catalogue: Self.catalogue(mode: mode))
        let walletBefore = harness.demoWallet
        let checkout = try await harness.openCheckout()
        let method = try #require(checkout.sandboxCardMethod)
        #expect(!method.canBeRegistered)
        let refused = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerMethod(method, registered: true, name: "Mode card")
        }
        #expect(refused?.code == .methodNotRegisterable && refused?.kind == .walletOperationFailed)
        #expect(refused?.message.contains("save_token_mode \(mode) forbids saving") == true)
        #expect(checkout.registrationOf(method) == .notRegistered)  // nothing recorded
        try checkout.registerMethod(method, registered: false)  // withdrawing is always allowed

        // A gift card of a method whose mode forbids saving cannot be kept (seed 000: TOKEN_NOT_REGISTERABLE).
        let illicado = try #require(checkout.secondaryMethods.first { $0.partner == .illicado })
        #expect(!illicado.canBeRegistered)
        let token = try await checkout.getSecondaryToken(method: illicado, pan: "6003580000000000011", cvv: "1234")
        #expect(!token.canBeRegistered)
        let giftRefusal = #expect(throws: PurseCheckoutError.self) {
            try checkout.registerSecondary(token, registered: true, name: "Gift one")
        }
        #expect(giftRefusal?.code == .tokenNotRegisterable)
        #expect(giftRefusal?.message.contains("save_token_mode \(mode) forbids saving") == true)

        // Paying still works; nothing is saved.
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await enterCard(try #require(element.cardForm), pan: "5555555555554444")
        #expect(completion(of: await element.submitAndWait())?.globalStatus == .success)
        #expect(harness.demoWallet == walletBefore)

        // Saving without paying: the sandbox and the SDK both leave the card method out.
        let request = try harness.sandbox.createClientSession(
            SandboxClientSessionRequest(amount: 0, customerReference: "empty-shopper", allowFutureUsage: true))
        let saveOnly = try await PurseHeadlessCheckout(
            widgetData: request.widgetData, configuration: harness.configuration())
        #expect(saveOnly.isInformationRequest)
        #expect(saveOnly.paymentMethods.isEmpty)
    }
}
