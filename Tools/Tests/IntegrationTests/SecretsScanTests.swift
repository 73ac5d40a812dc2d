import Foundation
import PurseCheckoutTesting
import PurseSandbox
import Testing

@testable import PurseHeadlessCheckout

/// Every main flow in one place, with a log sink (DESIGN §7): gift cards (read, refused, applied, capped,
/// registered, saved), a saved card with its CVV (wrong, then right), fresh card entry with a failed BIN look-up
/// and a retried tokenization, 3-D Secure, a redirection method with gift cards, wallet edits, save and restore
/// (open, mid-redirect, submitted). Every log line, error message, description (`String(describing:)`,
/// `String(reflecting:)`, `dump()`) and snapshot is scanned for every test PAN, CVV and PIN used.
///
/// The gift-card, card and redirection suites each scan their own flows; this one runs them all together.
@MainActor
@Suite("Secrets never leak, across every main flow")
struct SecretsScanTests {
    /// Card and gift-card numbers used below (and the saved gift cards' numbers, which only the sandbox knows).
    static let numbers = [
        Catalogue.illicado50.pan, Catalogue.illicadoBlocked.pan, Catalogue.ogloba100.pan, Catalogue.easy2play25.pan,
        Catalogue.easy2play15.pan, "8000000000000045", "8000000000000052", "8000000000000060", "4000000000000002",
        "4000000000003220", "4111111111111111", "424242424242",
    ]
    /// Voucher codes are the card number of a voucher.
    static let voucherCodes = [Catalogue.voucher10]
    /// CVVs and PINs used below.
    static let codes = [
        Catalogue.illicado50.pin, Catalogue.ogloba100.pin, Catalogue.easy2play25.pin, Catalogue.easy2play15.pin,
        "846", "5270", "123",
    ]

    /// The leaks found in `texts`: which secret, in which text. A number counts in full (spaces removed, as a
    /// formatted PAN has them); a code counts as a word of its own.
    static func leaks(in texts: [String]) -> [String] {
        var found: [String] = []
        for text in texts {
            let joined = text.replacingOccurrences(of: " ", with: "")  // a PAN formatted in groups
            let textWords = Set(SecretWords.words(text).map(String.init))
            for number in numbers {
                guard let range = joined.range(of: number) else { continue }
                let before = joined[..<range.lowerBound].suffix(200)
                found.append(
                    "\(number.prefix(4))… in \(text.prefix(60)) after: \(before.replacingOccurrences(of: number, with: "<PAN>"))"
                )
            }
            for code in voucherCodes + codes where textWords.contains(code) {
                found.append("code '\(code)' in …\(SecretWords.context(of: code, in: text))…")
            }
        }
        return found
    }

    @Test("the scanner finds what it looks for")
    func scannerFindsPlantedSecrets() {
        #expect(Self.leaks(in: ["card 6003 5800 0000 0000 011"]).count == 1)
        #expect(Self.leaks(in: ["pin=1234;"]).count == 1)
        #expect(Self.leaks(in: ["voucher VOUCHER10 applied"]).count == 1)
        #expect(Self.leaks(in: ["took 1234567 ns", "token 0b5e55ed-0000-4000-8000-000000000006", "•••• 0011"]).isEmpty)
        // A UUID whose version group happens to read like a PIN is an id, not the PIN.
        #expect(Self.leaks(in: ["id: Optional(\"56b8232e-4001-4321-b8ce-92480b4db0db\")"]).isEmpty)
        #expect(Self.leaks(in: ["- timeIntervalSinceReferenceDate: 786139545.4321"]).isEmpty)
        #expect(Self.leaks(in: ["id 56b8232e-4001-4000-b8ce-92480b4db0db, pin 4321."]).count == 1)
        // A measured duration is not the CVV, in a snapshot's JSON (plain or escaped) or in a log line.
        #expect(Self.leaks(in: [#"{"server_clock_offset_ms":-123,"session":{}}"#]).isEmpty)
        #expect(Self.leaks(in: [#"{\"server_clock_offset_ms\": 123}"#, "answered in 123 ms"]).isEmpty)
        #expect(Self.leaks(in: [#"{"server_clock_offset_ms":-5,"cvv":"123"}"#]).count == 1)
        #expect(Self.leaks(in: ["cvv 123, offset 8 ms"]).count == 1)
    }

