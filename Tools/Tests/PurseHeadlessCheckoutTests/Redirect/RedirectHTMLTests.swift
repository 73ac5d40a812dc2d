import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// The page built for `.postForm` escapes every field name and value (DESIGN §7), and the form scanner reads
/// back exactly what was escaped.
@Suite("Redirect HTML: escaping the .postForm page, reading forms")
struct RedirectHTMLTests {
    static let action = URL(string: "https://psp.example/pay?a=1&b=2")!

    static let hostile: [(String, String)] = [
        ("\"><script>alert(1)</script>", "x"),
        ("x", "\"><script>alert(document.cookie)</script>"),
        ("amp&name", "a&b&amp;c"),
        ("quote\"name", "it's \"quoted\""),
        ("'single'", "<img src=x onerror=alert(1)>"),
        ("</form><form action=https://evil.example>", "</textarea>"),
        ("PaReq", "eJxVUstu2zAM/BVB9+iSrYvL0SB+MA=="),
        ("unicode", "Zoë ✓ 日本"),
    ]

    @Test("field names and values holding markup never become markup", arguments: hostile)
    func escapesFields(name: String, value: String) throws {
        let html = RedirectHTML.autoSubmittedForm(action: Self.action, fields: [name: value, "plain": "1"])
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img"))
        #expect(html.components(separatedBy: "<form").count == 2)  // exactly one form
        #expect(html.components(separatedBy: "<script>").count == 2)  // only the submit script
        let form = try #require(RedirectHTML.forms(in: html).first)
        #expect(form.action == Self.action.absoluteString)
        #expect(form.method == "post")
        #expect(form.fields.map(\.name) == [name, "plain"].sorted())
        #expect(form.fields.first { $0.name == name }?.value == value)
    }

    @Test("the action URL is escaped too (its & separators become &amp;)")
    func escapesAction() {
        let html = RedirectHTML.autoSubmittedForm(action: Self.action, fields: [:])
        #expect(html.contains("action=\"https://psp.example/pay?a=1&amp;b=2\""))
    }

    @Test(
        "escape and unescape are inverse on text",
        arguments: ["", "plain", "<>&\"'", "&amp; already", "&#x41;&#65;", "a & b < c"])
    func roundTrip(text: String) {
        #expect(RedirectHTML.unescape(RedirectHTML.escape(text)) == text)
        #expect(!RedirectHTML.escape(text).contains("<"))
        #expect(!RedirectHTML.escape(text).contains("\""))
    }

    @Test("numeric, named and unknown character references")
    func unescape() {
        #expect(RedirectHTML.unescape("&#x3C;&#60;&lt;&apos;&quot;&amp;") == "<<<'\"&")
        #expect(RedirectHTML.unescape("&unknown; & &#xZZ;") == "&unknown; & &#xZZ;")
    }

    @Test("the scanner reads PSP documents: quotes, case, self-closing inputs, buttons")
    func scansForms() throws {
        let document = """
            <!doctype html><HTML><body onload="document.forms[0].submit()">
            <FORM name=acs METHOD="POST" ACTION='https://acs.bank.example/challenge?x=1&amp;y=2'>
              <input type=hidden name="PaReq" value="abc=="/>
              <INPUT TYPE="hidden" NAME='TermUrl' VALUE="https://psp.example/term">
              <input type="submit" value="Go">
              <button id="approve" name="decision" value="approve">Approve</button>
            </FORM>
            <form action="https://other.example/"></form>
            </body></HTML>
            """
        let forms = RedirectHTML.forms(in: document)
        #expect(forms.count == 2)
        let form = try #require(forms.first)
        #expect(form.action == "https://acs.bank.example/challenge?x=1&y=2")
        #expect(form.method == "post")
        #expect(form.fields.map(\.name) == ["PaReq", "TermUrl"])
        #expect(form.fields.map(\.value) == ["abc==", "https://psp.example/term"])
        #expect(form.buttons == [HTMLForm.Button(id: "approve", name: "decision", value: "approve")])
        #expect(forms[1].method == "get")
    }

    @Test(
        "an `=` where an attribute name starts belongs to the name, as in a browser: no `action` here",
        arguments: [
            #"<form method="POST"=action="https://psp.example.com/acs"><input name=a></form>"#,
            #"<form =action="https://psp.example.com/acs"></form>"#,
            #"<form method='post' =action=https://psp.example.com/acs></form>"#,
        ])
    func equalsSignStartsAnAttributeName(html: String) throws {
        let form = try #require(RedirectHTML.forms(in: html).first)
        #expect(form.action == nil)
        #expect(RedirectHTML.submissionTargets(in: html) == [nil])
    }

    @Test(
        "a refresh's URL is read as a browser reads it; no URL, or content a browser ignores, is no target",
        arguments: [
            ("0; url=https://evil.example/a", "https://evil.example/a"),
            ("0;URL='https://evil.example/b'", "https://evil.example/b"),
            ("5 , Url = \"https://evil.example/c\" trailing", "https://evil.example/c"),
            ("1.5; https://evil.example/d", "https://evil.example/d"),  // no `url=`: the rest is the URL
            (".5;url=https://evil.example/e", "https://evil.example/e"),
            ("0 https://evil.example/f", "https://evil.example/f"),  // whitespace separates too
            ("0; urlx=https://evil.example/g", "urlx=https://evil.example/g"),  // not `url=`: all of it, relative
            ("0; 'https://evil.example/h", "https://evil.example/h"),  // an unclosed quote runs to the end
            ("0; url=javascript:alert(1)", "javascript:alert(1)"),
        ] as [(String, String)])
    func refreshTargets(content: String, target: String) {
        #expect(RedirectHTML.refreshTarget(content: content) == target)
    }

    @Test(
        "a refresh without a URL reloads the document; one a browser ignores goes nowhere",
        arguments: [
            "0", "  10  ", "0;", "0; url=", "0; url=''", "x; url=https://evil.example/", "", "0x; url=https://e/",
        ])
    func refreshWithoutTarget(content: String) {
        #expect(RedirectHTML.refreshTarget(content: content) == nil)
    }

    @Test("every meta refresh with a URL is a target, wherever it is written; other meta tags are not")
    func refreshesAreTargets() {
        let html = """
            <html><head><meta charset="utf-8"><META HTTP-EQUIV="Refresh" CONTENT="0;URL=https://evil.example/1">
            <meta http-equiv=refresh content=3><meta name="refresh" content="0; url=https://not-a-refresh.example/">
            <!-- <meta http-equiv="refresh" content="0; url=https://evil.example/2"> --></head>
            <body><form action="https://psp.example/pay"></form></body></html>
            """
        #expect(
            RedirectHTML.submissionTargets(in: html) == [
                "https://evil.example/1", "https://evil.example/2", "https://psp.example/pay",
            ])
    }

    @Test("the loopback pages never claim the payment's outcome")
    func loopbackPages() {
        for page in [RedirectHTML.returnedPage, RedirectHTML.notFoundPage] {
            #expect(!page.lowercased().contains("success"))
            #expect(!page.lowercased().contains("approved"))
            #expect(!page.lowercased().contains("paid"))
        }
    }
}
