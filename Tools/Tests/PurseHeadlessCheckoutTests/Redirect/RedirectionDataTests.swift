import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `purse-redirection-data` read as an unverified compact-JWS hint (purse-facts §2.4), and the confirmation
/// policy's waits.
@Suite("Redirection data: a compact JWS read as a hint; confirmation back-off")
struct RedirectionDataTests {
    static func segment(_ text: String) -> String { Base64.encodeURLSafe(Data(text.utf8)) }

    static let header = segment(#"{"alg":"RS256","kid":"k1"}"#)
    static let claims = segment(
        #"{"client_session_id":"cs-1","payment_id":"pay-1","authorization_status":"AUTHORIZED","client_session_status":"SUBMITTED"}"#
    )

    @Test("a compact JWS gives its four claims, whatever the signature")
    func readsClaims() throws {
        for signature in ["c2lnbmF0dXJl", "", "AAAA"] {
            let hint = try #require(RedirectionData(value: "\(Self.header).\(Self.claims).\(signature)"))
            #expect(hint.clientSessionID == "cs-1")
            #expect(hint.paymentID == "pay-1")
            #expect(hint.authorizationStatus == "AUTHORIZED")
            #expect(hint.clientSessionStatus == "SUBMITTED")
        }
        let url = try #require(
            URL(string: "https://shop.example.com/return?purse-redirection-data=\(Self.header).\(Self.claims).c2ln"))
        #expect(RedirectionData(returnURL: url)?.clientSessionID == "cs-1")
    }

    @Test(
        "anything but a compact JWS with JSON-object header and payload is no hint",
        arguments: [
            "", "x", "eyJ9", "\(header).\(claims)", "\(header).\(claims).sig.extra", ".\(claims).sig", "\(header)..sig",
            "\(header).\(segment("[1,2]")).sig", "\(header).\(segment("\"text\"")).sig",
            "\(segment("null")).\(claims).s",
            "\(header).\(claims)+/.sig", "\(header).%%%.sig", "\(header).\(segment("{\"a\":")).sig",
        ])
    func notAHint(value: String) {
        #expect(RedirectionData(value: value) == nil)
    }

    @Test("claims of the wrong type are absent; a URL without the item, or too long a value, has no hint")
    func edges() throws {
        let odd = Self.segment(#"{"client_session_id":42,"authorization_status":["AUTHORIZED"]}"#)
        let hint = try #require(RedirectionData(value: "\(Self.header).\(odd).s"))
        #expect(hint.clientSessionID == nil)
        #expect(hint.authorizationStatus == nil)
        #expect(!hint.namesAnotherSession(than: "cs-1"))  // names none: not another's
        let plain = try #require(URL(string: "https://shop.example.com/return"))
        #expect(RedirectionData(returnURL: plain) == nil)
        let padding = String(repeating: "A", count: RedirectionData.maximumLength)
        #expect(RedirectionData(value: "\(Self.header).\(Self.claims).\(padding)") == nil)
        let named = try #require(RedirectionData(value: "\(Self.header).\(Self.claims).s"))
        #expect(named.namesAnotherSession(than: "cs-2"))
        #expect(!named.namesAnotherSession(than: "cs-1"))
    }

    @Test("back-off: doubling from the first interval up to the maximum, within the budget")
    func intervals() {
        #expect(
            PaymentConfirmationPolicy().intervals
                == [1, 2, 4, 8, 8, 8, 8, 8, 8].map { Duration.seconds($0) })
        #expect(PaymentConfirmationPolicy.once.intervals.isEmpty)
        #expect(
            PaymentConfirmationPolicy(firstInterval: .seconds(3), maximumInterval: .seconds(5), budget: .seconds(20))
                .intervals == [.seconds(3), .seconds(5), .seconds(5), .seconds(5)])
        // A zero interval cannot make the loop spin: it waits at least a millisecond.
        #expect(
            PaymentConfirmationPolicy(firstInterval: .zero, maximumInterval: .zero, budget: .milliseconds(3))
                .intervals.count == 3)
    }
}
