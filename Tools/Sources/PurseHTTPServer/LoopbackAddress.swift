import NIOCore

/// Which hosts the server binds: 127.0.0.0/8, `::1` (also written `[::1]`) and `localhost`, nothing else.
enum LoopbackAddress {
    /// The address literal to bind for `host`.
    ///
    /// `localhost` means 127.0.0.1 and is never looked up: a hosts file or resolver could map it elsewhere
    /// (RFC 8252 §8.3 recommends the literal address for the same reason).
    /// - Throws: ``HTTPServerError/Code/nonLoopbackHost`` for anything else.
    static func literal(for host: String) throws(HTTPServerError) -> String {
        var literal = host
        if literal.lowercased() == "localhost" {
            literal = "127.0.0.1"
        } else if literal.hasPrefix("["), literal.hasSuffix("]"), literal.count > 2 {
            literal = String(literal.dropFirst().dropLast())
        }
        guard let address = try? SocketAddress(ipAddress: literal, port: 0) else { throw nonLoopback(host) }
        switch address {
        case .v4:
            guard literal.split(separator: ".").first == "127" else { throw nonLoopback(host) }
        case .v6:
            guard address.ipAddress == "::1" else { throw nonLoopback(host) }
        default:
            throw nonLoopback(host)
        }
        return literal
    }

    private static func nonLoopback(_ host: String) -> HTTPServerError {
        HTTPServerError(
            code: .nonLoopbackHost,
            message: "Refusing to bind to \"\(host)\": the server only binds to 127.0.0.0/8, ::1 or localhost.")
    }
}
