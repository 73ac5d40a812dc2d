import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// `saveState()` and `restore(_:)` against a stub gateway: the snapshot's shape, what survives, what is refused.
@MainActor
@Suite("Save and restore: versioned snapshots, submitted checkouts, typed errors")
struct SaveRestoreTests {
    /// A transport that records every request and answers none (restore must make no call).
    static func silentConfiguration() -> (PurseCheckoutConfiguration, StubTransport) {
        let transport = StubTransport { _ in StubTransport.json(599, ["code": "NO_ROUTE"]) }
        return (PurseCheckoutConfiguration(transport: transport, now: { TestSessions.serverNow }), transport)
    }

    @Test(
        "the session survives a snapshot exactly, whatever the precision of its dates",
        arguments: [
            "2027-01-15T08:30:00Z", "2027-01-15T08:30:00.5Z", "2027-01-15T08:30:00.999Z",
            "2027-01-15T08:30:00.592122Z", "2027-01-15T10:30:00.123456789+02:00",
        ])
    func sessionRoundTrip(expiration: String) throws {
        var params = try #require(TestSessions.params().objectValue)
        var payment = try #require(params["paymentSession"]?.objectValue)
        payment["expiration_date"] = .string(expiration)
        params["paymentSession"] = .object(payment)
        let session = try SessionDecoder.decode(params: .object(params))
        let rebuilt = try SessionDecoder.decode(params: SnapshotSession.params(of: session))
        // Exact but for the saved instruments' fields a snapshot never writes (`value`, `payment_id`…).
        #expect(rebuilt == SnapshotSession.restoredForm(of: session))
        #expect(rebuilt.paymentTokens == session.paymentTokens)
        #expect(rebuilt.savedSecondaryTokens == session.savedSecondaryTokens)
    }

    @Test("the real legacy session and the 67-protocol fixture survive a snapshot exactly")
    func fixturesRoundTrip() throws {
        for name in ["legacy-session-sample", "large-session"] {
            let session = try sessionDecodeFixture(name)
            let rebuilt = try SessionDecoder.decode(params: SnapshotSession.params(of: session))
            #expect(rebuilt == SnapshotSession.restoredForm(of: session), "\(name)")
            #expect(rebuilt.paymentTokens == session.paymentTokens, "\(name)")
            #expect(rebuilt.savedSecondaryTokens == session.savedSecondaryTokens, "\(name)")
        }
    }

    @Test("a snapshot is versioned JSON naming its session; Codable keeps it as its text")
    func snapshotShape() async throws {
        let (checkout, _) = try await TestSessions.open()
        let snapshot = checkout.saveState()
        let document = try JSONValue.parse(snapshot.data)
        #expect(document["format"] == "purse-headless-checkout-state")
        #expect(document["version"] == 1)
        #expect(snapshot.version == CheckoutSnapshot.currentVersion)
        #expect(snapshot.sessionID == "ps-1")
        let encoded = try JSONEncoder().encode([snapshot])
        #expect(try JSONDecoder().decode([CheckoutSnapshot].self, from: encoded) == [snapshot])
        #expect(CheckoutSnapshot(data: Data("nope".utf8)).sessionID == nil)
    }

    @Test("an open checkout comes back with its primary and split, without a network call, and can pay")
    func restoresOpenCheckout() async throws {
        let (checkout, _) = try await TestSessions.open()
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" })
        try checkout.setPrimaryToken(token)
        let (configuration, silent) = Self.silentConfiguration()
        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: configuration)
        #expect(silent.requests.isEmpty)
        #expect(restored.session == SnapshotSession.restoredForm(of: checkout.session))
        #expect(restored.primary == .paymentToken(token))
        #expect(restored.amountSplit == checkout.amountSplit)
        #expect(restored.isPaymentFulfilled)
        #expect(restored.sessionState == .ready)
        #expect(restored.submittedPayment == nil)
        #expect(restored.paymentTokens == checkout.paymentTokens)

