import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// The completeness check of the SDK's catalogue (`Resources/<language>.lproj/Localizable.strings`): every
/// shipped language has every key, with no placeholder the English text lacks, and every message the SDK can
/// produce has a text. Read through `Bundle.module`, the path an iOS app takes.
struct LocalizationCatalogueTests {
    /// The `{name}` placeholders of `template`.
    static func placeholders(_ template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Every message the SDK can hand over.
    @MainActor static var everyMessage: [PurseMessage] {
        var messages: [PurseMessage] = []
        for field in CardField.allCases {
            messages += [field.titleMessage, field.placeholderMessage, field.accessibilityHintMessage]
            messages += CardFieldError.allCases.map { $0.localizedMessage(for: field) }
        }
        messages.append(PurseMessage("cardFieldError.format.expiry.month", [.init("month", .text("13"))]))
        messages += [PurseMessage("cardForm.brandPicker.title"), PurseMessage("cardForm.brandPicker.hint")]
        messages += UnavailableReasonCatalogue.everyCause.map { UnavailableReason($0, currency: .eur).localizedMessage }
        messages += UnavailableReasonCatalogue.everyCode.map { PurseCheckoutError($0).localizedMessage }
        messages += [.invalidTake, .walletOperationFailed, .secondaryTokenizationFailed, .session, .api, .payment]
            .map { PurseCheckoutError(.unknownError, kind: $0).localizedMessage }
        messages += [
            PurseAnnouncement.brandDetected([.visa]), PurseAnnouncement.brandDetected([.carteBancaire, .visa]),
        ].compactMap { $0 }
        messages += [
            PurseAnnouncement.fieldInvalid(.pan, error: CardFieldError.format.localizedMessage(for: .pan)),
            PurseAnnouncement.giftCardApplied(amount: 20, restToPay: 30, currency: .eur),
            PurseAnnouncement.giftCardApplied(amount: 20, restToPay: 0, currency: .eur),
            PurseAnnouncement.paymentDeclined(PurseCheckoutError(.validateFailed)), PurseAnnouncement.paymentSucceeded,
        ]
        return messages
    }

    @Test("every shipped language's table loads from the SDK's bundle and has exactly the English keys")
    func completeness() {
        let english = MessageCatalogue.table("en")
        #expect(english.count >= 80)
        for language in PurseLocalizer.shippedLanguages {
            let table = MessageCatalogue.table(language)
            let missing = Set(english.keys).subtracting(table.keys).sorted()
            let extra = Set(table.keys).subtracting(english.keys).sorted()
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
            #expect(extra.isEmpty, "\(language) has keys English lacks: \(extra)")
            for (key, text) in table {
                #expect(!text.isEmpty, "\(language): \(key) is empty")
                let unknown = Self.placeholders(text).subtracting(Self.placeholders(english[key] ?? ""))
                #expect(unknown.isEmpty, "\(language): \(key) uses \(unknown), which the English text does not")
            }
        }
    }

    @Test("an app's own table reads through the same path: a bundle with fr.lproj/Localizable.strings")
    func appTable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("purse-strings-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("\"cardField.cvv.title\" = \"CVC\";\n".utf8).write(
            to: folder.appendingPathComponent("Localizable.strings"))
        let bundle = try #require(Bundle(path: root.path))
        let overrides = PurseLocalizer.strings(language: "fr", in: bundle)
        #expect(overrides == ["cardField.cvv.title": "CVC"])
        let localizer = PurseLocalizer(locale: Locale(identifier: "fr"), overrides: overrides)
        #expect(localizer.string(CardField.cvv.titleMessage) == "CVC")
        #expect(PurseLocalizer.strings(language: "de", in: bundle).isEmpty)
    }

    @Test("plural keys come in #one and #other forms")
    func pluralForms() {
        let english = MessageCatalogue.table("en")
        for key in english.keys where key.hasSuffix("#one") {
            #expect(english[String(key.dropLast(4)) + "#other"] != nil, "\(key) has no #other form")
        }
    }

    @Test("every message the SDK produces has a text in every shipped language, every placeholder filled")
    @MainActor func everyMessageRenders() {
        let messages = Self.everyMessage
        #expect(messages.count > 90)
        for language in PurseLocalizer.shippedLanguages {
            let localizer = PurseLocalizer(locale: Locale(identifier: language))
            #expect(localizer.language == language)
            for message in messages {
                let text = localizer.string(message)
                #expect(text != message.key, "\(language): no text for \(message.key)")
                #expect(!text.contains("{"), "\(language): \(message.key) left a placeholder: \(text)")
            }
        }
    }

    @Test("a table that is not a .strings document reads as none, and a missing language falls back to English")
    func unreadableTable() {
        #expect(MessageCatalogue.parse(Data("not a \"strings\" = file".utf8)) == nil)
        #expect(MessageCatalogue.load("xx", from: .module).isEmpty)
        #expect(PurseLocalizer.strings(language: "fr", in: .module).isEmpty)  // the test bundle has no table
        let portuguese = PurseLocalizer(locale: Locale(identifier: "pt_BR"))
        #expect(portuguese.language == "en")
        #expect(portuguese.string(CardField.pan.titleMessage) == "Card number")
        #expect(PurseLocalizer.english.string(PurseMessage("no.such.key")) == "no.such.key")
    }
}
