/// When the card form tells VoiceOver something, decided here so that `PaymentElementView` (which posts the
/// announcements) and a custom UI behave alike, and so the rule is tested without an Apple SDK.
///
/// Feed it what the form (or a saved card's CVV field) shows after every change (``Shown``): it answers the
/// announcements that change calls for, in order. The brand is announced when the detected brands change to something (``PurseAnnouncement/brandDetected(_:)``),
/// never when they are cleared; a field's error when it appears under the field or changes
/// (``PurseAnnouncement/fieldInvalid(_:error:)``), never again while the same error stays, and again if it comes
/// back after being fixed.
struct CardFormAnnouncer {
    /// What the form shows at one moment: the detected brands and the message under each field.
    struct Shown: Equatable {
        var brands: [CardBrand]
        var messages: [CardField: PurseMessage]

        /// What `form` shows while `editing` has the focus (`nil`: no field has it).
        @MainActor
        init(_ form: CardForm, editing: CardField?) {
            brands = form.detectedBrands
            var messages: [CardField: PurseMessage] = [:]
            for field in CardField.allCases {
                messages[field] = form.feedbackMessage(for: field, isEditing: field == editing)
            }
            self.messages = messages
        }

        /// What a saved card's CVV-only field (or a saved Oney card's date of birth) shows while it has the focus
        /// (`editing`) or not: its message alone (the brand is the saved card's, never detected).
        @MainActor
        init(_ field: CVVField, editing: Bool) {
            brands = []
            messages = field.feedbackMessage(isEditing: editing).map { [field.shownField: $0] } ?? [:]
        }

        init(brands: [CardBrand], messages: [CardField: PurseMessage]) {
            self.brands = brands
            self.messages = messages
        }
    }

    private var last = Shown(brands: [], messages: [:])

    /// The announcements the move from the last state to `shown` calls for, brand first, then the fields in
    /// their order on the form.
    mutating func announcements(for shown: Shown) -> [PurseMessage] {
        var said: [PurseMessage] = []
        if shown.brands != last.brands, let brand = PurseAnnouncement.brandDetected(shown.brands) {
            said.append(brand)
        }
        for field in CardField.allCases {
            if let message = shown.messages[field], message != last.messages[field] {
                said.append(PurseAnnouncement.fieldInvalid(field, error: message))
            }
        }
        last = shown
        return said
    }
}
