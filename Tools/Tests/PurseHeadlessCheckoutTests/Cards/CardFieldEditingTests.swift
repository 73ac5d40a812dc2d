import Testing

@testable import PurseHeadlessCheckout

/// The editing model behind the SDK's card fields: what each keystroke, paste, cut and deletion does to the text
/// and the caret. `|` marks the caret in the tables (a selection is `[…]`).
@Suite("Card field editing")
struct CardFieldEditingTests {
    /// Applies `replacement` to `marked` (text with `|` for an empty selection or `[…]` for a selected range)
    /// and returns the result with its caret marked.
    static func apply(_ field: CardField, _ marked: String, _ replacement: String, maxCVVDigits: Int = 4) -> String {
        let units = Array(marked.utf16)
        let range: Range<Int>
        var text = marked
        if let bar = units.firstIndex(of: 124) {  // "|"
            range = bar..<bar
            text.remove(at: text.index(text.startIndex, offsetBy: bar))
        } else {
            let open = units.firstIndex(of: 91)!  // "["
            let close = units.firstIndex(of: 93)!  // "]"
            range = open..<(close - 1)
            text = text.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        }
        let state = CardFieldEditing(field: field, maxCVVDigits: maxCVVDigits).edit(text, in: range, with: replacement)
        var shown = Array(state.text.utf16)
        shown.insert(124, at: state.caret)
        return String(decoding: shown, as: UTF16.self)
    }

    @Test(
        "typing a card number groups it as the brand does and keeps the caret after the digit typed",
        arguments: [
            // Visa, Mastercard: 4-4-4-4; the caret jumps the space a new group opens.
            ("411|", "1", "4111|"),
            ("4111|", "1", "4111 1|"),
            ("4111 1111 1111 111|", "1", "4111 1111 1111 1111|"),
            // American Express (34, 37): 4-6-5.
            ("3782 82|", "2", "3782 822|"),
            ("3782 822463 1000|", "5", "3782 822463 10005|"),
            // Numbers over 16 digits: 4-4-4-4-3, up to 19 digits.
            ("6200 0000 0000 0000|", "0", "6200 0000 0000 0000 0|"),
            ("6200 0000 0000 0000 00|", "5", "6200 0000 0000 0000 005|"),
            // Typed in the middle: the groups move, the caret stays after the new digit.
            ("41|11 1111", "9", "419|1 1111 1"),
            ("4111| 1111", "9", "4111 9|111 1"),
        ])
    func typingANumber(before: String, typed: String, after: String) {
        #expect(Self.apply(.pan, before, typed) == after)
    }

    @Test(
        "the number's maximum: 19 digits, 15 for American Express; extra digits are dropped",
        arguments: [
            ("6200 0000 0000 0000 005|", "1", "6200 0000 0000 0000 005|"),
            ("3782 822463 10005|", "1", "3782 822463 10005|"),
            ("|", "3782 8224 6310 0051 234", "3782 822463 10005|"),
            ("|", "62000000000000000051234", "6200 0000 0000 0000 005|"),
        ])
    func numberMaximum(before: String, typed: String, after: String) {
        #expect(Self.apply(.pan, before, typed) == after)
    }

    @Test(
        "pasting keeps the digits only, wherever the caret or the selection is",
        arguments: [
            ("|", "4111 1111 1111 1111", "4111 1111 1111 1111|"),
            ("|", "4111-1111-1111-1111", "4111 1111 1111 1111|"),
            ("|", " 4111\u{00A0}1111\t1111 1111\n", "4111 1111 1111 1111|"),
            ("[4111 1111] 1111 1111", "5555 5555", "5555 5555| 1111 1111"),
            ("4111 1111 [1111 1111]", "4444", "4111 1111 4444|"),
        ])
    func paste(before: String, pasted: String, after: String) {
        #expect(Self.apply(.pan, before, pasted) == after)
    }

    @Test(
        "deleting: a backspace over a group's space deletes the digit before it; a cut removes the selection",
        arguments: [
            ("4111 1|", "4111|"),
            ("4111 |1", "411|1"),  // the space alone is selected by a backspace: the digit before goes
            ("4111 1111 |1111 1111", "4111 111|1 1111 111"),
            ("[4111 1111 ]1111 1111", "|1111 1111"),
            ("4|111 1111", "|1111 111"),
            ("3782 822463 |10005", "3782 82246|1 0005"),
        ])
    func deletion(before: String, after: String) {
        // A backspace sends the range of the character before the caret.
        #expect(Self.apply(.pan, Self.backspace(before), "") == after)
    }

    /// `marked` with the character before its caret selected, as a backspace sends it; unchanged without a caret.
    static func backspace(_ marked: String) -> String {
        guard let bar = marked.firstIndex(of: "|"), bar > marked.startIndex else { return marked }
        let previous = marked.index(before: bar)
        let after = marked.index(after: bar)
        let head: Substring = marked[..<previous]
        let character: Substring = marked[previous..<bar]
        let tail: Substring = marked[after...]
        return "\(head)[\(character)]\(tail)"
    }

