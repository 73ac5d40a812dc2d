import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `WidgetDataScanner`, the one-pass reader behind `decode(widgetData:)`, against the general way
/// (`decode(params:)` on `JSONValue.parse`'s tree): on every variant below both entry points give the same session or
/// the same error, and the scanner reads the usual variants itself rather than leaving them to the general way (a
/// scanner that gave up on everything would pass the first check and lose the speed unnoticed).
struct WidgetDataScannerTests {
    /// A small document with one method whose `configurations`, `settings`, `vault` and entry hold the member under
    /// test in place of `@CONF`, `@SETTINGS`, `@VAULT` or `@ENTRY` (the other placeholders become nothing).
    static let template =
        #"{"apiKey":"k","entityId":"e","environment":"sandbox","paymentSession":{"id":"s","amount":10.5,"#
        + #""currency_code":"EUR","expiration_date":"2030-01-01T00:00:00Z","protocols":{"#
        + #""payzen":{"creditcard":{@ENTRY"contracts":{"INIT":{"mandatory":{"a":"b"}}},"configurations":{"#
        + #"@CONF"template":"lyra","labels":["payzen","creditcard"],"position":2,"stable":true,"#
        + #""vault":{@VAULT"vendor":"purse","supported_brands":["VISA"]},"#
        + #""settings":{@SETTINGS"save_token":true,"payment_min_amount":0.01,"payment_max_amount":9999999999.99,"#
        + #""merchant_specifics":{"integration_mode":"embedded"}}}}},"#
        + #""paypal":{"paypal":{"configurations":{"template":"paypal_wallet","position":1},"integrated_tokens":[]}}}}}"#

    static func document(entry: String = "", conf: String = "", vault: String = "", settings: String = "") -> String {
        template.replacingOccurrences(of: "@ENTRY", with: entry).replacingOccurrences(of: "@CONF", with: conf)
            .replacingOccurrences(of: "@VAULT", with: vault).replacingOccurrences(of: "@SETTINGS", with: settings)
    }

    /// Both entry points on `text`: `decode(widgetData:)`, and `decode(params:)` on the parsed tree (or the error
    /// `decode(widgetData:)` gives for text that is not JSON).
    static func expectAgreement(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let viaWidget = Result { try SessionDecoder.decode(widgetData: Data(text.utf8).base64EncodedString()) }
            .mapError { PurseCheckoutError($0) }
        let viaParams: Result<ClientSession, PurseCheckoutError>
        do {
            let tree = try JSONValue.parse(text)
            viaParams = Result { try SessionDecoder.decode(params: tree) }.mapError { PurseCheckoutError($0) }
        } catch {
            viaParams = .failure(PurseCheckoutError(.widgetDataMalformed, message: "widget data is not JSON: \(error)"))
        }
        #expect(viaWidget == viaParams, "\(text)", sourceLocation: sourceLocation)
        if case .success(let session) = viaWidget {
            // Equal sessions compare `raw` and `contracts` by value: those built from the scanner's text too.
            for entry in session.source.protocols {
                _ = entry.configuration.raw
                _ = entry.contracts
            }
        }
    }

    static func scans(_ text: String) -> Bool {
        WidgetDataScanner.scan(Array(text.utf8)) != nil
    }

