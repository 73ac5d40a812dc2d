/// The editing rules of the SDK's card fields, on every platform: what a keystroke, a paste, a cut or a deletion
/// does to a field's text and caret. The UIKit and SwiftUI fields hand each change to ``edit(_:in:with:)``
/// and show what it returns; the tests drive it with tables on Linux.
///
/// Offsets and ranges count UTF-16 code units, as `UITextField` does.
///
/// - The card number is shown in its brand's groups (4-4-4-4, 4-6-5 for American Express, 4-4-4-4-3 beyond 16
///   digits), and takes at most 19 digits (15 for American Express). The expiry reads `MM/YY`; a first month
///   digit from 2 to 9 becomes `02` to `09`. The security code takes as many digits as the brand's longest code.
///   The date of birth reads `DD/MM/YYYY`; a first day digit from 4 to 9 becomes `04` to `09`, a first month digit
///   from 2 to 9 `02` to `09`.
/// - Typed or pasted text keeps its digits only (a pasted `4111 1111-1111 1111` is 16 digits); text without a
///   digit is refused and nothing changes. Digits past the field's maximum are dropped from the inserted text.
/// - Deleting a separator alone (a backspace just after a group's space, or after the expiry's slash) deletes the
///   digit before it.
/// - The caret stays after the last digit inserted, or where the deletion was, wherever the groups' spaces move.
/// - The holder name is free text without line breaks or control characters.
struct CardFieldEditing: Sendable, Hashable {
    /// Which field the text is for.
    let field: CardField
    /// The longest security code the brand has (4 when the brand is unknown).
    var maxCVVDigits = CardRules.maxCVVDigits

    /// A field's text and its caret.
    struct State: Sendable, Hashable {
        /// What the field shows.
        var text: String
        /// Where the caret is, in UTF-16 code units from the start.
        var caret: Int
        /// The field's value in the form: the digits of a number, a code or an expiry (`MMYY`), the holder name.
        var value: String
    }

    /// What the field shows for `value` (the form's value of the field) with the caret after `digits` digits.
    func display(_ value: String, caretAfterDigits digits: Int? = nil) -> State {
        let text = shown(value)
        let caret = digits.map { offset(afterDigits: $0, in: text) } ?? text.utf16.count
        return State(text: text, caret: caret, value: value)
    }

    /// Replaces `range` of `text` (UTF-16 offsets) with `replacement`: a keystroke, a paste, a cut or a deletion
    /// (an empty replacement). Returns the new text, caret and value, or the field unchanged when the replacement
    /// is refused (text without a digit in a digit field).
    func edit(_ text: String, in range: Range<Int>, with replacement: String) -> State {
        let units = Array(text.utf16)
        let lower = min(max(range.lowerBound, 0), units.count)
        let upper = min(max(range.upperBound, lower), units.count)
        guard field != .holderName else { return editName(units, lower, upper, replacement) }

        let before = String(decoding: units[..<lower], as: UTF16.self)
        let removed = String(decoding: units[lower..<upper], as: UTF16.self)
        let after = String(decoding: units[upper...], as: UTF16.self)
        var head = CardRules.digits(before, limit: .max)
        let tail = CardRules.digits(after, limit: .max)
        let typed = CardRules.digits(replacement, limit: .max)
        if !replacement.isEmpty && typed.isEmpty {
            return State(text: text, caret: lower, value: value(of: text))
        }
        if replacement.isEmpty && !removed.isEmpty && CardRules.digits(removed, limit: .max).isEmpty {
            head = String(head.dropLast())  // a lone separator deleted: the digit before it goes
        }
        var inserted = typed
        if field == .expiry && head.isEmpty && inserted.count == 1, let first = inserted.first, first > "1" {
            inserted = "0" + inserted  // "4" is April: 04
        }
        if field == .birthDate && inserted.count == 1, let first = inserted.first {
            if head.isEmpty && first > "3" { inserted = "0" + inserted }  // "5" is the 5th: 05
            if head.count == 2 && first > "1" { inserted = "0" + inserted }  // then "4" is April: 04
        }
        let room = max(maxDigits(for: head + inserted + tail) - head.count - tail.count, 0)
        inserted = String(inserted.prefix(room))
        let value = head + inserted + tail
        return display(value, caretAfterDigits: head.count + inserted.count)
    }

