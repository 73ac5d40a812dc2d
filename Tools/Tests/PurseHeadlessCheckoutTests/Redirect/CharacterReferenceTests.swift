import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// Character references in documents read for URLs: decoded as the HTML standard says, so a `<meta
/// http-equiv="refresh">` spelled with references cannot reach a host the policy refuses.
@Suite("HTML character references")
struct CharacterReferenceTests {
    /// The spellings of the review, each hiding `;` (or the time) of a refresh to an off-list host.
    static let hiddenRefreshes = [
        "0&semi;url=", "0&comma;url=", "0&Tab;url=", "0&NewLine;url=", "0&period;5;url=", "0&#59url=",
        "0&#x3burl=", "0&#0000000059;url=", "&#48&semi;url=",
    ]

    @Test(
        "a meta refresh spelled with references is read, and a plan refuses its off-list target",
        arguments: hiddenRefreshes)
    func hiddenRefreshIsRefused(prefix: String) {
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8080, path: "/return"), additionalAllowedHosts: ["psp.example.com"])
        let html =
            "<html><head><meta http-equiv=\"refresh\" content=\"\(prefix)https://evil.example/\"></head>"
            + "<body><form action=\"https://psp.example.com/pay\"></form></body></html>"
        #expect(RedirectHTML.submissionTargets(in: html).contains("https://evil.example/"))
        guard case .failure(let error) = RedirectPlan.loopback(for: .postHTML(html: html, name: nil), policy: policy)
        else {
            Issue.record("accepted: \(prefix)")
            return
        }
        #expect(error.code == .redirectRefused)
        // The same refresh to the listed host is accepted: the check reads the URL, it does not refuse references.
        let listed = html.replacingOccurrences(of: "https://evil.example/", with: "https://psp.example.com/t")
        guard case .success = RedirectPlan.loopback(for: .postHTML(html: listed, name: nil), policy: policy) else {
            Issue.record("refused: \(prefix) to the listed host")
            return
        }
    }

    @Test("the whole named table of the standard is there")
    func namedTable() {
        #expect(HTMLNamedReferences.table.count == HTMLNamedReferences.count)
        #expect(HTMLNamedReferences.count == 2231)
        #expect(HTMLNamedReferences.table["semi;"] == ";")
        #expect(HTMLNamedReferences.table["Tab;"] == "\t")
        #expect(HTMLNamedReferences.table["NewLine;"] == "\n")
        #expect(HTMLNamedReferences.table["amp"] == "&")
        #expect(HTMLNamedReferences.table["semi"] == nil)  // only the legacy names work without `;`
        #expect(HTMLNamedReferences.table["NotEqualTilde;"] == "\u{2242}\u{0338}")  // two code points
        #expect(HTMLNamedReferences.table["CounterClockwiseContourIntegral;"] == "\u{2233}")
        #expect(HTMLNamedReferences.table.keys.map(\.utf8.count).max() == HTMLNamedReferences.longestName)
    }

    /// Vectors decoded by Python's `html.unescape` (an implementation of the standard's decoding in text),
    /// written once into the fixture; the SDK's decoder must agree with every one.
    @Test("text decoding agrees with an independent implementation on 616 vectors")
    func agreesWithIndependentVectors() throws {
        let url = try #require(
            Bundle.module.url(
                forResource: "html-character-references", withExtension: "json", subdirectory: "Fixtures"))
        let document = try JSONValue.parse(Data(contentsOf: url))
        let vectors = try #require(document.objectValue?["vectors"]?.arrayValue)
        #expect(vectors.count == 616)
        for vector in vectors {
            guard let pair = vector.arrayValue, pair.count == 2, case .string(let input) = pair[0],
                case .string(let expected) = pair[1]
            else {
                Issue.record("bad vector \(vector)")
                continue
            }
            let decoded = HTMLCharacterReferences.decode(input, inAttribute: false)
            #expect(decoded == expected, "\(input.debugDescription)")
        }
    }

    @Test("in an attribute, a legacy name without ; before = or an alphanumeric stays as written")
    func attributeRule() {
        let cases: [(String, String)] = [
            ("?a=1&copy=2", "?a=1&copy=2"), ("?a=1&copy;=2", "?a=1©=2"), ("&copyx", "&copyx"), ("&copy.", "©."),
            ("&notit;", "&notit;"), ("&notin;", "∉"), ("&amp", "&"), ("&ampx", "&ampx"), ("&#59url", ";url"),
            ("&#x3burl", ";url"), ("&#;", "&#;"), ("&#x;", "&#x;"), ("&unknown;", "&unknown;"), ("&", "&"),
            ("&#0;", "\u{FFFD}"), ("&#xD800;", "\u{FFFD}"), ("&#x110000", "\u{FFFD}"), ("&#128;", "€"),
            ("&#x81;", "\u{81}"), ("&#99999999999999999999999;", "\u{FFFD}"),
        ]
        for (input, expected) in cases {
            #expect(RedirectHTML.unescape(input) == expected, "\(input)")
            #expect(HTMLCharacterReferences.decode(input, inAttribute: true) == expected, "\(input)")
        }
        #expect(HTMLCharacterReferences.decode("&notit;", inAttribute: false) == "¬it;")
        #expect(HTMLCharacterReferences.decode("&copyx", inAttribute: false) == "©x")
    }
}
