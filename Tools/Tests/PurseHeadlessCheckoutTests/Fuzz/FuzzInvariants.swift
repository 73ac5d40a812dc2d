import Foundation

@_spi(PurseTools) @testable import PurseHeadlessCheckout

// The invariants the fuzz targets check for every input (Fuzz/Targets/fuzz-session, fuzz-gateway,
// fuzz-redirect), and that `FuzzRegressionTests` checks for every committed corpus file and every kept crash
// input. One source: the fuzz package block of Package.swift compiles this very file through a symbolic link
// (Fuzz/Targets/FuzzHeadlessInvariants), so a check added here runs in both places.
//
// Each `check` returns normally when every invariant holds and throws `FuzzViolation` naming the broken one.
// A trap inside the SDK (an out-of-range index, a failed force unwrap) is a failure in both worlds too: libFuzzer
// reports the crash, and the test process dies.

/// An invariant that did not hold for an input.
package struct FuzzViolation: Error, CustomStringConvertible {
    package let description: String
}

/// Throws a violation unless `condition` holds.
func fuzzRequire(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(description: message()) }
}

/// Every error the SDK builds is scrubbed: no run of 12 or more digits (spaces and dashes allowed between
/// them) survives in its message or server code, and scrubbing again changes nothing.
func fuzzCheckScrubbed(_ error: PurseCheckoutError) throws(FuzzViolation) {
    for text in [error.message, error.serverCode ?? "", error.description] {
        try fuzzCheckScrubbed(text: text, code: error.code.rawValue)
    }
}

func fuzzCheckScrubbed(text: String, code: String) throws(FuzzViolation) {
    var digits = 0
    for character in text {
        if character.isASCII, character.isNumber {
            digits += 1
            try fuzzRequire(digits < 12, "a \(code) error message keeps a run of 12 digits")
        } else if character != " " && character != "-" {
            digits = 0
        }
    }
    try fuzzRequire(Redaction.scrub(text) == text, "scrubbing a \(code) error message twice changes it")
}

// MARK: - JSON

package enum JSONFuzzInvariants {
    /// Parses `bytes`: either a value or a `JSONParseError` inside the input; a value serializes to text that
    /// parses back to an equal value and serializes to the same bytes again.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        _ = try parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) throws(FuzzViolation) -> JSONValue? {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Data(bytes))
        } catch {
            try fuzzRequire(
                error.offset >= 0 && error.offset <= bytes.count,
                "parse error offset \(error.offset) outside 0...\(bytes.count)")
            return nil
        }
        try checkRoundTrip(value)
        return value
    }

    static func checkRoundTrip(_ value: JSONValue) throws(FuzzViolation) {
        let text = value.serialized()
        let again: JSONValue
        do {
            again = try JSONValue.parse(text)
        } catch {
            throw FuzzViolation(description: "serialized JSON does not parse back: \(error)")
        }
        try fuzzRequire(again == value, "serialized JSON parses back to a different value")
        try fuzzRequire(again.serialized() == text, "serializing twice gives different bytes")
        try fuzzRequire(value.jsonText.utf8.count == text.count, "jsonText and serialized() disagree")
    }
}

// MARK: - Widget data and session

