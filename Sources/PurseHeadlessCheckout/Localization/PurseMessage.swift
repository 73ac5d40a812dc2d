public import Foundation

/// Text the SDK hands over for a shopper to read, as data: a stable ``key`` and its named ``arguments``.
///
/// Every shopper-facing message (a card field's title and error, an availability reason, an error, a suggested
/// VoiceOver announcement) is one. Render it in the checkout's language with
/// ``PurseHeadlessCheckout/localizedString(_:)`` (or any ``PurseLocalizer``), or look ``key`` up in your app's own
/// catalogue and fill in the ``arguments``:
/// ```swift
/// let message = reason.localizedMessage          // key "unavailable.MIN_AMOUNT_NOT_MET"
/// let text = checkout.localizedString(message)   // "Disponible à partir de 50,00 € : …" in French
/// ```
/// Keys never change meaning once shipped; the English text of a key may be reworded.
public struct PurseMessage: Sendable, Hashable, CustomStringConvertible {
    /// A value to put into a message: text, an amount (formatted by the locale), a count (which also picks
    /// the plural form) or another message (rendered in the same language).
    public indirect enum Value: Sendable, Hashable {
        /// Text shown as it is (a brand's name, a month as typed).
        case text(String)
        /// An amount in major units of `currency`, formatted by the locale (`12,50 €` in French).
        case amount(Decimal, Currency)
        /// A whole number, formatted by the locale.
        case count(Int)
        /// Another message, rendered in the same language.
        case message(PurseMessage)
    }

    /// A named argument.
    public struct Argument: Sendable, Hashable {
        /// The placeholder's name in the template (`restToPay` for `{restToPay}`).
        public let name: String
        /// Its value.
        public let value: Value

        /// An argument named `name`.
        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// The stable key, such as `cardFieldError.format.pan` or `unavailable.MIN_AMOUNT_NOT_MET`.
    public let key: String
    /// The arguments, in the order the English text uses them.
    public let arguments: [Argument]
    /// The argument whose ``Value/count(_:)`` picks the plural form (the key's `#one` or `#other` variant in the
    /// catalogue), or `nil` when the text has one form.
    public let pluralArgument: String?

    /// A message with `key` and its `arguments`.
    public init(_ key: String, _ arguments: [Argument] = [], pluralArgument: String? = nil) {
        self.key = key
        self.arguments = arguments
        self.pluralArgument = pluralArgument
    }

    /// The value of the argument named `name`, if the message has one.
    public subscript(name: String) -> Value? { arguments.first { $0.name == name }?.value }

    /// The message in English, the SDK's own text.
    public var description: String { PurseLocalizer.english.string(self) }
}
