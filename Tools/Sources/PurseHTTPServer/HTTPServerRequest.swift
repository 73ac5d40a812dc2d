/// One HTTP request as the server received it.
///
/// The server builds these; routers and tests can build them too, which makes a router testable
/// without sockets:
///
/// ```swift
/// let request = HTTPServerRequest(method: "GET", target: "/wallet/tokens?status=ACTIVE")
/// request.path                      // "/wallet/tokens"
/// request.queryValue("status")      // "ACTIVE"
/// ```
///
/// Printing a request shows its method, path and body size only: bodies and query strings may carry card
/// numbers or tokens (DESIGN.md §7).
public struct HTTPServerRequest: Sendable, Equatable, CustomStringConvertible {
    /// The method exactly as sent (methods are case-sensitive: `GET`, `POST`, …).
    public let method: String
    /// The raw request-target, for example `/a%20b?x=1` (origin-form), `*` or an absolute URI.
    public let target: String
    /// The percent-decoded path of ``target`` without the query, for example `/a b` (worked out from ``target``
    /// each time it is read: a router that reads the target itself pays nothing for it).
    public var path: String { RequestTarget.split(target).path }
    /// The query parameters in order, decoded like HTML forms (`+` is a space, `%XX` a byte); worked out from
    /// ``target`` each time it is read.
    public var query: [(name: String, value: String)] { RequestTarget.split(target).query }
    /// The header fields in the order received.
    public let headers: HTTPHeaders
    /// The body, de-chunked when it was sent with `Transfer-Encoding: chunked`; empty when there is none.
    public let body: [UInt8]
    /// The peer as `address:port`, for example `127.0.0.1:53122` or `[::1]:53122`.
    public let remoteAddress: String

    /// Creates a request; ``path`` and ``query`` are derived from `target`.
    public init(
        method: String, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        remoteAddress: String = "127.0.0.1:0"
    ) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The value of the first query parameter named `name` (case-sensitive), or `nil`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Two requests are equal when every field is equal.
    public static func == (lhs: HTTPServerRequest, rhs: HTTPServerRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.headers == rhs.headers
            && lhs.body == rhs.body && lhs.remoteAddress == rhs.remoteAddress
    }

    /// `METHOD /path (N body bytes)`: no query, no header values, no body.
    public var description: String {
        "\(method) \(path) (\(body.count) body bytes)"
    }
}

/// Splits and decodes a request-target.
enum RequestTarget {
    static func split(_ target: String) -> (path: String, query: [(name: String, value: String)]) {
        var bytes = Array(target.utf8)
        if let fragment = bytes.firstIndex(of: UInt8(ascii: "#")) {
            bytes.removeSubrange(fragment...)
        }
        let pathStart = absoluteFormPathStart(bytes)
        let queryStart = bytes[pathStart...].firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = bytes[pathStart..<(queryStart ?? bytes.endIndex)]
        var path = percentDecoded(pathBytes, plusIsSpace: false)
        if path.isEmpty {
            path = "/"
        }
        guard let queryStart else { return (path, []) }
        var query: [(name: String, value: String)] = []
        for pair in bytes[(queryStart + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                let name = percentDecoded(pair[pair.startIndex..<equals], plusIsSpace: true)
                let value = percentDecoded(pair[(equals + 1)...], plusIsSpace: true)
                query.append((name: name, value: value))
            } else {
                query.append((name: percentDecoded(pair, plusIsSpace: true), value: ""))
            }
        }
        return (path, query)
    }

    /// Where the path starts: 0 for origin-form, after `scheme://authority` for absolute-form.
    private static func absoluteFormPathStart(_ bytes: [UInt8]) -> Int {
        guard bytes.first != UInt8(ascii: "/"), let colon = bytes.firstIndex(of: ASCII.colon),
            bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return 0 }
        let authorityStart = colon + 3
        return bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? bytes.endIndex
    }

    /// Decodes `%XX` escapes (and `+` when asked); an invalid escape is kept as written, and bytes that are
    /// not UTF-8 become U+FFFD.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) })
        else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = ASCII.hexValue(bytes[index + 1]),
                let low = ASCII.hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? ASCII.space : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