package enum SessionFuzzInvariants {
    /// `bytes` is the widget data's JSON document (what base64 wraps).
    ///
    /// - Decoding never traps: it gives a session or a `SESSION_MALFORMED` / `WIDGET_DATA_MALFORMED` error,
    ///   scrubbed of card-like digits.
    /// - The widget-data entry point (standard base64, and URL-safe base64 without padding) agrees with
    ///   `decode(params:)` on the parsed document: the same session or the same error.
    /// - A decoded session survives the snapshot round trip (`SnapshotSession.params` → `decode(params:)`)
    ///   unchanged but for its saved instruments' fields outside the snapshot's allow-list, and its derived lists
    ///   are consistent (sorted, partitioned, tokens on listed methods, service roots https or loopback http,
    ///   amount non-negative).
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let document = try JSONFuzzInvariants.parse(bytes)
        let standard = decodeWidgetData(Data(bytes).base64EncodedString())
        if bytes.count <= 4096 {  // the large real sample is decoded once per alphabet in the unit tests
            let urlSafe = decodeWidgetData(Base64.encodeURLSafe(Data(bytes)))
            try fuzzRequire(standard == urlSafe, "standard and URL-safe base64 of the same bytes decode differently")
        }
        try checkRawWidgetData(bytes)

        guard let document else {
            try expectFailure(standard, code: .widgetDataMalformed, "widget data that is not JSON")
            return
        }
        let direct = Result { try SessionDecoder.decode(params: document) }.mapError { PurseCheckoutError($0) }
        switch direct {
        case .failure(let error):
            try fuzzRequire(error.code == .sessionMalformed, "decode(params:) threw \(error.code)")
            try fuzzCheckScrubbed(error)
        case .success(let session):
            try checkSession(session)
        }
        if case .object = document {
            try fuzzRequire(standard == direct, "widget data and decode(params:) disagree on the same document")
        } else {
            try expectFailure(standard, code: .widgetDataMalformed, "widget data that is not a JSON object")
        }
    }

    /// The raw bytes taken as the widget-data string itself (base64 or not): never a trap, only the two codes.
    static func checkRawWidgetData(_ bytes: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        if case .failure(let error) = decodeWidgetData(text) {
            try fuzzRequire(
                error.code == .widgetDataMalformed || error.code == .sessionMalformed,
                "decode(widgetData:) threw \(error.code)")
            try fuzzCheckScrubbed(error)
        }
    }

    static func decodeWidgetData(_ text: String) -> Result<ClientSession, PurseCheckoutError> {
        Result { try SessionDecoder.decode(widgetData: text) }.mapError { PurseCheckoutError($0) }
    }

    static func expectFailure(
        _ result: Result<ClientSession, PurseCheckoutError>, code: PurseCheckoutError.Code, _ what: String
    ) throws(FuzzViolation) {
        guard case .failure(let error) = result else {
            throw FuzzViolation(description: "\(what) decoded to a session")
        }
        try fuzzRequire(error.code == code, "\(what) threw \(error.code), expected \(code)")
        try fuzzCheckScrubbed(error)
    }

    /// What holds for every decoded session.
    static func checkSession(_ session: ClientSession) throws(FuzzViolation) {
        let params = SnapshotSession.params(of: session)
        try JSONFuzzInvariants.checkRoundTrip(params)
        let rebuilt: ClientSession
        do {
            rebuilt = try SessionDecoder.decode(params: params)
        } catch {
            throw FuzzViolation(description: "the snapshot params of a decoded session do not decode: \(error)")
        }
        // The saved instruments keep only their allow-listed fields; what the checkout decodes from them is the same.
        try fuzzRequire(
            rebuilt == SnapshotSession.restoredForm(of: session),
            "the session changes through SnapshotSession.params and decode(params:)")
        try fuzzRequire(
            rebuilt.paymentTokens == session.paymentTokens
                && rebuilt.savedSecondaryTokens == session.savedSecondaryTokens,
            "the saved instruments change through the snapshot")
        try fuzzRequire(SnapshotSession.params(of: rebuilt) == params, "the snapshot params are not stable")

        try fuzzRequire(session.amountMinorUnits >= 0, "negative order amount")
        let code = session.currency.code
        try fuzzRequire(
            code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 },
            "currency code \(code) is not three upper-case letters")
        try fuzzRequire(PurseEnvironment.known.contains(session.environment), "unknown environment")
        for root in [
            session.apiRoots.payment, session.apiRoots.wallet, session.apiRoots.datetime, session.apiRoots.logs,
            session.apiRoots.vault,
        ] {
            let scheme = root.scheme?.lowercased()
            try fuzzRequire(
                scheme == "https" || (scheme == "http" && LoopbackHost.isLoopback(root.host)),
                "service root \(root.absoluteString) is neither https nor loopback http")
        }

        let primaries = session.primaryMethods.map { ($0.position, $0.id) }
        let secondaries = session.secondaryMethods.map { ($0.position, $0.id) }
        try fuzzRequire(zip(primaries, primaries.dropFirst()).allSatisfy { $0 <= $1 }, "primaries not sorted")
        try fuzzRequire(zip(secondaries, secondaries.dropFirst()).allSatisfy { $0 <= $1 }, "secondaries not sorted")
        let primaryIDs = Set(primaries.map(\.1))
        let secondaryIDs = Set(secondaries.map(\.1))
        let unstable = Set(session.unstableMethodIDs)
        let hidden = Set(session.informationRequestHiddenIDs)
        try fuzzRequire(
            primaryIDs.isDisjoint(with: secondaryIDs) && primaryIDs.isDisjoint(with: unstable)
                && secondaryIDs.isDisjoint(with: unstable) && hidden.isDisjoint(with: primaryIDs.union(secondaryIDs))
                && hidden.isDisjoint(with: unstable),
            "a method is listed twice (primary, secondary, unstable, hidden by an information request)")
        try fuzzRequire(
            session.primaryMethods.count + session.secondaryMethods.count + session.unstableMethodIDs.count
                + session.informationRequestHiddenIDs.count == session.source.protocols.count,
            "methods do not partition the session's protocols")
        try fuzzRequire(
            session.source.isInformationRequest || hidden.isEmpty, "a payment session hides methods")
        try fuzzRequire(
            !session.source.isInformationRequest
                || (session.secondaryMethods.isEmpty
                    && session.primaryMethods.allSatisfy {
                        $0.configuration.registrationMode?.uppercased() == "OFF_SESSION"
                    }),
            "an information request offers a method that does not register off session")
        let listed =
            session.primaryMethods.map { ($0.partner, $0.method, $0.id) }
            + session.secondaryMethods.map { ($0.partner, $0.method, $0.id) }
        for (partner, method, id) in listed {
            try fuzzRequire(
                session.source.protocolEntry(partner: partner, method: method)?.configuration.stable == true,
                "listed method \(id) is not a stable protocol of the session")
        }
        for token in session.paymentTokens {
            try fuzzRequire(primaryIDs.contains(token.methodID), "payment token on a method that is not primary")
            try fuzzRequire(!token.requiresCVV || token.isVaultedCard, "a token that is not a card requires a CVV")
        }
        for token in session.savedSecondaryTokens {
            try fuzzRequire(secondaryIDs.contains(token.methodID), "saved gift card on a method that is not secondary")
        }
    }
}

