import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// A pending page's content never reaches a snapshot: a PSP page posts the card in hidden fields (`cardNo`,
/// `cardCvv`), so `saveState()` keeps only the page's kind and target host, and a restored checkout says it
/// cannot show the page again.
@MainActor
@Suite("Pending page snapshots: kind and host, never a form's values")
struct PendingPageSnapshotTests {
    /// A real-world auto-submitting PSP page: card number, CVV, expiry and holder in hidden fields.
    static func pspPage() throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: "psp-autosubmit-page", withExtension: "html", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A checkout on a stub gateway whose `/validate` waits on `redirection`, submitted.
    static func submitted(redirection: JSONValue) async throws -> PurseHeadlessCheckout {
        let (checkout, _) = try await SubmissionTests.open(
            routes: RedirectionElementTests.gateway(redirection: redirection))
        try checkout.setPrimary(checkout.paymentMethods[0])
        try await checkout.submitPayment()
        return checkout
    }

    /// Every string in the snapshot document, at any depth.
    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(strings)
        case .object(let members): return members.values.flatMap(strings) + members.keys
        default: return []
        }
    }

    /// Fails when any of `values` appears in the snapshot, as a value or inside its text, except a value the
    /// session itself holds (`baseline`: a snapshot of the same checkout before submit, e.g. the brand `VISA`).
    static func expectNone(
        of values: [String], in snapshot: CheckoutSnapshot, baseline: CheckoutSnapshot? = nil
    ) throws {
        let text = String(decoding: snapshot.data, as: UTF8.self)
        let strings = Self.strings(try JSONValue.parse(snapshot.data))
        let before = baseline.map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        for value in values where !before.contains(value) {
            #expect(!text.contains(value), "the snapshot holds \(value)")
            #expect(!strings.contains(value), "the snapshot holds \(value)")
        }
    }

    @Test("the fixture is a real auto-submitting card page: one form, posting the card in hidden fields")
    func fixtureShape() throws {
        let forms = RedirectHTML.forms(in: try Self.pspPage())
        #expect(forms.count == 1)
        let names = Set(try #require(forms.first).fields.map(\.name))
        #expect(names.isSuperset(of: ["cardNo", "cardCvv", "cardExpiryDate", "cardHolderName"]))
        #expect(forms.first?.action == "https://secure.psp.example/paymentinit/card")
    }

    @Test("a snapshot taken while the PSP page is pending holds none of its field values, nor the document")
    func postHTMLPageNotKept() async throws {
        let html = try Self.pspPage()
        let (checkout, _) = try await SubmissionTests.open(
            routes: RedirectionElementTests.gateway(redirection: ["form": .string(html), "name": "psp"]))
        try checkout.setPrimary(checkout.paymentMethods[0])
        let baseline = checkout.saveState()
        try await checkout.submitPayment()
        #expect(checkout.submittedPayment?.redirection == .postHTML(html: html, name: "psp"))
        let snapshot = checkout.saveState()
        let fields = try #require(RedirectHTML.forms(in: html).first).fields
        let card = fields.filter { $0.name.hasPrefix("card") }.map(\.value)
        #expect(card.count == 4)
        let baselineText = String(decoding: baseline.data, as: UTF8.self)
        #expect(card.allSatisfy { !baselineText.contains($0) })  // so each one is checked below
        try Self.expectNone(
            of: fields.map(\.value) + ["paymentForm", "document.forms"], in: snapshot, baseline: baseline)
        let page = try #require(try JSONValue.parse(snapshot.data)["submitted_payment"]?["page"])
        #expect(page["kind"]?.stringValue == "post_html")
        #expect(page["target_host"]?.stringValue == "secure.psp.example")
    }

    @Test("a restored checkout keeps the page's kind, host and attempt, and says the page cannot be shown again")
    func restoredSaysSo() async throws {
        let checkout = try await Self.submitted(redirection: ["form": .string(try Self.pspPage())])
        let lines = Locked<[String]>([])
        var configuration = SaveRestoreTests.silentConfiguration().0
        configuration.logHandler = { entry in lines.withLock { $0.append(entry.message) } }
        let restored = try PurseHeadlessCheckout.restore(checkout.saveState(), configuration: configuration)
        let payment = try #require(restored.submittedPayment)
        #expect(restored.sessionState == .submitted)
        #expect(payment.isPending)
        #expect(payment.redirection == nil)
        #expect(payment.page == PendingPage(kind: .postHTML, targetHost: "secure.psp.example", canBeShownAgain: false))
        #expect(payment.attemptKey == checkout.submittedPayment?.attemptKey)
        #expect(payment.attemptKey != nil)
        #expect(lines.withLock { $0 }.contains { $0.contains("cannot be shown again") })
    }

    @Test("a POST form's fields are not kept either; a GET page keeps its URL and can be shown again")
    func postFormAndGet() async throws {
        let form = try await Self.submitted(redirection: [
            "url": "https://acs.psp.example/challenge", "method": "POST",
            "fields": ["cardNo": "4970101122334455", "cardCvv": "737", "PaReq": "eJxVUctuwjAQ"],
        ])
        try Self.expectNone(of: ["4970101122334455", "eJxVUctuwjAQ", "cardCvv"], in: form.saveState())
        let restoredForm = try PurseHeadlessCheckout.restore(
            form.saveState(), configuration: SaveRestoreTests.silentConfiguration().0)
        #expect(
            restoredForm.submittedPayment?.page
                == PendingPage(kind: .postForm, targetHost: "acs.psp.example", canBeShownAgain: false))
        #expect(restoredForm.submittedPayment?.redirection == nil)

        let get = try await Self.submitted(redirection: ["url": "https://psp.example/pay/1"])
        let restoredGet = try PurseHeadlessCheckout.restore(
            get.saveState(), configuration: SaveRestoreTests.silentConfiguration().0)
        #expect(restoredGet.submittedPayment?.redirection == .get(URL(string: "https://psp.example/pay/1")!))
        #expect(restoredGet.submittedPayment?.page?.canBeShownAgain == true)
    }

    @Test("a snapshot written with the whole document (older SDKs) is reduced at restore: saving again drops it")
    func olderSnapshotReduced() async throws {
        let html = try Self.pspPage()
        let checkout = try await Self.submitted(redirection: ["form": .string(html)])
        guard case .object(var document) = try JSONValue.parse(checkout.saveState().data) else {
            Issue.record("a snapshot is an object")
            return
        }
        document["submitted_payment"] = [
            "session_id": .string(checkout.session.id), "global_status": "WAITING",
            "redirection": ["form": .string(html), "name": .null],
        ]
        let older = CheckoutSnapshot(data: JSONValue.object(document).serialized())
        let restored = try PurseHeadlessCheckout.restore(older, configuration: SaveRestoreTests.silentConfiguration().0)
        #expect(restored.submittedPayment?.redirection == nil)
        #expect(restored.submittedPayment?.page?.kind == .postHTML)
        #expect(restored.submittedPayment?.isPending == true)
        let fields = try #require(RedirectHTML.forms(in: html).first).fields
        let card = fields.filter { $0.name.hasPrefix("card") }.map(\.value)
        try Self.expectNone(of: card + ["TX20270115083000417", "paymentForm"], in: restored.saveState())
    }

    @Test("an unknown page kind in a snapshot is STATE_SNAPSHOT_MALFORMED naming the path")
    func unknownKind() async throws {
        let checkout = try await Self.submitted(redirection: ["url": "https://psp.example/pay/1"])
        guard case .object(var document) = try JSONValue.parse(checkout.saveState().data) else {
            Issue.record("a snapshot is an object")
            return
        }
        document["submitted_payment"] = [
            "session_id": .string(checkout.session.id), "global_status": "WAITING",
            "page": ["kind": "iframe", "target_host": "psp.example"],
        ]
        let error = #expect(throws: PurseCheckoutError.self) {
            try PurseHeadlessCheckout.restore(
                CheckoutSnapshot(data: JSONValue.object(document).serialized()),
                configuration: SaveRestoreTests.silentConfiguration().0)
        }
        #expect(error?.code == .stateSnapshotMalformed)
        #expect(error?.message.contains("snapshot.submitted_payment.page") == true)
    }
}
