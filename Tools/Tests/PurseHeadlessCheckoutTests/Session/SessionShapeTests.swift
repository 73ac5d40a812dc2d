import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `decode(widgetData:)` builds only what `SessionDecoder.widgetDataShape` lists and keeps `contracts` and the whole
/// `configurations` as text until read; `decode(params:)` reads a whole tree. Both must give the same session, and
/// the widget-data path must refuse exactly what `JSONValue.parse` refuses, inside the parts it does not build too.
struct SessionShapeTests {
    @Test(
        "widget data and the parsed document decode to equal sessions, raw configurations and contracts included",
        arguments: ["legacy-session-sample", "large-session"])
    func bothEntryPointsAgree(fixture: String) throws {
        let data = try sessionFixtureData(fixture)
        let viaWidget = try SessionDecoder.decode(widgetData: data.base64EncodedString())
        let document = try JSONValue.parse(data)
        let viaParams = try SessionDecoder.decode(params: document)
        #expect(viaWidget == viaParams)
        #expect(viaWidget.hashValue == viaParams.hashValue)
        let protocols = try #require(document["paymentSession"]?["protocols"])
        for entry in viaWidget.source.protocols {
            let source = protocols[entry.partner.rawValue]?[entry.method.rawValue]
            #expect(entry.configuration.raw == source?["configurations"], "\(entry.partner)-\(entry.method)")
            let contracts = source?["contracts"].flatMap { $0 == .null ? nil : $0 }
            #expect(entry.contracts == contracts, "\(entry.partner)-\(entry.method)")
        }
        for method in viaWidget.primaryMethods {
            #expect(method.contracts == viaParams.primaryMethods.first { $0.id == method.id }?.contracts)
        }
    }

    /// A minimal valid document with `contracts` and an unread configuration member set to `text`.
    static func document(contracts: String, unread: String = "1") -> String {
        #"{"apiKey":"k","entityId":"e","environment":"sandbox","paymentSession":{"id":"s","amount":10,"#
            + #""currency_code":"EUR","expiration_date":"2030-01-01T00:00:00Z","protocols":{"p":{"creditcard":{"#
            + #""configurations":{"template":"lyra","unread":"# + unread + #"},"contracts":"# + contracts + "}}}}}"
    }

    @Test(
        "inside the parts left as text, malformed JSON is refused with JSONValue.parse's error",
        arguments: [
            (#"{"a":1,"a":2}"#, "1"), (#"[1,]"#, "1"), ("1e999999", "1"), (#""\uD800""#, "1"),
            (String(repeating: "[", count: 300) + String(repeating: "]", count: 300), "1"),
            ("1", #"{"x":1,"x":2}"#), ("1", "[01]"), ("1", #""a\u0"#), ("1", "\"\u{01}\""),
            ("1", #"{"K":1,"\u212A":2}"#), ("1", "{" + (0..<20).map { "\"k\($0)\":\($0)," }.joined() + #""k3":0}"#),
        ])
    func malformedInsideSkippedParts(contracts: String, unread: String) {
        let text = Self.document(contracts: contracts, unread: unread)
        let parseError = #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        let error = #expect(throws: PurseCheckoutError.self) {
            try SessionDecoder.decode(widgetData: Data(text.utf8).base64EncodedString())
        }
        #expect(error?.code == .widgetDataMalformed)
        if let parseError { #expect(error?.message == "widget data is not JSON: \(parseError)") }
    }

    @Test(
        "contracts of any kind are kept; null is none",
        arguments: [
            ("null", nil), ("1", 1), (#""x""#, "x"), ("[1,\"two\"]", [1, "two"]), (#"{"APPLY":{}}"#, ["APPLY": [:]]),
        ] as [(String, JSONValue?)])
    func contractsKept(contracts: String, expected: JSONValue?) throws {
        let text = Self.document(contracts: contracts)
        let session = try SessionDecoder.decode(widgetData: Data(text.utf8).base64EncodedString())
        #expect(session.primaryMethods.first?.contracts == expected)
        #expect(session.source.protocols.first?.contracts == expected)
        #expect(session.primaryMethods.first?.configuration.raw["unread"] == 1)
    }
}
