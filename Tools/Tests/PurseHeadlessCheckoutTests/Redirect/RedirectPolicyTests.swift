import Foundation
import Testing

@_spi(PurseTools) @testable import PurseHeadlessCheckout

/// The policy's rules (DESIGN §7): https except loopback, exact hosts, no userinfo, exact returns, and a custom
/// scheme that is only ever "returned".
@Suite("Redirect policy: targets and returns")
struct RedirectPolicyTests {
    static let universal = RedirectPolicy(
        returnDestination: .universalLink(host: "checkout.example.com", path: "/return"))
    static let restricted = RedirectPolicy(
        returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
        additionalAllowedHosts: ["good.example", "acs.bank.example"])
    static let custom = RedirectPolicy(returnDestination: .customScheme("myshop"))
    static let loopback = RedirectPolicy(returnDestination: .loopback(port: 8765, path: "/return"))

    @Test(
        "targets the policy opens",
        arguments: [
            (universal, "https://psp.example/pay?id=1#top"),
            (universal, "HTTPS://psp.example/pay"),  // schemes are case-insensitive
            (universal, "https://PSP.example/pay"),  // any host: case does not matter when no list restricts
            (universal, "https://xn--psp-9ja.example/pay"),  // an IDN host, when any host is allowed
            (universal, "https://psp.example:8443/pay"),
            (universal, "http://127.0.0.1:8080/pages/psp/1"),  // loopback: http is fine (RFC 8252)
            (universal, "http://localhost:8080/pages/psp/1"),
            (universal, "http://[::1]:8080/pages/psp/1"),
            (restricted, "https://good.example/pay"),
            (restricted, "https://acs.bank.example/challenge?x=1"),
        ])
    func allowedTargets(policy: RedirectPolicy, text: String) throws {
        let url = try #require(URL(string: text))
        #expect(policy.refusal(forTarget: url) == nil, "\(text)")
        #expect(policy.allowsTarget(url))
    }

    /// Forged or unsafe redirect targets: none is opened.
    @Test(
        "forged targets are refused, with the reason",
        arguments: [
            (universal, "http://psp.example/pay", RedirectRefusal.notHTTPS),
            (universal, "HTTP://psp.example/pay", .notHTTPS),  // scheme case does not turn http into https
            (universal, "hTTp://psp.example/pay", .notHTTPS),
            (universal, "http://127.0.0.1.evil.example/pay", .notHTTPS),  // not a loopback host
            (universal, "http://localhost.evil.example/pay", .notHTTPS),
            (universal, "https://good.example@evil.example/pay", .userInfo),
            (universal, "https://good.example:secret@evil.example/pay", .userInfo),
            (universal, "https://psp.example./pay", .malformedHost),  // trailing dot
            (universal, "https://psp..example/pay", .malformedHost),
            (universal, "https://-psp.example/pay", .malformedHost),
            (universal, "https://%70sp.example/pay", .malformedHost),  // a percent-encoded host
            (universal, "https:///pay", .malformedHost),
            (universal, "javascript:alert(1)", .unsupportedScheme),
            (universal, "file:///etc/passwd", .unsupportedScheme),
            (universal, "data:text/html,hi", .unsupportedScheme),
            (universal, "myshop://return", .unsupportedScheme),
            (universal, "https:psp.example/pay", .malformed),  // no authority
            (restricted, "https://evil-good.example/pay", .hostNotAllowed),  // prefix trick
            (restricted, "https://good.example.evil.example/pay", .hostNotAllowed),  // suffix trick
            (restricted, "https://evilgood.example/pay", .hostNotAllowed),
            (restricted, "https://bank.example/pay", .hostNotAllowed),  // a parent of an allowed host
            (restricted, "https://GOOD.EXAMPLE/pay", .hostNotAllowed),  // upper case never matches
            (restricted, "https://good.example./pay", .malformedHost),
            (restricted, "https://xn--good-9ja.example/pay", .hostNotAllowed),  // punycode look-alike
            (restricted, "https://gооd.example/pay", .hostNotAllowed),  // Cyrillic о, reaches the policy as xn--
            (restricted, "http://127.0.0.1:8080/pages/psp/1", .hostNotAllowed),  // the list restricts loopback too
            (restricted, "http://good.example/pay", .notHTTPS),
        ])
    func refusedTargets(policy: RedirectPolicy, text: String, reason: RedirectRefusal) throws {
        let url = try #require(URL(string: text), "\(text)")
        #expect(policy.refusal(forTarget: url) == reason, "\(text)")
        #expect(!policy.allowsTarget(url))
    }

    @Test(
        "returns that match the destination exactly",
        arguments: [
            (universal, "https://checkout.example.com/return"),
            (universal, "https://checkout.example.com/return?purse-redirection-data=eyJhIjoxfQ"),
            (universal, "HTTPS://checkout.example.com/return?purse-redirection-data=x"),  // scheme case
            (universal, "https://checkout.example.com:443/return"),
            (universal, "https://checkout.example.com/return?"),
            (loopback, "http://127.0.0.1:8765/return?purse-redirection-data=x"),
        ])
    func approvedReturns(policy: RedirectPolicy, text: String) throws {
        let url = try #require(URL(string: text))
        #expect(policy.classifyReturn(url) == .approved(url), "\(text)")
    }

