/// The HTML of the hosted pages: plain documents that work in a browser without JavaScript.
///
/// Every interpolated value goes through ``HTML/escape(_:)``. Element ids are stable (`approve`, `decline`,
/// `cancel`, `continue`, `amount`, `return`) so browser tests can drive the pages.
enum HostedPages {
    /// The page a `.postHTML` redirect loads: a form that posts to the hosted page. A script submits it at
    /// once; without JavaScript the shopper presses the visible button.
    static func autoPostDocument(
        action: String, fields: [String: String], title: String, name: String, language: PageLanguage = .english
    ) -> String {
        let inputs = fields.keys.sorted().map { key in
            "<input type=\"hidden\" name=\"\(HTML.escape(key))\" value=\"\(HTML.escape(fields[key] ?? ""))\">"
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="\(language.rawValue)"><head><meta charset="utf-8"><title>\(HTML.escape(title))</title></head>
            <body>
            <form id="purse-redirect" name="\(HTML.escape(name))" method="post" action="\(HTML.escape(action))">
            \(inputs)
            <p>\(language.text(.leaving)) \(HTML.escape(title)).</p>
            <button type="submit" id="continue">\(language.text(.continueTo)) \(HTML.escape(title))</button>
            </form>
            <script>document.getElementById("purse-redirect").submit();</script>
            </body></html>
            """
    }

    /// What a decision page shows.
    struct Summary {
        var kind: String
        var paymentId: String
        var merchant: String
        var methodName: String
        var amount: String
        var orderReference: String?
        var decisionURL: String
        /// The session's customer language.
        var language: PageLanguage = .english
    }

    /// The PSP page or the 3-D Secure challenge, with its three buttons.
    static func decisionPage(_ summary: Summary) -> String {
        let words = summary.language
        let heading = summary.kind == "3ds" ? words.text(.threeDS) : summary.methodName
        let order =
            summary.orderReference.map { "<dt>\(words.text(.order))</dt><dd id=\"order\">\(HTML.escape($0))</dd>" }
            ?? ""
        return document(
            title: heading, language: words,
            body: """
                <h1>\(HTML.escape(heading))</h1>
                <p class="notice">\(words.text(.notice))</p>
                <dl>
                <dt>\(words.text(.merchant))</dt><dd id="merchant">\(HTML.escape(summary.merchant))</dd>
                <dt>\(words.text(.method))</dt><dd id="method">\(HTML.escape(summary.methodName))</dd>
                <dt>\(words.text(.amount))</dt><dd id="amount">\(HTML.escape(summary.amount))</dd>
                \(order)
                <dt>\(words.text(.payment))</dt><dd id="payment">\(HTML.escape(summary.paymentId))</dd>
                </dl>
                <form method="post" action="\(HTML.escape(summary.decisionURL))">
                <button type="submit" name="decision" value="approve" id="approve">\(words.text(.approve))</button>
                <button type="submit" name="decision" value="decline" id="decline">\(words.text(.decline))</button>
                <button type="submit" name="decision" value="cancel" id="cancel">\(words.text(.cancel))</button>
                </form>
                """)
    }

    /// A payment already decided: its status and the way back to the shop.
    static func decidedPage(status: String, returnURL: String, language: PageLanguage = .english) -> String {
        document(
            title: "\(language.text(.paymentStatus)) \(status.lowercased())", language: language,
            body: """
                <h1>\(language.text(.paymentStatus)) <span id="status">\(HTML.escape(status))</span></h1>
                <p><a id="return" href="\(HTML.escape(returnURL))">\(language.text(.returnToShop))</a></p>
                """)
    }

    /// A short error page.
    static func errorPage(_ message: String) -> String {
        document(title: "Sandbox page error", body: "<h1>Cannot show this page</h1><p>\(HTML.escape(message))</p>")
    }

    private static func document(title: String, language: PageLanguage = .english, body: String) -> String {
        """
        <!doctype html>
        <html lang="\(language.rawValue)"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
        .notice{background:#fff4d6;padding:.5rem}dt{font-weight:bold}button{font-size:1rem;margin:.25rem}</style>
        </head><body><main>
        \(body)
        </main></body></html>
        """
    }
}
