import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// One mutation of a valid document per row: each must fail with `SESSION_MALFORMED` and a message that
/// starts with the exact path of the member that is wrong.
struct MalformedSessionTests {
    struct Mutation: Sendable, CustomTestStringConvertible {
        let name: String
        /// (dot-separated path, new value or `nil` to remove it), applied in order.
        let edits: [(String, JSONValue?)]
        /// The path the error message must start with.
        let path: String

        init(_ name: String, _ edits: [(String, JSONValue?)], path: String) {
            self.name = name
            self.edits = edits
            self.path = path
        }

        init(_ name: String, set member: String, to value: JSONValue?, path: String? = nil) {
            self.init(name, [(member, value)], path: path ?? member)
        }

        var testDescription: String { name }

        func apply(to document: JSONValue) -> JSONValue {
            edits.reduce(document) { sessionReplacing($1.0, with: $1.1, in: $0) }
        }
    }

    static let aci = "paymentSession.protocols.aci.creditcard"
    static let card = aci + ".configurations"
    static let gift = "paymentSession.protocols.easy2play.giftcard"

    static let mutations: [Mutation] = [
        // Params
        Mutation("apiKey missing", set: "apiKey", to: nil),
        Mutation("apiKey a number", set: "apiKey", to: 42),
        Mutation("entityId missing", set: "entityId", to: nil),
        Mutation("entityId null", set: "entityId", to: .null),
        Mutation("environment a number", set: "environment", to: 1),
        Mutation("env an object", set: "env", to: [:]),
        Mutation("environment unknown", set: "environment", to: "staging"),
        Mutation("environment and env both missing", [("environment", nil), ("env", nil)], path: "environment"),
        Mutation("apiPaths.payment plain http to a remote host", set: "apiPaths.payment", to: "http://evil.example/p"),
        Mutation("apiPaths.wallet a javascript URL", set: "apiPaths.wallet", to: "javascript:alert(1)"),
        Mutation(
            "usage_per_session_limit negative", set: gift + ".configurations.settings.usage_per_session_limit",
            to: -3, path: gift + ".configurations.settings"),
        Mutation("paymentSession missing", set: "paymentSession", to: nil),
        Mutation("paymentSession an array", set: "paymentSession", to: []),
        Mutation("paymentSession a string", set: "paymentSession", to: "{}"),
        // Payment session
        Mutation("paymentSession.id missing", set: "paymentSession.id", to: nil),
        Mutation("paymentSession.id a number", set: "paymentSession.id", to: 12),
        Mutation("currency_code missing", set: "paymentSession.currency_code", to: nil),
        Mutation("currency_code EURO", set: "paymentSession.currency_code", to: "EURO"),
        Mutation("currency_code EU", set: "paymentSession.currency_code", to: "EU"),
        Mutation("currency_code digits", set: "paymentSession.currency_code", to: "978"),
        Mutation("currency_code a number", set: "paymentSession.currency_code", to: 978),
        Mutation("expiration_date tomorrow", set: "paymentSession.expiration_date", to: "tomorrow"),
        Mutation("expiration_date missing", set: "paymentSession.expiration_date", to: nil),
        Mutation("expiration_date 31 February", set: "paymentSession.expiration_date", to: "2030-02-31T00:00:00Z"),
        Mutation("expiration_date epoch number", set: "paymentSession.expiration_date", to: 1_893_456_000),
        Mutation("amount a string", set: "paymentSession.amount", to: "480"),
        Mutation("amount missing", set: "paymentSession.amount", to: nil),
        Mutation("amount 1.005 EUR", set: "paymentSession.amount", to: .number(sessionDecimal(1005, exponent: -3))),
        Mutation("amount negative", set: "paymentSession.amount", to: -1),
        Mutation("amount negative cents", set: "paymentSession.amount", to: .number(sessionDecimal(-1, exponent: -2))),
        Mutation("amount 1e30", set: "paymentSession.amount", to: .number(sessionDecimal(1, exponent: 30))),
        Mutation("amount a Boolean", set: "paymentSession.amount", to: true),
        Mutation(
            "amount 0.5 JPY",
            [
                ("paymentSession.currency_code", "JPY"),
                ("paymentSession.amount", .number(sessionDecimal(5, exponent: -1))),
            ],
            path: "paymentSession.amount"),
        Mutation("information_request a string", set: "paymentSession.information_request", to: "true"),
        Mutation("redirection not a URL", set: "paymentSession.redirection", to: "not a url"),
        Mutation("redirection a number", set: "paymentSession.redirection", to: 1),
        Mutation("success relative", set: "paymentSession.success", to: "/confirmation"),
        Mutation("failure not a URL", set: "paymentSession.failure", to: "nope"),
        Mutation(
            "vault tenant_id a number", set: "paymentSession.vault.vendor_front_data.purse.tenant_id", to: 39),
        Mutation("paymentSession.vault an array", set: "paymentSession.vault", to: []),
        // Protocols
        Mutation("protocols missing", set: "paymentSession.protocols", to: nil),
        Mutation("protocols an array", set: "paymentSession.protocols", to: []),
        Mutation("protocols.aci a string", set: "paymentSession.protocols.aci", to: "creditcard"),
        Mutation("protocols.aci.creditcard a number", set: aci, to: 1),
        Mutation("configurations missing", set: card, to: nil),
        Mutation("configurations a string", set: card, to: "card"),
        Mutation("position a string", set: card + ".position", to: "3"),
        Mutation("position a fraction", set: card + ".position", to: .number(sessionDecimal(15, exponent: -1))),
        Mutation("template a number", set: card + ".template", to: 7),
        Mutation("stable a string", set: card + ".stable", to: "yes"),
        Mutation("labels containing a number", set: card + ".labels.1", to: 5, path: card + ".labels[1]"),
        Mutation("labels a string", set: card + ".labels", to: "primary"),
        Mutation("configurations.vault an array", set: card + ".vault", to: ["none"]),
        Mutation("vault.vendor a number", set: card + ".vault.vendor", to: 0),
        Mutation(
            "supported_brands containing null", set: card + ".vault.supported_brands.0", to: .null,
            path: card + ".vault.supported_brands[0]"),
        Mutation("settings an array", set: card + ".settings", to: []),
        Mutation("payment_max_amount a string", set: card + ".settings.payment_max_amount", to: "4000"),
        Mutation("payment_min_amount a Boolean", set: card + ".settings.payment_min_amount", to: false),
        Mutation("save_token a string", set: card + ".settings.save_token", to: "true"),
        Mutation(
            "usage_per_session_limit a fraction", set: gift + ".configurations.settings.usage_per_session_limit",
            to: .number(sessionDecimal(25, exponent: -1))),
        Mutation(
            "integration_mode a number", set: card + ".settings.merchant_specifics.integration_mode", to: 1),
        // Integrated tokens
        Mutation("integrated_tokens an object", set: aci + ".integrated_tokens", to: [:]),
        Mutation(
            "integrated_tokens[0].id missing", set: aci + ".integrated_tokens.0.id", to: nil,
            path: aci + ".integrated_tokens[0].id"),
        Mutation(
            "integrated_tokens[0].id a number", set: aci + ".integrated_tokens.0.id", to: 7,
            path: aci + ".integrated_tokens[0].id"),
        Mutation(
            "integrated_tokens[0] a string", set: aci + ".integrated_tokens.0", to: "tok",
            path: aci + ".integrated_tokens[0]"),
        Mutation(
            "integrated_tokens[0].requires_csc a string", set: aci + ".integrated_tokens.0.requires_csc", to: "no",
            path: aci + ".integrated_tokens[0].requires_csc"),
        Mutation(
            "integrated_tokens[0].description.brand_name a number",
            set: aci + ".integrated_tokens.0.description.brand_name", to: 4,
            path: aci + ".integrated_tokens[0].description.brand_name"),
        Mutation(
            "integrated_tokens[0].expiration_date garbage", set: aci + ".integrated_tokens.0.expiration_date",
            to: "2030-13-01", path: aci + ".integrated_tokens[0].expiration_date"),
        Mutation(
            "gift-card token id missing", set: gift + ".integrated_tokens.0.id", to: nil,
            path: gift + ".integrated_tokens[0].id"),
        Mutation(
            "gift-card token favorite a string", set: gift + ".integrated_tokens.0.favorite", to: "yes",
            path: gift + ".integrated_tokens[0].favorite"),
        // Wallet session and roots
        Mutation("walletSession.session_id missing", set: "walletSession.session_id", to: nil),
        Mutation("walletSession.owner_reference a number", set: "walletSession.owner_reference", to: 1),
        Mutation("walletSession.merchant missing", set: "walletSession.merchant", to: nil),
        Mutation("walletSession.expiration_date garbage", set: "walletSession.expiration_date", to: "soon"),
        Mutation("walletSession a string", set: "walletSession", to: "ws-1"),
        Mutation("apiPaths.payment not a URL", set: "apiPaths.payment", to: "not a url"),
        Mutation("apiPaths.wallet relative", set: "apiPaths.wallet", to: "/wallet"),
        Mutation("apiPaths.vault a number", set: "apiPaths.vault", to: 42),
        Mutation("apiPaths an array", set: "apiPaths", to: ["https://gateway.example.test"]),
    ]

