import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The registry and the defaulted members of `SecondaryConfig`.
@Suite("SecondaryConfigs registry and SecondaryConfig defaults")
struct SecondaryConfigsTests {
    struct Minimal: SecondaryConfig {
        let takePolicy = SecondaryTakePolicy.max
        func requiresCVV(pan: String) -> Bool { false }
        func validatePAN(_ pan: String) -> Bool { pan.hasPrefix("M-") }
        func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] { ["code": .string(pan)] }
        func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { ["code": .string(token.pan)] }
    }

    static func initData(_ pluginResult: JSONValue, state: String = "SUCCESS") throws -> InitData {
        let body: JSONValue = [
            "id": "i-1", "step_id": 7, "status": ["action": "INIT", "state": .string(state), "code": "SUCCEEDED"],
            "plugin_result": pluginResult,
        ]
        return try InitData(
            reading: JSONReader(body, path: "body") { PurseCheckoutError(.invalidResponse, message: $0) })
    }

    @Test("every other member is defaulted as the page says")
    func defaults() throws {
        let config = Minimal()
        #expect(config.validateCVV("anything at all"))
        #expect(config.validateCVV(""))
        let waiting = try Self.initData([:], state: "WAITING")
        #expect(config.shouldPoll(waiting) == false)
        #expect(config.classifyInitError(waiting) == nil)
        #expect(config.pollInterval == .seconds(2))
        #expect(config.maximumPollCount == 60)
        let details = try config.parseToken(
            try Self.initData([
                "balance": 1999, "total_balance": 5000, "currency": "EUR",
                "expiration_date": "2030-12-31T23:59:59.000Z",
                "partner_reference": "REF-1", "can_be_registered": true,
            ]),
            currency: .eur)
        #expect(details.balance == Decimal(string: "19.99"))
        #expect(details.totalBalance == 50)
        #expect(details.currencyCode == "EUR")
        #expect(details.partnerReference == "REF-1")
        #expect(details.canBeRegistered)
        #expect(details.expirationDate == ISO8601.parse("2030-12-31T23:59:59.000Z"))
    }

    struct BadResult: Sendable, CustomTestStringConvertible {
        let pluginResult: JSONValue
        let path: String
        var testDescription: String { path }
    }

    @Test(
        "the generic parser names what is wrong with FAILED_TO_INIT_SECONDARY_TOKEN",
        arguments: [
            BadResult(pluginResult: [:], path: "plugin_result.balance: missing"),
            BadResult(pluginResult: ["balance": "12"], path: "plugin_result.balance: expected a number"),
            BadResult(pluginResult: ["balance": .number(Decimal(string: "12.5")!)], path: "plugin_result.balance"),
            BadResult(pluginResult: ["balance": 1, "total_balance": "x"], path: "plugin_result.total_balance"),
            BadResult(
                pluginResult: ["balance": 1, "can_be_registered": "yes"], path: "plugin_result.can_be_registered"),
        ])
    func genericParserErrors(bad: BadResult) throws {
        let error = #expect(throws: PurseCheckoutError.self) {
            _ = try SecondaryTokenDetails.generic(try Self.initData(bad.pluginResult), currency: .eur)
        }
        #expect(error?.code == .failedToInitSecondaryToken)
        #expect(error?.kind == .secondaryTokenizationFailed)
        #expect(error?.message.contains(bad.path) == true)
    }

    @Test("balances are minor units of the order currency, exactly (JPY has none, KWD three)")
    func currencies() throws {
        let data = try Self.initData(["balance": 1234])
        #expect(try SecondaryTokenDetails.generic(data, currency: .jpy).balance == 1234)
        #expect(
            try SecondaryTokenDetails.generic(data, currency: Currency(code: "KWD")).balance == Decimal(string: "1.234")
        )
    }

    @Test("register adds a key; registering an existing key replaces it, shipped ones included")
    func registerAndReplace() throws {
        let registry = SecondaryConfigs(shipped: true)
        #expect(registry.config(partner: .other("acme"), method: .other("voucher")) == nil)
        registry.register(partner: .other("acme"), method: .other("voucher"), config: Minimal())
        #expect(registry.config(partner: "acme", method: "voucher") is Minimal)
        #expect(registry.config(partner: .illicado, method: .giftcard) is ShippedIssuerConfig)
        registry.register(partner: .illicado, method: .giftcard, config: Minimal())
        #expect(registry.config(partner: .illicado, method: .giftcard) is Minimal)
        #expect(registry.registeredMethodIDs.count == 9)
        // The shared registry is untouched by another instance.
        #expect(SecondaryConfigs.shared.config(partner: .illicado, method: .giftcard) is ShippedIssuerConfig)
    }

    @Test("a copy keeps the configs and is independent afterwards")
    func copies() {
        let original = SecondaryConfigs(shipped: true)
        let copy = original.copy()
        copy.register(partner: .ancv, method: .connect, config: Minimal())
        #expect(copy.config(partner: .ancv, method: .connect) is Minimal)
        #expect(original.config(partner: .ancv, method: .connect) is AncvConnectConfig)
        #expect(copy.registeredMethodIDs.count == 8)
    }

    @Test("registering and reading from many tasks at once is safe")
    func threadSafety() async {
        let registry = SecondaryConfigs(shipped: true)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    registry.register(partner: .other("p\(index % 10)"), method: .giftcard, config: Minimal())
                    _ = registry.config(partner: .illicado, method: .giftcard)
                    _ = registry.registeredMethodIDs
                }
            }
        }
        #expect(registry.registeredMethodIDs.count == 18)  // the eight shipped configs and ten registered
    }
}