    @Test("gift cards, saved and fresh cards, 3-D Secure, redirection, wallet, save/restore", arguments: Wire.allCases)
    func mainFlows(wire: Wire) async throws {
        let lines = LogLines()
        let harness = try Harness(wire)
        var texts: [String] = []
        func describe(_ value: Any) {
            var dumped = ""
            dump(value, to: &dumped)
            texts += [String(describing: value), String(reflecting: value), dumped]
        }
        func note(_ error: (any Error)?) {
            guard let error else { return }
            describe(error)
            if let error = error as? PurseCheckoutError { texts += [error.message, error.description] }
        }
        func note(_ outcome: PaymentOutcome) {
            describe(outcome)
            if case .failed(let error) = outcome { note(error) }
        }
        func caught(_ body: () async throws -> Void) async -> (any Error)? {
            do {
                try await body()
                return nil
            } catch {
                return error
            }
        }
        func snapshot(_ checkout: PurseHeadlessCheckout) -> CheckoutSnapshot {
            let snapshot = checkout.saveState()
            texts.append(String(decoding: snapshot.data, as: UTF8.self))
            describe(snapshot)
            return snapshot
        }
        let logged = harness.configuration { $0.logHandler = lines.handler }

        // 1. Gift cards, wallet edits, save/restore, a saved card with its CVV.
        let checkout = try await harness.openCheckout(amount: 200) { $0.logHandler = lines.handler }
        await checkout.waitForSavedSecondaryBalances()
        note(
            await caught {
                _ = try await checkout.read(
                    .illicado, pan: Catalogue.illicadoBlocked.pan, cvv: Catalogue.illicadoBlocked.pin)
            })
        note(await caught { _ = try await checkout.read(.illicado, pan: Catalogue.illicado50.pan) })
        note(await caught { _ = try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: "43") })
        let illicado = try await checkout.read(
            .illicado, pan: Catalogue.illicado50.pan, cvv: Catalogue.illicado50.pin)
        try checkout.applySecondary(illicado)
        try checkout.registerSecondary(illicado, registered: true, name: "Kept gift")
        let ogloba = try await checkout.read(.ogloba, pan: Catalogue.ogloba100.pan, cvv: Catalogue.ogloba100.pin)
        try checkout.applySecondary(ogloba, amount: 30)
        note(await caught { try checkout.applySecondary(ogloba, amount: 1000) })
        let easy = try await checkout.read(.easy2play, pan: Catalogue.easy2play25.pan, cvv: Catalogue.easy2play25.pin)
        try checkout.applySecondary(easy)
        try checkout.applySecondary(try checkout.savedGiftCard(Catalogue.savedGiftCard40))
        for token in [illicado, ogloba, easy] { describe(token) }
        describe(checkout.amountSplit)
        describe(checkout.savedSecondaryTokens)

        let card = try harness.demoToken("visa-requires-cvv", in: checkout)
        try await checkout.editToken(card, name: "Secret card")
        try await checkout.setTokenFavorite(card)
        try await checkout.editToken(try checkout.savedGiftCard(Catalogue.savedGiftCard40), name: "Gift renamed")
        note(await caught { try await checkout.editToken(card, name: "bad/name!") })
        try await checkout.deleteToken(try harness.demoToken("paypal-account", in: checkout))
        describe(checkout.paymentTokens)

