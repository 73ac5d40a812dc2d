import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// DESIGN §7: a gift-card number or PIN never reaches a log line, an error message or a description.
@MainActor
@Suite("Gift card data never leaks")
struct CardDataRedactionTests {
    static let pan = GiftCardSessions.illicadoPAN
    static let pin = GiftCardSessions.illicadoPIN
    static let secrets = [pan, "6003 5800 0000 0000 011", "580000000000"]

    /// The card number's forms found anywhere in `text`, and the PIN found as a word of its own (`SecretWords`,
    /// shared with the integration scans through a symbolic link): as a bare substring, a 4-digit PIN also
    /// turns up inside a timing such as `0.000131234 seconds`, which failed CI once.
    static func leaks(_ text: String) -> [String] {
        secrets.filter { text.contains($0) } + (SecretWords.holds(text, code: pin) ? [pin] : [])
    }

    @Test("the scan itself: a PIN standing alone or a card number anywhere is a leak; digits inside a timing are not")
    func scanFindsLeaks() {
        #expect(Self.leaks("PIN \(Self.pin) refused") == [Self.pin])
        #expect(Self.leaks("code=\(Self.pin);") == [Self.pin])
        #expect(Self.leaks("card x\(Self.pan)y") == [Self.pan, "580000000000"])
        #expect(Self.leaks("Payment API POST /init → HTTP 200 in 0.000131234 seconds").isEmpty)
    }

    /// The longest run of ASCII digit characters, spaces and dashes between them allowed, counted over characters
    /// (the rule `Redaction.scrub` states; its first pass reads bytes).
    static func longestDigitRun(_ text: String) -> Int {
        var longest = 0
        var count = 0
        for character in text {
            if character.isASCII, character.isNumber {
                count += 1
                longest = max(longest, count)
            } else if character != " " && character != "-" {
                count = 0
            }
        }
        return longest
    }

    @Test(
        "scrub masks exactly the runs of 12 digits counted over characters, whatever the bytes around them",
        arguments: [
            "4111 1111 1111 1111", "4111-1111-1111-1111", "card 411111111111 refused", "41111111111\u{301}1",
            "4111 1111 111\u{301} 1111", "\u{FF14}\u{FF11}\u{FF11}\u{FF11}111111111", "12345678901",
            "1 2 3 4 5 6 7 8 9 0 1 2",
            "é411111111111é", "4111111111111\r\n1111", "no digits at all", "",
        ])
    func scrubFollowsCharacters(text: String) {
        let scrubbed = Redaction.scrub(text)
        if Self.longestDigitRun(text) < 12 {
            #expect(scrubbed == text)
        } else {
            #expect(scrubbed != text)
            #expect(Self.longestDigitRun(scrubbed) < 12)
            #expect(scrubbed.count == text.count)  // masked in place, one • per digit
        }
        #expect(Redaction.scrub(scrubbed) == scrubbed)
    }

    @Test("a token prints masked: description, debugDescription, interpolation, dump and Mirror")
    func tokenPrintsMasked() throws {
        let token = SecondaryToken(
            id: "t-1", partner: .illicado, method: .giftcard, pan: Self.pan, cvv: Self.pin, balanceMinorUnits: 5000,
            totalBalance: 50, currency: .eur, canBeRegistered: true, expirationDate: nil, partnerReference: "REF",
            stepID: 1, pluginResult: ["balance": 5000], sessionID: "ps-1")
        #expect(token.description == "SecondaryToken(illicado-giftcard, •••• 0011, balance 50.00 EUR, id: t-1)")
        #expect(token.maskedPAN == "•••• 0011")
        #expect(token.lastFour == "0011")
        var dumped = ""
        dump(token, to: &dumped)
        let mirrored = Mirror(reflecting: token).children.map { "\($0.label ?? ""): \($0.value)" }.joined(
            separator: ", ")
        for text in [
            token.description, token.debugDescription, "\(token)", String(reflecting: token), dumped, mirrored,
        ] {
            #expect(Self.leaks(text).isEmpty, "leaked in: \(text)")
            #expect(text.contains("0011"))
        }
        let inCollection = "\([token])"
        #expect(Self.leaks(inCollection).isEmpty)
    }

    @Test("a short voucher code shows no characters at all")
    func shortCodes() {
        let token = SecondaryToken.stub("v", partner: .easy2play, method: .voucher, pan: "ABC1234", balance: 100)
        #expect(token.maskedPAN == "•••• ")
        #expect(!token.description.contains("ABC1234") && !token.description.contains("1234"))
    }

    @Test("no log line and no error message carries the PAN or PIN, across every flow")
    func logsAndErrors() async throws {
        let lines = LogLines()
        let issuer = StubIssuer()
        let (checkout, _) = try await GiftCardSessions.open(amount: "80.00", issuer: issuer) {
            $0.logHandler = lines.handler
        }
        var errors: [PurseCheckoutError] = []
        let illicado = GiftCardSessions.method(checkout, .illicado)
        for (pan, cvv) in [
            ("6003 5800 0000 0000 01", Self.pin), (Self.pan, nil), (Self.pan, "123"), (Self.pan, "9999"),
            ("6003580000000000037", Self.pin),
        ] {
            do {
                _ = try await checkout.getSecondaryToken(method: illicado, pan: pan, cvv: cvv)
            } catch {
                errors.append(PurseCheckoutError(error))
            }
        }
        let token = try await checkout.getSecondaryToken(method: illicado, pan: Self.pan, cvv: Self.pin)
        try checkout.applySecondary(token)
        do { try checkout.applySecondary(token, amount: 500) } catch {
            errors.append(PurseCheckoutError(error))
        }
        do { try checkout.registerSecondary(token, registered: true, name: Self.pan + "1234567") } catch {
            errors.append(PurseCheckoutError(error))
        }
        try checkout.registerSecondary(token, registered: true, name: "gift one")
        try checkout.applySecondary(try #require(checkout.savedSecondaryTokens.first { $0.balanceResolved }))
        _ = try await checkout.submitPayment()
        #expect(errors.count == 7)
        for error in errors {
            #expect(Self.leaks(error.message).isEmpty, "\(error.code) leaked: \(error.message)")
            #expect(Self.leaks(error.description).isEmpty)
        }
        let logged = lines.all
        #expect(!logged.isEmpty)
        for line in logged { #expect(Self.leaks(line.message).isEmpty, "log leaked: \(line.message)") }
        // The card data did travel where it must: to the issuer, at /init and /validate.
        #expect(issuer.validations.first?.first?["payment_data"]?["card"]?["number"] == .string(Self.pan))
    }

    @Test("a server message echoing a card number is masked in the error")
    func serverEcho() async throws {
        let (checkout, _) = try await TestSessions.open(GiftCardSessions.params(savedGiftCards: false)) { _ in
            StubTransport.json(
                200,
                [
                    "status": ["state": "FAILED", "code": "card 6003580000000000011 blocked"],
                    "plugin_result": [:],
                ])
        }
        let error = await #expect(throws: PurseCheckoutError.self) {
            try await checkout.getSecondaryToken(
                method: GiftCardSessions.method(checkout, .illicado), pan: Self.pan, cvv: Self.pin)
        }
        #expect(error?.code == .failedToInitSecondaryToken)
        for text in [error?.message ?? "", error?.serverCode ?? "", error?.description ?? ""] {
            #expect(!text.contains(Self.pan), "leaked: \(text)")
        }
    }
}
