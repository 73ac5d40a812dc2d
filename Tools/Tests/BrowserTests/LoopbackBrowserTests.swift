import Foundation
import PurseCheckoutTesting
import PurseHTTPServer
@_spi(PurseTools) import PurseHeadlessCheckout
import PurseLoopbackRedirect
import PurseSandbox
import PurseSandboxServer
import Testing
import ToolsLock

/// The loopback presenter with a real browser: headless Chromium, driven through chromedriver's WebDriver
/// API, opens the sandbox's hosted pages; the test clicks a button; the presenter catches the return on
/// 127.0.0.1; the outcome and the server's status agree.
///
/// The waits here are a real browser's (page loads, a form that submits itself): bounded by WebDriver's
/// implicit wait and the presenter's timeout, never open-ended.
@MainActor
@Suite(
    "Browser: the loopback presenter in headless Chromium",
    .serialized,
    // Without Chromium and chromedriver these tests skip with this message (`.ci/run` installs both).
    .enabled(
        if: BrowserEnvironment.isAvailable,
        "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver): browser tests skipped")
)
struct LoopbackBrowserTests {
    /// What to pay with, which button to click, and the payment status the server must report.
    struct Flow: Sendable, CustomStringConvertible {
        /// A redirection method id, or a saved token id.
        let item: String
        let isToken: Bool
        let button: String
        let expected: String
        var description: String { "\(item) → \(button)" }
    }

    nonisolated static let flows: [Flow] = [
        Flow(item: "fintecture-instantpayment", isToken: false, button: "approve", expected: "AUTHORIZED"),  // GET
        Flow(item: "alma-cb2x", isToken: false, button: "decline", expected: "REFUSED"),  // POST form
        Flow(item: "oney-cb3x", isToken: false, button: "cancel", expected: "ABORTED"),  // HTML form answer
        Flow(item: "oney-cb3x", isToken: false, button: "approve", expected: "AUTHORIZED"),
        // The demo shopper's saved Visa: pays without CVV, then a 3-D Secure challenge.
        Flow(item: "0b5e55ed-0000-4000-8000-000000000003", isToken: true, button: "approve", expected: "AUTHORIZED"),
    ]

    @Test("a hosted page in Chromium: click, return on 127.0.0.1, the server agrees", arguments: flows)
    func flow(_ flow: Flow) async throws {
        let driver = try await ChromeDriver.start()
        do {
            try await run(flow, driver: driver)
        } catch {
            await driver.stop()
            throw error
        }
        await driver.stop()
    }

