import Foundation
import TestProcess
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout
@testable import PurseLoopbackRedirect

/// A clock on which every sleep ends at once: a presentation's timeout fires immediately.
struct ElapsedClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }
    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws { try Task.checkCancellation() }
}

/// A clock whose sleeps last until the sleeping task is cancelled: a timeout that never fires.
struct StoppedClock: Clock {
    var now: ElapsedClock.Instant { ElapsedClock.Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ElapsedClock.Instant, tolerance: Duration?) async throws {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        _ = continuation
        for await _ in stream {}
        throw CancellationError()
    }
}

/// What a test's browser did: the URLs it was asked to open.
final class OpenedURLs: Sendable {
    private let urls = Locked<[URL]>([])
    func append(_ url: URL) { urls.withLock { $0.append(url) } }
    var all: [URL] { urls.withLock { $0 } }
}

/// The loopback presenter against a real listener on 127.0.0.1: the test's "browser" is an HTTP client.
@MainActor
@Suite("Loopback presenter: serves the POST pages, catches the return, times out")
struct LoopbackRedirectPresenterTests {
    static let page = URL(string: "https://psp.example/pay/1")!
    static let policy = RedirectPolicy(returnDestination: .loopback(port: 0, path: "/return"))
    let http = URLSessionTransport()

    /// What a presentation reports for a return through `returnURL` with `query`: the destination's URL, without
    /// the return URL's unguessable value.
    static func reported(_ returnURL: URL, _ query: String) throws -> URL {
        try #require(URL(string: "http://127.0.0.1:\(returnURL.port ?? 0)/return?" + query))
    }