    // MARK: Rules per field

    /// The most digits the field takes for `digits`.
    private func maxDigits(for digits: String) -> Int {
        switch field {
        case .pan: return digits.hasPrefix("34") || digits.hasPrefix("37") ? 15 : CardRules.maxPANDigits
        case .expiry: return 4
        case .cvv: return maxCVVDigits
        case .holderName: return .max
        case .birthDate: return CardRules.birthDateDigits
        }
    }

    /// The text shown for a value.
    private func shown(_ value: String) -> String {
        switch field {
        case .pan: return CardRules.formatted(value)
        case .expiry: return value.count > 2 ? value.prefix(2) + "/" + value.dropFirst(2) : value
        case .birthDate: return CardRules.shownBirthDate(value)
        case .cvv, .holderName: return value
        }
    }

    /// The value behind a shown text.
    private func value(of text: String) -> String {
        field == .holderName ? text : CardRules.digits(text, limit: .max)
    }

    /// The UTF-16 offset just after the `count`-th digit of `text` (0 for none).
    private func offset(afterDigits count: Int, in text: String) -> Int {
        guard count > 0 else { return 0 }
        var seen = 0
        for (index, unit) in text.utf16.enumerated() where (48...57).contains(unit) {
            seen += 1
            if seen == count { return index + 1 }
        }
        return text.utf16.count
    }

    /// The holder name's edit: the replacement without line breaks or control characters.
    private func editName(_ units: [UTF16.CodeUnit], _ lower: Int, _ upper: Int, _ replacement: String) -> State {
        let clean = String(String.UnicodeScalarView(replacement.unicodeScalars.filter { !isControl($0) }))
        if !replacement.isEmpty && clean.isEmpty {
            let text = String(decoding: units, as: UTF16.self)
            return State(text: text, caret: lower, value: text)
        }
        let inserted = Array(clean.utf16)
        let text = String(decoding: units[..<lower] + inserted + units[upper...], as: UTF16.self)
        return State(text: text, caret: lower + inserted.count, value: text)
    }

    private func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format: return true
        default: return false
        }
    }
}

extension CardForm {
    /// The editing rules of `field` for the card as it is now (its brand's code length).
    func editing(_ field: CardField) -> CardFieldEditing {
        CardFieldEditing(field: field, maxCVVDigits: acceptedCVVLengths.max() ?? CardRules.maxCVVDigits)
    }

    /// The value of `field` as the SDK's field edits it: the number's digits, the expiry's `MMYY`, the code's
    /// digits, the holder name.
    func value(of field: CardField) -> String {
        switch field {
        case .pan: return pan
        case .expiry: return expiryMonth + expiryYear
        case .cvv: return cvv
        case .holderName: return holderName
        case .birthDate: return CardRules.digits(birthDate, limit: CardRules.birthDateDigits)
        }
    }

    /// Sets `field` from the SDK's field (a value ``value(of:)`` reads back).
    func setValue(_ value: String, of field: CardField) {
        switch field {
        case .pan: pan = value
        case .expiry: expiry = value
        case .cvv: cvv = value
        case .holderName: holderName = value
        case .birthDate: birthDate = value
        }
    }
}

extension CVVField {
    /// The editing rules of the code for the saved card's brand, or of a saved Oney card's date of birth.
    var editing: CardFieldEditing {
        requiresBirthDate
            ? CardFieldEditing(field: .birthDate)
            : CardFieldEditing(field: .cvv, maxCVVDigits: acceptedLengths.max() ?? CardRules.maxCVVDigits)
    }
}

extension CardFieldEditing {
    /// The edit that turns `old` into `new`: the UTF-16 range of `old` that differs, and what replaces it.
    static func change(from old: String, to new: String) -> (range: Range<Int>, replacement: String) {
        let before = Array(old.utf16)
        let after = Array(new.utf16)
        var prefix = 0
        while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix, suffix < after.count - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        {
            suffix += 1
        }
        let replacement = String(decoding: after[prefix..<(after.count - suffix)], as: UTF16.self)
        return (prefix..<(before.count - suffix), replacement)
    }

    /// How many ASCII digits `text` has before the UTF-16 offset `offset`.
    static func digitCount(in text: String, before offset: Int) -> Int {
        text.utf16.prefix(max(offset, 0)).filter { (48...57).contains($0) }.count
    }
}
