public import Foundation

/// Which URLs a redirect presenter may open, and which URL counts as the shopper's return.
///
/// ```swift
/// let policy = RedirectPolicy(
///     returnDestination: .universalLink(host: "checkout.example.com", path: "/return"),
///     additionalAllowedHosts: []          // empty: any https host in the chain is allowed
/// )
/// policy.refusal(forTarget: URL(string: "http://psp.example/pay")!)    // .notHTTPS
/// policy.classifyReturn(URL(string: "https://checkout.example.com/return?purse-redirection-data=…")!)
/// // .approved(url)
/// ```
///
/// Rules (DESIGN §7), applied to every URL of the chain (the first page, every navigation of the in-app web
/// view, every form action and every redirect the scripted presenter follows):
/// - **https only**, except loopback hosts (127.0.0.0/8, `::1`, `localhost`), where plain http is allowed as
///   RFC 8252 §7.3 allows for native apps. Schemes compare case-insensitively (`HTTP://` is still http).
/// - **No user information** (`https://good.example@evil.example` is refused), and a well-formed host: DNS
///   labels or an IP literal, no trailing dot, nothing percent-encoded, ASCII only (a Unicode look-alike reaches
///   the policy IDNA-encoded, as `xn--…`, and never equals an allowed host).
/// - **`additionalAllowedHosts`** empty: any host that passes the rules above; otherwise only those hosts,
///   compared exactly (no suffix or prefix match: `evil-good.example` and `good.example.evil.example` are not
///   `good.example`; a host in upper case never matches, since browsers always send hosts in lower case).
///   The list restricts loopback hosts too: add `127.0.0.1` to allow a local sandbox.
///
/// A **return** must match the destination exactly: scheme, host, port and path as written (no `..` or `%2e`
/// normalisation, no trailing slash), no user information, no fragment, and no query other than one
/// `purse-redirection-data` item (CONTRACT §5). How it arrived decides what it proves: see
/// ``RedirectReturnClassification``. The return never tells the payment's outcome: confirm it server-side.
///
/// To test code that uses a policy, call ``refusal(forTarget:)`` and ``classifyReturn(_:)`` directly: they are
/// pure functions of the URL.
public struct RedirectPolicy: Sendable, Hashable {
    /// Where the PSP sends the shopper back (the client session's `shopper_redirection_url`).
    public enum ReturnDestination: Sendable, Hashable {
        /// An https URL on a domain the app claims with an Associated Domain: only the app owning the domain can
        /// receive it, so no other app can fabricate the return. Preferred.
        case universalLink(host: String, path: String)
        /// A URL scheme of the app (a `CFBundleURLSchemes` entry). Any app can register the same scheme, so
        /// reaching it is only ever "returned", never "approved".
        ///
        /// With a `host` (and optionally a `path` starting with `/`), only `scheme://host/path` is the return,
        /// matched exactly like a universal link (`shopapp://purse/return`, with at most a
        /// `purse-redirection-data` query): the app's other deep links (`shopapp://orders/42`) are
        /// ``RedirectReturnClassification/notAReturn`` and leave a page open. With neither, every URL of the
        /// scheme is taken as the return, so the app must not use the scheme for anything else while a page is
        /// open.
        case customScheme(String, host: String = "", path: String = "")
        /// `http://127.0.0.1:{port}{path}`, for desktop and command-line apps (RFC 8252 §7.3): the loopback
        /// presenter listens there. Port 0 lets the presenter pick a free port when it starts.
        case loopback(port: UInt16, path: String)
    }

    /// Where the PSP sends the shopper back (hosts and schemes lower-cased).
    public let returnDestination: ReturnDestination
    /// When not empty, the only hosts the chain may visit (lower-cased).
    public let additionalAllowedHosts: Set<String>

    /// Creates a policy. Hosts and schemes are lower-cased; nothing is validated here (the initializer cannot
    /// fail): a presenter given an unusable policy fails with `REDIRECT_PRESENTATION_FAILED`, naming the
    /// problem from ``configurationProblem``.
    public init(returnDestination: ReturnDestination, additionalAllowedHosts: Set<String> = []) {
        switch returnDestination {
        case .universalLink(let host, let path):
            self.returnDestination = .universalLink(host: host.lowercased(), path: path)
        case .customScheme(let scheme, let host, let path):
            self.returnDestination = .customScheme(scheme.lowercased(), host: host.lowercased(), path: path)
        case .loopback: self.returnDestination = returnDestination
        }
        self.additionalAllowedHosts = Set(additionalAllowedHosts.map { $0.lowercased() })
    }