    func get(_ url: URL) async throws -> HTTPResponse {
        try await http.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "text/html"]))
    }

    /// An opener that loads the page it is given (when it is served locally) and then plays `browse`.
    func opener(
        _ opened: OpenedURLs, browse: @escaping @Sendable (URL) async throws -> Void = { _ in }
    ) -> BrowserOpener {
        BrowserOpener { url in
            opened.append(url)
            try await browse(url)
        }
    }

    @Test("a GET opens the page itself and the return on the listener ends the presentation")
    func getReturns() async throws {
        let opened = OpenedURLs()
        let http = http
        let returned = Locked<URL?>(nil)
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { _ in
                // The shopper's browser lands on the return URL.
                if let url = returned.withLock({ $0 }) { _ = try await http.send(HTTPRequest(method: "GET", url: url)) }
            }, clock: StoppedClock())
        let returnURL = try presenter.start()
        #expect(returnURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(returnURL.deletingLastPathComponent().path == "/return")
        #expect(returnURL.lastPathComponent.count == 22)
        #expect(presenter.returnURL == returnURL)
        let landing = try #require(URL(string: returnURL.absoluteString + "?purse-redirection-data=eyJ9"))
        returned.withLock { $0 = landing }
        #expect(
            await presenter.present(.get(Self.page))
                == .returned(try Self.reported(returnURL, "purse-redirection-data=eyJ9")))
        #expect(opened.all == [Self.page])
    }

    /// Was: the listener allowed 64 connections, and 70 idle local connections made the browser's return get
    /// 503 for as long as they were held. Now a newcomer takes a silent connection's place.
    @Test("the shopper's return gets through while 200 idle local connections are open")
    func returnGetsThroughIdleConnections() async throws {
        let opened = OpenedURLs()
        let http = http
        let idle = LoopbackConnections()
        defer { idle.closeAll() }
        let landing = Locked<URL?>(nil)
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { _ in
                if let url = landing.withLock({ $0 }) { _ = try await http.send(HTTPRequest(method: "GET", url: url)) }
            }, clock: StoppedClock())
        let returnURL = try presenter.start()
        let port = try #require(returnURL.port.map(UInt16.init))
        try await onThread { try idle.open(port: port, count: 200) }
        let url = try #require(URL(string: returnURL.absoluteString + "?purse-redirection-data=ok"))
        landing.withLock { $0 = url }
        #expect(
            await presenter.present(.get(Self.page))
                == .returned(try Self.reported(returnURL, "purse-redirection-data=ok")))
        presenter.stop()
    }

    @Test("stray and forged requests to the listener get a 404 and do not end the presentation")
    func forgedReturnsIgnored() async throws {
        let opened = OpenedURLs()
        let http = http
        let statuses = Locked<[Int]>([])
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { _ in },
            clock: StoppedClock())
        let base = try presenter.start()
        let root = "http://127.0.0.1:\(base.port ?? 0)"
        let state = base.lastPathComponent
        // A well-formed value the listener never issued.
        let guessed = String(state.reversed().dropFirst()) + "A"
        let forged = [
            "/return/\(state)?purse-redirection-data=x&next=evil", "/return/", "/return/../admin", "/return%2F", "/",
            "/favicon.ico", "/return/\(state)?purse-redirection-data=a&purse-redirection-data=b",
            // No value, a value never issued, the value with something around it.
            "/return?purse-redirection-data=ok", "/return", "/return/\(guessed)?purse-redirection-data=ok",
            "/return/\(state)x?purse-redirection-data=ok", "/return/\(state)/?purse-redirection-data=ok",
            "/return/x\(state)", "/return/\(state.dropLast())", "/return\(state)", "/Return/\(state)",
            "/\(state)",
        ]
        let task = Task { await presenter.present(.get(Self.page)) }
        for _ in 0..<1000 where opened.all.isEmpty { await Task.yield() }
        for path in forged {
            let response = try await http.send(HTTPRequest(method: "GET", url: try #require(URL(string: root + path))))
            statuses.withLock { $0.append(response.status) }
        }
        let post = try await http.send(
            HTTPRequest(method: "POST", url: base, headers: ["Content-Type": "text/plain"], body: Data("x".utf8)))
        #expect(statuses.withLock { $0 }.allSatisfy { $0 == 404 })
        #expect(post.status == 405)
        let good = try #require(URL(string: base.absoluteString + "?purse-redirection-data=ok"))
        let answer = try await get(good)
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("You can close this window"))
        #expect(await task.value == .returned(try Self.reported(base, "purse-redirection-data=ok")))
    }

    @Test("a return URL's value is unguessable: 22 base64url characters, 128 random bits, new on every start()")
    func returnURLValuesAreFresh() throws {
        let presenter = LoopbackRedirectPresenter(policy: Self.policy, opener: BrowserOpener { _ in })
        defer { presenter.stop() }
        var seen = Set<String>()
        for _ in 0..<200 {
            let state = try presenter.start().lastPathComponent
            #expect(state.count == 22)
            #expect(state.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            seen.insert(state)
        }
        #expect(seen.count == 200)
        // The value's shape check: the last of 22 characters carries 2 bits and 4 zero bits.
        #expect(LoopbackReturnStates.isWellFormed(String(repeating: "A", count: 22)[...]))
        #expect(!LoopbackReturnStates.isWellFormed((String(repeating: "A", count: 21) + "B")[...]))
        #expect(!LoopbackReturnStates.isWellFormed((String(repeating: "A", count: 21) + "=")[...]))
        #expect(!LoopbackReturnStates.isWellFormed(String(repeating: "A", count: 23)[...]))
    }

    @Test("each return ends one presentation once: a reload or a replay of it delivers nothing")
    func returnIsTakenOnce() async throws {
        let opened = OpenedURLs()
        let presenter = LoopbackRedirectPresenter(policy: Self.policy, opener: opener(opened), clock: StoppedClock())
        defer { presenter.stop() }
        let base = try presenter.start()
        let landing = try #require(URL(string: base.absoluteString + "?purse-redirection-data=eyJhIjoxfQ"))
        let first = Task { await presenter.present(.get(Self.page)) }
        for _ in 0..<10_000 where opened.all.isEmpty { await Task.yield() }
        #expect(try await get(landing).status == 200)
        #expect(await first.value == .returned(try Self.reported(base, "purse-redirection-data=eyJhIjoxfQ")))

        // A second presentation: the same return again (a reload, or a replay from the history, also encoded
        // differently) shows the page and does not end it; the next payment's own return does.
        let second = Task { await presenter.present(.get(Self.page)) }
        for _ in 0..<10_000 where opened.all.count < 2 { await Task.yield() }
        #expect(try await get(landing).status == 200)
        let reencoded = try #require(URL(string: base.absoluteString + "?purse-redirection-data=eyJhIjox%66Q"))
        #expect(try await get(reencoded).status == 200)
        let next = try #require(URL(string: base.absoluteString + "?purse-redirection-data=eyJhIjoyfQ"))
        #expect(try await get(next).status == 200)
        #expect(await second.value == .returned(try Self.reported(base, "purse-redirection-data=eyJhIjoyfQ")))
    }

    @Test("a return URL issued before a restart is listened on again with resume(returnURL:); others are refused")
    func resumeAfterRestart() async throws {
        let first = LoopbackRedirectPresenter(policy: Self.policy, opener: BrowserOpener { _ in })
        let issued = try first.start()
        let port = try #require(issued.port.map(UInt16.init))
        first.stopAndWait()

        let opened = OpenedURLs()
        let restarted = LoopbackRedirectPresenter(policy: Self.policy, opener: opener(opened), clock: StoppedClock())
        defer { restarted.stop() }
        try restarted.resume(returnURL: issued)
        #expect(restarted.returnURL == issued)
        let task = Task { await restarted.present(.get(Self.page)) }
        for _ in 0..<10_000 where opened.all.isEmpty { await Task.yield() }
        let landing = try #require(URL(string: issued.absoluteString + "?purse-redirection-data=ok"))
        #expect(try await get(landing).status == 200)
        #expect(await task.value == .returned(try Self.reported(issued, "purse-redirection-data=ok")))

        let root = "http://127.0.0.1:\(port)"
        let state = issued.lastPathComponent
        for refused in [
            "\(root)/return", "\(root)/other/\(state)", "http://127.0.0.1:\(port == 1 ? 2 : port - 1)/return/\(state)",
            "http://localhost:\(port)/return/\(state)", "\(root)/return/\(state)?purse-redirection-data=x",
            "\(root)/return/short", "https://127.0.0.1:\(port)/return/\(state)",
        ] {
            #expect(throws: PurseCheckoutError.self, "\(refused)") {
                try restarted.resume(returnURL: try #require(URL(string: refused)))
            }
        }
        let fixed = LoopbackRedirectPresenter(
            policy: RedirectPolicy(returnDestination: .loopback(port: port, path: "/elsewhere")),
            opener: BrowserOpener { _ in })
        #expect(throws: PurseCheckoutError.self) { try fixed.resume(returnURL: issued) }
    }

    @Test("a POST form is served from 127.0.0.1 with every name and value escaped, then removed")
    func postFormServed() async throws {
        let opened = OpenedURLs()
        let pages = Locked<[String]>([])
        let returned = Locked<URL?>(nil)
        let http = http
        let fields = ["\"><script>alert(1)</script>": "a&b", "PaReq": "x\"y'z<w>"]
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { url in
                let page = try await http.send(HTTPRequest(method: "GET", url: url))
                pages.withLock { $0.append(String(decoding: page.body, as: UTF8.self)) }
                if let back = returned.withLock({ $0 }) {
                    _ = try await http.send(HTTPRequest(method: "GET", url: back))
                }
            }, clock: StoppedClock())
        let returnURL = try presenter.start()
        returned.withLock { $0 = returnURL }
        #expect(
            await presenter.present(.postForm(url: Self.page, fields: fields))
                == .returned(try #require(URL(string: "http://127.0.0.1:\(returnURL.port ?? 0)/return"))))
        let served = try #require(opened.all.first)
        #expect(served.host == "127.0.0.1")
        #expect(served.path.hasPrefix("/purse-redirect/"))
        let html = try #require(pages.withLock { $0.first })
        #expect(html == RedirectHTML.autoSubmittedForm(action: Self.page, fields: fields))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("name=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\" value=\"a&amp;b\""))
        #expect(html.contains("value=\"x&quot;y&#39;z&lt;w&gt;\""))
        #expect(try await get(served).status == 404)  // gone once the presentation ended
    }

    @Test("an HTML answer is served as the partner wrote it")
    func postHTMLServed() async throws {
        let document = "<html><form method=post action=\"https://psp.example/pay/1\"></form></html>"
        let pages = Locked<[String]>([])
        let opened = OpenedURLs()
        let http = http
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { url in
                let page = try await http.send(HTTPRequest(method: "GET", url: url))
                pages.withLock { $0.append(String(decoding: page.body, as: UTF8.self)) }
            }, clock: ElapsedClock())
        #expect(await presenter.present(.postHTML(html: document, name: "psp")) == .canceled)
        #expect(pages.withLock { $0 } == [document])
    }

    @Test("a served page carries the policy's CSP, so the browser refuses forms the check could not see")
    func servedPageCarriesCSP() async throws {
        let headers = Locked<[String: String]?>(nil)
        let http = http
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(OpenedURLs()) { url in
                let page = try await http.send(HTTPRequest(method: "GET", url: url))
                headers.withLock { $0 = page.headers }
            }, clock: ElapsedClock())
        let returnURL = try presenter.start()
        let document = "<form method=post action=\"https://psp.example/pay/1\"></form>"
        #expect(await presenter.present(.postHTML(html: document, name: nil)) == .canceled)
        let received = try #require(headers.withLock { $0 })
        let csp = received.first { $0.key.lowercased() == "content-security-policy" }?.value
        let port = try #require(returnURL.port)
        #expect(
            csp
                == "form-action https: http://127.0.0.1:* http://localhost:* http://127.0.0.1:\(port); base-uri 'none'; "
                + RedirectPolicy.servedPageSubresourcePolicy)
    }

    @Test("nothing comes back within the timeout on the injected clock: canceled")
    func timeout() async {
        let opened = OpenedURLs()
        let presenter = LoopbackRedirectPresenter(policy: Self.policy, opener: opener(opened), clock: ElapsedClock())
        #expect(await presenter.present(.get(Self.page)) == .canceled)
        #expect(opened.all == [Self.page])
    }

    @Test("cancelling the presenting task: canceled")
    func cancellation() async {
        let opened = OpenedURLs()
        let presenter = LoopbackRedirectPresenter(policy: Self.policy, opener: opener(opened), clock: StoppedClock())
        let task = Task { await presenter.present(.get(Self.page)) }
        for _ in 0..<10_000 where opened.all.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await task.value == .canceled)
    }

    @Test("a refused URL fails before the browser opens")
    func refused() async {
        let opened = OpenedURLs()
        let presenter = LoopbackRedirectPresenter(policy: Self.policy, opener: opener(opened), clock: ElapsedClock())
        let result = await presenter.present(.get(URL(string: "http://psp.example/pay")!))
        #expect(result == .failed(RedirectError.refused))
        #expect(opened.all.isEmpty)
    }

    @Test("a browser that cannot open, or a policy that is not loopback: REDIRECT_PRESENTATION_FAILED")
    func cannotOpen() async {
        struct NoBrowser: Error {}
        let failing = LoopbackRedirectPresenter(
            policy: Self.policy, opener: BrowserOpener { _ in throw NoBrowser() }, clock: ElapsedClock())
        guard case .failed(let error) = await failing.present(.get(Self.page)) else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .redirectPresentationFailed)
        let universal = LoopbackRedirectPresenter(
            policy: RedirectPolicy(returnDestination: .universalLink(host: "shop.example", path: "/return")),
            opener: BrowserOpener { _ in }, clock: ElapsedClock())
        guard case .failed(let wrong) = await universal.present(.get(Self.page)) else {
            Issue.record("expected failed")
            return
        }
        #expect(wrong.code == .redirectPresentationFailed)
        #expect(throws: PurseCheckoutError.self) { try universal.start() }
    }

    @Test("one presenter serves several redirects in a row (a declined PSP page, then 3-D Secure)")
    func severalPresentations() async throws {
        let opened = OpenedURLs()
        let http = http
        let returnURL = Locked<URL?>(nil)
        let presenter = LoopbackRedirectPresenter(
            policy: Self.policy,
            opener: opener(opened) { _ in
                // Each payment comes back with its own return data.
                if let url = returnURL.withLock({ $0 }) {
                    let data = "purse-redirection-data=payment-\(opened.all.count)"
                    _ = try await http.send(HTTPRequest(method: "GET", url: URL(string: "\(url)?\(data)")!))
                }
            }, clock: StoppedClock())
        let url = try presenter.start()
        returnURL.withLock { $0 = url }
        #expect(
            await presenter.present(.get(Self.page))
                == .returned(try Self.reported(url, "purse-redirection-data=payment-1")))
        #expect(
            await presenter.present(.get(URL(string: "https://acs.example/3ds")!))
                == .returned(try Self.reported(url, "purse-redirection-data=payment-2")))
        #expect(presenter.returnURL == url)
    }

    @Test("the printing opener shows the URL and opens nothing")
    func printingOpener() async throws {
        let lines = Locked<[String]>([])
        let opener = BrowserOpener.printing { line in lines.withLock { $0.append(line) } }
        try await opener.open(Self.page)
        #expect(lines.withLock { $0 } == ["Open this address in a browser to continue the payment: \(Self.page)"])
    }
}
