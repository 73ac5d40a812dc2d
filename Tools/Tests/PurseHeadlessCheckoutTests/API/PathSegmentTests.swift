import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// Path segments are percent-encoded by hand; Foundation's `addingPercentEncoding` with the URL-path set less
/// `/;?#%` is the oracle.
@Suite("Path-segment encoding agrees with Foundation's")
struct PathSegmentTests {
    static func oracle(_ segment: String) -> String? {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    @Test("every ASCII character alone, and mixed text with non-ASCII letters, encode as Foundation encodes them")
    func agreesWithFoundation() {
        for value in 0..<128 {
            let text = String(UnicodeScalar(UInt8(value)))
            #expect(PathSegment.encode(text) == Self.oracle(text), "\(value)")
        }
        for text in ["ps_123", "a/b?c#d%e;f", "café olé", "tok 1+2=3", "日本", "emoji 🙂", "", "~-._!$&'()*+,=:@"] {
            #expect(PathSegment.encode(text) == Self.oracle(text), "\(text)")
        }
    }

    @Test("a segment with a slash stays one segment of the URL")
    func slashStaysInside() throws {
        let base = try #require(URL(string: "https://api.example.test/v1/"))
        let url = base.appending(segments: ["sessions", "a/b", "init"])
        #expect(url.absoluteString == "https://api.example.test/v1/sessions/a%2Fb/init")
    }
}
