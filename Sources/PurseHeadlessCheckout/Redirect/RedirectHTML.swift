public import Foundation

/// The HTML the SDK builds or reads for redirects: the auto-submitted form of a `.postForm` redirect, the
/// pages the loopback listener shows, and the form actions of a `.postHTML` document.
///
/// Every value interpolated into markup goes through ``escape(_:)`` (DESIGN §7): a field name or value holding
/// `"><script>`, `&` or quotes arrives at the PSP as the same text and never becomes markup.
@_spi(PurseTools) public enum RedirectHTML {
    /// Escapes text for an HTML text node or a double- or single-quoted attribute value.
    @_spi(PurseTools) public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// Decodes the character references of an attribute value as a browser does: every named reference of the
    /// HTML standard, numeric references with or without `;` (``HTMLCharacterReferences``). A URL read from a
    /// document (a form's `action`, a button's `formaction`, a `<meta http-equiv="refresh">` content) is the URL
    /// a browser would follow, so `0&semi;url=…` or `&#59` cannot hide a navigation from the policy.
    @_spi(PurseTools) public static func unescape(_ text: String) -> String {
        HTMLCharacterReferences.decode(text, inAttribute: true)
    }

    /// The document a `.postForm` redirect loads: a form with the fields as hidden inputs (sorted by name),
    /// posted to `action` at once by a script, with a visible button for a browser without JavaScript.
    @_spi(PurseTools) public static func autoSubmittedForm(action: URL, fields: [String: String]) -> String {
        let inputs = fields.keys.sorted().map { name in
            "<input type=\"hidden\" name=\"\(escape(name))\" value=\"\(escape(fields[name] ?? ""))\">"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
            <title>Continuing to the payment page</title></head>
            <body>
            <form id="purse-redirect" method="post" action="\(escape(action.absoluteString))">
            \(inputs.joined(separator: "\n"))
            <p>Continuing to the payment page…</p>
            <button type="submit" id="continue">Continue</button>
            </form>
            <script>document.getElementById("purse-redirect").submit();</script>
            </body></html>
            """
    }

    /// What the loopback listener shows once the shopper came back: never the payment's outcome, which only
    /// the merchant's backend can confirm.
    @_spi(PurseTools) public static let returnedPage = page(
        title: "Back to the app",
        body: "<h1>You can close this window</h1><p>Return to the app: it confirms the payment with the shop.</p>")

    /// What the loopback listener shows for any other request.
    @_spi(PurseTools) public static let notFoundPage = page(
        title: "Nothing here", body: "<h1>Nothing here</h1><p>This address only receives payment returns.</p>")

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title></head>
        <body>\(body)</body></html>
        """
    }

    /// The forms of an HTML document: each `<form>` tag's `action` and `method` attributes and the `name` and
    /// `value` of the `<input>` tags up to its `</form>`, character references decoded.
    ///
    /// A deliberately small scanner for the self-submitting forms PSPs send (`.postHTML`) and the sandbox's
    /// pages; it does not execute or render anything.
    @_spi(PurseTools) public static func forms(in html: String) -> [HTMLForm] {
        var forms: [HTMLForm] = []
        var current: HTMLForm?
        for tag in tags(in: html) {
            switch tag.name {
            case "form":
                if let current { forms.append(current) }
                current = HTMLForm(
                    action: tag.attributes["action"], method: (tag.attributes["method"] ?? "get").lowercased(),
                    fields: [], buttons: [])
            case "/form":
                if let finished = current { forms.append(finished) }
                current = nil
            case "input":
                guard let name = tag.attributes["name"] else { continue }
                current?.fields.append((name: name, value: tag.attributes["value"] ?? ""))
            case "button":
                current?.buttons.append(
                    HTMLForm.Button(
                        id: tag.attributes["id"], name: tag.attributes["name"], value: tag.attributes["value"]))
            default:
                continue
            }
        }
        if let current { forms.append(current) }
        return forms
    }

    private struct Tag {
        var name: String
        var attributes: [String: String]
    }

    /// The start and end tags of a document, with their attributes (names lower-cased, values decoded).
    private static func tags(in html: String) -> [Tag] {
        var tags: [Tag] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            // As a browser reads it: `<` opens a tag only before a letter, `/` or `!`; otherwise it is text
            // (`<<form …>` is text then a form).
            guard scalars[index] == "<", index + 1 < scalars.count,
                isASCIILetter(scalars[index + 1])
                    || scalars[index + 1] == "/" || scalars[index + 1] == "!"
            else {
                index += 1
                continue
            }
            let (text, end) = tagText(scalars, openingAt: index)
            index = end + 1
            tags.append(parseTag(text))
        }
        return tags
    }

