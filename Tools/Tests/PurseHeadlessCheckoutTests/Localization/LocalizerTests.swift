import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// French (and the other languages) through the API an iOS app uses: messages, amounts by locale, plurals,
/// overrides, shopper amount input, the checkout's locale.
@MainActor
struct LocalizerTests {
    static let french = PurseLocalizer(locale: Locale(identifier: "fr_FR"))

    /// `text` with every no-break space (U+00A0, U+202F) as a plain space: ICU versions differ on which one
    /// they put before `€`.
    static func plain(_ text: String) -> String {
        String(text.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 })
    }

    @Test("card field titles, placeholders and errors read French in a French locale, English in English")
    func cardText() {
        #expect(Self.french.string(CardField.pan.titleMessage) == "Numéro de carte")
        #expect(Self.french.string(CardField.expiry.placeholderMessage) == "MM/AA")
        #expect(
            Self.french.string(CardFieldError.format.localizedMessage(for: .pan))
                == "Ce numéro de carte n'est pas valide")
        #expect(CardField.pan.title == "Card number")
        #expect(CardFieldError.format.message(for: .pan) == "This card number is not valid")
        #expect(
            PurseLocalizer(locale: Locale(identifier: "de_DE")).string(CardField.cvv.titleMessage) == "Sicherheitscode")
        #expect(PurseLocalizer(locale: Locale(identifier: "nl")).string(CardField.pan.titleMessage) == "Kaartnummer")
    }

    @Test("amounts follow the locale: 12,50 € in French and German, €12.50 in English, digits of the currency")
    func amounts() {
        let amount = Decimal(string: "12.5")!
        #expect(Self.plain(Self.french.formatAmount(amount, currency: .eur)) == "12,50 €")
        #expect(
            Self.plain(PurseLocalizer(locale: Locale(identifier: "de_DE")).formatAmount(amount, currency: .eur))
                == "12,50 €")
        #expect(PurseLocalizer.english.formatAmount(amount, currency: .eur) == "€12.50")
        #expect(Self.plain(Self.french.formatAmount(1000, currency: .jpy)).hasPrefix("1 000"))
        #expect(!Self.french.formatAmount(1000, currency: .jpy).contains(","))
    }

    @Test("an availability reason's message: French amounts in French words")
    func unavailableReason() {
        let reason = UnavailableReason(.minAmountNotMet(minAmount: 50, restToPay: 30), currency: .eur)
        let message = reason.localizedMessage
        #expect(message.key == "unavailable.MIN_AMOUNT_NOT_MET")
        #expect(message["minAmount"] == .amount(50, .eur))
        #expect(
            Self.plain(Self.french.string(message))
                == "Disponible à partir de 50,00 € : il reste 30,00 € à payer. Retirez une carte cadeau pour utiliser ce moyen de paiement."
        )
        #expect(PurseLocalizer.english.string(message).hasPrefix("Available from €50.00: €30.00 is left to pay"))
    }

    @Test("plurals follow the language: French 0 and 1 are singular, English only 1")
    func plurals() {
        #expect(PluralCategory.of(0, language: "fr") == .one)
        #expect(PluralCategory.of(1, language: "fr") == .one)
        #expect(PluralCategory.of(2, language: "fr") == .other)
        #expect(PluralCategory.of(0, language: "en") == .other)
        #expect(PluralCategory.of(1, language: "de") == .one)
        let one = UnavailableReason(.usageLimitReached(limit: 1, count: 1), currency: .eur).localizedMessage
        let two = UnavailableReason(.usageLimitReached(limit: 2, count: 2), currency: .eur).localizedMessage
        #expect(PurseLocalizer.english.string(one).hasPrefix("Only 1 card of this kind per payment"))
        #expect(PurseLocalizer.english.string(two).hasPrefix("Only 2 cards of this kind per payment"))
        #expect(Self.french.string(one).hasPrefix("Une seule carte de ce type"))
        #expect(Self.french.string(two).hasPrefix("Au plus 2 cartes de ce type"))
    }

    @Test("an override replaces the SDK's text for its key only, arguments filled in; a plural form per variant")
    func overrides() {
        let localizer = PurseLocalizer(
            locale: Locale(identifier: "fr_FR"),
            overrides: [
                "cardField.cvv.title": "CVC", "unavailable.MIN_AMOUNT_NOT_MET": "Dès {minAmount}",
                "unavailable.USAGE_LIMIT_ERROR#other": "{limit} max.",
            ])
        #expect(localizer.string(CardField.cvv.titleMessage) == "CVC")
        #expect(localizer.string(CardField.pan.titleMessage) == "Numéro de carte")
        let reason = UnavailableReason(.minAmountNotMet(minAmount: 50, restToPay: 30), currency: .eur)
        #expect(Self.plain(localizer.string(reason.localizedMessage)) == "Dès 50,00 €")
        let two = UnavailableReason(.usageLimitReached(limit: 2, count: 2), currency: .eur).localizedMessage
        #expect(localizer.string(two) == "2 max.")
    }

    @Test("errors: a key per shopper-facing code, the group's key otherwise, the reason's key for an unavailable item")
    func errorKeys() {
        #expect(PurseCheckoutError(.networkError).localizedMessage.key == "error.NETWORK_ERROR")
        #expect(PurseCheckoutError(.sessionMalformed).localizedMessage.key == "error.kind.session")
        #expect(
            PurseCheckoutError(PurseCheckoutError.Code(rawValue: "SOMETHING_NEW")).localizedMessage.key
                == "error.kind.other")
        let reason = UnavailableReason(.paymentFulfilled, currency: .eur)
        #expect(
            PurseCheckoutError(.methodDisabled, unavailableReason: reason).localizedMessage.key
                == "unavailable.PAYMENT_FULFILLED")
        #expect(
            Self.french.string(PurseCheckoutError(.validateFailed).localizedMessage).hasPrefix(
                "Le paiement a été refusé"))
    }

    @Test("announcements: brand, invalid field, gift card with what is left to pay, payment declined")
    func announcements() throws {
        let brand = try #require(PurseAnnouncement.brandDetected([.visa]))
        #expect(PurseLocalizer.english.string(brand) == "Card brand: Visa")
        #expect(PurseAnnouncement.brandDetected([]) == nil)
        let invalid = PurseAnnouncement.fieldInvalid(.pan, error: CardFieldError.format.localizedMessage(for: .pan))
        #expect(Self.plain(Self.french.string(invalid)) == "Numéro de carte : Ce numéro de carte n'est pas valide")
        let applied = PurseAnnouncement.giftCardApplied(amount: 20, restToPay: Decimal(string: "30.5")!, currency: .eur)
        #expect(
            Self.plain(Self.french.string(applied))
                == "Carte cadeau appliquée : 20,00 € débités, il reste 30,50 € à payer")
        let covered = PurseAnnouncement.giftCardApplied(amount: 20, restToPay: 0, currency: .eur)
        #expect(covered.key == "announcement.giftCardCoversOrder")
        let declined = PurseAnnouncement.paymentDeclined(PurseCheckoutError(.validateFailed))
        #expect(
            PurseLocalizer.english.string(declined)
                == "Payment declined. The payment was declined: try another payment method")
    }

    @Test(
        "shopper amount input: a comma or a point, exact, refused when ambiguous or beyond the currency's digits",
        arguments: [
            ("20,5", "20.5"), ("20.5", "20.5"), (" 20,50 € ", "20.5"), ("20,5 EUR", "20.5"), ("1000", "1000"),
            ("1.000", nil), ("20,505", nil), ("0", nil), ("-5", nil), ("1,2,3", nil), ("abc", nil), ("", nil),
            (",5", nil), ("5,", nil), ("05", "5"), ("00,50", "0.5"), ("007.5", "7.5"), ("000", nil), ("0,00", nil),
        ] as [(String, String?)])
    func amountInput(text: String, expected: String?) {
        #expect(Self.french.parseAmount(text, currency: .eur) == expected.flatMap { Decimal(string: $0) })
    }

    @Test(
        "three decimals (KWD): three digits after the locale's decimal separator are decimals, else refused",
        arguments: [
            ("fr", "1,000", "1"), ("fr", "1.000", nil), ("fr", "1,5", "1.5"), ("fr", "12,345", "12.345"),
            ("en", "1,000", nil), ("en", "1.000", "1"), ("en", "1,5", "1.5"), ("en", "12.345", "12.345"),
            ("de", "1.000", nil), ("de", "1,250", "1.25"), ("en", "1,2345", nil), ("en", "1000", "1000"),
        ] as [(String, String, String?)])
    func threeDecimalAmountInput(language: String, text: String, expected: String?) {
        let localizer = PurseLocalizer(locale: Locale(identifier: language))
        let parsed = localizer.parseAmount(text, currency: Currency(code: "KWD"))
        #expect(parsed == expected.flatMap { Decimal(string: $0) })
    }

    @Test("accessibility as data: stable field identifiers for UI tests; a label and a hint in every language")
    func accessibilityData() {
        // UI tests find the fields by these: they are API, the same in every language.
        #expect(
            CardField.allCases.map(\.accessibilityIdentifier) == [
                "purse.card.pan", "purse.card.expiry", "purse.card.cvv", "purse.card.holderName",
                "purse.card.birthDate",
            ])
        #expect(CardForm.brandPickerAccessibilityIdentifier == "purse.card.brand")
        for language in PurseLocalizer.shippedLanguages {
            let localizer = PurseLocalizer(locale: Locale(identifier: language))
            for field in CardField.allCases {
                let label = localizer.string(field.titleMessage)
                let hint = localizer.string(field.accessibilityHintMessage)
                #expect(label != field.titleMessage.key && hint != field.accessibilityHintMessage.key)
                #expect(hint != label, "\(language): the hint of \(field) repeats its label")
            }
            let picker = ["cardForm.brandPicker.title", "cardForm.brandPicker.hint"].map {
                localizer.string(PurseMessage($0))
            }
            #expect(!picker.contains { $0.hasPrefix("cardForm.") }, "\(language): \(picker)")
        }
    }

    @Test("the session's customer locale: the first usable customer.locale_code of a method's contracts")
    func customerLocale() throws {
        let sample = try sessionDecodeFixture("legacy-session-sample")
        #expect(sample.customerLocale?.language.languageCode?.identifier == "fr")
        let params = sessionReplacing(
            "paymentSession.protocols.payzen.creditcard.contracts",
            with: ["INIT": ["optional": ["customer": ["locale_code": "und"]]]], in: CardSessions.params())
        #expect(try SessionDecoder.decode(widgetData: sessionWidgetData(params)).customerLocale == nil)
    }

    @Test("a checkout reads the configured locale, else the session's customer locale; its card form speaks it")
    func checkoutLocale() async throws {
        let french = sessionReplacing(
            "paymentSession.protocols.payzen.creditcard.contracts",
            with: ["INIT": ["optional": ["customer": ["locale_code": "fr-FR"]]]], in: CardSessions.params())
        let fromSession = try await CardSessions.open(french, locale: nil)
        #expect(fromSession.localizer.language == "fr")
        let method = try #require(fromSession.paymentMethods.first { $0.id == "payzen-creditcard" })
        let form = try #require(fromSession.paymentElement(for: .primaryMethod(method)).cardForm)
        form.pan = "4111111111111112"
        #expect(form.feedback(for: .pan, isEditing: false) == "Ce numéro de carte n'est pas valide")
        #expect(form.feedbackMessage(for: .pan, isEditing: false)?.key == "cardFieldError.format.pan")
        form.expiry = "13/24"
        #expect(
            Self.plain(form.feedback(for: .expiry, isEditing: false) ?? "")
                == "13 n'est pas un mois : saisissez un mois de 01 à 12")
        let configured = try await CardSessions.open(french, locale: Locale(identifier: "es"))
        #expect(configured.localizedString(CardField.pan.titleMessage) == "Número de tarjeta")
        let overridden = try await CardSessions.open(french, messageOverrides: ["cardField.pan.title": "Card"])
        #expect(overridden.localizedString(CardField.pan.titleMessage) == "Card")
        // Neither configured nor in the session: the device's locale.
        let guest = try await CardSessions.open(CardSessions.params(), locale: nil)
        #expect(guest.session.customerLocale == nil)
        #expect(guest.localizer.locale.identifier == Locale.current.identifier)
    }
}
