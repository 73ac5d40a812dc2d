import Foundation
import PurseCheckoutTesting
import Testing

@testable import PurseHeadlessCheckout
@testable import PurseSandbox

/// Save a card without paying: a session of amount 0 with `allow_future_usage`, end to end, in-process and over
/// loopback HTTP.
@MainActor
@Suite("Information requests: save a card, charge nothing")
struct InformationRequestTests {
    func openSaveCardSession(
        _ harness: Harness, shopper: String? = "empty-shopper"
    ) async throws -> PurseHeadlessCheckout {
        let session = try harness.sandbox.createClientSession(
            SandboxClientSessionRequest(amount: 0, customerReference: shopper, allowFutureUsage: true))
        return try await PurseHeadlessCheckout(widgetData: session.widgetData, configuration: harness.configuration())
    }

    @Test(
        "the card is saved in the wallet, returned in paymentTokens, and nothing is charged", arguments: Wire.allCases)
    func savesTheCard(wire: Wire) async throws {
        let harness = try Harness(wire)
        let checkout = try await openSaveCardSession(harness)
        #expect(checkout.isInformationRequest)
        #expect(checkout.amount == 0 && checkout.remainingAmountToPay == 0)
        #expect(checkout.paymentMethods.map(\.id) == ["payzen-creditcard"])
        #expect(checkout.paymentMethods.allSatisfy { $0.configuration.registrationMode == "OFF_SESSION" })
        #expect(checkout.secondaryMethods.isEmpty && checkout.paymentTokens.isEmpty)
        let method = try #require(checkout.paymentMethods.first)
        try checkout.registerMethod(method, registered: true, name: "Everyday card")
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await enterCard(try #require(element.cardForm), pan: "4111111111111111")
        let result = try #require(completion(of: await element.submitAndWait()))
        #expect(result.globalStatus == .success)
        let saved = try #require(checkout.paymentTokens.first)
        #expect(checkout.paymentTokens.count == 1)
        #expect(saved.name == "Everyday card" && saved.methodID == "payzen-creditcard")
        #expect(saved.maskedPAN == "411111******1111" && saved.brand == "VISA")
        #expect(harness.sandbox.walletTokenIDs(of: "empty-shopper") == [saved.id])
        let stats = harness.sandbox.stats()
        #expect(stats.charges == 0)
        #expect(stats.requests(.gatewayValidate) == 1)
        let status = await harness.status(of: checkout)
        #expect(status?.amount == 0 && status?.payment?.split.map(\.amount) == [0])
        #expect(checkout.sessionState == .submitted)
    }

    @Test("without a label the card is still saved: the registration is implied")
    func impliedRegistration() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await openSaveCardSession(harness)
        let method = try #require(checkout.paymentMethods.first)
        #expect(checkout.registrationOf(method).registered)
        try checkout.registerMethod(method, registered: false)
        #expect(checkout.registrationOf(method).registered)  // an information request always saves
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await enterCard(try #require(element.cardForm), pan: "5555555555554444")
        _ = try #require(completion(of: await element.submitAndWait()))
        #expect(checkout.paymentTokens.map(\.brand) == ["MASTERCARD"])
        #expect(harness.sandbox.walletTokenIDs(of: "empty-shopper").count == 1)
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("submit without the card method is refused before any call; a declined card saves nothing")
    func refusals() async throws {
        let harness = try Harness(.inProcess)
        let checkout = try await openSaveCardSession(harness)
        let noPrimary = await #expect(throws: PurseCheckoutError.self) { _ = try await checkout.submitPayment() }
        #expect(noPrimary?.code == .paymentNotFulfilledOnSubmit)
        #expect(harness.sandbox.stats().requests(.gatewayValidate) == 0)
        let method = try #require(checkout.paymentMethods.first)
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        await enterCard(try #require(element.cardForm), pan: "4000000000000002")
        let declined = failure(of: await element.submitAndWait())
        #expect(declined?.code == .validateFailed && declined?.serverCode == "REJECTED_BANK")
        #expect(checkout.paymentTokens.isEmpty && harness.sandbox.walletTokenIDs(of: "empty-shopper").isEmpty)
        #expect(harness.sandbox.stats().charges == 0)
    }

    @Test("the sandbox: amount 0 needs allow_future_usage and a shopper; the session has no amount")
    func sandboxRules() async throws {
        let sandbox = try PurseSandbox()
        #expect(throws: SandboxAPIError.self) {
            _ = try sandbox.createClientSession(SandboxClientSessionRequest(amount: 0, customerReference: "s"))
        }
        let noShopper = #expect(throws: SandboxAPIError.self) {
            _ = try sandbox.createClientSession(SandboxClientSessionRequest(amount: 0, allowFutureUsage: true))
        }
        #expect(noShopper?.code == "INVALID_PAYLOAD")
        let session = try sandbox.createClientSession(
            SandboxClientSessionRequest(amount: 0, customerReference: "demo-shopper", allowFutureUsage: true))
        let decoded = try SessionDecoder.decode(widgetData: session.widgetData)
        #expect(decoded.source.isInformationRequest && decoded.source.amount == nil)
        #expect(decoded.primaryMethods.map(\.id) == ["payzen-creditcard"])
        // The shopper's saved cards of that method are listed (an "add a card" screen shows them).
        #expect(decoded.paymentTokens.count == 3)
    }
}
