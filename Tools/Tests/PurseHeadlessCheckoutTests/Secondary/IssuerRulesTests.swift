import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The seven shipped issuers of CONTRACT §6, rule by rule.
@Suite("Shipped issuer rules")
struct IssuerRulesTests {
    struct Rule: Sendable, CustomTestStringConvertible {
        let partner: Partner
        let method: PaymentMethodType
        let validPANs: [String]
        let invalidPANs: [String]
        let takePolicy: SecondaryTakePolicy
        var testDescription: String { itemID(partner, method) }
    }

    static let rules: [Rule] = [
        Rule(
            partner: .illicado, method: .giftcard, validPANs: ["6003580000000000011", "6003 5800 0000 0000 011"],
            invalidPANs: ["600358000000000001", "60035800000000000111", "600358000000000001A", ""], takePolicy: .none),
        Rule(
            partner: .buybox, method: .giftcard,
            validPANs: ["9250000000000018", "1250000000000017", "9250-0000-0000-0018", "1234567890123456789"],
            invalidPANs: ["925000000000001", "12345678901234567890", "92500000000000AB"], takePolicy: .none),
        Rule(
            partner: .ogloba, method: .giftcard, validPANs: ["7000000000000000014"],
            invalidPANs: ["7000000000000000", "70000000000000000140"], takePolicy: .none),
        Rule(
            partner: .mybeezbox, method: .giftcard, validPANs: ["3000000000000013", "3000 0000 0000 0013"],
            invalidPANs: ["300000000000001", "30000000000000130"], takePolicy: .none),
        Rule(
            partner: .easy2play, method: .giftcard, validPANs: ["8000000000000011"],
            invalidPANs: ["800000000000001", "80000000000000111"], takePolicy: .none),
        Rule(
            partner: .easy2play, method: .voucher, validPANs: ["VOUCHER10", "voucher50xl", "12345678", "ABCD-EFGH"],
            invalidPANs: ["VOUCH10", "VOUCHER1234567890", "VOUCHER_10", "VOUCHÉR10"], takePolicy: .max),
        Rule(
            partner: .maxxing, method: .loyaltycard, validPANs: ["1234567890", "9876543210123"],
            invalidPANs: ["123456789", "98765432101234", "12345678AB"], takePolicy: .max),
    ]