    /// Forged returns: none is accepted as the shopper's return.
    @Test(
        "forged returns are not returns",
        arguments: [
            (universal, "http://checkout.example.com/return"),  // http to a public host
            (universal, "https://checkout.example.com@evil.example/return"),  // userinfo tricks
            (universal, "https://evil.example@checkout.example.com/return"),
            (universal, "https://evil-checkout.example.com/return"),  // prefix
            (universal, "https://checkout.example.com.evil.example/return"),  // suffix
            (universal, "https://example.com/return"),  // parent domain
            (universal, "https://www.checkout.example.com/return"),  // sub-domain
            (universal, "https://CHECKOUT.EXAMPLE.COM/return"),  // upper-case look-alike
            (universal, "https://checkout.example.com./return"),  // trailing dot
            (universal, "https://xn--checkout-9ja.example.com/return"),  // punycode look-alike
            (universal, "https://checkоut.example.com/return"),  // Cyrillic о
            (universal, "https://checkout.example.com:8443/return"),  // another port
            (universal, "https://checkout.example.com/return/../admin"),  // path traversal
            (universal, "https://checkout.example.com/admin/../return"),
            (universal, "https://checkout.example.com/return/%2e%2e/admin"),
            (universal, "https://checkout.example.com/%2e%2e/return"),
            (universal, "https://checkout.example.com/return/"),
            (universal, "https://checkout.example.com/Return"),
            (universal, "https://checkout.example.com/return2"),
            (universal, "https://checkout.example.com/returnx?purse-redirection-data=x"),
            (universal, "https://checkout.example.com/return#fragment"),  // extra fragment
            (universal, "https://checkout.example.com/return#"),
            (universal, "https://checkout.example.com/return?next=https://evil.example"),  // extra query
            (universal, "https://checkout.example.com/return?purse-redirection-data=x&next=y"),
            (universal, "https://checkout.example.com/return?purse-redirection-data=x&purse-redirection-data=y"),
            (universal, "myshop://return?purse-redirection-data=x"),  // custom scheme vs universal link
            (custom, "myshop2://return"),  // custom scheme mismatches
            (custom, "myshp://return"),
            (custom, "https://checkout.example.com/return"),
            (custom, "myshop://return#x"),
            (custom, "myshop://evil@return"),
            (custom, "myshop://return?token=1"),
            (loopback, "http://127.0.0.1:8766/return"),  // another port
            (loopback, "http://localhost:8765/return"),  // not the listener's address
            (loopback, "http://127.0.0.2:8765/return"),
            (loopback, "https://127.0.0.1:8765/return"),
            (loopback, "http://127.0.0.1:8765/return/../x"),
        ])
    func forgedReturns(policy: RedirectPolicy, text: String) throws {
        let url = try #require(URL(string: text), "\(text)")
        #expect(policy.classifyReturn(url) == .notAReturn, "\(text)")
    }

    @Test("a custom-scheme return is only ever returned, never approved", arguments: ["myshop", "MyShop", "MYSHOP"])
    func customSchemeIsOnlyReturned(scheme: String) throws {
        let policy = RedirectPolicy(returnDestination: .customScheme(scheme))
        for text in ["myshop://return?purse-redirection-data=x", "MYSHOP://anything", "myshop:done"] {
            let url = try #require(URL(string: text))
            #expect(policy.classifyReturn(url) == .returned(url), "\(text)")
        }
        #expect(policy.returnURL == nil)
    }

    @Test("a custom scheme with a host and path matches only that URL, exactly")
    func customSchemeWithHostAndPath() throws {
        let policy = RedirectPolicy(returnDestination: .customScheme("ShopApp", host: "Purse", path: "/return"))
        #expect(policy.returnDestination == .customScheme("shopapp", host: "purse", path: "/return"))
        #expect(policy.configurationProblem == nil)
        #expect(policy.returnURL?.absoluteString == "shopapp://purse/return")
        for text in ["shopapp://purse/return", "SHOPAPP://purse/return?purse-redirection-data=x"] {
            let url = try #require(URL(string: text))
            #expect(policy.classifyReturn(url) == .returned(url), "\(text)")
        }
        for text in [
            "shopapp://orders/42", "shopapp://purse/return/", "shopapp://purse/return/../return", "shopapp://purse",
            "shopapp://PURSE/return", "shopapp://purse:80/return", "shopapp://u@purse/return", "shopapp:/return",
            "shopapp://purse/return?x=1", "shopapp://purse/return#f", "shopapp://purse/Return", "other://purse/return",
        ] {
            let url = try #require(URL(string: text), "\(text)")
            #expect(policy.classifyReturn(url) == .notAReturn, "\(text)")
        }
        let hostOnly = RedirectPolicy(returnDestination: .customScheme("shopapp", host: "purse-return"))
        #expect(hostOnly.classifyReturn(URL(string: "shopapp://purse-return")!) != .notAReturn)
        #expect(hostOnly.classifyReturn(URL(string: "shopapp://purse-return/x")!) == .notAReturn)
        for (host, path) in [("", "/return"), ("purse", "return"), ("pur se", "/r"), ("purse:1", "/r"), ("a@b", "/r")] {
            let bad = RedirectPolicy(returnDestination: .customScheme("shopapp", host: host, path: path))
            #expect(bad.configurationProblem != nil, "\(host) \(path)")
        }
    }