    @Test("the fixtures and the bench's re-serialized real session are read by the scanner, equal to the general way")
    func fixturesScanned() throws {
        for name in ["legacy-session-sample", "large-session"] {
            let data = try sessionFixtureData(name)
            // JSONSerialization writes `\/` for every `/` and reorders members: as purse-bench's widget data does.
            let reserialized = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: data))
            for bytes in [data, reserialized] {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(Self.scans(text), "\(name)")
                Self.expectAgreement(text)
            }
        }
    }

    /// Kinds of value put in each member the scanner reads: the kind it expects, `null`, the others, and numbers it
    /// reads from their bytes or leaves to the parser's `Decimal`.
    static let values: [String] = [
        "null", "true", "false", "0", "-0", "7", "-3", "3.0", "3.5", "-1.25", "1e2", "2E0", "0.5e1",
        "123456789012345678", "1234567890123456789", "9223372036854775807", "9223372036854775808",
        "99999999999999999999", "-9223372036854775808", #""x""#, #""""#, #""\u0041\/b""#, #""é""#, "[]",
        #"["a","b"]"#, #"["a",1]"#, #"[null]"#, "[ \"a\" , \"b\" ]", "{}", #"{"integration_mode":"popup"}"#,
        #"{"integration_mode":3}"#, #"{"vendor":"pci_proxy","token_scope":"method"}"#,
    ]

    static let configurationMembers = [
        "template", "labels", "position", "stable", "accepted_decimals", "vault", "settings", "unread",
    ]
    static let settingsMembers = [
        "merchant_specifics", "save_token", "save_token_mode", "pay_token", "registration_mode", "payment_min_amount",
        "payment_max_amount", "usage_per_session_limit", "unread",
    ]
    static let vaultMembers = ["vendor", "supported_brands", "token_scope", "external_three_ds_enabled", "unread"]
    static let entryMembers = ["configurations", "contracts", "integrated_tokens", "unread"]

    @Test("every member the scanner reads, with every kind of value: the same session or error as the general way")
    func everyMemberEveryKind() {
        for value in Self.values {
            // A member appears before the fixed ones of its object: a repeated name is then the fixed one's twin.
            for member in Self.configurationMembers {
                Self.expectAgreement(Self.document(conf: "\"\(member)\":\(value),"))
            }
            for member in Self.settingsMembers {
                Self.expectAgreement(Self.document(settings: "\"\(member)\":\(value),"))
            }
            for member in Self.vaultMembers {
                Self.expectAgreement(Self.document(vault: "\"\(member)\":\(value),"))
            }
            for member in Self.entryMembers {
                Self.expectAgreement(Self.document(entry: "\"\(member)\":\(value),"))
            }
        }
    }

    @Test(
        "the usual spellings are read by the scanner itself",
        arguments: [
            Self.document(), Self.document(conf: #""accepted_decimals":null,"#),
            Self.document(conf: #""unread":[1,{"a":2}],"#), Self.document(settings: #""usage_per_session_limit":0,"#),
            Self.document(settings: #""usage_per_session_limit":1e1,"#),
            Self.document(entry: #""integrated_tokens":null,"#),
            Self.document().replacingOccurrences(of: "0.01", with: "1e-2"),
            Self.document().replacingOccurrences(
                of: #""contracts":{"INIT":{"mandatory":{"a":"b"}}}"#, with: #""contracts":null"#),
            Self.document(conf: #""accepted_decimals":-0,"#), Self.document(vault: #""token_scope":"a\/b\u00e9","#),
            " \n"
                + Self.document().replacingOccurrences(of: ",", with: " ,\n\t").replacingOccurrences(
                    of: ":", with: " : ")
                + "\r\n",
        ])
    func usualSpellingsScanned(text: String) {
        #expect(Self.scans(text))
        Self.expectAgreement(text)
    }

    @Test(
        "what the scanner leaves to the general way decodes or fails exactly as there",
        arguments: [
            // Repeated names at every level the scanner reads by name, and among unread members.
            #"{"apiKey":"k","#, #"{"apiKey":"k","apiKey":"k","#, #""paymentSession":{"protocols":{}},"#,
            #""payzen":{"card":{"configurations":{}}},"#, #""creditcard":{"configurations":{}},"#,
            #""contracts":1,"#, #""configurations":{},"#, #""integrated_tokens":[],"#, #""unread":1,"unread":2,"#,
            #""x":1,"\u0078":2,"#, #""K":1,"\u212A":2,"#,
            // Names the scanner does not compare by bytes.
            #""templat\u0065":"x","#, #""é":1,"#, #""apiK\u0065y":"k","#,
            // Kinds the general way refuses.
            #""paymentSession":[],"#, #""configurations":null,"#, #""configurations":[],"#, #""protocols":1,"#,
            // Malformed JSON.
            #""unread":[1,],"#, #""unread":01,"#, #""unread":"\u0","#, "\"unread\":\"\u{01}\",", #""unread":tru,"#,
            #""unread":"\uD800","#, #""unread":1e999999,"#, String(repeating: "[", count: 300),
        ])
    func leftToTheGeneralWay(insert: String) {
        // Each insertion at each place the template has one, and at the document's start.
        for text in [
            Self.document(entry: insert), Self.document(conf: insert), Self.document(settings: insert),
            Self.document(vault: insert), Self.template.replacingOccurrences(of: "{\"apiKey\"", with: insert + "\"a\""),
        ] {
            Self.expectAgreement(text)
        }
    }

    @Test("a repeated partner or method, however far apart, is left to the general way and refused there")
    func repeatedPartnerOrMethod() {
        let other = #""adyen":{"ideal":{"configurations":{}}},"#
        let repeatedPartner = Self.template.replacingOccurrences(
            of: #""protocols":{"#, with: #""protocols":{"paypal":{"x":{"configurations":{}}},"# + other)
        #expect(!Self.scans(repeatedPartner))
        Self.expectAgreement(repeatedPartner)
        let repeatedMethod = Self.template.replacingOccurrences(
            of: #""payzen":{"#, with: #""payzen":{"creditcard":{"configurations":{}},"ideal":{"configurations":{}},"#)
        #expect(!Self.scans(repeatedMethod))
        Self.expectAgreement(repeatedMethod)
    }

    @Test("many unread members: compared one by one up to the limit, then left to the general way")
    func manyUnreadMembers() {
        for count in [31, 32, 33, 40] {
            let members = (0..<count).map { "\"u\($0)\":\($0)," }.joined()
            for text in [Self.document(conf: members), Self.document(settings: members)] {
                #expect(Self.scans(text) == (count <= 32), "\(count)")
                Self.expectAgreement(text)
            }
            let repeated = (0..<count).map { "\"u\($0)\":\($0)," }.joined() + #""u0":1,"#
            Self.expectAgreement(Self.document(conf: repeated))
        }
    }

    @Test("methods and partners come out sorted by name, as the general way sorts them")
    func sortedProtocols() throws {
        let methods = ["zeta", "alpha", "m-1", "M", "beta_2"]
        let partners = ["zz", "aa", "Q", "a1"]
        let protocols = partners.map { partner in
            "\"\(partner)\":{"
                + methods.map { "\"\($0)\":{\"configurations\":{\"position\":1}}" }.joined(separator: ",")
                + "}"
        }.joined(separator: ",")
        let text =
            #"{"apiKey":"k","entityId":"e","env":"sandbox","paymentSession":{"id":"s","amount":1,"#
            + #""currency_code":"EUR","expiration_date":"2030-01-01T00:00:00Z","protocols":{"# + protocols + "}}}"
        let scan = try #require(WidgetDataScanner.scan(Array(text.utf8)))
        let order = scan.protocols.map { "\($0.partner.rawValue)/\($0.method.rawValue)" }
        let expected = partners.sorted().flatMap { partner in methods.sorted().map { "\(partner)/\($0)" } }
        #expect(order == expected)
        Self.expectAgreement(text)
    }

    @Test("a saved instrument follows the position of the first method that spells its id, as before ids were kept")
    func tokenPositionOfAnIDTwoMethodsSpell() throws {
        // `a` + `b-c` and `a-b` + `c` are both `a-b-c`: the first (by partner) gives both methods' tokens its place.
        func method(_ position: Int, _ token: String) -> String {
            #"{"configurations":{"position":"# + String(position) + #"},"integrated_tokens":[{"id":""# + token
                + #""}]}"#
        }
        let text =
            #"{"apiKey":"k","entityId":"e","env":"sandbox","paymentSession":{"id":"s","amount":1,"#
            + #""currency_code":"EUR","expiration_date":"2030-01-01T00:00:00Z","protocols":{"#
            + #""a-b":{"c":"# + method(1, "t-ab-c") + #"},"a":{"b-c":"# + method(9, "t-a-bc") + "},"
            + #""z":{"card":"# + method(5, "t-z") + "}}}}"
        #expect(Self.scans(text))
        Self.expectAgreement(text)
        let session = try SessionDecoder.decode(widgetData: Data(text.utf8).base64EncodedString())
        #expect(session.paymentTokens.map(\.id) == ["t-z", "t-a-bc", "t-ab-c"])
        let plain = text.replacingOccurrences(of: #""a-b":{"c""#, with: #""ab":{"c""#)
        let plainSession = try SessionDecoder.decode(widgetData: Data(plain.utf8).base64EncodedString())
        #expect(plainSession.paymentTokens.map(\.id) == ["t-ab-c", "t-z", "t-a-bc"])
    }
}
