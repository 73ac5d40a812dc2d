import Foundation
import Testing

@testable import PurseSandbox

/// The sandbox's `purse-redirection-data` signature: HMAC-SHA256 over `header.payload`, its own key.
@Suite("Redirection signature: the sandbox's HMAC, not Purse's")
struct RedirectionSignatureTests {
    @Test("HMAC-SHA256 matches RFC 4231 test case 2")
    func rfc4231() {
        let signer = RedirectionSignature(key: Array("Jefe".utf8))
        let mac = signer.mac(Array("what do ya want for nothing?".utf8))
        #expect(
            mac.map { String(format: "%02x", $0) }.joined()
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test("a token is header.payload.signature; it verifies under its key only, and not once changed")
    func tokens() throws {
        let signer = RedirectionSignature()
        let token = signer.token(claims: Data(#"{"client_session_id":"cs-1"}"#.utf8))
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 3)
        let header = try #require(SandboxEncoding.decodeBase64(parts[0]))
        #expect(String(decoding: header, as: UTF8.self) == RedirectionSignature.header)
        #expect(signer.verifies(token))
        #expect(!RedirectionSignature().verifies(token))
        #expect(!signer.verifies(parts[0] + "." + parts[1] + "."))
        #expect(!signer.verifies(parts[0] + "." + SandboxEncoding.base64URL(Data("{}".utf8)) + "." + parts[2]))
        #expect(!signer.verifies(parts[0] + "." + parts[1]))
    }
}
