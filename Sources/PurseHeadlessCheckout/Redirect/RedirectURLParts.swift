import Foundation

/// A URL split the strict way the redirect policy needs, from its text rather than from Foundation's
/// normalised accessors (which decode percent escapes and IDNA, and would hide what was actually sent).
///
/// Only what the policy decides on is kept: the scheme (lower-cased: schemes are case-insensitive, RFC 3986
/// §3.1), whether an authority carried user information, the host exactly as written, the port, the path still
/// percent-encoded, the raw query and the fragment. ``init(_:)`` returns `nil` for text it cannot split
/// unambiguously (no scheme, a backslash or a space, a non-ASCII character, a malformed port or IPv6 literal):
/// the policy refuses such a URL rather than guessing how a browser would read it.
struct RedirectURLParts: Sendable, Hashable {
    /// The scheme, lower-cased.
    let scheme: String
    /// Whether the text had an authority (`scheme://…`).
    let hasAuthority: Bool
    /// Whether the authority carried user information (`user@host`, `user:password@host`).
    let hasUserInfo: Bool
    /// The host exactly as written (case kept, IPv6 literals without brackets); empty without one.
    let host: String
    /// Whether ``host`` was written as a bracketed IPv6 literal.
    let isIPv6Literal: Bool
    /// The port, when one was written.
    let port: Int?
    /// The path, still percent-encoded (`/return/%2e%2e/admin` stays as written).
    let path: String
    /// The raw query without `?`, or `nil` when the text has no `?`.
    let query: String?
    /// The raw fragment without `#`, or `nil` when the text has no `#`.
    let fragment: String?

    init?(_ url: URL) {
        self.init(text: url.absoluteString)
    }

    init?(text: String) {
        guard text.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\\" }),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        self.scheme = scheme.lowercased()
        var rest = text[text.index(after: colon)...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        } else {
            query = nil
        }
        guard rest.hasPrefix("//") else {
            hasAuthority = false
            hasUserInfo = false
            host = ""
            isIPv6Literal = false
            port = nil
            path = String(rest)
            return
        }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = String(rest[authorityEnd...])
        hasAuthority = true
        if let at = authority.lastIndex(of: "@") {
            hasUserInfo = true
            authority = authority[authority.index(after: at)...]
        } else {
            hasUserInfo = false
        }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            isIPv6Literal = true
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else {
            isIPv6Literal = false
            if let portColon = authority.firstIndex(of: ":") {
                host = String(authority[..<portColon])
                portText = authority[authority.index(after: portColon)...]
            } else {
                host = String(authority)
            }
        }
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                let value = Int(portText), value <= 65_535
            else { return nil }
            port = value
        } else {
            port = nil
        }
    }

    /// Whether ``host`` is a well-formed DNS name (letters, digits and hyphens in non-empty labels of at most 63
    /// characters, no label starting or ending with a hyphen, no trailing dot) or an IPv4 or bracketed IPv6
    /// literal. Upper case is well-formed here; host comparisons elsewhere are exact, so it never matches a
    /// configured (lower-cased) host.
    var hasWellFormedHost: Bool {
        if isIPv6Literal {
            return !host.isEmpty && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard !host.isEmpty, host.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63, first != "-", last != "-"
            else { return false }
            return label.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" }
        }
    }

    /// Whether the host is a loopback host (127.0.0.0/8, `::1`, `localhost`), where plain http is acceptable
    /// (RFC 8252 §7.3).
    var isLoopbackHost: Bool { hasWellFormedHost && LoopbackHost.isLoopback(host) }

    /// The query's items as written (`name=value` split on `&`), names still percent-encoded.
    var queryItemNames: [String] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            String(item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