// MARK: - Gateway answers

package enum GatewayFuzzInvariants {
    /// `bytes` is the body of a 2xx answer of `/init` or `/validate`, or a `redirection` object.
    ///
    /// - Each decoder (`InitData`, `ValidationResult`, `RedirectAction`) gives a value or an `INVALID_RESPONSE`
    ///   error naming the call, scrubbed; never a trap, never another code.
    /// - Decoding is a function of the value: the re-serialized document decodes to the same result.
    /// - A decoded redirection survives the snapshot round trip (`SnapshotCodec.redirection`), and
    ///   ``RedirectFuzzInvariants/checkPlans(for:)`` holds for it.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        guard let document = try JSONFuzzInvariants.parse(bytes) else { return }
        let again: JSONValue
        do {
            again = try JSONValue.parse(document.serialized())
        } catch {
            throw FuzzViolation(description: "re-serialized answer does not parse")
        }

        let initData = decode(document, what: "Payment API POST /init", InitData.init(reading:))
        try expectTyped(initData, what: "Payment API POST /init")
        try fuzzRequire(
            initData == decode(again, what: "Payment API POST /init", InitData.init(reading:)),
            "InitData decodes a re-serialized answer differently")

        let validation = decode(document, what: "Payment API POST /validate", ValidationResult.init(reading:))
        try expectTyped(validation, what: "Payment API POST /validate")
        try fuzzRequire(
            validation == decode(again, what: "Payment API POST /validate", ValidationResult.init(reading:)),
            "ValidationResult decodes a re-serialized answer differently")
        if case .success(let result) = validation {
            try fuzzRequire(
                result.results.count == document["results"]?.arrayValue?.count,
                "ValidationResult has \(result.results.count) results for a different number of items")
            if let action = result.redirection { try checkRedirection(action) }
        }

        let redirection = decode(document, what: "redirection") { (reader) throws(PurseCheckoutError) in
            try RedirectAction(reading: reader)
        }
        try expectTyped(redirection, what: "redirection")
        if case .success(let action?) = redirection { try checkRedirection(action) }
    }

    static func decode<Value>(
        _ document: JSONValue, what: String, _ body: (JSONReader) throws(PurseCheckoutError) -> Value
    ) -> Result<Value, PurseCheckoutError> {
        Result { () throws(PurseCheckoutError) -> Value in try body(APIClient.reader(document, what: what)) }
    }

    static func expectTyped<Value>(_ result: Result<Value, PurseCheckoutError>, what: String) throws(FuzzViolation) {
        guard case .failure(let error) = result else { return }
        try fuzzRequire(error.code == .invalidResponse, "\(what) decoding threw \(error.code)")
        try fuzzRequire(error.message.hasPrefix(what), "\(what) decoding error does not name the call")
        try fuzzCheckScrubbed(error)
    }

    static func checkRedirection(_ action: RedirectAction) throws(FuzzViolation) {
        if let url = action.url {
            try fuzzRequire(url.scheme != nil, "a redirection URL without a scheme was accepted")
        }
        // Through a snapshot a page keeps its kind and host, and only a GET keeps what shows it again.
        let payment = SubmittedPayment(sessionID: "ps-fuzz", globalStatus: .waiting, redirection: action)
        let saved = SnapshotCodec.submittedPayment(payment)
        let restored = Result { () throws(PurseCheckoutError) -> SubmittedPayment in
            try SnapshotCodec.submittedPayment(
                reading: JSONReader(saved, path: "submitted_payment") {
                    PurseCheckoutError(.stateSnapshotMalformed, message: $0)
                })
        }
        guard case .success(let back) = restored else {
            throw FuzzViolation(description: "a submitted payment does not read back from its snapshot")
        }
        var shownAgain: RedirectAction?
        if case .get = action { shownAgain = action }
        try fuzzRequire(back.redirection == shownAgain, "a page's content changes through the snapshot round trip")
        // The pages bound first: comparing `back.page?…` with `payment.page?…` in one expression crashed the release
        // compiler (Swift 6.3.1, "Found outside of lifetime use!" in CopyPropagation) in the fuzz build.
        let backPage = back.page
        let savedPage = payment.page
        try fuzzRequire(
            backPage?.kind == savedPage?.kind && backPage?.targetHost == savedPage?.targetHost
                && backPage?.canBeShownAgain == (shownAgain != nil),
            "a page's kind or host changes through the snapshot round trip")
        try RedirectFuzzInvariants.checkPlans(for: action)
    }
}

