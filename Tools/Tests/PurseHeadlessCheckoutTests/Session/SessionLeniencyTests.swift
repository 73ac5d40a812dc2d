import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// What the decoder must accept: sessions name templates, partners and keys the SDK has never heard of,
/// and leave optional members out or `null`.
struct SessionLeniencyTests {
    struct Lenient: Sendable, CustomTestStringConvertible {
        let name: String
        let edits: [(String, JSONValue?)]
        /// What must hold of the decoded session.
        let check: @Sendable (ClientSession) -> Bool

        init(_ name: String, _ edits: [(String, JSONValue?)], _ check: @escaping @Sendable (ClientSession) -> Bool) {
            self.name = name
            self.edits = edits
            self.check = check
        }

        var testDescription: String { name }
    }

    static let aci = "paymentSession.protocols.aci.creditcard"
    static let card = aci + ".configurations"
    static let gift = "paymentSession.protocols.easy2play.giftcard"

    static let rows: [Lenient] = [
        Lenient("an unknown template", [(card + ".template", "quantum_teleport")]) {
            $0.primaryMethods.contains { $0.id == "aci-creditcard" && $0.template == "quantum_teleport" }
        },
        Lenient(
            "an unknown partner and method",
            [("paymentSession.protocols.zorglub.teleport.configurations", ["template": "zorglub", "position": 0])]
        ) {
            $0.primaryMethods.first?.id == "zorglub-teleport" && $0.primaryMethods.first?.partner == .other("zorglub")
        },
        Lenient(
            "extra keys at every level",
            [
                ("x_top", ["a": [1, 2]]), ("paymentSession.x_session", true), (aci + ".x_entry", "x"),
                (card + ".x_config", .null), (card + ".settings.x_setting", [:]),
                (card + ".settings.merchant_specifics.x_specific", 1), (card + ".vault.x_vault", "x"),
                (aci + ".integrated_tokens.0.x_token", [[:]]),
                (aci + ".integrated_tokens.0.description.x_description", 3), ("walletSession.x_wallet", "x"),
                ("apiPaths.x_root", "https://ignored.example"),
                ("paymentSession.vault.vendor_front_data.x_vendor", [:]),
            ]
        ) {
            $0.primaryMethods.map(\.id) == ["fintecture-instantpayment", "aci-creditcard"]
                && $0.paymentTokens.map(\.id) == ["tok-card"] && $0.walletSession?.sessionID == "ws-1"
        },
        Lenient("`stable` absent means stable", [(card + ".stable", nil)]) {
            $0.primaryMethods.contains { $0.id == "aci-creditcard" } && $0.unstableMethodIDs.isEmpty
        },
        Lenient("`stable: null` means stable", [(card + ".stable", .null)]) {
            $0.primaryMethods.contains { $0.id == "aci-creditcard" } && $0.unstableMethodIDs.isEmpty
        },
        Lenient("`stable: false` hides the method and its saved cards", [(card + ".stable", false)]) {
            !$0.primaryMethods.contains { $0.id == "aci-creditcard" } && $0.unstableMethodIDs == ["aci-creditcard"]
                && $0.paymentTokens.isEmpty
        },
        Lenient("`labels` absent: a primary method with no labels", [(card + ".labels", nil)]) {
            $0.primaryMethods.first { $0.id == "aci-creditcard" }?.configuration.labels == []
        },
        Lenient("`labels` absent on a `secondary` template: still secondary", [(gift + ".configurations.labels", nil)])
        {
            $0.secondaryMethods.map(\.id) == ["easy2play-giftcard"] && $0.savedSecondaryTokens.count == 1
        },
        Lenient("`position` absent sorts last", [(card + ".position", nil)]) {
            $0.primaryMethods.last?.id == "aci-creditcard" && $0.primaryMethods.last?.position == Int.max
        },
        Lenient(
            "null for every optional member",
            [
                ("apiPaths", .null), ("walletSession", .null), ("paymentSession.redirection", .null),
                ("paymentSession.vault", .null), ("paymentSession.information_request", .null),
                (card + ".settings", .null), (card + ".vault", .null), (card + ".labels", .null),
                (card + ".template", .null), (aci + ".contracts", .null),
                (gift + ".integrated_tokens", .null), (aci + ".integrated_tokens.0.description", .null),
                (aci + ".integrated_tokens.0.favorite", .null),
            ]
        ) {
            $0.apiRoots == PurseEnvironment.sandbox.defaultRoots && $0.walletSession == nil && $0.returnURL == nil
                && $0.source.purseVaultTenantID == nil && $0.savedSecondaryTokens.isEmpty
                && $0.paymentTokens.first?.brand == nil && $0.paymentTokens.first?.displayLabel == ""
                && $0.primaryMethods.contains { $0.id == "aci-creditcard" && $0.template == "" }
        },
        Lenient(
            "an information request without an amount",
            [("paymentSession.information_request", true), ("paymentSession.amount", nil)]
        ) {
            $0.source.isInformationRequest && $0.amount == 0 && $0.amountMinorUnits == 0 && $0.source.amount == nil
        },
        Lenient(
            "`amount: null` on an information request",
            [
                ("paymentSession.information_request", true), ("paymentSession.amount", .null),
            ]
        ) { $0.source.isInformationRequest && $0.amountMinorUnits == 0 },
        Lenient(
            "amount with trailing zeros", [("paymentSession.amount", .number(sessionDecimal(48_000, exponent: -2)))]
        ) {
            $0.amountMinorUnits == 48_000
        },
        Lenient("amount zero", [("paymentSession.amount", 0)]) { $0.amountMinorUnits == 0 && $0.amount == 0 },
        Lenient(
            "amount 9999999999.99", [("paymentSession.amount", .number(sessionDecimal(999_999_999_999, exponent: -2)))]
        ) {
            $0.amountMinorUnits == 999_999_999_999 && $0.amount == sessionDecimal(999_999_999_999, exponent: -2)
        },
        Lenient("a lower-case currency code", [("paymentSession.currency_code", "eur")]) {
            $0.currency == .eur && $0.source.currencyCode == "EUR"
        },
        Lenient("JPY has no minor unit", [("paymentSession.currency_code", "JPY")]) {
            $0.currency == .jpy && $0.amountMinorUnits == 480 && $0.amount == 480
        },
        Lenient(
            "KWD has three decimals",
            [
                ("paymentSession.currency_code", "KWD"),
                ("paymentSession.amount", .number(sessionDecimal(1005, exponent: -3))),
            ]
        ) { $0.amountMinorUnits == 1005 },
        Lenient(
            "the legacy `env` key when `environment` is absent",
            [("environment", nil), ("env", "test"), ("apiPaths", nil)]
        ) {
            $0.environment == .test && $0.apiRoots == PurseEnvironment.test.defaultRoots
        },
        Lenient("`environment` wins over `env`", [("environment", "production"), ("env", "test"), ("apiPaths", nil)]) {
            $0.environment == .production
                && $0.apiRoots.payment == URL(string: "https://api.purse-secure.com")
                && $0.apiRoots.vault == URL(string: "https://api.vault.purse-secure.com")
        },
        Lenient("some apiPaths only", [("apiPaths", ["logs": "https://logs.example.test/v1"])]) {
            $0.apiRoots.logs == URL(string: "https://logs.example.test/v1")
                && $0.apiRoots.payment == URL(string: "https://api.purse-sandbox.com")
        },
        Lenient("a wallet session without expiry", [("walletSession.expiration_date", nil)]) {
            $0.walletSession?.sessionID == "ws-1" && $0.walletSession?.expirationDate == nil
        },
        Lenient("empty protocols", [("paymentSession.protocols", [:])]) {
            $0.primaryMethods.isEmpty && $0.secondaryMethods.isEmpty && $0.source.protocols.isEmpty
        },
        Lenient("a partner with no methods", [("paymentSession.protocols.emptyco", [:])]) {
            $0.source.protocols.count == 3
        },
        Lenient("empty integrated_tokens", [(aci + ".integrated_tokens", [])]) { $0.paymentTokens.isEmpty },
        Lenient("contracts of any shape are kept as received", [(aci + ".contracts", [1, "two"])]) {
            $0.primaryMethods.first { $0.id == "aci-creditcard" }?.contracts == [1, "two"]
        },
        Lenient("a date-only expiry", [("paymentSession.expiration_date", "2030-01-01")]) {
            $0.expirationDate == Date(timeIntervalSince1970: 1_893_456_000)
        },
        Lenient(
            "an expiry with an offset and no seconds fraction",
            [
                ("paymentSession.expiration_date", "2030-01-01T01:00:00+01:00")
            ]
        ) { $0.expirationDate == Date(timeIntervalSince1970: 1_893_456_000) },
        Lenient(
            "`success` as the return URL when `redirection` is absent",
            [
                ("paymentSession.redirection", nil), ("paymentSession.success", "https://shop.example/ok"),
            ]
        ) { $0.returnURL == URL(string: "https://shop.example/ok") },
    ]

    @Test("lenient inputs decode", arguments: rows)
    func lenient(_ row: Lenient) throws {
        var document = sessionValidParams()
        for (path, value) in row.edits { document = sessionReplacing(path, with: value, in: document) }
        let session = try sessionDecode(document)
        #expect(row.check(session))
    }
}