    private func run(_ flow: Flow, driver: ChromeDriver) async throws {
        let sandbox = try PurseSandbox()
        let server = SandboxServer(sandbox: sandbox, readTimeout: .seconds(5))
        try server.start()
        defer { server.stop() }
        let browser = try await driver.newSession()

        // The opener loads the page in Chromium, then tells the test the page is there to click on.
        let (opened, pageOpened) = AsyncStream<URL>.makeStream()
        let presenter = LoopbackRedirectPresenter(
            policy: RedirectPolicy(returnDestination: .loopback(port: 0, path: "/return")),
            opener: BrowserOpener { url in
                do {
                    try await browser.navigate(to: url)
                    pageOpened.yield(url)
                } catch {
                    pageOpened.finish()  // the test stops waiting; the presentation fails
                    throw error
                }
            },
            timeout: .seconds(60))
        let returnURL = try presenter.start()
        defer { presenter.stop() }
        // The merchant backend creates the session with the presenter's loopback return URL.
        let session = try sandbox.createClientSession(
            SandboxClientSessionRequest(
                amount: 4299, shopperRedirectionURL: returnURL.absoluteString, customerReference: "demo-shopper"))
        let checkout = try await PurseHeadlessCheckout(
            widgetData: session.widgetData, configuration: PurseCheckoutConfiguration(transport: URLSessionTransport()))
        let item: PaymentItem =
            flow.isToken
            ? .paymentToken(try #require(checkout.paymentTokens.first { $0.id == flow.item }))
            : .primaryMethod(try #require(checkout.paymentMethods.first { $0.id == flow.item }))
        let element = checkout.paymentElement(for: item, redirect: presenter)
        await element.prepare()

        async let outcome = element.submitAndWait()
        for await _ in opened { break }
        let button = try await browser.element(css: "#\(flow.button)")
        try await browser.click(button)
        let result = await outcome

        guard case .returnedFromRedirect(let url) = result else {
            Issue.record("expected returnedFromRedirect, got \(result)")
            return
        }
        // The presentation reports the destination's URL, without the return URL's unguessable value.
        #expect(returnURL.deletingLastPathComponent().path == "/return")
        #expect(url.absoluteString.hasPrefix("http://127.0.0.1:\(returnURL.port ?? 0)/return?purse-redirection-data="))
        let status = sandbox.clientSessionStatus(id: session.id)?.payment?.authorizationStatus
        #expect(status == flow.expected)
        #expect(try Self.redirectionData(url)["authorization_status"] == status)
        // The browser landed on the presenter's own page, which claims nothing about the payment.
        #expect(try await browser.pageSource().contains("You can close this window"))
        #expect(try await browser.currentURL().hasPrefix(returnURL.absoluteString))
        await browser.delete()
    }

    /// The page the presenter serves carries the policy as a Content-Security-Policy, and Chromium enforces it:
    /// a form a script builds after the document was checked, posting to a host outside the policy's list, is
    /// not submitted; the document's own form to a listed host is. (Without the header the scripted form would
    /// load `/stolen`, and the page would be gone before the second form could post.)
    @Test("Chromium refuses a script-built form to a host outside the list; the listed form still posts")
    func servedPageCSPIsEnforced() async throws {
        let driver = try await ChromeDriver.start()
        do {
            try await checkCSP(driver: driver)
        } catch {
            await driver.stop()
            throw error
        }
        await driver.stop()
    }

    private func checkCSP(driver: ChromeDriver) async throws {
        // `localhost` is loopback like 127.0.0.1, but only 127.0.0.1 is on the list.
        let requested = try await serveDocument(driver: driver) { port in
            """
            <!doctype html><html><body>
            <form id="listed" method="post" action="http://127.0.0.1:\(port)/allowed">
            <input type="hidden" name="a" value="1"></form>
            <script>
            var built = document.createElement("form");
            built.method = "post";
            built.action = "http://localhost:\(port)/stolen";
            document.body.appendChild(built);
            try { built.submit(); } catch (e) {}
            setTimeout(function () { document.getElementById("listed").submit(); }, 700);
            </script></body></html>
            """
        }
        #expect(requested == ["/allowed"])
    }

    /// The spellings of `;` (and of the time) an outside review used to hide a `<meta http-equiv="refresh">`
    /// from the policy: the SDK decoded five named references and numeric ones ending in `;`, so it read no
    /// navigation where a browser reads one.
    static let hiddenRefreshes = [
        "0&semi;url=", "0&comma;url=", "0&Tab;url=", "0&NewLine;url=", "0&period;5;url=", "0&#59url=",
        "0&#x3burl=", "0&#0000000059;url=", "&#48&semi;url=",
    ]

    @Test("Chromium follows a meta refresh spelled with character references; the presenter refuses the document")
    func hiddenMetaRefreshes() async throws {
        let driver = try await ChromeDriver.start()
        do {
            try await checkHiddenRefreshes(driver: driver)
        } catch {
            await driver.stop()
            throw error
        }
        await driver.stop()
    }

    private func checkHiddenRefreshes(driver: ChromeDriver) async throws {
        let requested = Locked<[String]>([])
        let documents = Locked<[String: String]>([:])
        let target = HTTPServer { request in
            requested.withLock { $0.append(request.path) }
            if let document = documents.withLock({ $0[request.path] }) { return .html(document) }
            return .html("<html><body><p id=\"landed\">\(request.path)</p></body></html>")
        }
        let port = try target.start()
        defer { target.stop() }
        let browser = try await driver.newSession()
        // `localhost` is off the list (only 127.0.0.1 is on it): where each refresh would take the shopper.
        func document(_ index: Int) -> String {
            let content = Self.hiddenRefreshes[index] + "http://localhost:\(port)/stolen/\(index)"
            return "<!doctype html><html><head><meta http-equiv=\"refresh\" content=\"\(content)\"></head><body>"
                + "<form method=\"post\" action=\"http://127.0.0.1:\(port)/allowed\"></form></body></html>"
        }
        // 1. Chromium decodes every spelling and navigates.
        for index in Self.hiddenRefreshes.indices {
            documents.withLock { $0["/doc/\(index)"] = document(index) }
            try await browser.navigate(to: URL(string: "http://127.0.0.1:\(port)/doc/\(index)")!)
            let landed = try await browser.element(css: "#landed")
            #expect(try await browser.text(of: landed) == "/stolen/\(index)", "\(Self.hiddenRefreshes[index])")
        }
        await browser.delete()
        // 2. The loopback presenter refuses each document before any browser opens it.
        let opened = Locked(0)
        let presenter = LoopbackRedirectPresenter(
            policy: RedirectPolicy(
                returnDestination: .loopback(port: 0, path: "/return"), additionalAllowedHosts: ["127.0.0.1"]),
            opener: BrowserOpener { _ in opened.withLock { $0 += 1 } },
            timeout: .seconds(60))
        _ = try presenter.start()
        defer { presenter.stop() }
        for index in Self.hiddenRefreshes.indices {
            let result = await presenter.present(.postHTML(html: document(index), name: nil))
            guard case .failed(let error) = result else {
                Issue.record("accepted: \(Self.hiddenRefreshes[index]) (\(result))")
                continue
            }
            #expect(error.code == .redirectRefused, "\(Self.hiddenRefreshes[index])")
        }
        #expect(opened.withLock { $0 } == 0)
    }

    /// Serves the partner document `makeDocument(port)` through a loopback presenter whose policy lists only
    /// 127.0.0.1, opens it in Chromium, waits until its listed form posted to `/allowed` on a local target, and
    /// returns every path the target was asked for (favicon aside).
    private func serveDocument(
        driver: ChromeDriver, _ makeDocument: (UInt16) -> String
    ) async throws -> [String] {
        let requested = Locked<[String]>([])
        let target = HTTPServer { request in
            requested.withLock { $0.append(request.path) }
            return .html("<html><body><p id=\"landed\">\(request.path)</p></body></html>")
        }
        let port = try target.start()
        defer { target.stop() }
        let browser = try await driver.newSession()
        let document = makeDocument(port)
        let (opened, pageOpened) = AsyncStream<URL>.makeStream()
        let presenter = LoopbackRedirectPresenter(
            policy: RedirectPolicy(
                returnDestination: .loopback(port: 0, path: "/return"), additionalAllowedHosts: ["127.0.0.1"]),
            opener: BrowserOpener { url in
                defer { pageOpened.finish() }
                try await browser.navigate(to: url)
                pageOpened.yield(url)
            },
            timeout: .seconds(60))
        _ = try presenter.start()
        defer { presenter.stop() }
        let presentation = Task { await presenter.present(.postHTML(html: document, name: nil)) }
        defer { presentation.cancel() }
        var served: URL?
        for await url in opened { served = url }
        #expect(served != nil, "the presenter's page did not open")
        // The listed form posts after a delay; WebDriver's implicit wait bounds the look-up.
        let landed = try await browser.element(css: "#landed")
        #expect(try await browser.text(of: landed) == "/allowed")
        await browser.delete()
        return requested.withLock { $0 }.filter { $0 != "/favicon.ico" }
    }

    /// An outside review: partner HTML served by the loopback presenter could load plain-http content in
    /// iframes, `srcdoc` frames, objects and images (the CSP restricted only `form-action` and `base-uri`). Now
    /// Chromium refuses every one of them; the page itself still works (its listed form posts).
    @Test("Chromium loads no plain-http frame, srcdoc image, object or image from a served page")
    func servedPageLoadsNoPlainHTTPContent() async throws {
        let driver = try await ChromeDriver.start()
        do {
            try await checkSubresources(driver: driver)
        } catch {
            await driver.stop()
            throw error
        }
        await driver.stop()
    }

    private func checkSubresources(driver: ChromeDriver) async throws {
        let requested = try await serveDocument(driver: driver) { port in
            let http = "http://localhost:\(port)"
            return """
                <!doctype html><html><body>
                <img src="\(http)/image">
                <iframe src="\(http)/frame"></iframe>
                <iframe srcdoc="<img src='\(http)/srcdoc-image'>"></iframe>
                <object data="\(http)/object" type="text/html"></object>
                <embed src="\(http)/embed" type="text/html">
                <form id="listed" method="post" action="http://127.0.0.1:\(port)/allowed">
                <input type="hidden" name="a" value="1"></form>
                <script>setTimeout(function () { document.getElementById("listed").submit(); }, 1500);</script>
                </body></html>
                """
        }
        #expect(requested == ["/allowed"])
    }

    /// The payload of a return URL's `purse-redirection-data` (a compact JWS, read unverified).
    static func redirectionData(_ url: URL) throws -> [String: String] {
        let hint = try #require(RedirectionData(returnURL: url))
        return [
            "client_session_id": hint.clientSessionID, "payment_id": hint.paymentID,
            "authorization_status": hint.authorizationStatus, "client_session_status": hint.clientSessionStatus,
        ].compactMapValues { $0 }
    }
}