    @Test("hosts and schemes of the configuration are lower-cased; the return URL is built from the destination")
    func normalisedConfiguration() {
        let policy = RedirectPolicy(
            returnDestination: .universalLink(host: "Checkout.Example.com", path: "/return"),
            additionalAllowedHosts: ["PSP.Example"])
        #expect(policy.returnDestination == .universalLink(host: "checkout.example.com", path: "/return"))
        #expect(policy.additionalAllowedHosts == ["psp.example"])
        #expect(policy.returnURL?.absoluteString == "https://checkout.example.com/return")
        #expect(Self.loopback.returnURL?.absoluteString == "http://127.0.0.1:8765/return")
        #expect(RedirectPolicy(returnDestination: .loopback(port: 0, path: "/r")).returnURL == nil)
    }

    @Test(
        "unusable policies name their problem",
        arguments: [
            RedirectPolicy.ReturnDestination.universalLink(host: "checkout.example.com", path: "return"),
            .universalLink(host: "evil@checkout.example.com", path: "/return"),
            .universalLink(host: "checkout.example.com.", path: "/return"),
            .universalLink(host: "checkout.example.com:443", path: "/return"),
            .customScheme("https"),
            .customScheme("javascript"),
            .customScheme("1shop"),
            .customScheme("my shop"),
            .loopback(port: 80, path: "return"),
        ])
    func configurationProblems(destination: RedirectPolicy.ReturnDestination) {
        #expect(RedirectPolicy(returnDestination: destination).configurationProblem != nil)
    }

    @Test("a loopback destination with port 0 accepts no return until the presenter binds a port")
    func loopbackPortZero() throws {
        let policy = RedirectPolicy(returnDestination: .loopback(port: 0, path: "/return"))
        let url = try #require(URL(string: "http://127.0.0.1:0/return"))
        #expect(policy.classifyReturn(url) == .notAReturn)
        let bound = policy.resolvingLoopbackPort(40123)
        let returned = try #require(URL(string: "http://127.0.0.1:40123/return"))
        #expect(bound.classifyReturn(returned) == .approved(returned))
        #expect(bound.returnURL == returned)
    }

    @Test("a served page's CSP: any https host and loopback when no list restricts, the return always listed")
    func servedPageCSPWithoutList() {
        #expect(
            Self.loopback.servedPageContentSecurityPolicy
                == "form-action https: http://127.0.0.1:* http://localhost:* http://127.0.0.1:8765; base-uri 'none'; "
                + RedirectPolicy.servedPageSubresourcePolicy)
    }

    @Test("with a list, a served page may post only to the listed hosts, on any port; unwritable hosts are left out")
    func servedPageCSPWithList() {
        let policy = RedirectPolicy(
            returnDestination: .loopback(port: 8765, path: "/return"),
            additionalAllowedHosts: ["psp.example", "127.0.0.1", "[::1]", "bad host;script-src *", "Acs.Bank.Example"])
        #expect(
            policy.servedPageContentSecurityPolicy
                == "form-action http://127.0.0.1:* https://127.0.0.1:* https://acs.bank.example:* https://psp.example:* "
                + "http://127.0.0.1:8765; base-uri 'none'; " + RedirectPolicy.servedPageSubresourcePolicy)
        let nothingWritable = RedirectPolicy(
            returnDestination: .customScheme("myshop"), additionalAllowedHosts: ["[::1]"])
        #expect(
            nothingWritable.servedPageContentSecurityPolicy
                == "form-action 'none'; base-uri 'none'; " + RedirectPolicy.servedPageSubresourcePolicy)
    }

    @Test("a served page may load only https content, its own and inline: no plain http, no plugins")
    func servedPageSubresources() {
        let directives = RedirectPolicy.servedPageSubresourcePolicy.split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(directives.contains("object-src 'none'"))
        for directive in directives where directive != "object-src 'none'" {
            let sources = directive.split(separator: " ").dropFirst()
            #expect(sources.contains("https:"), "\(directive)")
            #expect(!sources.contains { $0.hasPrefix("http:") || $0 == "*" || $0.hasPrefix("http://") }, "\(directive)")
        }
        #expect(
            Set(directives.map { $0.split(separator: " ")[0] }).isSuperset(of: [
                "default-src", "script-src", "style-src", "img-src", "font-src", "frame-src", "object-src",
            ]))
    }
}
