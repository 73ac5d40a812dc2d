internal import Foundation

/// The sandbox's `purse-redirection-data`: a compact JWS (`header.payload.signature`, RFC 7515 §7.1), the shape
/// Purse sends.
///
/// What the signature **is**: HMAC-SHA256 (`"alg": "HS256"`, `"kid": "purse-sandbox"`) over
/// `header.payload`, under a random key each sandbox draws when it starts; ``PurseSandbox/verifyRedirectionData(_:)``
/// checks it. What it **is not**: Purse's signature. Purse signs with RSA keys published at
/// `GET /payment/v2/signing-jwks`; the sandbox publishes no key, a verifier written for Purse rejects these
/// tokens, and anyone can build an unsigned look-alike. The SDK verifies no signature at all: it reads the
/// payload as a hint (`RedirectionData`), and the payment's status comes from the merchant backend.
struct RedirectionSignature: Sendable {
    /// The HMAC key, 32 random bytes.
    private let key: [UInt8]

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(key: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// A signer with `key` (at most 64 bytes, one SHA-256 block).
    init(key: [UInt8]) {
        precondition(key.count <= 64, "an HMAC key longer than a block is not used here")
        self.key = key
    }

    /// The protected header every token carries.
    static let header = #"{"alg":"HS256","kid":"purse-sandbox","typ":"JWT"}"#

    /// `header.payload.signature` for `claims`.
    func token(claims: Data) -> String {
        let signingInput =
            SandboxEncoding.base64URL(Data(Self.header.utf8)) + "." + SandboxEncoding.base64URL(claims)
        return signingInput + "." + SandboxEncoding.base64URL(Data(mac(Array(signingInput.utf8))))
    }

    /// Whether `token` is a compact JWS this key signed.
    func verifies(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = SandboxEncoding.decodeBase64(String(parts[2])) else { return false }
        let expected = mac(Array("\(parts[0]).\(parts[1])".utf8))
        guard signature.count == expected.count else { return false }
        // Constant time: every byte is compared whatever the first difference.
        return zip(signature, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// HMAC-SHA256 (RFC 2104) of `message` under the key.
    func mac(_ message: [UInt8]) -> [UInt8] {
        let block = key + [UInt8](repeating: 0, count: 64 - key.count)
        let inner = SandboxSHA256.digest(block.map { $0 ^ 0x36 } + message)
        return SandboxSHA256.digest(block.map { $0 ^ 0x5c } + inner)
    }
}

extension PurseSandbox {
    /// Whether `value` (a `purse-redirection-data` this sandbox sent) carries this sandbox's signature: an HMAC
    /// under a key drawn when the sandbox started, **not** Purse's RSA signature (the sandbox publishes no JWKS).
    /// For tests of code that passes the value on; the SDK itself verifies nothing and reads the payload as a hint.
    public func verifyRedirectionData(_ value: String) -> Bool {
        redirectionSignature.verifies(value)
    }
}
