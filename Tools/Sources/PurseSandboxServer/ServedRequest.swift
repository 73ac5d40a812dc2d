import PurseHTTPServer
import PurseSandbox

/// One request the sandbox server answered, as its request log reports it
/// (``SandboxServer/init(sandbox:host:port:readTimeout:requestLog:)``).
///
/// It holds what is safe to print and nothing else: the method, the path without its query, the status and
/// the time taken. Query strings, headers and bodies can carry card numbers, PINs, tokens and API keys
/// (DESIGN.md §7), so they are never kept here.
///
/// ```swift
/// let server = SandboxServer(sandbox: sandbox) { served in print(served) }   // GET /clock/datetime 200 2ms
/// ```
public struct ServedRequest: Sendable, Equatable, CustomStringConvertible {
    /// What went back on the connection.
    public enum Answer: Sendable, Equatable {
        /// An HTTP answer with this status.
        case status(Int)
        /// Nothing: the connection was closed (an injected `drop` fault).
        case dropped
        /// Nothing: the connection was reset (an injected `reset` fault).
        case reset
    }

    /// The method as sent (`GET`, `POST`, …).
    public let method: String
    /// The decoded path without the query, made printable: spaces, control characters and non-ASCII bytes are
    /// percent-encoded (so a path cannot forge a log line or send escape sequences to a terminal), and a path
    /// over 200 characters is cut with `…`.
    public let path: String
    /// The answer.
    public let answer: Answer
    /// From the request's arrival at the sandbox to its answer (injected latency included).
    public let duration: Duration

    /// Creates an entry; `path` is made printable as ``path`` describes.
    public init(method: String, path: String, answer: Answer, duration: Duration) {
        self.method = Self.printable(method, limit: 20)
        self.path = Self.printable(path, limit: 200)
        self.answer = answer
        self.duration = duration
    }

    init(request: HTTPServerRequest, response: SandboxResponse, duration: Duration) {
        let answer: Answer =
            response.dropConnection ? .dropped : response.resetConnection ? .reset : .status(response.status)
        self.init(method: request.method, path: request.path, answer: answer, duration: duration)
    }

    /// The duration in whole milliseconds, rounded down.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The status as printed: the number, or `dropped` / `reset`.
    public var statusText: String {
        switch answer {
        case .status(let status): "\(status)"
        case .dropped: "dropped"
        case .reset: "reset"
        }
    }

    /// `METHOD /path STATUS 12ms`, for example `POST /gateway/sessions/cs_1/validate 200 14ms`.
    public var description: String { "\(method) \(path) \(statusText) \(milliseconds)ms" }

    /// `text` with spaces, control characters and non-ASCII bytes percent-encoded, cut to `limit` characters.
    static func printable(_ text: String, limit: Int) -> String {
        var result = ""
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result.count > limit ? String(result.prefix(limit)) + "…" : result
    }
}
