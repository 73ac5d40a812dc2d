import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// Every committed seed of the fuzz targets (Fuzz/corpus/<target>) and every input a fuzz run crashed on
/// (Fixtures/fuzz/<target>, kept after the defect was fixed) goes through the same invariant checks as the
/// fuzzer (`FuzzInvariants.swift`), so each `swift test` re-checks them.
@Suite struct FuzzRegressionTests {
    /// The repository root, from this file's path (Tests/PurseHeadlessCheckoutTests/Fuzz/FuzzRegressionTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(in relativePath: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = root.appendingPathComponent(relativePath)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        return try files.map { ($0.lastPathComponent, try [UInt8](Data(contentsOf: $0))) }
    }

    @Test func sessionSeedCorpusHoldsEveryInvariant() async throws {
        let seeds = try Self.inputs(in: "Fuzz/corpus/session")
        // The real sample, cut into parts of a few protocols each (the fuzzer mutates small inputs much faster).
        #expect(seeds.filter { $0.name.hasPrefix("legacy-sample-part-") }.count >= 7)
        for seed in seeds {
            await Task.yield()  // long under a sanitizer; the cooperative pool is shared
            #expect(throws: Never.self, "\(seed.name)") { try SessionFuzzInvariants.check(seed.bytes) }
        }
    }

    @Test func gatewaySeedCorpusHoldsEveryInvariant() async throws {
        let seeds = try Self.inputs(in: "Fuzz/corpus/gateway")
        #expect(seeds.count >= 5)
        for seed in seeds {
            await Task.yield()  // long under a sanitizer; the cooperative pool is shared
            #expect(throws: Never.self, "\(seed.name)") { try GatewayFuzzInvariants.check(seed.bytes) }
        }
    }

    @Test func redirectSeedCorpusHoldsEveryInvariant() async throws {
        let seeds = try Self.inputs(in: "Fuzz/corpus/redirect")
        #expect(seeds.count >= 4)
        for seed in seeds {
            await Task.yield()  // long under a sanitizer; the cooperative pool is shared
            #expect(throws: Never.self, "\(seed.name)") { try RedirectFuzzInvariants.check(seed.bytes) }
        }
    }

    /// The invariants of the fuzz target `target` (the main-actor planner apart) for `bytes`.
    static func check(_ target: String, _ bytes: [UInt8]) throws(FuzzViolation) {
        switch target {
        case "session": try SessionFuzzInvariants.check(bytes)
        case "gateway": try GatewayFuzzInvariants.check(bytes)
        case "redirect": try RedirectFuzzInvariants.check(bytes)
        case "loan": try LoanFuzzInvariants.check(bytes)
        case "status": try StatusFuzzInvariants.check(bytes)
        case "hint": try HintFuzzInvariants.check(bytes)
        case "amount": try AmountFuzzInvariants.check(bytes)
        default: throw FuzzViolation(description: "no fuzz target \(target)")
        }
    }

    /// The parsers' seed corpora: loan simulation answers, payment status reports, return data, typed amounts.
    @Test(arguments: ["loan", "status", "hint", "amount"])
    func parserSeedCorpusHoldsEveryInvariant(target: String) async throws {
        let seeds = try Self.inputs(in: "Fuzz/corpus/\(target)")
        #expect(seeds.count >= 5)
        for seed in seeds {
            await Task.yield()  // long under a sanitizer; the cooperative pool is shared
            #expect(throws: Never.self, "\(seed.name)") { try Self.check(target, seed.bytes) }
        }
    }

    /// The update planner's seed corpus.
    @Test @MainActor func plannerSeedCorpusHoldsEveryInvariant() async throws {
        let seeds = try Self.inputs(in: "Fuzz/corpus/planner")
        #expect(seeds.count >= 5)
        var shares = 0
        for seed in seeds {
            await Task.yield()
            #expect(throws: Never.self, "\(seed.name)") { shares += try PlannerFuzzInvariants.check(seed.bytes) }
        }
        #expect(shares >= 8, "the seeds' old checkouts hold gift card shares for the planner to place")
    }

    /// Inputs a fuzz run crashed on, kept after the fix. Gateway: `.postHTML` documents whose form the form
    /// scanner missed (`<<form …>`, `<form/action=…>`, a quote not after `=`), so a plan accepted a post to a
    /// host the policy refuses. Redirect: a return path Foundation re-escapes, so the policy refused its own
    /// `returnURL`. The others were wrong oracles (an IDNA host, a step bound), kept so the oracles stay right.
    @Test(arguments: ["gateway", "redirect"])
    func keptCrashInputsHoldEveryInvariant(target: String) async throws {
        let inputs = try Self.inputs(in: "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/\(target)")
        #expect(inputs.count >= 2)
        for input in inputs {
            await Task.yield()  // long under a sanitizer; the cooperative pool is shared
            #expect(throws: Never.self, "\(input.name)") { try Self.check(target, input.bytes) }
        }
    }

    /// The fixed behaviour itself: each kept HTML document is refused under a policy that allows only the PSP.
    @Test(arguments: [
        "hidden-form-after-lone-lt.json", "form-name-ended-by-slash.json", "quote-not-after-equals.json",
        "equals-starting-attribute-name.json", "quote-in-tag-name-absolute.json", "quote-in-unquoted-value.json",
    ])
    func hiddenFormsAreRefused(fixture: String) throws {
        let bytes = try Data(
            contentsOf: Self.root.appendingPathComponent(
                "Tests/PurseHeadlessCheckoutTests/Fixtures/fuzz/gateway/\(fixture)"))
        let html = try #require(JSONValue.parse(bytes)["redirection"]?["form"]?.stringValue)
        #expect(
            RedirectHTML.forms(in: html).contains {
                $0.action == "https://evil.example/" || $0.action == "https://evil.example/steal"
            })
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8080, path: "/return"), additionalAllowedHosts: ["psp.example.com"])
        guard case .failure(let error) = RedirectPlan.loopback(for: .postHTML(html: html, name: nil), policy: policy)
        else {
            Issue.record("a document posting to evil.example was accepted")
            return
        }
        #expect(error.code == .redirectRefused)
    }

    /// Documents where a form the browser sees hides, for a scanner that follows tag states, inside what looks
    /// like a quoted value: the quote sits in a comment, a bogus comment or raw text, where a browser gives it no
    /// meaning. `submissionTargets` reads every `<form` wherever it is, so each one is refused; so are a
    /// button's `formaction` and a form only mentioned in a script (the price of reading without states).
    @Test(arguments: [
        #"<!-- a="x --><form action="https://evil.example/">"-->"#,
        #"<!--><form action="https://evil.example/"><!-- -->"#,
        #"<!x a="><form action="https://evil.example/">"x>"#,
        #"</1 a="><form action="https://evil.example/">">"#,
        #"<textarea><a title="</textarea><form action="https://evil.example/">">"#,
        #"<noscript><a title="</noscript><form action="https://evil.example/">">"#,
        #"<script><!--<script></script><a title="--></script><form action="https://evil.example/">">"#,
        #"<form action="https://psp.example.com/acs"><button formaction="https://evil.example/">Go</button></form>"#,
        #"<form action="https://psp.example.com/acs"></form><script>var t = '<form action=https://evil.example/>'</script>"#,
        #"<FORM\#u{0C}ACTION=https://evil.example/>"#,
    ])
    func formsBehindTokenizerStatesAreRefused(html: String) {
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8080, path: "/return"), additionalAllowedHosts: ["psp.example.com"])
        #expect(RedirectHTML.submissionTargets(in: html).contains { $0 == "https://evil.example/" })
        guard case .failure(let error) = RedirectPlan.loopback(for: .postHTML(html: html, name: nil), policy: policy)
        else {
            Issue.record("a document that can post to evil.example was accepted")
            return
        }
        #expect(error.code == .redirectRefused)
    }

    /// What a PSP really sends still goes through: forms, inputs and buttons that post to the PSP, with a script
    /// that submits them and comments around.
    @Test func pspDocumentsStillPass() {
        let html = """
            <!doctype html><html><head><title>3-D Secure</title><!-- ACS --></head><body>
            <form name="f" method="POST" action="https://psp.example.com/acs?x=1&amp;y=2">
            <input type="hidden" name="creq" value="e30"><input type="submit" value="Continue">
            <button id="approve" name="decision" value="approve">OK</button></form>
            <script>document.forms[0].submit()</script></body></html>
            """
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8080, path: "/return"), additionalAllowedHosts: ["psp.example.com"])
        #expect(RedirectHTML.submissionTargets(in: html) == ["https://psp.example.com/acs?x=1&y=2"])
        guard case .success = RedirectPlan.loopback(for: .postHTML(html: html, name: nil), policy: policy) else {
            Issue.record("a document posting to the PSP only was refused")
            return
        }
    }

    /// A `<meta http-equiv="refresh">` sends the shopper on without a form: its URL is checked like a form's
    /// action. A refresh that reloads the document, or that goes to the PSP, still passes.
    @Test func refreshesAreChecked() {
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8080, path: "/return"), additionalAllowedHosts: ["psp.example.com"])
        func plan(_ head: String) -> Result<RedirectPlan, PurseCheckoutError> {
            let html = "<html><head>\(head)</head><body><form action=\"https://psp.example.com/pay\"></form></body>"
            return RedirectPlan.loopback(for: .postHTML(html: html, name: nil), policy: policy)
        }
        for refused in [
            #"<meta http-equiv="refresh" content="0; url=https://evil.example/">"#,
            #"<meta http-equiv=REFRESH content="1;URL='http://psp.example.com/pay'">"#,  // not https
            #"<meta http-equiv="refresh" content="0; url=/relative">"#,  // no base URL to check it against
        ] {
            guard case .failure(let error) = plan(refused) else {
                Issue.record("accepted: \(refused)")
                continue
            }
            #expect(error.code == .redirectRefused)
        }
        for accepted in [
            #"<meta http-equiv="refresh" content="30">"#,
            #"<meta http-equiv="refresh" content="0; url=https://psp.example.com/timeout">"#,
        ] {
            guard case .success = plan(accepted) else {
                Issue.record("refused: \(accepted)")
                continue
            }
        }
    }

    /// A return path that Foundation would re-escape is a configuration problem, not a policy that refuses its
    /// own return URL.
    @Test func returnPathsFoundationRewritesAreConfigurationProblems() {
        let escaped = RedirectPolicy(
            returnDestination: .universalLink(host: "checkout.example.com", path: "/r%2e%e.com"))
        #expect(escaped.configurationProblem != nil)
        let nul = RedirectPolicy(returnDestination: .loopback(port: 8080, path: "/ca\u{0}llback"))
        #expect(nul.configurationProblem != nil)
        let fine = RedirectPolicy(returnDestination: .universalLink(host: "checkout.example.com", path: "/r%2e%2e/x"))
        #expect(fine.configurationProblem == nil)
        #expect(fine.returnURL.map { fine.classifyReturn($0) != .notAReturn } == true)
    }

    /// The fuzz target decodes large documents through one base64 alphabet only; the whole real sample goes
    /// through both here, and through every invariant.
    @Test func legacySampleDecodesAlikeFromBothBase64Alphabets() throws {
        let bytes = try [UInt8](
            Data(
                contentsOf: Self.root.appendingPathComponent(
                    "Tests/PurseHeadlessCheckoutTests/Fixtures/legacy-session-sample.json")))
        #expect(throws: Never.self) { try SessionFuzzInvariants.check(bytes) }
        let standard = try SessionDecoder.decode(widgetData: Data(bytes).base64EncodedString())
        #expect(try SessionDecoder.decode(widgetData: Base64.encodeURLSafe(Data(bytes))) == standard)
        #expect(standard.primaryMethods.count > 10)
    }

    /// The oracles are not vacuous: they reject what they exist to reject.
    @Test func oraclesRejectViolations() throws {
        let destination = RedirectPolicy.ReturnDestination.universalLink(host: "checkout.example.com", path: "/return")
        #expect(
            RedirectFuzzInvariants.matchesDestination(
                "https://checkout.example.com/return?purse-redirection-data=x", destination))
        #expect(
            !RedirectFuzzInvariants.matchesDestination("https://checkout.example.com.evil.example/return", destination))
        #expect(!RedirectFuzzInvariants.matchesDestination("https://checkout.example.com/return/", destination))
        #expect(!RedirectFuzzInvariants.matchesDestination("https://checkout.example.com/return#x", destination))
        #expect(!RedirectFuzzInvariants.matchesDestination("https://checkout.example.com/return?a=1", destination))
        let restricted = RedirectPolicy(returnDestination: destination, additionalAllowedHosts: ["psp.example.com"])
        #expect(throws: FuzzViolation.self) {
            try RedirectFuzzInvariants.checkAllowedTarget("http://psp.example.com/", policy: restricted)
        }
        #expect(throws: FuzzViolation.self) {
            try RedirectFuzzInvariants.checkAllowedTarget("https://evil.example/", policy: restricted)
        }
        #expect(throws: FuzzViolation.self) {
            try RedirectFuzzInvariants.checkAllowedTarget("https://a@psp.example.com/", policy: restricted)
        }
        #expect(
            RedirectFuzzInvariants.browserFormActions(
                in: "<FORM action=x><form/action='y'><formx><<form action=&quot;z><p 'q><form>"
                    + "<!-- <form action=c> --><script>'<form action=s>'</script><but<form action=b>")
                == ["x", "y", "\"z", nil])
        #expect(
            RedirectFuzzInvariants.browserRefreshURLs(
                in: #"<meta http-equiv=Refresh content="0&semi;url=https://e.example/a"><meta http-equiv="refresh""#
                    + #" content="5"><!-- <meta http-equiv="refresh" content="0;url=c"> --><META HTTP-EQUIV="REFRESH""#
                    + #" CONTENT=" 1.5 , URL = 'https://e.example/&#x62;' x"><meta http-equiv="refresh" content="0;"#
                    + #" u https://no"><meta http-equiv="refresh" content="&#48;&#59 https://e.example/n&#10;l">"#)
                == ["https://e.example/a", "https://e.example/b", "u https://no", "https://e.example/nl"])
        #expect(
            FuzzHTMLOracle.decodeAttribute("&copy=1&copy;&notit;&#x3b&#0000000059;&#128;&#;") == "&copy=1©&notit;;;€&#;"
        )
        #expect(
            FuzzHTMLOracle.isAbsolute("https://x") && !FuzzHTMLOracle.isAbsolute("/x")
                && !FuzzHTMLOracle.isAbsolute("1a:x"))
        #expect(throws: FuzzViolation.self) { try fuzzCheckScrubbed(text: "card 4111 1111 1111 1111", code: "X") }
        #expect(throws: Never.self) {
            try fuzzCheckScrubbed(PurseCheckoutError(.invalidResponse, message: "card 4111 1111 1111 1111"))
        }
    }
}