    @Test("the shared registry ships exactly the seven issuers' rules and ANCV Connect")
    func sevenShipped() {
        let shipped = SecondaryConfigs(shipped: true)
        #expect(
            shipped.registeredMethodIDs == [
                "ancv-connect", "buybox-giftcard", "easy2play-giftcard", "easy2play-voucher", "illicado-giftcard",
                "maxxing-loyaltycard", "mybeezbox-giftcard", "ogloba-giftcard",
            ])
        #expect(shipped.config(partner: .ancv, method: .connect) is AncvConnectConfig)
    }

    @Test("PAN formats, spaces and dashes ignored", arguments: rules)
    func panFormats(rule: Rule) throws {
        let config = try #require(SecondaryConfigs(shipped: true).config(partner: rule.partner, method: rule.method))
        for pan in rule.validPANs { #expect(config.validatePAN(pan), "\(pan) should be valid") }
        for pan in rule.invalidPANs { #expect(!config.validatePAN(pan), "\(pan) should be invalid") }
        #expect(config.takePolicy == rule.takePolicy)
    }

    struct CVVCase: Sendable, CustomTestStringConvertible {
        let partner: Partner
        let method: PaymentMethodType
        let pan: String
        let requiresCVV: Bool
        let valid: [String]
        let invalid: [String]
        var testDescription: String { "\(itemID(partner, method)) \(pan.prefix(2))…" }
    }

    static let cvvCases: [CVVCase] = [
        CVVCase(
            partner: .illicado, method: .giftcard, pan: "6003580000000000011", requiresCVV: true,
            valid: ["1234", "12 34"], invalid: ["123", "12345", "12a4"]),
        CVVCase(
            partner: .buybox, method: .giftcard, pan: "9250000000000018", requiresCVV: true, valid: ["123"],
            invalid: ["12", "1234", "1x3"]),
        CVVCase(
            partner: .buybox, method: .giftcard, pan: "1250000000000017", requiresCVV: false, valid: ["123"],
            invalid: ["12"]),
        CVVCase(
            partner: .buybox, method: .giftcard, pan: " 9250 0000 0000 0018", requiresCVV: true, valid: ["123"],
            invalid: []),
        CVVCase(
            partner: .ogloba, method: .giftcard, pan: "7000000000000000014", requiresCVV: true, valid: ["4321"],
            invalid: ["432", "43210"]),
        CVVCase(
            partner: .mybeezbox, method: .giftcard, pan: "3000000000000013", requiresCVV: false,
            valid: ["", "anything"], invalid: []),
        CVVCase(
            partner: .easy2play, method: .giftcard, pan: "8000000000000011", requiresCVV: true, valid: ["111"],
            invalid: ["11", "1111"]),
        CVVCase(
            partner: .easy2play, method: .voucher, pan: "VOUCHER10", requiresCVV: false, valid: ["x"], invalid: []),
        CVVCase(
            partner: .maxxing, method: .loyaltycard, pan: "1234567890", requiresCVV: false, valid: ["x"], invalid: []),
    ]

    @Test("CVV (PIN) rules", arguments: cvvCases)
    func cvvRules(rule: CVVCase) throws {
        let config = try #require(SecondaryConfigs(shipped: true).config(partner: rule.partner, method: rule.method))
        #expect(config.requiresCVV(pan: rule.pan) == rule.requiresCVV)
        for cvv in rule.valid { #expect(config.validateCVV(cvv), "\(cvv) should be valid") }
        for cvv in rule.invalid { #expect(!config.validateCVV(cvv), "\(cvv) should be invalid") }
    }

    struct PayloadCase: Sendable, CustomTestStringConvertible {
        let partner: Partner
        let method: PaymentMethodType
        let pan: String
        let cvv: String?
        let expected: [String: JSONValue]
        var testDescription: String { itemID(partner, method) }
    }

    static let payloads: [PayloadCase] = [
        PayloadCase(
            partner: .illicado, method: .giftcard, pan: "6003 5800-0000 0000 011", cvv: "1234",
            expected: ["card": ["number": "6003580000000000011", "csc": "1234"]]),
        PayloadCase(
            partner: .buybox, method: .giftcard, pan: "1250000000000017", cvv: nil,
            expected: ["card": ["number": "1250000000000017"]]),
        PayloadCase(
            partner: .mybeezbox, method: .giftcard, pan: "3000000000000013", cvv: "999",
            expected: ["card": ["number": "3000000000000013"]]),
        PayloadCase(
            partner: .easy2play, method: .voucher, pan: "VOUCHER-10", cvv: nil,
            expected: ["voucher_number": "VOUCHER10"]),
        PayloadCase(
            partner: .maxxing, method: .loyaltycard, pan: "1234567890", cvv: nil,
            expected: ["card": ["number": "1234567890"]]),
    ]

    @Test("payment_data at /init and /validate (CONTRACT §2)", arguments: payloads)
    func paymentData(rule: PayloadCase) throws {
        let config = try #require(SecondaryConfigs(shipped: true).config(partner: rule.partner, method: rule.method))
        #expect(config.buildInitPaymentData(pan: rule.pan, cvv: rule.cvv) == rule.expected)
        let token = SecondaryToken(
            id: "t", partner: rule.partner, method: rule.method, pan: config.normalizedInput(rule.pan), cvv: rule.cvv,
            balanceMinorUnits: 100, totalBalance: nil, currency: .eur, canBeRegistered: false, expirationDate: nil,
            partnerReference: nil, stepID: nil, pluginResult: [:], sessionID: "ps-1")
        #expect(config.buildValidatePaymentData(token) == rule.expected)
    }

    @Test("the shipped issuers drop spaces and dashes; a custom config only trims")
    func normalization() throws {
        let illicado = try #require(SecondaryConfigs(shipped: true).config(partner: .illicado, method: .giftcard))
        #expect(illicado.normalizedInput(" 6003-5800 0000\t0000 011 ") == "6003580000000000011")
        struct Custom: SecondaryConfig {
            let takePolicy = SecondaryTakePolicy.none
            func requiresCVV(pan: String) -> Bool { false }
            func validatePAN(_ pan: String) -> Bool { true }
            func buildInitPaymentData(pan: String, cvv: String?) -> [String: JSONValue] { [:] }
            func buildValidatePaymentData(_ token: SecondaryToken) -> [String: JSONValue] { [:] }
        }
        #expect(Custom().normalizedInput("  ACME-42 \n") == "ACME-42")
    }
}