    /// Why this policy cannot be used, or `nil` when it can: a universal-link host that is not a DNS name, a
    /// path that does not start with `/`, a custom scheme that is not a scheme or is one browsers own
    /// (`http`, `https`, `file`, `javascript`, `data`, `about`, `blob`).
    public var configurationProblem: String? {
        switch returnDestination {
        case .universalLink(let host, let path):
            guard let parts = RedirectURLParts(text: "https://\(host)\(path)"), parts.host == host,
                parts.hasWellFormedHost, !parts.hasUserInfo, parts.port == nil, parts.path == path, path.hasPrefix("/")
            else { return "the universal link must be a host name and a path starting with /" }
            // The return URL is built from this text: Foundation must keep it as written, or no return would match.
            guard Self.keepsText("https://\(host)\(path)") else { return "the universal link path is not a URL path" }
        case .customScheme(let scheme, let host, let path):
            guard let parts = RedirectURLParts(text: "\(scheme):x"), parts.scheme == scheme else {
                return "the custom scheme is not a URL scheme"
            }
            if Self.browserSchemes.contains(scheme) { return "the custom scheme cannot be \(scheme)" }
            guard !host.isEmpty || path.isEmpty else { return "a custom-scheme return path needs a host" }
            if !host.isEmpty {
                let text = "\(scheme)://\(host)\(path)"
                guard let parts = RedirectURLParts(text: text), parts.host == host, parts.hasWellFormedHost,
                    !parts.hasUserInfo, parts.port == nil, parts.path == path, path.isEmpty || path.hasPrefix("/"),
                    Self.keepsText(text)
                else { return "the custom-scheme return must be a host name and a path starting with /" }
            }
        case .loopback(let port, let path):
            guard let parts = RedirectURLParts(text: "http://127.0.0.1:\(port)\(path)"), parts.path == path,
                path.hasPrefix("/")
            else { return "the loopback path must start with /" }
            guard Self.keepsText("http://127.0.0.1:\(port)\(path)") else {
                return "the loopback path is not a URL path"
            }
        }
        return nil
    }

    /// Why `url` may not be opened as a page of the chain, or `nil` when it may.
    public func refusal(forTarget url: URL) -> RedirectRefusal? {
        guard let parts = RedirectURLParts(url) else { return .malformed }
        guard parts.scheme == "https" || parts.scheme == "http" else { return .unsupportedScheme }
        guard parts.hasAuthority else { return .malformed }
        guard !parts.hasUserInfo else { return .userInfo }
        guard parts.hasWellFormedHost else { return .malformedHost }
        if parts.scheme == "http" && !parts.isLoopbackHost { return .notHTTPS }
        if !additionalAllowedHosts.isEmpty && !additionalAllowedHosts.contains(parts.host) { return .hostNotAllowed }
        return nil
    }

    /// Whether `url` may be opened as a page of the chain.
    public func allowsTarget(_ url: URL) -> Bool { refusal(forTarget: url) == nil }

    /// Whether `url` is the shopper's return, and what its channel proves.
    public func classifyReturn(_ url: URL) -> RedirectReturnClassification {
        guard let parts = RedirectURLParts(url), !parts.hasUserInfo, parts.fragment == nil,
            Self.hasOnlyReturnData(parts)
        else { return .notAReturn }
        switch returnDestination {
        case .universalLink(let host, let path):
            guard parts.scheme == "https", parts.hasAuthority, parts.host == host,
                parts.port == nil || parts.port == 443,
                parts.path == path
            else { return .notAReturn }
            return .approved(url)
        case .customScheme(let scheme, let host, let path):
            guard parts.scheme == scheme, configurationProblem == nil else { return .notAReturn }
            if !host.isEmpty {
                guard parts.hasAuthority, parts.host == host, parts.port == nil, parts.path == path else {
                    return .notAReturn
                }
            }
            return .returned(url)
        case .loopback(let port, let path):
            guard port != 0, parts.scheme == "http", parts.hasAuthority, parts.host == Self.loopbackAddress,
                parts.port == Int(port), parts.path == path
            else { return .notAReturn }
            return .approved(url)
        }
    }

    /// The return URL a merchant backend should put in the client session's `shopper_redirection_url`, when the
    /// destination has one (`nil` for a custom scheme without a host, whose URL the app chooses, and for loopback
    /// port 0).
    public var returnURL: URL? {
        switch returnDestination {
        case .universalLink(let host, let path): return URL(string: "https://\(host)\(path)")
        case .customScheme(let scheme, let host, let path):
            return host.isEmpty ? nil : URL(string: "\(scheme)://\(host)\(path)")
        case .loopback(let port, let path):
            return port == 0 ? nil : URL(string: "http://\(Self.loopbackAddress):\(port)\(path)")
        }
    }