        let open = snapshot(checkout)
        describe(try PurseHeadlessCheckout.restore(open, configuration: logged))
        let element = checkout.paymentElement(
            for: .paymentToken(try harness.demoToken("visa-requires-cvv", in: checkout)))
        await element.prepare()
        element.cvvField?.testingField.cvv = "5270"
        note(await element.submitAndWait())  // refused: the whole split is refused, nothing debited
        element.cvvField?.testingField.cvv = "123"
        describe(element)
        let paid = await element.submitAndWait()
        note(paid)
        #expect(completion(of: paid)?.globalStatus == .success)
        describe(checkout)
        describe(try PurseHeadlessCheckout.restore(snapshot(checkout), configuration: logged))

        // 2. Fresh card entry: a failed BIN look-up, a retried tokenization, a refusal, then 3-D Secure.
        let fresh = try await harness.openCheckout { $0.logHandler = lines.handler }
        let method = try #require(fresh.sandboxCardMethod)
        let cardElement = fresh.paymentElement(
            for: .primaryMethod(method), redirect: Opaque(ShopperPresenter(harness.sandbox)))
        await cardElement.prepare()
        let form = try #require(cardElement.cardForm)
        harness.sandbox.faults.inject(.status(503, count: 1), on: .vault)
        await enterCard(form, pan: "4000000000000002", cvv: "846")
        harness.sandbox.faults.inject(.status(502, count: 1), on: .vault)
        note(await cardElement.submitAndWait())  // declined
        await enterCard(form, pan: "4111111111111111", cvv: "846")
        form.testingFields.cvv = "84"
        texts += CardField.allCases.compactMap { form.feedback(for: $0, isEditing: false) }
        await enterCard(form, pan: "4000000000003220", cvv: "846")
        describe(form)
        describe(cardElement)
        let challenged = await cardElement.submitAndWait()
        note(challenged)
        guard case .returnedFromRedirect = challenged else {
            Issue.record("expected returnedFromRedirect, got \(challenged)")
            return
        }
        _ = snapshot(fresh)

        // 3. A redirection method with a gift card and a voucher; snapshot while the page is open, restore.
        let redirect = try await harness.openCheckout(amount: 80, shopper: nil) { $0.logHandler = lines.handler }
        try redirect.applySecondary(
            try await redirect.read(.easy2play, pan: Catalogue.easy2play15.pan, cvv: Catalogue.easy2play15.pin))
        try redirect.applySecondary(try await redirect.read(.easy2play, .voucher, pan: Catalogue.voucher10))
        let redirection = try #require(redirect.paymentMethods.first { $0.id == RedirectionMethod.get.rawValue })
        try redirect.setPrimary(redirection)
        let presenter = SnapshottingPresenter(inner: Opaque(ShopperPresenter(harness.sandbox)))
        presenter.checkout = redirect
        let redirectElement = redirect.paymentElement(for: .primaryMethod(redirection), redirect: presenter)
        await redirectElement.prepare()
        note(await redirectElement.submitAndWait())
        let midRedirect = try #require(presenter.snapshots.first)
        texts.append(String(decoding: midRedirect.data, as: UTF8.self))
        let restored = try PurseHeadlessCheckout.restore(midRedirect, configuration: logged)
        describe(restored)
        note(await caught { try await restored.submitPayment() })  // already submitted

        #expect(lines.lines.count > 30)
        #expect(texts.count > 50)
        let leaks = Self.leaks(in: lines.lines.map(\.message) + texts)
        #expect(leaks.isEmpty, "\(leaks)")
    }
}

/// The app's presenter, as a `dump()` of an element shows it: the test shopper holds the whole sandbox, whose
/// catalogue and idempotency records are full of test card numbers (server-side data, not the SDK's).
@MainActor
final class Opaque: RedirectPresenter, CustomReflectable {
    let inner: any RedirectPresenter
    init(_ inner: any RedirectPresenter) { self.inner = inner }
    func present(_ action: RedirectAction) async -> RedirectPresentationResult { await inner.present(action) }
    nonisolated var customMirror: Mirror { Mirror(self, children: [:]) }
}
