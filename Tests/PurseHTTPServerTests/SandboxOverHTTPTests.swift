import Foundation
import PurseSandbox
import PurseSandboxServer
import Testing

/// The sandbox behind the SwiftNIO server: what the server's framing and the sandbox's own request reading
/// decide together, byte for byte as a client sends it.
@Suite("The sandbox over HTTP")
struct SandboxOverHTTPTests {
    private func withSandbox(_ body: (UInt16) throws -> Void) throws {
        let server = SandboxServer(sandbox: try PurseSandbox())
        try server.start()
        defer { server.stop() }
        try body(try #require(server.port))
    }

    @Test("a path is percent-decoded once: %25 stays a percent sign, an encoded slash stays in its segment")
    func pathsAreDecodedOnce() throws {
        try withSandbox { port in
            let client = try RawClient(port: port)
            for (target, status) in [
                ("/clock/datetime", 200), ("/clock/%64atetime", 200), ("/clock/%2564atetime", 404),
                ("/clock%2Fdatetime", 404), ("/clock/datetime?x=%2F", 200),
            ] {
                try client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().status == status, "\(target)")
            }
        }
    }

    @Test("the clock answers JSON with a length and a date, kept alive, pipelined answers in order")
    func clockAnswers() throws {
        try withSandbox { port in
            let client = try RawClient(port: port)
            try client.send(
                "GET /clock/datetime HTTP/1.1\r\nHost: x\r\n\r\nPOST /clock/datetime HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Length: 0\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
            let clock = try client.readResponse()
            #expect(clock.status == 200)
            #expect(clock.header("content-type") == "application/json; charset=utf-8")
            #expect(clock.header("content-length") == String(clock.body.count))
            #expect(clock.header("date")?.hasSuffix(" GMT") == true)
            #expect(clock.header("connection") == nil)
            let body = String(decoding: clock.body, as: UTF8.self)
            #expect(body.hasPrefix(#"{"iso":""#) && body.contains(#"","utc":"#) && body.hasSuffix("}"))
            #expect(try client.readResponse().status == 405)
            #expect(try client.readResponse().status == 404)
        }
    }
}