        let (payable, transport) = try await TestSessions.open { _ in SubmissionTests.validateAnswer() }
        let again = try PurseHeadlessCheckout.restore(
            checkout.saveState(),
            configuration: PurseCheckoutConfiguration(transport: transport, now: { TestSessions.serverNow }))
        _ = payable
        #expect(try await again.submitPayment().globalStatus == .success)
        #expect(again.sessionState == .submitted)
    }

    @Test("a submitted checkout refuses a second submit after restore, in every copy, and keeps what to confirm")
    func submittedRefusesAgain() async throws {
        let (checkout, transport) = try await TestSessions.open { request in
            request.url.path.hasSuffix("/init")
                ? StubTransport.json(
                    200, ["id": "i", "step_id": 1, "status": ["action": "INIT", "state": "SUCCESS", "code": "OK"]])
                : SubmissionTests.validateAnswer(state: "WAITING", redirection: ["url": "https://psp.example/pay/1"])
        }
        try checkout.setPrimary(checkout.paymentMethods[0])
        try await checkout.submitPayment()
        let snapshot = checkout.saveState()
        let validates = transport.requests(endingWith: "/validate").count
        for _ in 0..<2 {
            let (configuration, silent) = Self.silentConfiguration()
            let copy = try PurseHeadlessCheckout.restore(snapshot, configuration: configuration)
            #expect(copy.sessionState == .submitted)
            #expect(copy.submittedPayment?.sessionID == "ps-1")
            #expect(copy.submittedPayment?.isPending == true)
            #expect(copy.submittedPayment?.redirection == .get(URL(string: "https://psp.example/pay/1")!))
            #expect(copy.primary?.id == "fintecture-instantpayment")
            let error = await #expect(throws: PurseCheckoutError.self) { try await copy.submitPayment() }
            #expect(error?.code == .sessionAlreadySubmitted)
            #expect(throws: PurseCheckoutError.self) { try copy.setPrimary(copy.paymentMethods[1]) }
            let element = copy.paymentElement(for: .primaryMethod(copy.paymentMethods[0]))
            await element.prepare()
            guard case .failed(let refused) = await element.submitAndWait() else {
                Issue.record("expected failed")
                continue
            }
            #expect(refused.code == .sessionAlreadySubmitted)
            #expect(silent.requests.isEmpty)
        }
        #expect(transport.requests(endingWith: "/validate").count == validates)
    }

    @Test("a checkout saved while /validate was under way is restored as submitted")
    func savedWhileSubmitting() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (checkout, _) = try await TestSessions.open { request in
            if request.url.path.hasSuffix("/validate") { for await _ in gate { break } }
            return SubmissionTests.validateAnswer()
        }
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" }))
        let submit = Task { try await checkout.submitPayment() }
        while checkout.sessionState != .submitting { await Task.yield() }
        let snapshot = checkout.saveState()
        open.yield()
        _ = try await submit.value
        let (configuration, _) = Self.silentConfiguration()
        let restored = try PurseHeadlessCheckout.restore(snapshot, configuration: configuration)
        #expect(restored.sessionState == .submitted)
        #expect(restored.submittedPayment == nil)  // the answer never arrived before the save
        await #expect(throws: PurseCheckoutError.self) { try await restored.submitPayment() }
    }

    @Test("a submitted checkout stays readable after its session expired; an open one refuses edits")
    func expiredSessions() async throws {
        let (checkout, _) = try await TestSessions.open { _ in SubmissionTests.validateAnswer() }
        let open = checkout.saveState()
        try checkout.setPrimaryToken(try #require(checkout.paymentTokens.first { $0.id == "tok-nocvv" }))
        try await checkout.submitPayment()
        let submitted = checkout.saveState()
        let later = TestSessions.expiry.addingTimeInterval(3600)
        let configuration = PurseCheckoutConfiguration(
            transport: StubTransport { _ in StubTransport.json(599, [:]) }, now: { later })
        let readable = try PurseHeadlessCheckout.restore(submitted, configuration: configuration)
        #expect(readable.submittedPayment?.globalStatus == .success)
        let stale = try PurseHeadlessCheckout.restore(open, configuration: configuration)
        let error = #expect(throws: PurseCheckoutError.self) { try stale.setPrimary(stale.paymentMethods[0]) }
        #expect(error?.code == .expiredSession)
        #expect(stale.sessionState == .expired)
    }

    static func document(_ change: (inout [String: JSONValue]) -> Void) async throws -> CheckoutSnapshot {
        let (checkout, _) = try await TestSessions.open()
        try checkout.setPrimary(checkout.paymentMethods[0])
        var document = try #require(try JSONValue.parse(checkout.saveState().data).objectValue)
        change(&document)
        return CheckoutSnapshot(data: JSONValue.object(document).serialized())
    }

    @Test("a snapshot from a newer SDK is a typed error", arguments: [2, 99])
    func futureVersion(version: Int) async throws {
        let snapshot = try await Self.document { $0["version"] = .integer(Int64(version)) }
        let error = #expect(throws: PurseCheckoutError.self) { try PurseHeadlessCheckout.restore(snapshot) }
        #expect(error?.code == .stateSnapshotUnsupportedVersion)
    }

    @Test(
        "corrupt snapshots are typed errors naming what is wrong",
        arguments: [
            "format", "version0", "session", "phase", "phaseSubmitting", "primaryUnknown", "primaryKind", "share",
            "shareTooBig", "token", "offset",
        ])
    func corrupt(kind: String) async throws {
        let snapshot = try await Self.document { document in
            switch kind {
            case "format": document["format"] = "something-else"
            case "version0": document["version"] = 0
            case "session": document["session"] = ["apiKey": 1]
            case "phase": document["phase"] = "paid"
            case "phaseSubmitting": document["phase"] = "submitting"
            case "primaryUnknown": document["primary"] = ["kind": "method", "id": "nobody-nothing"]
            case "primaryKind": document["primary"] = ["kind": "card", "id": "fintecture-instantpayment"]
            case "share": document["secondary_shares"] = [["id": "x", "partner": "illicado"]]
            case "shareTooBig":
                document["secondary_shares"] = [
                    [
                        "id": "x", "partner": "illicado", "method": "giftcard", "amount": 999_999, "balance": 999_999,
                        "take_policy": "none",
                    ]
                ]
            case "token": document["payment_tokens"] = [["id": "tok-unknown", "favorite": false]]
            default: document["server_clock_offset_ms"] = "soon"
            }
        }
        let error = #expect(throws: PurseCheckoutError.self) { try PurseHeadlessCheckout.restore(snapshot) }
        #expect(error?.code == .stateSnapshotMalformed)
        #expect(error?.kind == .session)
    }

    @Test("bytes that are not a snapshot are a typed error", arguments: ["", "null", "[]", "{", "{\"version\":1}"])
    func notASnapshot(text: String) {
        let error = #expect(throws: PurseCheckoutError.self) {
            try PurseHeadlessCheckout.restore(CheckoutSnapshot(data: Data(text.utf8)))
        }
        #expect(error?.code == .stateSnapshotMalformed)
    }
}
