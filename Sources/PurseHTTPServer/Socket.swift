#if canImport(Glibc)
    import Glibc
#endif

/// A loopback socket address the server may bind to.
enum LoopbackAddress {
    case v4(sockaddr_in)
    case v6(sockaddr_in6)

    /// Parses `host`, refusing anything that is not 127.0.0.0/8, `::1` or `localhost`.
    ///
    /// `localhost` means 127.0.0.1 and is never looked up: a hosts file or resolver could map it elsewhere
    /// (RFC 8252 §8.3 recommends the literal address for the same reason).
    static func resolve(host: String, port: UInt16) throws(HTTPServerError) -> LoopbackAddress {
        var literal = host
        if literal.lowercased() == "localhost" {
            literal = "127.0.0.1"
        } else if literal.hasPrefix("["), literal.hasSuffix("]"), literal.count > 2 {
            literal = String(literal.dropFirst().dropLast())
        }
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            guard UInt32(bigEndian: v4.sin_addr.s_addr) >> 24 == 127 else { throw nonLoopback(host) }
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            return .v4(v4)
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            let isLoopback = withUnsafeBytes(of: v6.sin6_addr) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes.last == 1
            }
            guard isLoopback else { throw nonLoopback(host) }
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            return .v6(v6)
        }
        throw nonLoopback(host)
    }

    private static func nonLoopback(_ host: String) -> HTTPServerError {
        HTTPServerError(
            code: .nonLoopbackHost,
            message: "Refusing to bind to \"\(host)\": the server only binds to 127.0.0.0/8, ::1 or localhost.")
    }

    var family: Int32 {
        switch self {
        case .v4: AF_INET
        case .v6: AF_INET6
        }
    }
}

/// Opening the listening socket, and the few socket calls shared by the loop.
enum Socket {
    /// Creates a non-blocking listening socket with `SO_REUSEADDR`; returns it and the bound port.
    static func listen(
        on address: LoopbackAddress, displayHost: String, backlog: Int32
    ) throws(HTTPServerError) -> (
        fd: Int32, port: UInt16
    ) {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(address.family, type, 0)
        guard fd >= 0 else { throw systemError(.socketFailed, "Could not create a socket") }
        var succeeded = false
        defer {
            if !succeeded {
                close(fd)
            }
        }
        guard setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1) else {
            throw systemError(.socketFailed, "Could not set SO_REUSEADDR")
        }
        let bound: Int32
        let port: UInt16
        switch address {
        case .v4(var v4):
            bound = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            port = v4.sin_port
        case .v6(var v6):
            guard setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1) else {
                throw systemError(.socketFailed, "Could not set IPV6_V6ONLY")
            }
            bound = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
            port = v6.sin6_port
        }
        guard bound == 0 else {
            throw systemError(.bindFailed, "Could not bind to \(displayHost) port \(UInt16(bigEndian: port))")
        }
        guard Glibc.listen(fd, backlog) == 0 else { throw systemError(.socketFailed, "Could not listen") }
        guard let actual = localPort(fd) else { throw systemError(.socketFailed, "Could not read the bound port") }
        succeeded = true
        return (fd, actual)
    }

    static func localPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        return endpoint(storage).port
    }

    /// The address and port of a socket address, as `127.0.0.1` / `::1` and a host-order port.
    static func endpoint(_ storage: sockaddr_storage) -> (host: String, port: UInt16) {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    return (string(text), UInt16(bigEndian: address.pointee.sin_port))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return (string(text), UInt16(bigEndian: address.pointee.sin6_port))
                }
            }
        default:
            return ("unknown", 0)
        }
    }

    /// `address:port`, with brackets around an IPv6 address.
    static func remoteDescription(_ storage: sockaddr_storage) -> String {
        let (host, port) = endpoint(storage)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Makes an accepted socket non-blocking, close-on-exec and `TCP_NODELAY` (responses leave in one write,
    /// so Nagle's algorithm would only add delay).
    static func configureAccepted(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        return true
    }

    @discardableResult
    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) -> Bool {
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    static func systemError(_ code: HTTPServerError.Code, _ what: String) -> HTTPServerError {
        let number = errno
        return HTTPServerError(code: code, message: "\(what): \(errorText(number)).", errorNumber: number)
    }

    static func errorText(_ number: Int32) -> String {
        guard let text = strerror(number) else { return "errno \(number)" }
        return "\(String(cString: text)) (errno \(number))"
    }

    private static func string(_ text: [CChar]) -> String {
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Monotonic time in nanoseconds, for deadlines.
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