    /// The text between the `<` at `index` and the `>` that closes its tag (without a self-closing `/`), and the
    /// index of that `>` (the end of the document when there is none).
    ///
    /// Where the tag ends is read with the states of the HTML tokenizer (WHATWG HTML §13.2.5.8–.40): a quote
    /// opens a value only right after `name=` (not in a tag name, an unquoted value or `<p 'x>`).
    private static func tagText(_ scalars: [Unicode.Scalar], openingAt index: Int) -> (text: String, end: Int) {
        var end = index + 1
        var state = TagState.name
        while end < scalars.count {
            let scalar = scalars[end]
            if case .quotedValue(let quote) = state {
                if scalar == quote { state = .beforeAttributeName }
            } else if scalar == ">" {
                break
            } else {
                state = state.next(after: scalar, isSpace: isSpace(scalar))
            }
            end += 1
        }
        var text = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
        // A `/` before `>` closes the tag itself, except at the end of an unquoted value (`action=https://x/>`).
        if text.hasSuffix("/") && state != .unquotedValue { text.removeLast() }
        return (text, end)
    }

    /// Every place a document could send its shopper without a script: the `action` of each `<form` tag, the
    /// `formaction` of each `<button` and `<input` tag (`nil` for a form without an action, which posts back to
    /// the document itself), and the URL of each `<meta http-equiv="refresh">` that names one (one that names
    /// none reloads the document: not a target).
    ///
    /// Deliberately wider than what a browser reads: a tag is taken wherever `<form`, `<button` or `<input`
    /// followed by whitespace, `/` or `>` appears — inside a comment, a script or another tag's quoted value
    /// too. A browser's tokenizer has many states (comments and their abrupt endings, bogus comments after
    /// `</1` or `<!x`, raw text of `script`, `textarea`, `noscript`…, escaped script data) that decide whether a
    /// `<` opens a tag; reading one of them differently from the browser could hide a form inside what looks
    /// like a quoted value. The text from `<form` to its `>` reads the same whatever came before, so no state
    /// is needed: every form a browser can see is among these. The price is refusing a document that only
    /// mentions a foreign form in a comment or a string.
    @_spi(PurseTools) public static func submissionTargets(in html: String) -> [String?] {
        let scalars = Array(html.unicodeScalars)
        var targets: [String?] = []
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "<" else { continue }
            let name = ["form", "button", "input", "meta"].first { name in
                let count = name.unicodeScalars.count
                guard index + count < scalars.count else {
                    // `<form` at the very end of the document opens nothing.
                    return false
                }
                let candidate = String(String.UnicodeScalarView(scalars[(index + 1)...(index + count)]))
                let after = index + count + 1
                return candidate.lowercased() == name
                    && (after == scalars.count || isSpace(scalars[after]) || scalars[after] == "/"
                        || scalars[after] == ">")
            }
            guard let name else { continue }
            let tag = parseTag(tagText(scalars, openingAt: index).text)
            switch name {
            case "form": targets.append(tag.attributes["action"])
            case "meta":
                let equiv = tag.attributes["http-equiv"]?.trimmingCharacters(in: .whitespaces).lowercased()
                if equiv == "refresh", let content = tag.attributes["content"],
                    let target = refreshTarget(content: content)
                {
                    targets.append(target)
                }
            default:
                if let target = tag.attributes["formaction"] { targets.append(target) }
            }
        }
        return targets
    }

    /// The URL a `<meta http-equiv="refresh">` with this `content` navigates to, as written; `nil` when it
    /// names none (a reload of the document, or content a browser ignores).
    ///
    /// Follows the shared declarative refresh steps (WHATWG HTML §4.2.5.3): a time (digits and dots), then `;`
    /// or `,` and whitespace, then the URL, optionally after `url=` and inside quotes (`0; URL='…'`).
    static func refreshTarget(content: String) -> String? {
        let scalars = Array(content.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count && isSpace(scalars[index]) { index += 1 } }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        func at(_ options: Unicode.Scalar...) -> Bool { index < scalars.count && options.contains(scalars[index]) }

        skipSpaces()
        // A time is required: digits, or a dot that starts a fraction.
        guard index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." else { return nil }
        while index < scalars.count && (isDigit(scalars[index]) || scalars[index] == ".") { index += 1 }
        guard index < scalars.count else { return nil }
        guard at(";", ",") || isSpace(scalars[index]) else { return nil }
        skipSpaces()
        if at(";", ",") { index += 1 }
        skipSpaces()
        guard index < scalars.count else { return nil }
        var start = index
        // `url=` (any case), with spaces around `=`; anything else is the URL itself.
        if at("u", "U") {
            index += 1
            if at("r", "R") {
                index += 1
                if at("l", "L") {
                    index += 1
                    skipSpaces()
                    if at("=") {
                        index += 1
                        skipSpaces()
                        start = index
                    }
                }
            }
        }
        index = start
        var end = scalars.count
        if at("\"", "'") {
            let quote = scalars[index]
            start = index + 1
            end = scalars[start...].firstIndex(of: quote) ?? scalars.count
        }
        let url = String(String.UnicodeScalarView(scalars[start..<end])).trimmingCharacters(in: .whitespaces)
        return url.isEmpty ? nil : url
    }

    /// The tokenizer states between `<` and `>` that decide whether a quote opens a value.
    private enum TagState: Equatable {
        case name, beforeAttributeName, attributeName, afterAttributeName, beforeValue, unquotedValue
        case quotedValue(Unicode.Scalar)

        func next(after scalar: Unicode.Scalar, isSpace: Bool) -> TagState {
            switch self {
            case .name: return isSpace || scalar == "/" ? .beforeAttributeName : .name
            case .beforeAttributeName: return isSpace || scalar == "/" ? .beforeAttributeName : .attributeName
            case .attributeName, .afterAttributeName:
                if isSpace { return .afterAttributeName }
                if scalar == "/" { return .beforeAttributeName }
                return scalar == "=" ? .beforeValue : .attributeName
            case .beforeValue:
                if isSpace { return .beforeValue }
                return scalar == "\"" || scalar == "'" ? .quotedValue(scalar) : .unquotedValue
            case .unquotedValue: return isSpace ? .beforeAttributeName : .unquotedValue
            case .quotedValue: return self
            }
        }
    }

    /// HTML whitespace: space, tab, line feed, form feed, carriage return.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func parseTag(_ text: String) -> Tag {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func read(while condition: (Unicode.Scalar) -> Bool) -> String {
            let start = index
            while index < scalars.count && condition(scalars[index]) { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
        // A name ends at whitespace or `/`, as in a browser: `<form/action=…>` is a form with an action.
        let first = read { $0 == "/" }
        let name = first + read { !isSpace($0) && $0 != "/" }.lowercased()
        var attributes: [String: String] = [:]
        while index < scalars.count {
            _ = read { isSpace($0) || $0 == "/" }
            guard index < scalars.count else { break }
            // An `=` where a name starts is the name's first character (`method="post"=action=…` has an
            // attribute `=action`, not `action`: HTML §13.2.5.32, "before attribute name state").
            let first = String(scalars[index])
            index += 1
            let attribute = (first + read { !isSpace($0) && $0 != "=" && $0 != "/" }).lowercased()
            _ = read(while: isSpace)
            var value = ""
            if index < scalars.count && scalars[index] == "=" {
                index += 1
                _ = read(while: isSpace)
                if index < scalars.count && (scalars[index] == "\"" || scalars[index] == "'") {
                    let quote = scalars[index]
                    index += 1
                    value = read { $0 != quote }
                    index += 1
                } else {
                    value = read { !isSpace($0) }
                }
            }
            if attributes[attribute] == nil { attributes[attribute] = unescape(value) }
        }
        return Tag(name: name, attributes: attributes)
    }
}

/// One `<form>` found by ``RedirectHTML/forms(in:)``.
@_spi(PurseTools) public struct HTMLForm: Sendable {
    /// One `<button>` of the form.
    @_spi(PurseTools) public struct Button: Sendable, Hashable {
        /// The `id` attribute (the sandbox's pages use `approve`, `decline`, `cancel`).
        @_spi(PurseTools) public var id: String?
        /// The `name` attribute, posted with ``value`` when the button submits the form.
        @_spi(PurseTools) public var name: String?
        /// The `value` attribute.
        @_spi(PurseTools) public var value: String?
    }

    /// The `action` attribute as written (decoded), if any.
    @_spi(PurseTools) public var action: String?
    /// The `method` attribute, lower-cased (`get` when absent).
    @_spi(PurseTools) public var method: String
    /// The `<input>` names and values, in document order.
    @_spi(PurseTools) public var fields: [(name: String, value: String)]
    /// The `<button>`s, in document order.
    @_spi(PurseTools) public var buttons: [Button]
}
