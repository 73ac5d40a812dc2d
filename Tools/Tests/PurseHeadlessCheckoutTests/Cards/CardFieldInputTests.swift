import Foundation
import Testing

@testable import PurseHeadlessCheckout

/// What one of the SDK's fields decides (its text, caret, focus, message, state, secrecy), tested here because the
/// UIKit and SwiftUI views only carry it out; and the appearance each state is drawn with.
@MainActor
@Suite("Card field input")
struct CardFieldInputTests {
    let opened = Retained()

    func form() async throws -> CardForm {
        let checkout = try await CardSessions.open(locale: Locale(identifier: "fr"))
        opened.keep(checkout)
        let method = try #require(checkout.paymentMethods.first { $0.id == "payzen-creditcard" })
        let element = checkout.paymentElement(for: .primaryMethod(method))
        await element.prepare()
        return try #require(element.cardForm)
    }

    @Test("an edit goes through the editing rules into the form, and the field shows the grouped number")
    func editWritesTheForm() async throws {
        let form = try await form()
        let input = CardFieldInput.card(form, .pan)
        let state = input.edit("4111 1111", in: 9..<9, with: "1111-1111")
        #expect(state.text == "4111 1111 1111 1111" && state.caret == 19)
        #expect(form.value(of: .pan) == "4111111111111111")
        #expect(input.value == "4111111111111111")
    }

    @Test("a whole-text change (SwiftUI's binding) is applied as the edit of the part that changed")
    func wholeTextChange() async throws {
        let form = try await form()
        let input = CardFieldInput.card(form, .pan)
        _ = input.edit("", in: 0..<0, with: "41111")
        // The shopper deleted the space SwiftUI showed: the digit before it goes, as with a backspace.
        let state = input.replace("4111 1", with: "41111")
        #expect(state.text == "4111" && form.value(of: .pan) == "4111")
        #expect(CardFieldEditing.change(from: "4111 1111", to: "4111 21111").range == 5..<5)
        #expect(CardFieldEditing.change(from: "4111 1111", to: "4111 21111").replacement == "2")
        #expect(CardFieldEditing.change(from: "abc", to: "abc").range == 3..<3)
    }

    @Test("a regrouped number keeps the caret after the same digit")
    func caretKeptOnRegroup() async throws {
        let form = try await form()
        let input = CardFieldInput.card(form, .pan)
        form.pan = "378282246310005"
        // The field showed 4-4-4-3 before the brand was known; the caret was after the 10th digit.
        let state = input.display(keepingCaretOf: "3782 8224 6310 005", at: 12)
        #expect(state.text == "3782 822463 10005" && state.caret == 11)
        #expect(CardFieldEditing.digitCount(in: "3782 8224 6310 005", before: 12) == 10)
    }

    @Test("focus: gaining it sets the form's focused field; losing it clears only its own")
    func focus() async throws {
        let form = try await form()
        let number = CardFieldInput.card(form, .pan)
        let code = CardFieldInput.card(form, .cvv)
        number.setFocused(true)
        #expect(form.focusedField == .pan && number.isFocused)
        code.setFocused(true)  // the code takes the focus before the number reports losing it
        number.setFocused(false)
        #expect(form.focusedField == .cvv)
        code.setFocused(false)
        #expect(form.focusedField == nil)
    }

    @Test("message and state: nothing while typing a half number, the error once the field is left")
    func messageAndState() async throws {
        let form = try await form()
        let input = CardFieldInput.card(form, .pan)
        #expect(input.state == .empty && input.message == nil)
        input.setFocused(true)
        _ = input.edit("", in: 0..<0, with: "4111")
        #expect(input.state == .focused && input.message == nil)
        input.setFocused(false)
        #expect(input.state == .invalid)
        #expect(input.message == "Ce numéro de carte a trop ou trop peu de chiffres")
        _ = input.edit("4111", in: 4..<4, with: "111111111111")
        #expect(input.state == .valid && input.message == nil)
        #expect(form.state(of: .expiry) == .empty)
    }

    @Test("secrecy: the number and the code refuse copy and cut, the code is hidden; titles in the shopper's language")
    func secrecyAndText() async throws {
        let form = try await form()
        #expect(!CardFieldInput.card(form, .pan).allowsCopying)
        #expect(!CardFieldInput.card(form, .cvv).allowsCopying)
        #expect(CardFieldInput.card(form, .expiry).allowsCopying)
        #expect(CardFieldInput.card(form, .cvv).isSecure && !CardFieldInput.card(form, .pan).isSecure)
        #expect(CardFieldInput.card(form, .pan).title == "Numéro de carte")
        #expect(CardFieldInput.card(form, .expiry).placeholder == "MM/AA")
        #expect(!CardFieldInput.card(form, .cvv).hint.isEmpty)
    }

    @Test("a saved card's code: four digits at most for American Express, its own focus and state")
    func savedCardCode() async throws {
        let checkout = try await CardSessions.open()
        opened.keep(checkout)
        let token = try #require(checkout.paymentTokens.first { $0.id == "tok-amex" })
        let field = try #require(checkout.paymentElement(for: .paymentToken(token)).cvvField)
        let input = CardFieldInput.savedCardCode(field)
        #expect(input.field == .cvv && input.isSecure && !input.allowsCopying)
        let state = input.edit("", in: 0..<0, with: "12345")
        #expect(state.text == "1234" && field.isComplete && field.isValid)
        input.setFocused(true)
        #expect(field.isFocused && field.state == .focused)
        input.setFocused(false)
        #expect(field.state == .valid)
        #expect(input.placeholder == "1234")
    }

    @Test("the holder name: typed text is applied as typed, unless the rules change it")
    func holderNameAsTyped() async throws {
        let form = try await form()
        let name = CardFieldInput.card(form, .holderName)
        #expect(name.appliesAsTyped("Ada", in: 3..<3, with: " L", isComposing: false))
        #expect(!name.appliesAsTyped("Ada", in: 3..<3, with: "\n", isComposing: false))
        #expect(name.appliesAsTyped("Ada", in: 3..<3, with: "\n", isComposing: true))
        #expect(!CardFieldInput.card(form, .pan).appliesAsTyped("4", in: 1..<1, with: "1", isComposing: false))
    }

    @Test("each state has its style; a state without its own values takes the common ones")
    func appearance() {
        var appearance = CardFieldAppearance.default
        #expect(appearance.style(for: .empty).borderColor == appearance.borderColor)
        #expect(appearance.style(for: .focused).borderWidth == 2)
        #expect(appearance.style(for: .invalid).borderColor.light != appearance.borderColor.light)
        #expect(appearance.style(for: .valid).backgroundColor == appearance.backgroundColor)
        appearance.valid = .init(borderColor: .init(.init(rgb: 0x00FF00)), borderWidth: -3)
        #expect(appearance.style(for: .valid).borderColor.resolved(isDark: true) == .init(rgb: 0x00FF00))
        #expect(appearance.style(for: .valid).borderWidth == 0)  // a negative width draws no border
        #expect(CardFieldAppearance.Color(rgb: 0x336699).green == Double(0x66) / 255)
        let text = CardFieldAppearance.default.textColor
        #expect(text.resolved(isDark: false) != text.resolved(isDark: true))
        #expect(CardFieldState(showsMessage: true, isFocused: true, isEmpty: false) == .invalid)
        #expect(CardFieldState(showsMessage: false, isFocused: true, isEmpty: true) == .focused)
        #expect(CardFieldState(showsMessage: false, isFocused: false, isEmpty: true) == .empty)
        #expect(CardFieldState(showsMessage: false, isFocused: false, isEmpty: false) == .valid)
    }
}