    @Test("text without a digit is refused and changes nothing, caret included")
    func lettersRefused() {
        #expect(Self.apply(.pan, "4111 |1111", "a") == "4111 |1111")
        #expect(Self.apply(.cvv, "12|", "x") == "12|")
        #expect(Self.apply(.expiry, "12|", "/") == "12|")
    }

    @Test(
        "the security code: the brand's longest code, four digits for American Express",
        arguments: [
            (3, "12|", "3", "123|"),
            (3, "123|", "4", "123|"),
            (4, "123|", "4", "1234|"),
            (4, "1234|", "5", "1234|"),
            (4, "|", "12 34", "1234|"),
        ])
    func securityCode(maxDigits: Int, before: String, typed: String, after: String) {
        #expect(Self.apply(.cvv, before, typed, maxCVVDigits: maxDigits) == after)
    }

    @Test(
        "the expiry reads MM/YY: the slash comes with the year, a first digit from 2 to 9 is a month",
        arguments: [
            ("|", "1", "1|"),
            ("1|", "2", "12|"),
            ("12|", "2", "12/2|"),
            ("|", "4", "04|"),
            ("|", "1229", "12/29|"),
            ("12/29|", "1", "12/29|"),
            ("|", "12/29", "12/29|"),
        ])
    func expiry(before: String, typed: String, after: String) {
        #expect(Self.apply(.expiry, before, typed) == after)
    }

    @Test("a backspace just after the expiry's slash deletes the month's last digit")
    func expirySlashDeletion() {
        #expect(Self.apply(.expiry, "12[/]2", "") == "1|2")
        #expect(Self.apply(.expiry, "12/2[9]", "") == "12/2|")
    }

    @Test(
        "the date of birth reads DD/MM/YYYY: slashes come with the month and the year, a lone day 4-9 and month 2-9 get a 0",
        arguments: [
            ("|", "1", "1|"),
            ("1|", "2", "12|"),
            ("12|", "0", "12/0|"),
            ("|", "5", "05|"),
            ("05|", "4", "05/04|"),
            ("05/04|", "1985", "05/04/1985|"),
            ("05/04/1985|", "7", "05/04/1985|"),
            ("|", "12041985", "12/04/1985|"),
            ("|", "12/04/1985", "12/04/1985|"),
            ("|", "1985-04-12", "19/85/0412|"),  // digits in the field's order: the field reads day first
        ])
    func birthDate(before: String, typed: String, after: String) {
        #expect(Self.apply(.birthDate, before, typed) == after)
    }

    @Test("a backspace just after a slash of the date of birth deletes the digit before it")
    func birthDateSlashDeletion() {
        #expect(Self.apply(.birthDate, "12[/]04", "") == "1|0/4")
        #expect(Self.apply(.birthDate, "12/04[/]1985", "") == "12/0|1/985")
    }

    @Test("the holder name is free text without line breaks, control or direction characters")
    func holderName() {
        #expect(Self.apply(.holderName, "Camille|", " Martin") == "Camille Martin|")
        #expect(Self.apply(.holderName, "|", "Zoë\nO’Brien\u{202E}") == "ZoëO’Brien|")
        #expect(Self.apply(.holderName, "A|", "\n") == "A|")
        #expect(Self.apply(.holderName, "Ana [Maria]", "") == "Ana |")
    }

    @Test("the value stored in the form is the digits of what the field shows")
    func values() {
        let editor = CardFieldEditing(field: .pan)
        let state = editor.edit("4111 1111", in: 9..<9, with: "1111 1111")
        #expect(state.value == "4111111111111111")
        #expect(state.text == "4111 1111 1111 1111")
        #expect(CardFieldEditing(field: .expiry).edit("", in: 0..<0, with: "1229").value == "1229")
        // A number whose brand changes its groups is shown again from its value, the caret after the same digit.
        #expect(editor.display("378282246310005", caretAfterDigits: 10).text == "3782 822463 10005")
        #expect(editor.display("378282246310005", caretAfterDigits: 10).caret == 11)
    }

    @MainActor
    @Test("a form's fields edit through the model: value in, value out")
    func formValues() {
        let form = CardForm(supportedBrands: [])
        form.setValue("4111111111111111", of: .pan)
        form.setValue("1229", of: .expiry)
        form.setValue("123", of: .cvv)
        #expect(form.value(of: .pan) == "4111111111111111")
        #expect(form.value(of: .expiry) == "1229" && form.expiry == "12/29")
        #expect(form.value(of: .cvv) == "123")
        #expect(form.editing(.cvv).maxCVVDigits == 3)  // brand unknown: 3-digit codes
        form.setValue("12041985", of: .birthDate)
        #expect(form.value(of: .birthDate) == "12041985" && form.birthDate == "12/04/1985")
        form.birthDate = "1204"
        #expect(form.birthDate == "12/04" && form.value(of: .birthDate) == "1204")
    }
}
