/// Loopback hosts, where plain http is acceptable (RFC 8252 §7.3): 127.0.0.0/8, ::1 and `localhost`.
enum LoopbackHost {
    static func isLoopback(_ host: String?) -> Bool {
        guard var host = host?.lowercased(), !host.isEmpty else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            guard let value = Int(part), (0...255).contains(value), !part.isEmpty, part.count <= 3 else { return false }
            return String(value) == part
        }
    }
}