// MARK: - Redirect policy and plans

package enum RedirectFuzzInvariants {
    /// `bytes` is text: a return destination on the first line (`u HOST PATH`, `c SCHEME` or `l PORT PATH`),
    /// allowed hosts on the second (space-separated, may be empty), then one URL per line.
    ///
    /// - A usable destination accepts its own return URL, with `?purse-redirection-data=…`, and refuses it with a
    ///   fragment, another query item or another path.
    /// - No URL is classified as a return unless its scheme, host, port and path are exactly the configured
    ///   ones (checked on the URL's text, independently of `RedirectURLParts`); `approved` only for universal
    ///   links and loopback, `returned` only for a custom scheme.
    /// - A target the policy allows is http(s), https unless the host is loopback, has no user information, is
    ///   in the allowed hosts when there are some, and Foundation reads the same host from it.
    /// - The web view's navigation decision and the authentication callback agree with the policy.
    package static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let policy = RedirectPolicy(
            returnDestination: destination(lines.first ?? ""),
            additionalAllowedHosts: Set((lines.count > 1 ? lines[1] : "").split(separator: " ").map(String.init)))
        try checkPolicy(policy)
        try checkServedPageCSP(policy)
        for line in lines.dropFirst(2) {
            _ = RedirectURLParts(text: line)
            if let parts = RedirectURLParts(text: line) {
                try fuzzRequire(parts.port.map { (0...65_535).contains($0) } ?? true, "port out of range")
                if !parts.isIPv6Literal {
                    try fuzzRequire(
                        !parts.host.contains(where: { "/?#@".contains($0) }), "host \(parts.host) holds a delimiter")
                }
            }
            guard let url = URL(string: line) else { continue }
            try checkURL(url, policy: policy)
        }
    }

    static func destination(_ line: String) -> RedirectPolicy.ReturnDestination {
        let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch (words.first, words.count) {
        case ("c", 2...):
            // `c scheme` (every URL of the scheme) or `c scheme host path` (only that URL).
            let rest = words.count > 2 ? words[2].split(separator: " ", maxSplits: 1).map(String.init) : []
            return .customScheme(words[1], host: rest.first ?? "", path: rest.count > 1 ? rest[1] : "")
        case ("l", 3...): return .loopback(port: UInt16(words[1]) ?? 0, path: words[2])
        case ("u", 3...): return .universalLink(host: words[1], path: words[2])
        default: return .universalLink(host: "checkout.example.com", path: "/return")
        }
    }

    /// The destination's own return URL is a return; small changes to it are not.
    static func checkPolicy(_ policy: RedirectPolicy) throws(FuzzViolation) {
        guard policy.configurationProblem == nil, let returnURL = policy.returnURL else { return }
        let base = returnURL.absoluteString
        try fuzzRequire(policy.classifyReturn(returnURL).url == returnURL, "the configured return URL is refused")
        for (suffix, accepted) in [
            ("?purse-redirection-data=eyJ9", true), ("?", true), ("#fragment", false),
            ("?purse-redirection-data=x&next=https://evil.example", false), ("?other=1", false), ("x", false),
            ("/", false), ("/..", false), ("%2F", false),
        ] {
            guard let url = URL(string: base + suffix) else { continue }
            try fuzzRequire(
                (policy.classifyReturn(url).url != nil) == accepted,
                "\(base + suffix) is \(accepted ? "refused" : "accepted") as the return")
        }
        for url in [returnURL] { try checkURL(url, policy: policy) }
    }

    static func checkURL(_ url: URL, policy: RedirectPolicy) throws(FuzzViolation) {
        let text = url.absoluteString
        let classification = policy.classifyReturn(url)
        switch (classification, policy.returnDestination) {
        case (.notAReturn, _): break
        case (.approved, .universalLink), (.approved, .loopback), (.returned, .customScheme):
            try fuzzRequire(matchesDestination(text, policy.returnDestination), "\(text) accepted as the return")
            try fuzzRequire(classification.url == url, "the classified return is another URL")
        default:
            throw FuzzViolation(description: "\(text) classified \(classification) for \(policy.returnDestination)")
        }

        if policy.refusal(forTarget: url) == nil {
            try fuzzRequire(policy.allowsTarget(url), "refusal and allowsTarget disagree")
            try checkAllowedTarget(text, policy: policy)
        }

        let plan = RedirectPlan(surface: .webView(.url(url)), policy: policy)
        for isMainFrame in [true, false] {
            switch plan.navigationDecision(for: url, isMainFrame: isMainFrame) {
            case .finish(.returned(let returned)):
                try fuzzRequire(
                    classification.url == returned, "the web view finished as returned on a URL that is not one")
            case .allow:
                let lowered = text.lowercased()
                try fuzzRequire(
                    lowered == "about:blank" || lowered == "about:srcdoc" || policy.allowsTarget(url),
                    "the web view loads \(text), which the policy refuses")
                try fuzzRequire(classification == .notAReturn, "the web view loads the return instead of finishing")
            case .block:
                try fuzzRequire(!isMainFrame && !policy.allowsTarget(url), "a blocked navigation the policy allows")
            case .finish:
                try fuzzRequire(
                    isMainFrame && !policy.allowsTarget(url) && classification == .notAReturn,
                    "the web view failed on \(text), which the policy allows")
            }
        }
        switch plan.authenticationCallbackResult(url) {
        case .returned(let returned):
            try fuzzRequire(classification.url == returned, "the callback returned on a URL that is not the return")
        default:
            try fuzzRequire(classification == .notAReturn, "the callback refused the return")
        }
    }

    /// The CSP the loopback listener sends is one header value (printable ASCII: no line break could start another
    /// header), has exactly its directives (form-action, base-uri, then the fixed subresource ones), and its
    /// form-action lists only places the policy allows, written so that CSP
    /// matches no more than them (read here from the value's text, not from how it was built).
    static func checkServedPageCSP(_ policy: RedirectPolicy) throws(FuzzViolation) {
        let value = policy.servedPageContentSecurityPolicy
        try fuzzRequire(value.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "the CSP holds a control character")
        let directives = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let subresources = RedirectPolicy.servedPageSubresourcePolicy.split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        try fuzzRequire(
            directives.count == 2 + subresources.count && directives[1] == "base-uri 'none'"
                && Array(directives.dropFirst(2)) == subresources,
            "the CSP has other directives: \(value)")
        let sources = directives[0].split(separator: " ").map(String.init)
        try fuzzRequire(sources.first == "form-action" && sources.count > 1, "no form-action sources: \(value)")
        var returnHost: String?
        if case .loopback = policy.returnDestination { returnHost = "127.0.0.1" }
        if case .universalLink(let host, _) = policy.returnDestination { returnHost = host }
        for source in sources.dropFirst() {
            if source == "'none'" { continue }
            if source == "https:" {
                try fuzzRequire(policy.additionalAllowedHosts.isEmpty, "https: listed although hosts are listed")
                continue
            }
            let pieces = source.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            try fuzzRequire(
                pieces.count == 3 && (pieces[0] == "http" || pieces[0] == "https") && pieces[1].hasPrefix("//")
                    && (pieces[2] == "*" || UInt16(pieces[2]) != nil)
                    || pieces.count == 2 && pieces[0] == "https" && pieces[1].hasPrefix("//"),
                "the CSP source \(source) is not scheme://host:port")
            let host = String(pieces[1].dropFirst(2))
            try fuzzRequire(
                !host.isEmpty
                    && host.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") },
                "the CSP host \(host) is not a plain host")
            try fuzzRequire(
                pieces[0] == "https" || LoopbackHost.isLoopback(host), "the CSP allows plain http to \(host)")
            try fuzzRequire(
                host == returnHost || policy.additionalAllowedHosts.isEmpty
                    || policy.additionalAllowedHosts.contains(host),
                "the CSP lists \(host), which is not in the policy's list")
        }
    }

    /// Whether the URL's text names exactly the destination (scheme case-insensitive, everything else as
    /// written), with nothing after it but an empty query or one `purse-redirection-data` item.
    static func matchesDestination(_ text: String, _ destination: RedirectPolicy.ReturnDestination) -> Bool {
        guard !text.contains("#") else { return false }
        let pieces = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(pieces[0])
        if pieces.count == 2 {
            let query = pieces[1]
            guard query.isEmpty || query == "purse-redirection-data" || query.hasPrefix("purse-redirection-data="),
                !query.contains("&")
            else { return false }
        }
        guard let colon = base.firstIndex(of: ":") else { return false }
        let scheme = base[..<colon].lowercased()
        let rest = String(base[base.index(after: colon)...])
        switch destination {
        case .universalLink(let host, let path):
            return scheme == "https" && (rest == "//\(host)\(path)" || hasPort(rest, "//\(host):", 443, path))
        case .loopback(let port, let path):
            return scheme == "http" && hasPort(rest, "//127.0.0.1:", Int(port), path)
        case .customScheme(let expected, let host, let path):
            guard scheme == expected else { return false }
            if !host.isEmpty { return rest == "//\(host)\(path)" }
            guard rest.hasPrefix("//") else { return true }
            let authority = rest.dropFirst(2).prefix { $0 != "/" }
            return !authority.contains("@")
        }
    }

    /// Whether `rest` is `prefix`, a port and `path`: the port in ASCII digits whose value is `port`. The URL
    /// standard reads a port's digits as a decimal number, leading zeros included (`:08080` is port 8080, which
    /// browsers write back as `:8080`), so the same port written with leading zeros is the same destination.
    static func hasPort(_ rest: String, _ prefix: String, _ port: Int, _ path: String) -> Bool {
        guard rest.hasPrefix(prefix), rest.hasSuffix(path), rest.count >= prefix.count + path.count else {
            return false
        }
        let digits = rest.dropFirst(prefix.count).dropLast(path.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 5 else { return false }
        return (significant.isEmpty ? 0 : Int(significant)) == port
    }

    /// What an allowed target must be, read with Foundation rather than `RedirectURLParts`.
    static func checkAllowedTarget(_ text: String, policy: RedirectPolicy) throws(FuzzViolation) {
        // Foundation decodes IDNA labels (`xn--…`) and has no host for an invalid one (which no browser opens
        // either): for those, check the scheme and the allowed list on the text alone.
        if let parts = RedirectURLParts(text: text), parts.host.lowercased().contains("xn--") {
            try fuzzRequire(parts.scheme == "https", "the policy allows plain http to \(parts.host)")
            try fuzzRequire(!parts.hasUserInfo, "the policy allows \(text), which carries user information")
            try fuzzRequire(
                policy.additionalAllowedHosts.isEmpty || policy.additionalAllowedHosts.contains(parts.host),
                "the policy allows \(parts.host), which is not in the list")
            return
        }
        guard let components = URLComponents(string: text) else {
            throw FuzzViolation(description: "the policy allows \(text), which Foundation cannot parse")
        }
        let scheme = components.scheme?.lowercased()
        var host = components.percentEncodedHost ?? ""
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        try fuzzRequire(scheme == "https" || scheme == "http", "the policy allows the scheme of \(text)")
        try fuzzRequire(!host.isEmpty, "the policy allows \(text), which has no host for Foundation")
        try fuzzRequire(
            components.percentEncodedUser == nil && components.percentEncodedPassword == nil,
            "the policy allows \(text), which carries user information for Foundation")
        try fuzzRequire(
            scheme == "https" || LoopbackHost.isLoopback(host), "the policy allows plain http to \(host)")
        if !policy.additionalAllowedHosts.isEmpty {
            try fuzzRequire(
                policy.additionalAllowedHosts.contains(host), "the policy allows \(host), which is not in the list")
        }
        if let parts = RedirectURLParts(text: text) {
            try fuzzRequire(
                parts.host == host, "the policy reads host \(parts.host) where Foundation reads \(host) in \(text)")
        }
    }

    /// Plans for a gateway redirection under a few policies: a plan that opens something only opens what the
    /// policy allows, and every form of an HTML document it accepts posts where the policy allows.
    static func checkPlans(for action: RedirectAction) throws(FuzzViolation) {
        let policies = [
            RedirectPolicy(returnDestination: .universalLink(host: "checkout.example.com", path: "/return")),
            RedirectPolicy(
                returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
                additionalAllowedHosts: ["psp.example.com"]),
            RedirectPolicy(returnDestination: .loopback(port: 8080, path: "/return")),
            RedirectPolicy(returnDestination: .customScheme("merchantapp")),
        ]
        for policy in policies {
            let options = WebAuthenticationOptions(
                osVersion: RedirectOSVersion(major: 18, minor: 0), prefersInAppWebView: false,
                hasPresentingViewController: true)
            for result in [
                RedirectPlan.webAuthentication(for: action, policy: policy, options: options),
                RedirectPlan.loopback(for: action, policy: policy),
            ] {
                guard case .success = result else { continue }
                if let url = action.url {
                    try fuzzRequire(policy.allowsTarget(url), "a plan opens \(url.absoluteString), which is refused")
                    try checkAllowedTarget(url.absoluteString, policy: policy)
                }
                if case .postHTML(let html, _) = action {
                    let forms = RedirectHTML.forms(in: html)
                    for form in forms {
                        guard let target = form.action, let url = URL(string: target) else {
                            throw FuzzViolation(description: "a plan accepts a form without a checkable action")
                        }
                        try checkAllowedTarget(url.absoluteString, policy: policy)
                    }
                    // Every form a browser's tokenizer sees (read independently of `RedirectHTML`) posts where
                    // the policy allows.
                    for action in browserFormActions(in: html) {
                        guard let action, let url = URL(string: action), policy.allowsTarget(url) else {
                            throw FuzzViolation(
                                description:
                                    "a plan accepts an HTML document with a form posting to \(action ?? "nowhere")")
                        }
                    }
                    // Every refresh a browser follows to an absolute URL goes where the policy allows (a relative
                    // one stays on the page's own origin).
                    for refresh in browserRefreshURLs(in: html) where FuzzHTMLOracle.isAbsolute(refresh) {
                        guard let url = URL(string: refresh), policy.allowsTarget(url) else {
                            throw FuzzViolation(
                                description: "a plan accepts an HTML document that refreshes to \(refresh)")
                        }
                    }
                }
            }
        }
    }

    /// The `action` of every `<form>` start tag, read the way the HTML tokenizer reads tags (WHATWG HTML §13.2.5,
    /// simplified): `<` opens a tag only before an ASCII letter; a tag name ends at whitespace, `/` or `>`; an
    /// attribute name ends at whitespace, `/`, `=` or `>`; a quote opens a value only after `=`; the first of
    /// duplicate attributes wins; comments (with their abrupt endings `<!-->`, `<!--->` and `--!>`), bogus comments
    /// (`<!x`, `<?x`, `</1`, up to the first `>`) and the text of `script`, `style`, `textarea`, `title`, `xmp`,
    /// `iframe`, `noembed`, `noframes` and `noscript` (scripting on, as in a web view) hold no tags. Character
    /// references in attribute values are decoded by ``FuzzHTMLOracle``, not by `RedirectHTML`.
    static func browserFormActions(in html: String) -> [String?] {
        browserStartTags(in: html).filter { $0.name == "form" }.map { $0.attributes["action"] }
    }

    /// The URL of every `<meta http-equiv="refresh">` a browser would follow (``FuzzHTMLOracle/refreshURL(content:)``),
    /// found by the same tokenizer as ``browserFormActions(in:)``.
    static func browserRefreshURLs(in html: String) -> [String] {
        browserStartTags(in: html).compactMap { tag in
            guard tag.name == "meta", tag.attributes["http-equiv"]?.lowercased() == "refresh",
                let content = tag.attributes["content"]
            else { return nil }
            return FuzzHTMLOracle.refreshURL(content: content)
        }
    }

    /// Every start tag a browser's tokenizer sees, with its attributes decoded (the first of duplicates wins).
    static func browserStartTags(in html: String) -> [(name: String, attributes: [String: String])] {
        let scalars = Array(html.unicodeScalars)
        var tags: [(name: String, attributes: [String: String])] = []
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { [" ", "\t", "\n", "\u{0C}", "\r"].contains(scalar) }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && scalar.properties.isAlphabetic }
        func lowered(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            String(String.UnicodeScalarView(scalars)).lowercased()
        }
        func skip(past marker: String) {
            let target = Array(marker.unicodeScalars)
            while index < scalars.count {
                if index + target.count <= scalars.count,
                    lowered(scalars[index..<(index + target.count)]) == marker
                {
                    index += target.count
                    return
                }
                index += 1
            }
        }
        while index < scalars.count {
            guard scalars[index] == "<", index + 1 < scalars.count else {
                index += 1
                continue
            }
            if lowered(scalars[(index + 1)..<min(index + 4, scalars.count)]) == "!--" {
                index += 4
                // `<!-->` and `<!--->` end at once; otherwise at `-->` or `--!>`, whichever comes first.
                if index < scalars.count, scalars[index] == ">" {
                    index += 1
                } else if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == ">" {
                    index += 2
                } else {
                    let rest = String(String.UnicodeScalarView(scalars[index...]))
                    let ends = ["-->", "--!>"].compactMap { rest.range(of: $0) }
                    guard let end = ends.min(by: { $0.lowerBound < $1.lowerBound }) else { break }
                    index += rest.unicodeScalars[rest.startIndex..<end.upperBound].count
                }
                continue
            }
            let isEndTag = scalars[index + 1] == "/"
            let opensTag =
                isLetter(scalars[index + 1]) || (isEndTag && index + 2 < scalars.count && isLetter(scalars[index + 2]))
            let bogusComment =
                ["!", "?"].contains(scalars[index + 1])
                || (isEndTag && index + 2 < scalars.count && scalars[index + 2] != ">")
            guard opensTag else {
                // `<!x`, `<?x` and `</1` open a bogus comment, which ends at the first `>` (quotes mean nothing).
                index += 1
                if bogusComment { skip(past: ">") }
                continue
            }
            index += isEndTag ? 2 : 1  // an end tag's attributes are read (and dropped) like a start tag's
            let nameStart = index
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
                index += 1
            }
            let name = lowered(scalars[nameStart..<index])
            var attributes: [String: String] = [:]
            while index < scalars.count, scalars[index] != ">" {
                if isSpace(scalars[index]) || scalars[index] == "/" {
                    index += 1
                    continue
                }
                let attributeStart = index
                index += 1  // a first `=` belongs to the name
                while index < scalars.count, !isSpace(scalars[index]), !["/", "=", ">"].contains(scalars[index]) {
                    index += 1
                }
                let attribute = lowered(scalars[attributeStart..<index])
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        let valueStart = index + 1
                        index = valueStart
                        while index < scalars.count, scalars[index] != quote { index += 1 }
                        value = String(String.UnicodeScalarView(scalars[valueStart..<index]))
                        index += 1
                    } else {
                        let valueStart = index
                        while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" { index += 1 }
                        value = String(String.UnicodeScalarView(scalars[valueStart..<index]))
                    }
                }
                if attributes[attribute] == nil { attributes[attribute] = FuzzHTMLOracle.decodeAttribute(value) }
            }
            guard index < scalars.count else { break }  // a tag cut by the end of the document is dropped
            index += 1
            if isEndTag { continue }
            tags.append((name, attributes))
            if ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"].contains(
                name)
            {
                // The raw text ends at `</name` followed by whitespace, `/` or `>` (`</script<` is still text).
                repeat {
                    skip(past: "</\(name)")
                } while index < scalars.count
                    && !(isSpace(scalars[index]) || scalars[index] == "/" || scalars[index] == ">")
            }
        }
        return tags
    }
}