    /// The `Content-Security-Policy` the loopback listener sends with a page it serves (the form of a
    /// `.postForm`, the partner's document of a `.postHTML`). The browser then enforces the policy itself: it
    /// refuses to submit a form to a place the policy does not allow, even a form a script builds or retargets
    /// after the document was checked, and ignores a `<base>` that would move relative actions elsewhere.
    ///
    /// CSP can name fewer places than the policy allows, never more: loopback is `127.0.0.1` and `localhost`
    /// only (not the rest of 127.0.0.0/8, nor `::1`), and an allowed host that is not a plain DNS name or IPv4
    /// address is left out. Chromium checks a submitted form's redirects too, so the return destination is
    /// always listed. A script can still navigate without a form (`location = …`): CSP has no directive for it.
    /// What the page may load is limited too (``servedPageSubresourcePolicy``).
    @_spi(PurseTools) public var servedPageContentSecurityPolicy: String {
        var sources: [String] = []
        if additionalAllowedHosts.isEmpty {
            sources = ["https:", "http://\(Self.loopbackAddress):*", "http://localhost:*"]
        } else {
            for host in additionalAllowedHosts.sorted() where Self.isSourceHost(host) {
                if LoopbackHost.isLoopback(host) { sources.append("http://\(host):*") }
                sources.append("https://\(host):*")
            }
        }
        switch returnDestination {
        case .loopback(let port, _) where port != 0: sources.append("http://\(Self.loopbackAddress):\(port)")
        case .universalLink(let host, _) where Self.isSourceHost(host): sources.append("https://\(host)")
        case .loopback, .universalLink, .customScheme: break
        }
        let formAction = sources.isEmpty ? "'none'" : sources.joined(separator: " ")
        return "form-action \(formAction); base-uri 'none'; " + Self.servedPageSubresourcePolicy
    }

    /// What a served page may load (the second half of ``servedPageContentSecurityPolicy``): scripts, styles,
    /// images, fonts, frames and everything else over https, or from the listener itself (`'self'`); inline
    /// scripts and styles (an ACS page's auto-submit, the form the listener builds) and `data:` images and fonts;
    /// no plugin content at all. Plain http content — an `<iframe>`, a `srcdoc` frame's image, an `<object>`, an
    /// `<img>` on an http URL — is refused by the browser, as the https-only rule refuses it for the pages of the
    /// chain. Kept to https in general rather than the policy's hosts: partner pages load from CDNs the app cannot
    /// list.
    @_spi(PurseTools) public static let servedPageSubresourcePolicy =
        "default-src 'self' https:; script-src 'self' https: 'unsafe-inline'; "
        + "style-src 'self' https: 'unsafe-inline'; img-src 'self' https: data:; font-src 'self' https: data:; "
        + "frame-src 'self' https:; object-src 'none'"

    /// Whether `host` can be written as a CSP host source as it is: dot-separated labels of lower-case
    /// letters, digits and `-` (a DNS name or an IPv4 address).
    private static func isSourceHost(_ host: String) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty
                && label.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                }
        }
    }

    /// The address the loopback destination names (RFC 8252 §8.3 prefers the IP literal to `localhost`).
    @_spi(PurseTools) public static let loopbackAddress = "127.0.0.1"

    /// The same policy with a loopback destination's port set (the loopback presenter's bound port).
    @_spi(PurseTools) public func resolvingLoopbackPort(_ bound: UInt16) -> RedirectPolicy {
        guard case .loopback(_, let path) = returnDestination else { return self }
        return RedirectPolicy(
            returnDestination: .loopback(port: bound, path: path), additionalAllowedHosts: additionalAllowedHosts)
    }

    /// Whether Foundation reads `text` as a URL without changing it (no escaping added, nothing dropped).
    private static func keepsText(_ text: String) -> Bool { URL(string: text)?.absoluteString == text }

    /// Schemes that belong to browsers and can never be an app's return scheme.
    private static let browserSchemes: Set<String> = ["http", "https", "file", "javascript", "data", "about", "blob"]

    /// No query, an empty one, or exactly one `purse-redirection-data` item.
    private static func hasOnlyReturnData(_ parts: RedirectURLParts) -> Bool {
        let names = parts.queryItemNames
        return names.isEmpty || names == ["purse-redirection-data"]
    }
}

/// Why ``RedirectPolicy`` refused a URL of the chain.
public enum RedirectRefusal: String, Sendable, Hashable, CaseIterable {
    /// The text could not be split unambiguously (no scheme or host, a backslash, a space, a bad port).
    case malformed
    /// Neither http nor https (`javascript:`, `file:`, `data:`, an app scheme).
    case unsupportedScheme
    /// Plain http to a host that is not a loopback host.
    case notHTTPS
    /// The URL carries user information (`user@host`).
    case userInfo
    /// The host is not a DNS name or an IP literal (trailing dot, empty label, percent-encoded).
    case malformedHost
    /// The host is not in ``RedirectPolicy/additionalAllowedHosts``.
    case hostNotAllowed
}

/// What reaching a URL proves about the shopper's return.
///
/// Neither case proves the payment: the PSP's final page is built server-side, the return can land on a URL
/// the app cannot read, and `purse-redirection-data` is only a hint. Confirm the status on your backend.
public enum RedirectReturnClassification: Sendable, Hashable {
    /// Not the return destination.
    case notAReturn
    /// The return arrived on a channel only this app can receive: a universal link of its Associated Domain,
    /// or its own loopback listener. The shopper came back from the PSP page.
    case approved(URL)
    /// The return arrived through a custom URL scheme, which any app can register: someone came back, and the
    /// URL may have been fabricated. Only ever "returned", never "approved".
    case returned(URL)

    /// The return URL, when this is a return.
    public var url: URL? {
        switch self {
        case .notAReturn: return nil
        case .approved(let url), .returned(let url): return url
        }
    }
}