    @Test("a malformed member fails with SESSION_MALFORMED naming its exact path", arguments: mutations)
    func malformed(_ mutation: Mutation) {
        let document = mutation.apply(to: sessionValidParams())
        let error = #expect(throws: PurseCheckoutError.self) { try sessionDecode(document) }
        guard let error else { return }
        #expect(error.code == .sessionMalformed)
        #expect(error.kind == .session)
        #expect(error.message.hasPrefix(mutation.path + ": "), "message: \(error.message)")
    }

    @Test("the unmutated document decodes (so each row fails for its own reason)")
    func baselineDecodes() throws {
        let session = try sessionDecode(sessionValidParams())
        #expect(session.primaryMethods.map(\.id) == ["fintecture-instantpayment", "aci-creditcard"])
        #expect(session.secondaryMethods.map(\.id) == ["easy2play-giftcard"])
        #expect(session.paymentTokens.map(\.id) == ["tok-card"])
        #expect(session.savedSecondaryTokens.map(\.id) == ["tok-gift"])
        #expect(session.amountMinorUnits == 48_000)
        #expect(session.walletSession?.sessionID == "ws-1")
        #expect(session.apiRoots.payment == URL(string: "https://gateway.example.test"))
    }

    @Test("every mutation row changes the document")
    func rowsMutate() {
        let base = sessionValidParams()
        for mutation in Self.mutations {
            #expect(mutation.apply(to: base) != base, "\(mutation.name)")
        }
    }

    @Test("the error description starts with the code and never contains a saved card's PSP value")
    func errorDescription() {
        let document = sessionReplacing(Self.aci + ".integrated_tokens.0.id", with: nil, in: sessionValidParams())
        let error = #expect(throws: PurseCheckoutError.self) { try sessionDecode(document) }
        #expect(error?.description.hasPrefix("SESSION_MALFORMED: ") == true)
        #expect(error?.description.contains("psp-1") == false)
    }
}
