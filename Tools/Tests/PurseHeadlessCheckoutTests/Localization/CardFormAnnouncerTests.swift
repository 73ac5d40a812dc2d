import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// What `PaymentElementView` tells VoiceOver as a shopper fills a card form: the rule, on a real form.
@MainActor
@Suite("Card form announcements: the brand once detected, an error when it appears")
struct CardFormAnnouncerTests {
    /// A prepared card element's form; the checkout and the element are returned too, for the test to keep.
    private func form() async throws -> (PurseHeadlessCheckout, PaymentElement, CardForm) {
        let checkout = try await CardSessions.open(CardSessions.params(), locale: Locale(identifier: "en"))
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        return (checkout, element, try #require(element.cardForm))
    }

    @Test("typing a card number announces its brand once; clearing it announces nothing")
    func brand() async throws {
        let (checkout, element, form) = try await form()
        defer { withExtendedLifetime((checkout, element)) {} }
        var announcer = CardFormAnnouncer()
        #expect(announcer.announcements(for: .init(form, editing: .pan)).isEmpty)
        form.pan = "4111 1111"
        await form.settleBrandLookup()  // the vault's BIN look-up answers
        let said = announcer.announcements(for: .init(form, editing: .pan))
        #expect(said.map(\.key) == ["announcement.brandDetected"])
        #expect(said.map { form.environment.localizer.string($0) } == ["Card brand: Visa"])
        form.pan = "4111 1111 1111"
        await form.settleBrandLookup()
        #expect(announcer.announcements(for: .init(form, editing: .pan)).isEmpty)  // the same brand: said once
        form.pan = ""
        #expect(announcer.announcements(for: .init(form, editing: .pan)).isEmpty)
        form.pan = "5555 5555"
        await form.settleBrandLookup()
        #expect(announcer.announcements(for: .init(form, editing: .pan)).map(\.key) == ["announcement.brandDetected"])
    }

    @Test("an error is announced when the shopper leaves the field, once, and again if it comes back")
    func fieldError() async throws {
        let (checkout, element, form) = try await form()
        defer { withExtendedLifetime((checkout, element)) {} }
        var announcer = CardFormAnnouncer()
        form.expiry = "13/24"
        #expect(announcer.announcements(for: .init(form, editing: .expiry)).isEmpty)  // not an error while typing
        let left = announcer.announcements(for: .init(form, editing: .cvv))
        #expect(left.map(\.key) == ["announcement.fieldInvalid"])
        #expect(left.first.map { form.environment.localizer.string($0) }?.hasPrefix("Expiry") == true)
        #expect(announcer.announcements(for: .init(form, editing: .holderName)).isEmpty)  // still shown: not again
        form.expiry = "12/34"
        #expect(announcer.announcements(for: .init(form, editing: nil)).isEmpty)
        form.expiry = "00/34"
        #expect(announcer.announcements(for: .init(form, editing: nil)).map(\.key) == ["announcement.fieldInvalid"])
    }

    @Test("a brand and an error arriving together: the brand first, then the fields in their order")
    func order() {
        var announcer = CardFormAnnouncer()
        let error = PurseMessage("cardFieldError.format.pan")
        let said = announcer.announcements(
            for: .init(brands: [.visa], messages: [.cvv: PurseMessage("cardFieldError.format.cvv"), .pan: error]))
        #expect(
            said == [
                PurseAnnouncement.brandDetected([.visa])!, PurseAnnouncement.fieldInvalid(.pan, error: error),
                PurseAnnouncement.fieldInvalid(.cvv, error: PurseMessage("cardFieldError.format.cvv")),
            ])
    }

    @Test("a saved card's CVV field: its error is announced as the shopper leaves it, once, and again if it returns")
    func savedCardCVV() async throws {
        let stub = GatewayStub()
        let checkout = try await CardSessions.open(stub: stub)
        let card = try #require(checkout.paymentTokens.first { $0.id == "tok-cvv" })
        let element = checkout.paymentElement(for: .paymentToken(card))
        let field = try #require(element.cvvField)
        defer { withExtendedLifetime((checkout, element)) {} }
        var announcer = CardFormAnnouncer()
        field.cvv = "12"
        #expect(announcer.announcements(for: .init(field, editing: true)).isEmpty)  // not while typing
        let left = announcer.announcements(for: .init(field, editing: false))
        #expect(left.map(\.key) == ["announcement.fieldInvalid"])
        let spoken = left.first.map { field.environment.localizer.string($0) } ?? ""
        #expect(spoken.hasPrefix(field.environment.localizer.string(CardField.cvv.titleMessage)), "\(spoken)")
        #expect(announcer.announcements(for: .init(field, editing: false)).isEmpty)  // still shown: not again
        field.cvv = "123"
        #expect(announcer.announcements(for: .init(field, editing: false)).isEmpty)
        field.cvv = "1"
        #expect(announcer.announcements(for: .init(field, editing: false)).map(\.key) == ["announcement.fieldInvalid"])
    }
}
